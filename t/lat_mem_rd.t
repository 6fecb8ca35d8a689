#!/usr/bin/perl
# lat_mem_rd: series format, the chain options, sanity of the curve, bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();

# Parse "stride=N series: ([stride, [[mb, ns]...]], ...); undef on junk.
sub series {
	my ($err) = @_;
	my @s;
	for my $block (split /\n\n/, $err) {
		my @l = split /\n/, $block;
		shift @l while @l && $l[0] =~ /^#/;
		return undef unless @l && $l[0] =~ /^"stride=(\d+)$/;
		my $st = [$1, []];
		for my $line (@l[1 .. $#l]) {
			return undef unless $line =~ /^(\d+\.\d{5}) (\d+\.\d{3})$/;
			push @{ $st->[1] }, [$1, $2];
		}
		push @s, $st;
	}
	return \@s;
}

my $r = run([bin('lat_mem_rd'), '1K'], env => {quick_env(), ENOUGH => 500});
is($r->{status}, 0, '1K: exit 0');
is($r->{out}, '', 'nothing on stdout');
like($r->{err}, qr/\A"stride=64\n0\.00049 $n\n0\.00098 $n\n\n\z/,
     '1K: default stride 64, sizes 512 and 1024 bytes, blank line');

$r = run([bin('lat_mem_rd'), '-N', '3', '64K', '64', '256'], env => {quick_env(), ENOUGH => 500});
my $s = series($r->{err});
ok($s && @$s == 2 && $s->[0][0] == 64 && $s->[1][0] == 256,
   'two strides: two series') or diag($r->{err});
if ($s) {
	my @sz = map { $_->[0] } @{ $s->[0][1] };
	is($sz[0], '0.00049', 'first size 512 bytes');
	is($sz[-1], '0.06250', 'last size is len');
	ok((grep { $sz[$_] <= $sz[$_ - 1] } 1 .. $#sz) == 0,
	   'sizes increase');
	ok(@sz >= 20, 'several steps per power of two');
	ok((grep { $_->[1] <= 0 } map { @{ $_->[1] } } @$s) == 0,
	   'every latency positive');
	is($s->[1][1][0][0], '0.00049', 'stride 256 starts at 512 bytes');
}

# Interleaved sizes share one chain: the 512-byte point of an 8 MB run
# chases its own 512 bytes, not the rest of the buffer.
{
	my @first;
	for my $len ('1K', '8') {
		my $r = run([bin('lat_mem_rd'), '-N', '5', $len],
			    env => {quick_env(), ENOUGH => 500});
		my $s = series($r->{err});
		push @first, $s ? $s->[0][1][0][1] : undef;
	}
	ok(defined $first[0] && defined $first[1] &&
	   $first[1] < 1.8 * $first[0],
	   "512 B in an 8 MB run ($first[1] ns) as in a 1 KB run " .
	   "($first[0] ns)");
}

# Tiny: stride half of len gives one point.
$r = run([bin('lat_mem_rd'), '1K', '512'], env => {quick_env(), ENOUGH => 500});
like($r->{err}, qr/\A"stride=512\n0\.00098 $n\n\n\z/, 'one point');

# Random chain: memory is slower than the first level cache.
$r = run([bin('lat_mem_rd'), '-N', '5', '-t', '8', '128'], env => {quick_env(), ENOUGH => 500});
$s = series($r->{err});
ok($s && @$s == 1, '-t: one series') or diag($r->{err});
if ($s) {
	my $p = $s->[0][1];
	ok($p->[-1][1] > 3 * $p->[0][1],
	   "-t: 8 MB ($p->[-1][1] ns) well above 512 B ($p->[0][1] ns)");
	# Monotone from L1 to memory: 16 KB (L1 on any current CPU), 1 MB,
	# 8 MB never get cheaper, allowing 20% for noise.
	my %at = map { $_->[0] => $_->[1] } @$p;
	my @lat = map { $at{$_} } qw(0.01562 1.00000 8.00000);
	ok(!grep({ !defined } @lat) && $lat[0] <= 1.2 * $lat[1] &&
	   $lat[1] <= 1.2 * $lat[2],
	   '-t: latency does not fall from 16 KB to 1 MB to 8 MB (' .
	   join(' ', map { $_ // 'missing' } @lat) . ' ns)');
}

# Page groups and huge pages; the page size line does not break a series.
$r = run([bin('lat_mem_rd'), '-N', '3', '-g', '256K', '2'], env => {quick_env(), ENOUGH => 500});
$s = series($r->{err});
ok($r->{status} == 0 && $s && @$s == 1, '-g 256K: a series')
	or diag($r->{err});
$r = run([bin('lat_mem_rd'), '-N', '3', '-H', '-t', '4'], env => {quick_env(), ENOUGH => 500});
like($r->{err}, qr/\A# page size obtained: \d+ bytes \(huge pages asked for\)\n"stride=64\n/,
     '-H: the page size obtained, on a # line');
$s = series($r->{err});
ok($r->{status} == 0 && $s && @$s == 1, '-H: a series');

# Two copies in parallel.
$r = run([bin('lat_mem_rd'), '-P', '2', '-N', '1', '-t', '1K'],
	env => {quick_env(), ENOUGH => 500});
$s = series($r->{err});
ok($r->{status} == 0 && $s && @$s == 1, '-P 2: a series')
	or diag($r->{err});

# No clock probe hang without ENOUGH.
$r = run([bin('lat_mem_rd'), '-N', '3', '-t', '1']);
ok($r->{status} == 0 && series($r->{err}), 'default interval: finishes')
	or diag($r->{err});

refused_ok('lat_mem_rd', ['-g', '2m', '1', '128'],
	   qr/-g \d+: a group larger than len/, '-g beyond len');
# 2^54 bytes: beyond len on a 64-bit target, beyond size_t on a 32-bit
# one (the size parser refuses it); never a run as if fully random.
bad_input_ok('lat_mem_rd', ['-g', '16777216g', '1', '128'], '-g far beyond len');
refused_ok('lat_mem_rd', ['-g', '64', '1', '128'],
	   qr/-g 64: a group smaller than stride 128/, '-g below the stride');
refused_ok('lat_mem_rd', ['-g', '0', '1'], qr/-g 0/, '-g 0');
# -m: the sizes below it are left out, in address order and random.
for my $t ([], ['-t']) {
	$r = run([bin('lat_mem_rd'), '-N', '3', @$t, '-m', '32K', '64K', '64'],
		 env => {quick_env(), ENOUGH => 500});
	$s = series($r->{err});
	my @sz = $s ? map { $_->[0] } @{ $s->[0][1] } : ();
	ok(@sz >= 2 && $sz[0] eq '0.03125' && $sz[-1] eq '0.06250',
	   "-m 32K @$t: from 32 KB to len") or diag($r->{err});
}
# -c: four sizes an octave within a factor of two of each cache given,
# one an octave elsewhere; with -m, the same sizes from there on.
for my $t ([], ['-t']) {
	$r = run([bin('lat_mem_rd'), '-N', '1', @$t, '-c', '32K', '1', '128'], env => {quick_env(), ENOUGH => 500});
	$s = series($r->{err});
	is_deeply([ $s ? map { $_->[0] } @{ $s->[0][1] } : () ],
		  [ qw(0.00049 0.00098 0.00195 0.00391 0.00781 0.01562 0.01953 0.02344 0.02734 0.03125
		       0.03906 0.04688 0.05469 0.06250 0.12500 0.25000 0.50000 1.00000) ],
		  "-c 32K @$t: four an octave from 16 KB to 64 KB, one elsewhere") or diag($r->{err});
}
$r = run([bin('lat_mem_rd'), '-N', '1', '-c', '4K,256K', '-m', '128K', '1', '128'], env => {quick_env(), ENOUGH => 500});
$s = series($r->{err});
is_deeply([ $s ? map { $_->[0] } @{ $s->[0][1] } : () ],
	  [ qw(0.12500 0.15625 0.18750 0.21875 0.25000 0.31250 0.37500 0.43750 0.50000 1.00000) ],
	  '-c 4K,256K -m 128K: from 128 KB, four an octave near 256 KB') or diag($r->{err});
refused_ok('lat_mem_rd', ['-c', '0', '1'], qr/-c 0: a cache of 0 bytes/, '-c 0');
bad_input_ok('lat_mem_rd', ['-c', '32K,x', '1'], '-c junk');
bad_input_ok('lat_mem_rd', ['-c', '1K,2K,4K,8K,16K,32K,64K,128K,256K', '1'], '-c: more than 8 caches');
bad_input_ok('lat_mem_rd', ['-m', '2M', '1'], '-m over len');
bad_input_ok('lat_mem_rd', ['-m', 'x', '1'], '-m junk');
bad_input_ok('lat_mem_rd', [], 'no argument');
bad_input_ok('lat_mem_rd', ['-x', '1'], 'unknown option');
bad_input_ok('lat_mem_rd', ['abc'], 'non-numeric len');
bad_input_ok('lat_mem_rd', ['-1'], 'negative len');
bad_input_ok('lat_mem_rd', ['0'], 'zero len');
bad_input_ok('lat_mem_rd', ['99999999999999999999'], 'overflowing len');
bad_input_ok('lat_mem_rd', ['100b'], 'len junk');
bad_input_ok('lat_mem_rd', ['256K'.'x'], 'len junk suffix');
# 6: not a multiple of a pointer, 4 or 8 bytes (12 is one on a 32-bit target).
bad_input_ok('lat_mem_rd', ['1', '6'], 'stride not a multiple of a pointer');
bad_input_ok('lat_mem_rd', ['1', '0'], 'stride 0');
bad_input_ok('lat_mem_rd', ['1', '1M'], 'stride over half of len');
bad_input_ok('lat_mem_rd', ['1', 'x'], 'non-numeric stride');
bad_input_ok('lat_mem_rd', ['-t', '-g', '64K', '1'], '-t with -g');
bad_input_ok('lat_mem_rd', ['-g', '0', '1'], '-g 0');
bad_input_ok('lat_mem_rd', ['-g'], '-g without value');
bad_input_ok('lat_mem_rd', ['-N', '-3', '1'], 'negative -N');
bad_input_ok('lat_mem_rd', ['1000000'], 'len beyond memory');

done_testing();
