#!/usr/bin/perl
# One program of each family through the run script and the results
# reader: lat_syscall (system calls), lat_pipe (IPC), lat_ctx (context
# switches), lat_mem_rd (memory latency), bw_mem (memory bandwidth) and
# stream.  Each leaves its lmbench3 lines in the results file, LMResults
# reads every value back as a finite positive number under its program's
# name (lat_ctx's ring points, differences: finite, at most a quarter of
# them <= 0), and scripts/summary shows them.  Shape, never speed: make
# cross-test runs this under qemu-user (doc/portability.md), where every
# figure is the emulator's.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmRun;
use LMResults;
use Test::More;
use File::Temp qw(tempdir);

my @progs = qw(lat_syscall lat_pipe lat_ctx lat_mem_rd bw_mem stream);
bin($_) for @progs;
my $tmp = tempdir(CLEANUP => 1);
my $cfg = tiny_config($tmp);
my $r = run(['sh', 'scripts/lmbench', '-o', "$tmp/out", bindir(), $cfg],
	    env => {quick_env(), PROFILE => 'quick', ONLY => "@progs"});
is($r->{status}, 0, 'run exits 0') or diag($r->{err});
my ($f) = results_files("$tmp/out");
ok(defined $f, 'a results file') or BAIL_OUT('no results file');
my $text = slurp($f);
unlike($text, qr/^\[(?:FAILED|SKIPPED|INCOMPLETE): .*/m, 'nothing failed or skipped')
	or diag(join("\n", $text =~ /^(\[(?:FAILED|SKIPPED|INCOMPLETE): .*)/mg));

# lmbench3's lines, as its harnesses read them.
my $n = number_re();
my %line = (
	lat_syscall => qr/^Simple syscall: $n microseconds$/m,
	lat_pipe => qr/^Pipe latency: $n microseconds$/m,
	lat_ctx => qr/^"size=0k ovr=$n\n2 $n\n/m,
	lat_mem_rd => qr/^"stride=\d+\n$n $n\n/m,
	bw_mem => qr/^Memory read bandwidth\n$n $n\n/m,
	stream => qr/^STREAM copy bandwidth: $n MB\/sec$/m,
);
like($text, $line{$_}, "$_: its lmbench3 line") for @progs;

# The reader: every value of each family, named as its program declared.
my $m = LMResults::metrics(LMResults::parse($f));
my %family = (
	lat_syscall => qr/^syscall\./, lat_pipe => qr/^pipe\.latency/,
	lat_ctx => qr/^ctx\./, lat_mem_rd => qr/^mem\.load_latency\./,
	bw_mem => qr/^bw_mem\./, stream => qr/^stream\./,
);
#
# A point of lat_ctx (ctx.size_<k>k@<procs>) is a difference, the ring's
# time per hand-over less the overhead's, which noise can take to zero or
# below: in .ci/run's make asan, 8 processes at 64 KB once read <= 0 (an
# instrumented build beside another test).  So those may be <= 0, but
# only a few: a difference of the wrong sign everywhere still fails.
for my $p (@progs) {
	my @names = sort grep { $_ =~ $family{$p} } keys %$m;
	ok(@names > 0, "$p: read back (" . scalar(@names) . ' values)');
	my $diff = sub { $p eq 'lat_ctx' && $_[0] =~ /\@\d+$/ };
	my @bad = grep { my $v = $m->{$_}{value};
			 my $sign = $diff->($_) ? '-?' : '';
			 !(defined $v && $v =~ /^$sign$n$/ && $v < 9e99 &&
			   ($v > 0 || $diff->($_))) } @names;
	is_deeply(\@bad, [], "$p: every value finite and positive"
		  . ($p eq 'lat_ctx' ? ' (the ring points: finite)' : ''))
		or diag(join(' ', map { "$_=" . ($m->{$_}{value} // 'undef') } @bad));
	next unless $p eq 'lat_ctx';
	my @pts = grep { $diff->($_) } @names;
	my @low = grep { $m->{$_}{value} <= 0 } @pts;
	ok(@pts > 0 && @low <= @pts / 4, scalar(@low) . ' of ' . scalar(@pts)
	   . ' ring points <= 0 (at most a quarter)')
		or diag(join(' ', map { "$_=$m->{$_}{value}" } @low));
}

# The summary shows them: the null call and the memory read columns.
my $s = run(['perl', 'scripts/summary', $f]);
is($s->{status}, 0, 'summary exits 0') or diag($s->{err});
like($s->{out}, qr/^Processor, Processes.*\n(?:.*\n){4}\S+ +\S+ \S+ +$n/m,
     'summary: a null call figure');
like($s->{out}, qr/^Memory latencies in nanoseconds.*\n(?:.*\n){4}.*\s$n\s/m,
     'summary: memory latencies');
done_testing();
