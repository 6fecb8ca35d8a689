#!/usr/bin/perl
# stream: both versions print a latency and a bandwidth line per kernel,
# the arrays pass the check, bad input is refused.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmOracle;
use Test::More;

my $n = number_re();
my %kernels = (1 => [map { "STREAM $_" } qw(copy scale add triad)],
	       2 => [map { "STREAM2 $_" } qw(fill copy daxpy sum)]);
# -P costs 100 ms intervals per kernel: one parallel run is enough.
for my $run ([1, 1], [2, 1], [1, 2]) {
	my ($v, $p) = @$run;
	{
		my $r = run([bin('stream'), '-v', $v, '-M', '256K', '-N',
			     $p == 1 ? 3 : 1, '-P', $p], env => {quick_env()});
		is($r->{status}, 0, "v$v -P $p: exit 0") or diag($r->{err});
		my $want = join('', map {
			"\Q$_\E latency: $n nanoseconds\n" .
			"\Q$_\E bandwidth: $n MB\\/sec\n" } @{$kernels{$v}});
		like($r->{err}, qr/^$want\z/, "v$v -P $p: eight lines")
			or diag($r->{err});
		my @bw = $r->{err} =~ /bandwidth: ($n) MB/g;
		ok(!grep({ $_ <= 0 || $_ > 1e8 } @bw), "v$v -P $p: 0 < MB/s");
	}
}

# The arrays' placement, said where the statistics are asked for (a run's
# results file): each array MEM_SKEW bytes past the end of the one before,
# so that sizes a power of two do not put element i of each in one cache
# set.  Without LMBENCH_STATS the eight lines above stay alone.
for my $v (1, 2) {
	my $r = run([bin('stream'), '-v', $v, '-M', '256K', '-N', 1],
		    env => {quick_env(), LMBENCH_STATS => 1});
	like($r->{err}, qr/\A#stream \{"arrays":@{[ $v == 1 ? 3 : 2 ]},"bytes":262144,"skew":2112\}\n/,
	     "v$v: LMBENCH_STATS: the #stream record with the arrays' skew");
	# The figure printed is the median of the intervals its #stats line
	# gives (the oracles below judge the fastest of them), to the half of
	# its last printed digit (under qemu-i386 sum printed 45.84 for a
	# median of 45.8448: 1.05e-4 apart).
	my @off;
	for my $name (@{$kernels{$v}}) {
		my ($k) = $name =~ / (\w+)\z/;
		my ($p) = $r->{err} =~ /^\Q$name\E bandwidth: ($n) MB/m;
		my ($m) = map { $_->{median} } grep { ($_->{name} // '') =~ /^stream2?\.$k\.bandwidth$/ }
			records($r->{err});
		push @off, $name unless defined $p && defined $m && $m > 0 &&
			printed_as($p, $m);
	}
	ok(!@off, "v$v: each bandwidth printed is its #stats median")
		or diag("not: @off\n$r->{err}");
}

# Each kernel against t/c/stream_check, an independent STREAM, on the
# same arrays of 256 KB (L2-sized: a busy CPU does not share them): the
# fastest interval of the program (its #stats max) against the oracle's
# fastest pass, three rounds each, within 1.5x, so a halved bandwidth
# fails (doc/testing.md).  Fastest against fastest: the program's median
# against the oracle's fastest pass read 0.3 in one round of three beside
# t/lmdd.t, where a neighbour's bursts fall on 0.5 ms intervals more
# often than on passes of a few microseconds.
for my $k (qw(copy scale add triad)) {
	oracle_ok("stream $k", program => [bin('stream'), '-M', '256K'],
		  parse => qr/^#stats [^\n]*"name":"stream\.$k\.bandwidth",[^\n]*"max":($n),/m,
		  oracle => [bin('t/stream_check'), 100, 256 * 1024 / 8],
		  oparse => qr/^$k best ($n) /m, better => 'higher',
		  within => 1.5, env => {quick_env(), ENOUGH => 500, LMBENCH_STATS => 1},
		  prefix => [pin_prefix()]);
}

# An odd array length (not a multiple of the unrolled sum) and the
# smallest one still check out.
for my $m (8, 1000) {
	my $r = run([bin('stream'), '-v', 2, '-M', $m, '-N', 2],
		    env => {quick_env()});
	is($r->{status}, 0, "-M $m: exit 0") or diag($r->{err});
	like($r->{err}, qr/STREAM2 sum bandwidth: $n MB\/sec\n\z/,
	     "-M $m: complete");
}

bad_input_ok('stream', ['-v', 3], 'version 3');
bad_input_ok('stream', ['-v', 'x'], 'non-numeric version');
bad_input_ok('stream', ['-v'], 'missing version');
bad_input_ok('stream', ['-M', 'abc'], 'non-numeric -M');
bad_input_ok('stream', ['-M', '-1'], 'negative -M');
bad_input_ok('stream', ['-M', '4'], 'array below one double');
bad_input_ok('stream', ['-M', '99999999999999999999'], 'overflowing -M');
bad_input_ok('stream', ['-M', '100000G'], 'more than memory');
bad_input_ok('stream', ['-x'], 'unknown option');
bad_input_ok('stream', ['extra'], 'extra argument');
bad_input_ok('stream', ['-P', '0'], 'zero -P');
# 0 is not the default size: a left-out -M is.
refused_ok('stream', ['-M', '0'], qr/-M 0/, '-M 0');

done_testing();
