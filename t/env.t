#!/usr/bin/perl
# The environment knobs: ENOUGH skips the probe, bad values are refused,
# the probe is bounded, LMBENCH_STATS adds a well-formed #stats line.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my $ls = bin('lat_syscall');

my $r = run([$ls, 'null'], env => {ENOUGH => 3000, LMBENCH_DEBUG => 1});
like($r->{err}, qr/interval 3000 us/, 'ENOUGH sets the interval');
unlike($r->{err}, qr/probe:/, 'ENOUGH skips the clock probe');

for my $bad ([ENOUGH => 'abc'], [ENOUGH => '-5'], [ENOUGH => '0'],
	     [TIMING_O => 'x'], [LOOP_O => '1e99'], [ENOUGH => '1e3']) {
	my $r2 = run([$ls, 'null'], env => {$bad->[0] => $bad->[1]});
	is($r2->{status}, 2, "$bad->[0]=$bad->[1] refused (exit 2)");
	like($r2->{err}, qr/\Q$bad->[0]\E/, "$bad->[0]=$bad->[1]: named");
}

# Cold: the probe runs, is bounded by its cap, and a result comes out.
$r = run([$ls, 'null'], env => {ENOUGH => '', TIMING_O => '', LOOP_O => '',
				LMBENCH_DEBUG => 1});
is($r->{status}, 0, 'cold run: exit 0');
like($r->{err}, qr/probe: 5000 us/, 'cold run: the 5 ms candidate is tried');
like($r->{err}, qr/^Simple syscall: $n microseconds$/m, 'cold run: result');
ok($r->{wall} < 10, sprintf('cold run bounded (%.2f s, cap 0.8 s of probing)',
			    $r->{wall}));

# #stats: n, order, interval containing the median, raw samples.
$r = run([$ls, '-N', 7, 'null'], env => {quick_env(), LMBENCH_STATS => 1});
my ($line) = $r->{err} =~ /^(#stats .*)$/m;
ok($line, 'LMBENCH_STATS=1 prints a #stats line');
my %f = ($line // '') =~ /(\w+)=("[^"]*"|\S+)/g;
is($f{n}, 7, 'n = repetitions');
is($f{label}, '"Simple syscall"', 'label');
is($f{unit}, 'microseconds', 'unit');
my @s = split /,/, $f{samples} // '';
is(scalar @s, 7, 'raw samples');
ok($f{min} <= $f{q1} && $f{q1} <= $f{median} && $f{median} <= $f{q3} &&
   $f{q3} <= $f{max}, 'min <= q1 <= median <= q3 <= max');
ok($f{ci_lo} <= $f{median} && $f{median} <= $f{ci_hi},
   'the interval holds the median');
ok($f{ci_level} > 0 && $f{ci_level} <= 1, 'coverage in (0, 1]');
my ($v) = $r->{err} =~ /^Simple syscall: ($n) /m;
ok(abs($v - $f{median}) <= 1e-4 + 1e-3 * $v, 'reported value is the median');

$r = run([$ls, '-P', 3, 'null'], env => {quick_env(), LMBENCH_STATS => 1});
like($r->{err}, qr/^#stats .* parallel=3 .* n=33 /m, '-P 3: 33 samples pooled');
done_testing();
