#!/usr/bin/perl
# Where the summary's Main mem and Rand mem come from: the part of the
# curves beyond twice the last cache level that any source of the run
# believes, a step the run's own `cache` found included; and that the
# summary, the JSON twin and the graphs name the same levels.
#
# Two inputs: a SYNTHETIC results file shaped like the run of issue 22
# (getconf's L3 not believed by the host facts, `cache` finding an L3 at
# 4.5 MB, the random curve stepping there to memory; invented round
# numbers, not a measurement), and the sample run vm.0 with the L3 taken
# out of its header, so that its only L3-sized level is the one `cache`
# measured.
use strict;
use warnings;
use lib 't/lib', 'scripts/lib';
use LmTest;
use LmRun;
use LMResults;
use MiniSchema;
use Test::More;
use JSON::PP;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);

# ---- the synthetic run ----------------------------------------------------------
# Latency by size (MB) of a random chase: L1 to 48 KB, L2 to 2 MB, L3 to
# 4.5 MB, memory (290-300 ns) beyond; the stride-128 chase prefetched.
my @sizes = map { $_ / 1024 } 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1536, 2048;
push @sizes, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 10, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384,
	512, 768, 1024;
sub rand_ns {
	my ($mb) = @_;
	return $mb <= 0.046875 ? 1.3 : $mb <= 2 ? 5.2 : $mb <= 4.5 ? 18.1 : 290 + $mb / 100;
}
my $curve = sub {
	my ($f) = @_;
	return join('', map { sprintf("%.5f %.3f\n", $_, $f->($_)) } @sizes);
};
my $synth = "$tmp/issue.0";
open(my $fh, '>', $synth) or die;
print $fh "[lmbench3.0 results for Linux vm 6.18.44 #1 SMP x86_64 GNU/Linux]\n",
	"[HOSTNAME: vm]\n[SYSNAME: Linux]\n[RELEASE: 6.18.44]\n[OS: x86_64-linux-gnu]\n",
	"[MHZ: 3000]\n[MHZ_SOURCE: mhz]\n",
	"[CACHE: L1d 48K; L1i 32K; L2 2048K]\n",
	"[CACHE_SOURCE: getconf checked against cache (measured): getconf L3 491520K: not believed, ",
	"the measurement reached main memory within 65536K; no cache sizes in sysfs]\n",
	"[LLC_KB: 2048]\n",
	"\"numa latency\n0 0 292.90\n\n",
	"L1 cache: 49152 bytes 1.30 nanoseconds 64 linesize 9.48 parallelism\n",
	"L2 cache: 2097152 bytes 5.20 nanoseconds 64 linesize 10.31 parallelism\n",
	"L3 cache: 4718592 bytes 18.14 nanoseconds 64 linesize 12.00 parallelism\n",
	"Memory latency: 289.00 nanoseconds 14.00 parallelism\n",
	"\"Memory load latency\n\"stride=128\n",
	$curve->(sub { $_[0] <= 0.046875 ? 1.3 : $_[0] <= 2 ? 4.0 : 9.0 }), "\n",
	"\"Random load latency\n\"stride=16\n", $curve->(\&rand_ns), "\n",
	"\"loaded latency rd, 1 loader: MB/s ns\n0 295.100\n5000 340.000\n9000 420.000\n\n",
	"[STATUS: complete]\n";
close $fh;

my $r = run([$^X, 'scripts/summary', $synth]);
is($r->{status}, 0, 'summary: exit 0') or diag($r->{err});
my ($row) = $r->{out} =~ /^Memory latencies.*?\n-{9} [^\n]*\n(vm [^\n]*)/ms;
my @f = split ' ', $row // '';
my ($main, $rand) = @f[6, 7];
# The rule: the random curve's points beyond twice the measured L3.
my @mem = sort { $a <=> $b } map { rand_ns($_) } grep { $_ * 1048576 > 2 * 4718592 } @sizes;
my $want = @mem % 2 ? $mem[$#mem / 2] : ($mem[@mem / 2 - 1] + $mem[@mem / 2]) / 2;
ok(defined $rand && abs($rand - $want) < 0.1, "Rand mem $rand: the median beyond 9 MB ($want)");
ok(defined $rand && abs($rand / 295.1 - 1) <= 0.10,
   "Rand mem within 10% of the idle loaded latency (295.1 ns)");
ok(defined $rand && abs($rand / 292.9 - 1) <= 0.10, 'and of the NUMA figure (292.9 ns)');
is($main, '9', 'Main mem: the stride-128 curve beyond 9 MB');
like($r->{out}, qr/^\Q$synth\E: caches believed: L1d 48K \(getconf\); L2 2048K \(getconf\); L3 4\.5M \(measured in the run\); Main mem and Rand mem from 9M up$/m,
     'the notes name the levels believed, the measured L3 among them');
unlike($r->{out}, qr/check: Rand mem/, 'no disagreement noted where the figures agree');
like($r->{out}, qr/Main mem 9\.0 ns is lmbench3's stride-128 chase/, 'what Main mem is, said');

# The JSON twin lists the same levels, and is valid.
$r = run([$^X, 'scripts/json', $synth]);
is($r->{status}, 0, 'json: exit 0');
my $j = decode_json($r->{out});
is_deeply([ map { "$_->{name} $_->{size_kb}" . ($_->{source} ? " $_->{source}" : '') } @{ $j->{host}{caches} } ],
	  [ 'L1d 48', 'L1i 32', 'L2 2048', 'L3 4608 measured in the run' ],
	  'JSON host.caches: the header\'s levels and the measured L3');
my $schema = decode_json(slurp('doc/results-schema.json'));
my @e = MiniSchema::validate($schema, $j);
is(scalar @e, 0, 'JSON valid') or diag(join("\n", @e));

# The graphs mark the same levels.
$r = run([$^X, 'scripts/graphs', '-n', '-o', "$tmp/g", $synth]);
is($r->{status}, 0, 'graphs: exit 0') or diag($r->{err});
my @labels = slurp("$tmp/g/mem_latency.gp") =~ /^set label \d+ "([^"]*)" at \S+, graph/mg;
is_deeply(\@labels, [ 'L1d 48K (getconf)', 'L2 2048K (getconf)', 'L3 4.5M (measured in the run)' ],
	  'graphs: the same levels marked');

# Figures that disagree are named, with what each measured.
(my $t = slurp($synth)) =~ s/^0 295\.100$/0 150.000/m;
open($fh, '>', "$tmp/apart.0") or die;
print $fh $t;
close $fh;
$r = run([$^X, 'scripts/summary', "$tmp/apart.0"]);
like($r->{out}, qr/check: Rand mem \d+\.\d ns is \d+% above lat_mem_load idle 150\.0 ns/,
     'a Rand mem far from the idle loaded latency is noted');
unlike($r->{out}, qr/above numa_mem/, 'the NUMA figure that agrees is not');

# A run with the random chase over huge pages at lat_mem_load's size: Rand
# mem is that chase (the quantity lat_mem_load and numa_mem measure), and a
# note gives the 4 KB page chase (lmbench3's, page walks included) beside it.
($t = slurp($synth)) =~ s/^\[STATUS: complete\]$/Random load latency, huge pages\n"stride=64\n16.00000 301.500\n\n#series name=mem.random_latency_huge.stride_64 unit=nanoseconds better=lower x_name=size x_unit=MiB\n[STATUS: complete]/m
	or die 'no [STATUS: ] line';
open($fh, '>', "$tmp/huge.0") or die;
print $fh $t;
close $fh;
$r = run([$^X, 'scripts/summary', "$tmp/huge.0"]);
is($r->{status}, 0, 'summary of a run with the huge-page chase: exit 0') or diag($r->{err});
($row) = $r->{out} =~ /^Memory latencies.*?\n-{9} [^\n]*\n(vm [^\n]*)/ms;
is((split ' ', $row // '')[7], '301.5', 'Rand mem: the huge-page chase, not the 4 KB curve');
like($r->{out}, qr/Rand mem 301\.5 ns is a random chase over huge pages at 16M/,
     'the note says what Rand mem measured, and where');
my $want1 = sprintf('%.1f', $want);
like($r->{out}, qr/the random chase over 4 KB pages \(lmbench3's Rand mem, page walks included\): \Q$want1\E ns/,
     'and gives the 4 KB page chase beside it');
my $j2 = decode_json(run([$^X, 'scripts/json', "$tmp/huge.0"])->{out});
is_deeply([ sort map { $_->{name} } grep { $_->{name} =~ /^mem\.random_latency/ } @{ $j2->{series} } ],
	  [ 'mem.random_latency.stride_16', 'mem.random_latency_huge.stride_64' ],
	  'the JSON names the huge-page chase apart from the 4 KB one');

# ---- the sample run, its L3 only measured ------------------------------------------
# (the run of 2026-11-22, whose cache found its L3 beyond the header's L2)
my ($v0) = sort grep { /\.\d+$/ } glob('results/sample/x86_64-linux/*');
SKIP: {
	skip 'no sample results in results/sample/', 4 unless $v0;
	(my $s = slurp($v0)) =~ s/^\[CACHE: .*\]$/[CACHE: L1d 48K; L1i 32K; L2 2048K]/m
		or die "$v0: no [CACHE: ] line";
	open($fh, '>', "$tmp/vm.0") or die;
	print $fh $s;
	close $fh;
	my $run = LMResults::parse("$tmp/vm.0");
	my $m = LMResults::metrics($run);
	# What `cache` measured beyond the header's L2, below a third of memory.
	my @lv = sort { $b->[0] <=> $a->[0] } map { [ $_->{bytes}, $_->{value} ] }
		grep { $_->{label} =~ /^L\d cache$/ && $_->{bytes} > 2097152
		       && $_->{value} < $m->{'cache.memory.latency'}{value} / 3 } @{ $run->{values} };
	ok(@lv, 'the sample\'s cache found a level beyond its L2 (' . ($lv[0][0] // 0) . ' bytes)');
	my ($rs) = grep { $_->{name} eq 'mem.random_latency.stride_16' } @{ $m->{':series'} };
	my @pts = sort { $a <=> $b } map { $m->{"$rs->{name}\@$_->{x}"}{value} }
		grep { $_->{x} * 1048576 > 2 * ($lv[0][0] // 0) } @{ $rs->{points} };
	my $med = @pts % 2 ? $pts[$#pts / 2] : ($pts[@pts / 2 - 1] + $pts[@pts / 2]) / 2;
	$r = run([$^X, 'scripts/summary', "$tmp/vm.0"]);
	my ($srow) = $r->{out} =~ /^Memory latencies.*?\n-{9} [^\n]*\n(vm[^\n]*)/ms;
	my $got = (split ' ', $srow // '')[7];
	ok(defined $got && abs($got - $med) <= 0.05 * $med,
	   "Rand mem $got: the median beyond twice the measured level (" . sprintf('%.1f', $med) . ')');
	my $cm = $m->{'cache.memory.latency'}{value};
	ok(defined $got && abs($got / $cm - 1) <= 0.10,
	   "and within 10% of the run's own memory latency from cache ($cm ns)");
	like($r->{out}, qr/caches believed: L1d 48K \(sysfs\); L2 2048K \(sysfs\); L\d \d+M \(measured in the run\)/,
	     'the measured level is named in the notes');
}

done_testing();
