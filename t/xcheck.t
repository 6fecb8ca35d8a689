#!/usr/bin/perl
# tools/xcheck_lat_mem_rd and t/c/xchase: the cross-check runs and reports.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my $r = run([bin('t/xchase'), '65536', '64', '5']);
is($r->{status}, 0, 'xchase: exit 0');
like($r->{out}, qr/\A65536 ($n) ($n) ($n)\n\z/, 'xchase: size, median, min, max');
$r = run([bin('t/xchase'), '64', '64']);
is($r->{status}, 2, 'xchase: too small a size is refused');

# The oracle of lat_mem_rd (doc/testing.md): its chase against xchase's
# at an L1-sized and an L2-sized buffer, the median of three runs each,
# within 2x (a chase 3x too slow fails).
$r = run(['sh', 'tools/xcheck_lat_mem_rd', '-r', '3', '16K', '512K'],
	 env => {BINDIR => bindir(), ENOUGH => 500, TIMING_O => 0, LOOP_O => 0});
is($r->{status}, 0, 'xcheck: exit 0') or diag($r->{err});
my $how = instrumented(bin('lat_mem_rd'));
for my $size (qw(16K 512K)) {
	my ($a, $b, $ratio) = $r->{out} =~
		/^$size +($n) +$n-$n +($n) +$n-$n +($n)$/m;
	SKIP: {
		skip("xcheck $size: a $how build times instrumented code", 1) if $how;
		ok(defined $ratio && $a > 0 && $b > 0 && $ratio >= 0.5 && $ratio <= 2,
		   "xcheck $size: lat_mem_rd " . ($a // '?') . ' ns against xchase '
		   . ($b // '?') . ' ns: ratio ' . ($ratio // '?') . ' within 2x')
			or diag($r->{out});
	}
}
done_testing();
