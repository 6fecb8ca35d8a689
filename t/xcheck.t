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

$r = run(['sh', 'tools/xcheck_lat_mem_rd', '-r', '1', '16K'],
	 env => {BINDIR => bindir(), ENOUGH => 500, TIMING_O => 0, LOOP_O => 0});
is($r->{status}, 0, 'xcheck: exit 0') or diag($r->{err});
like($r->{out}, qr/^16K +($n) +$n-$n +($n) +$n-$n +($n)$/m,
     'xcheck: both figures and their ratio');
if ($r->{out} =~ /^16K +($n) +\S+ +($n) +\S+ +($n)$/m) {
	ok($1 > 0 && $2 > 0 && $3 > 0, 'positive figures');
}
done_testing();
