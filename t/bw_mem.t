#!/usr/bin/perl
# bw_mem: every operation prints "<size MB> <MB/s>", bad input is refused.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmOracle;
use Test::More;

my $n = number_re();
for my $op (qw(rd wr rdwr cp fwr frd fcp bzero bcopy)) {
	my $r = run([bin('bw_mem'), '-N', 3, '8k', $op], env => {quick_env()});
	is($r->{status}, 0, "$op: exit 0");
	like($r->{err}, qr/^0\.008192 ($n)\n\z/, "$op: size and bandwidth")
		or diag($r->{err});
	my ($bw) = $r->{err} =~ /^\S+ ($n)$/m;
	ok(defined $bw && $bw > 1 && $bw < 1e8, "$op: plausible MB/s");
	is($r->{out}, '', "$op: nothing on stdout");
}

# bcopy against t/c/stream_check's copy of the same 256 KB: bw_mem counts
# the bytes copied, STREAM the bytes read and written, so half of it;
# the fastest interval (the #stats max) against the oracle's fastest
# pass, three rounds each, within 1.5x, so a halved bandwidth fails
# (doc/testing.md; t/stream.t says why the fastest).  The figure printed
# is that line's median.
{
	my $r = run([bin('bw_mem'), '-N', 3, '256K', 'bcopy'],
		    env => {quick_env(), LMBENCH_STATS => 1});
	my ($p) = $r->{err} =~ /^0\.262144 ($n)$/m;
	my ($m) = $r->{err} =~ /^#stats \{"label":"bcopy",[^\n]*"median":($n),/m;
	ok(defined $p && defined $m && $m > 0 && printed_as($p, $m),
	   'bcopy: the figure printed is its #stats median') or diag($r->{err});
}
oracle_ok('bw_mem bcopy', program => [bin('bw_mem'), '256K', 'bcopy'],
	  parse => qr/^#stats \{"label":"bcopy",[^\n]*"max":($n),/m,
	  oracle => [bin('t/stream_check'), 100, 256 * 1024 / 8],
	  oparse => qr/^copy best ($n) /m, better => 'higher', factor => 0.5,
	  within => 1.5, env => {quick_env(), ENOUGH => 500, LMBENCH_STATS => 1},
	  prefix => [pin_prefix()]);

# Sizes are rounded down to the 512-byte loop step; the smallest is 512.
my $r = run([bin('bw_mem'), '-N', 1, '1000', 'rd'], env => {quick_env()});
like($r->{err}, qr/^0\.000512 $n\n\z/, '1000 bytes: 512 are used');
$r = run([bin('bw_mem'), '-N', 1, '512', 'bcopy', 'conflict'],
	 env => {quick_env()});
like($r->{err}, qr/^0\.000512 $n\n\z/, 'smallest size with conflict');
$r = run([bin('bw_mem'), '-N', 1, '1M', 'fcp', 'conflict'],
	 env => {quick_env()});
like($r->{err}, qr/^1\.048576 $n\n\z/, '1M fcp conflict');

# -P: copies run, bandwidth is summed.
$r = run([bin('bw_mem'), '-P', 2, '-N', 3, '64k', 'frd'],
	 env => {quick_env()});
is($r->{status}, 0, '-P 2: exit 0');
like($r->{err}, qr/^0\.065536 $n\n\z/, '-P 2: result line');

# Several sizes in one run (interleaved rounds, or one after another
# with -P): a line per size, in the order given.
for my $c (['frd'], ['fcp', 'conflict'], ['-P', 2, 'rd']) {
	my @args = @$c;
	my @pre = $args[0] eq '-P' ? splice(@args, 0, 2) : ();
	$r = run([bin('bw_mem'), @pre, '-N', 3, '1m', '8k', '64k', @args],
		 env => {quick_env()});
	is($r->{status}, 0, "@$c, three sizes: exit 0") or diag($r->{err});
	like($r->{err}, qr/^1\.048576 $n\n0\.008192 $n\n0\.065536 $n\n\z/,
	     "@$c, three sizes: a line each, in order") or diag($r->{err});
}
bad_input_ok('bw_mem', ['8k', 'x', 'rd'], 'a bad size among several');

# LMBENCH_STATS adds the series' declaration and one #stats line.
$r = run([bin('bw_mem'), '-N', 3, '8k', 'rd'],
	 env => {quick_env(), LMBENCH_STATS => 1});
like($r->{err}, qr/^#series \{"name":"bw_mem\.rd","unit":"MB\/sec","better":"higher","bytes":"bytes read","x_name":"size","x_unit":"MB"\}\n0\.008192 $n\n(?:#counters .*\n)?#stats \{.*"unit":"MB\/sec"/,
     '#series and #stats records');

bad_input_ok('bw_mem', [], 'no argument');
bad_input_ok('bw_mem', ['8k'], 'no operation');
bad_input_ok('bw_mem', ['8k', 'bogus'], 'unknown operation');
bad_input_ok('bw_mem', ['8k', 'bcopy', 'bogus'], 'unknown third word');
bad_input_ok('bw_mem', ['8k', 'rd', 'conflict'], 'conflict on a read');
bad_input_ok('bw_mem', ['8k', 'cp', 'conflict', 'x'], 'extra argument');
bad_input_ok('bw_mem', ['-x', '8k', 'rd'], 'unknown option');
bad_input_ok('bw_mem', ['abc', 'rd'], 'non-numeric size');
bad_input_ok('bw_mem', ['-1', 'rd'], 'negative size');
bad_input_ok('bw_mem', ['8q', 'rd'], 'bad suffix');
bad_input_ok('bw_mem', ['99999999999999999999', 'rd'], 'overflowing size');
bad_input_ok('bw_mem', ['100', 'rd'], 'size below 512');
bad_input_ok('bw_mem', ['0', 'rd'], 'zero size');
bad_input_ok('bw_mem', ['1000000G', 'rd'], 'more than memory');
bad_input_ok('bw_mem', ['-P', '0', '8k', 'rd'], 'zero -P');
bad_input_ok('bw_mem', ['-N', 'x', '8k', 'rd'], 'non-numeric -N');

done_testing();
