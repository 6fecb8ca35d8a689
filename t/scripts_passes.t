#!/usr/bin/perl
# PASSES: the OS part's short latency groups run twice, behind "#+" (the
# harnesses that read lmbench3's lines see the first pass only), and the
# results reader keeps the better pass of each metric, with that pass's
# line.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmRun;
use LMResults;
use Test::More;
use File::Temp qw(tempdir);

bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
my $cfg = tiny_config($tmp);
my %env = (quick_env(), ONLY => 'lat_syscall lat_sig');

sub one_run {
	my ($out, %e) = @_;
	my $r = run(['sh', 'scripts/lmbench', '-o', $out, bindir(), $cfg],
		    env => { %env, %e });
	is($r->{status}, 0, "run (@{[ %e ]}) exits 0") or diag($r->{err});
	my ($f) = grep { !/\.json$/ } glob("$out/*/*");
	open(my $fh, '<', $f // '/dev/null') or return ('', $r);
	local $/;
	return (scalar <$fh>, $r);
}

# The standard profile: two passes; the second after every first one.
my ($text, $r) = one_run("$tmp/std", PROFILE => 'standard');
like($text, qr/^\[PASSES: 2\]$/m, 'standard: [PASSES: 2]');
my @syscall = $text =~ /^((?:#\+ )?)Simple syscall: /mg;
is_deeply(\@syscall, [ '', '#+ ' ], 'standard: lat_syscall null ran twice, the second behind "#+"');
like($text, qr/\[GROUP_TIME: sig \d+\].*\[PASS: 2\].*\[GROUP_TIME: syscall\/2 \d+\].*\[GROUP_TIME: sig\/2 \d+\]/s,
     'standard: the second pass follows the first, its groups marked /2');
my $status = -r "$tmp/status" ? do { local (@ARGV, $/) = "$tmp/status"; <> } : $r->{err};
like($status, qr/again: syscall sig;/, 'the estimate line names the groups run again');

# quick, and PASSES=1: once.
for my $e ([ PROFILE => 'quick' ], [ PROFILE => 'standard', PASSES => 1 ]) {
	my ($t) = one_run("$tmp/once" . join('', @$e), @$e);
	like($t, qr/^\[PASSES: 1\]$/m, "@$e: [PASSES: 1]");
	unlike($t, qr/^\[PASS: 2\]/m, "@$e: no second pass");
	my @n = $t =~ /^Simple syscall: /mg;
	is(scalar @n, 1, "@$e: lat_syscall null ran once");
}

# The memory bandwidth and file reread groups: the second pass measures
# only the summary's points, the largest size of four and two series.
{
	my ($t) = one_run("$tmp/mem", PROFILE => 'standard', ONLY => 'bw_mem bw_file_rd bw_mmap_rd lat_mem_rd');
	my ($p1, $p2) = split /^\[PASS: 2\]$/m, $t, 2;
	$p2 //= '';
	unlike($p2, qr/^[^#\[\n]/m, 'second pass: every line a note or behind "#+"');
	$p2 =~ s/^#\+(?: |$)//mg;
	like($t, qr/\[GROUP_TIME: mem\/2 \d+\].*/s, 'mem runs again');
	like($t, qr/\[GROUP_TIME: file\/2 \d+\].*/s, 'file runs again');
	my @h2 = $p2 =~ /^"?((?<=")[^\n]*|Memory (?:read|write|load) \w+|Random load latency)$/mg;
	is_deeply([ sort @h2 ], [ sort('libc bcopy unaligned', 'unrolled bcopy unaligned',
		'Memory read bandwidth', 'Memory write bandwidth', 'read bandwidth',
		'Mmap read bandwidth', 'Memory load latency', 'stride=128',
		'Random load latency', 'stride=16') ], 'second pass: the summary\'s series');
	my ($lat2) = $p2 =~ /^Memory load latency\n"stride=128\n(.*?)\n\n/ms;
	my @lx = map { /^(\S+) / ? $1 : () } grep { /^\d/ } split /\n/, $lat2 // '';
	# tiny_config: the largest cache 1024K, MB 4: sizes from 2 MB on.
	ok(@lx && $lx[0] >= 2 && $lx[-1] == 4, 'second pass: the main-memory sizes, 2 to 4 MB')
		or diag($p2);
	my @pts2 = grep { /^\d/ } split /\n/, $p2;
	is(scalar @pts2 - 2 * @lx, 6, 'second pass: one bandwidth point each') or diag($p2);
	my ($frd1) = $p1 =~ /^Memory read bandwidth\n(.*?)\n\n/ms;
	my ($frd2) = $p2 =~ /^Memory read bandwidth\n(\S+) /m;
	my ($last1) = (grep { /^\d/ } split /\n/, $frd1 // '')[-1] // '';
	($last1) = $last1 =~ /^(\S+)/;
	ok(defined $frd2 && defined $last1 && $frd2 == $last1,
	   'second pass: the first pass\'s largest size') or diag($t);
}

# The reader: the better value of the two passes, with its own line and
# #stats; the series are the first pass's.
my $f = "$tmp/two";
open(my $fh, '>', $f) or die "$f: $!";
print $fh <<'END';
[PASSES: 2]
Simple syscall: 0.5000 microseconds
#stats label="Simple syscall" unit=microseconds parallel=1 samples=0.5,0.5,0.5 n=3 min=0.5 q1=0.5 median=0.5 q3=0.5 max=0.5 ci_lo=0.5 ci_hi=0.5 ci_level=0.75
Pipe latency: 10.0000 microseconds
Pipe bandwidth: 3000.00 MB/sec
"mappings
0.524288 200.0
1.048576 400.0

[PASS: 2]
Simple syscall: 0.4000 microseconds
#stats label="Simple syscall" unit=microseconds parallel=1 samples=0.4,0.4,0.4 n=3 min=0.4 q1=0.4 median=0.4 q3=0.4 max=0.4 ci_lo=0.4 ci_hi=0.4 ci_level=0.75
Pipe latency: 12.0000 microseconds
Pipe bandwidth: 3500.00 MB/sec
"mappings
0.524288 190.0
1.048576 450.0

[STATUS: complete]
END
close $fh;
my $m = LMResults::metrics(LMResults::parse($f));
my %by = map { ($m->{$_}{label} // '') . ' ' . ($m->{$_}{unit} // '') => $m->{$_} }
	grep { !/^:/ } keys %$m;
my ($sys) = grep { /^Simple syscall / } keys %by;
ok($sys, 'one syscall metric') or diag(join(', ', sort keys %by));
is($by{$sys}{value}, 0.4, 'lower is better: the second pass (0.4 < 0.5)') if $sys;
is($by{$sys}{line}, 11, '... with its own line') if $sys;
is($by{$sys}{stats}{median}, 0.4, '... and its own #stats') if $sys;
my ($lat) = grep { /^Pipe latency / } keys %by;
is($by{$lat}{value}, 10, 'lower is better: the first pass (10 < 12)') if $lat;
my ($bw) = grep { /^Pipe bandwidth / } keys %by;
is($by{$bw}{value}, 3500, 'higher is better: the second pass (3500 > 3000)') if $bw;
my @pts = sort { $a <=> $b } map { $m->{$_}{value} } grep { !/^:/ && ($m->{$_}{label} // '') =~ /^mappings/ } keys %$m;
is_deeply(\@pts, [ 190, 400 ], 'series points: each the better of its two');
is(scalar @{ $m->{':series'} }, 1, 'the series drawn are the first pass\'s only');
is(scalar(grep { /#\d+$/ } keys %$m), 0, 'no metric counted twice (no name#2)');

# The summary's columns that read a series point (TCP bandwidth, the
# context switches) take the better pass too, as metrics() does.
open($fh, '>', "$tmp/pts") or die "$tmp/pts: $!";
print $fh <<'END';
[PASSES: 2]
"size=16k ovr=1.0
2 5.0
8 9.0

"Socket bandwidth using localhost
0.000001 0.60
10.485760 2000.00

"File system latency
0k	100	100000	100000

[PASS: 2]
"size=16k ovr=1.0
2 4.0
8 9.5

"Socket bandwidth using localhost
0.000001 0.70
10.485760 9000.00

"File system latency
0k	100	50000	200000

[STATUS: complete]
END
close $fh;
use LMSummary;
my %cell;
for my $t (LMSummary::tables([ LMResults::parse("$tmp/pts") ])) {
	my $row = $t->{rows}[0] or next;
	for my $i (0 .. $#{ $t->{names} }) {
		$cell{ $t->{names}[$i] } //= $row->{values}[$i];
	}
}
is($cell{TCP}, 9000, 'summary TCP bandwidth: the better pass (9000 > 2000)');
is($cell{'2p/16K ctxsw'}, 4, 'summary 2p/16K: the better pass (4 < 5)');
is($cell{'8p/16K ctxsw'}, 9, 'summary 8p/16K: the better pass (9 < 9.5)');
is($cell{'0K File Create'}, 10, 'summary 0K create: the better pass (10 us < 20 us)');
is($cell{'0K File Delete'}, 5, 'summary 0K delete: the better pass (5 us < 10 us)');

done_testing();
