#!/usr/bin/perl
# Every metric of a full run written by this version has the name its
# program declared (doc/results-json.md, "Metric names"): over the full
# sample run results/sample/x86_64-linux-gnu/vm.0 (RESULTS_FORMAT 3),
# each value is declared, none is other.* or series.*, the names are
# unique, and each value is the number at its place on its line.  The
# declarations give the names the label regexes give (the file read with
# its declarations taken out, as a file of an older version), and an old
# sample reads to the names and values its JSON twin was written with.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LMResults;
use LmTest;
use File::Temp qw(tempdir);
use JSON::PP;
use Test::More;

my $NUM = qr/[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/;
my $f = 'results/sample/x86_64-linux-gnu/vm.0';
plan skip_all => "no $f (a tree without the samples)" unless -f $f;

open(my $fh, '<', $f) or die "$f: $!";
my @lines = <$fh>;
close $fh;
chomp @lines;

my $run = LMResults::parse($f);
cmp_ok($run->{header}{RESULTS_FORMAT}, '>=', 3, 'written with declarations');
is($run->{header}{PROFILE}, 'standard', 'a standard run');
is($run->{status}, 'complete', 'complete');
my $m = LMResults::metrics($run);
my @names = sort grep { !/^:/ } keys %$m;
ok(@names > 1000, scalar(@names) . ' metrics');

# cache's sizes, which files since format 6 declare, are read from its
# lines (LMPast::cache_size).
is_deeply([ grep { !$m->{$_}{declared} && !/^cache\.l\d+\.size$/ } @names ], [], 'every value declared');
is_deeply([ grep { /^(?:other|series)\./ } @names ], [], 'none other.* or series.*');
is_deeply([ grep { /#\d+$/ } @names ], [], 'names unique (no #2)');
is_deeply($run->{orphan_decls}, [], 'every declaration belongs to a value or series');
is_deeply($run->{orphan_stats}, [], 'every #stats line belongs to a value');
is_deeply([ grep { $_->{name} =~ /^series\./ } @{ $m->{':series'} } ], [],
	  'every series declared');

# Each value is the number at its place on its line (a "#+ " hidden line
# counts its prefix).
my @bad;
for my $n (@names) {
	my $r = $m->{$n};
	my $l = $lines[ $r->{line} - 1 ] // '';
	my ($tok) = substr($l, $r->{at} // 0) =~ /^($NUM)/;
	push @bad, "$n: line $r->{line} has " . ($tok // 'no number') . " at $r->{at}, value $r->{value}"
		unless defined $tok && $tok == $r->{value};
}
is_deeply(\@bad, [], 'each value equals the number on its line') or diag(join "\n", @bad[0 .. 9]);

# The groups of a standard run, by their names.
for my $want (qw(syscall.null select.tcp.100 sig.catch pipe.latency unix.latency
		 fifo.latency ucontext.latency proc.shell ops.double.bogo
		 par_ops.int64.mul file.write_bandwidth pagefault
		 net.local.tcp_latency net.local.rpc_udp_latency net.local.tcp_connect
		 unix.connect http.file10k unix.bandwidth pipe.bandwidth
		 numa.per_core_read_bandwidth numa.all_cpu_read_bandwidth tlb.pages
		 tlb.miss cache.l1.latency cache.memory.latency cache.memory.parallelism
		 stream.triad.bandwidth stream2.daxpy.latency)) {
	ok($m->{$want}, "has $want");
}
for my $want (qw(bw_mem.frd@ bw_mem.bcopy_conflict@ file.reread@ mmap.reread_open2close@
		 mmap.latency@ fs.create@ fs.delete@ fs.latency@ ctx.size_16k@
		 mem.load_latency.stride_128@ mem.random_latency.stride_16@ mem.parallelism@
		 net.local.tcp_bandwidth@ c2c.pair. numa.latency. numa.read_bandwidth.
		 mem.loaded.rd.loaders_1@ mem.loaded.rd.loaders_1.bandwidth@ c2c.)) {
	ok((grep { index($_, $want) == 0 } @names), "has $want*");
}
ok((grep { /^pipe\.latency\.same_cpu$/ } @names), 'placement suffix: pipe.latency.same_cpu');
ok((grep { /^ctx\.size_0k\.same_cpu\@2$/ } @names), 'placement suffix on a series: ctx.size_0k.same_cpu@2');
is($m->{'tlb.pages'}{property}, 1, 'tlb.pages: a property');
ok((grep { $m->{$_}{count} } grep { /^fs\.latency\@/ } @names), 'fs.latency: a count');
my ($par) = grep { $_->{name} eq 'mem.parallelism' } @{ $m->{':series'} };
is($par->{x_unit}, 'MiB', 'mem.parallelism: x in MiB, as par_mem prints');

# The same file without its declarations reads, through the label
# regexes, to the same names and values.
my $tmp = tempdir(CLEANUP => 1);
my $bare = "$tmp/vm.0";
open(my $out, '>', $bare) or die "$bare: $!";
for (@lines) {
	next if /^#(?:metric|series) /;
	my $l = $_;
	$l =~ s/^\[RESULTS_FORMAT: 3\]$/[RESULTS_FORMAT: 2]/;
	$l =~ s/ (?:name|better|bytes|kind|x_name|x_unit|y_name|y_unit|col|point)=(?:"[^"]*"|\S+)//g
		if $l =~ /^#stats /;
	print $out "$l\n";
}
close($out) or die "$bare: $!";
my $old = LMResults::metrics(LMResults::parse($bare));
my %was = map { $_ => $old->{$_}{value} } grep { !/^:/ } keys %$old;
my %now = map { $_ => $m->{$_}{value} } @names;
is_deeply(\%now, \%was, 'declared names and values = the label regexes\' on the same lines');
is_deeply({ map { $_ => $m->{$_}{better} } @names },
	  { map { $_ => $old->{$_}{better} } @names }, 'and the same directions');

# An old sample (RESULTS_FORMAT 1) reads to its JSON twin's names and values.
my $o = 'results/sample/x86_64-linux/vm.0';
SKIP: {
	skip "no $o", 1 unless -f $o && -f "$o.json";
	open(my $jh, '<', "$o.json") or die "$o.json: $!";
	my $doc = decode_json(do { local $/; <$jh> });
	close $jh;
	my $om = LMResults::metrics(LMResults::parse($o));
	is_deeply({ map { $_ => $om->{$_}{value} } grep { !/^:/ } keys %$om },
		  { map { $_->{name} => $_->{value} } @{ $doc->{values} } },
		  "$o: the names and values of its JSON twin");
}
done_testing();
