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
$r = run([bin('lat_ops')], env => {ENOUGH => 3000, LMBENCH_DEBUG => 1});
like($r->{err}, qr/interval 3000 us from ENOUGH/,
     "the user's ENOUGH beats a program's own interval");
$r = run([bin('lat_ops')], env => {ENOUGH => '', LMBENCH_DEBUG => 1});
like($r->{err}, qr/interval 1000 us chosen by the program/,
     "without ENOUGH the program's own interval");

for my $bad ([ENOUGH => 'abc'], [ENOUGH => '-5'], [ENOUGH => '0'],
	     [TIMING_O => 'x'], [LOOP_O => '1e99'], [ENOUGH => '1e3']) {
	my $r2 = run([$ls, 'null'], env => {$bad->[0] => $bad->[1]});
	is($r2->{status}, 2, "$bad->[0]=$bad->[1] refused (exit 2)");
	like($r2->{err}, qr/\Q$bad->[0]\E/, "$bad->[0]=$bad->[1]: named");
}

# Cold: the probe measures the clock, says nothing on a fine clock, and a
# result comes out.
$r = run([$ls, 'null'], env => {ENOUGH => '', TIMING_O => '', LOOP_O => '',
				LMBENCH_DEBUG => 1});
is($r->{status}, 0, 'cold run: exit 0');
my ($step, $us) = $r->{err} =~ /probe: clock step ($n) ns, read $n ns: interval ([0-9]+) us/;
ok(defined $us && $us >= 1000, 'cold run: the clock probed, interval >= 1 ms');
like($r->{err}, qr/^Simple syscall: $n microseconds$/m, 'cold run: result');
SKIP: {
	skip('a coarse clock runs the scaling test', 1)
		if !defined $step || $step > 1000;
	unlike($r->{err}, qr/clock probe|warning/, 'cold run: no note or warning');
}

# The #stats record: n, order, interval containing the median, raw samples.
$r = run([$ls, '-N', 7, 'null'], env => {quick_env(), LMBENCH_STATS => 1});
my ($rec) = records($r->{err});
ok($rec, 'LMBENCH_STATS=1 prints a #stats record');
my %f = %{ $rec // {} };
# More intervals where fewer than half were clean, at most as many again.
ok($f{n} >= 7 && $f{n} <= 14, "n = repetitions, up to twice ($f{n})");
is($f{label}, 'Simple syscall', 'label');
is($f{unit}, 'microseconds', 'unit');
my @s = @{ $f{samples} // [] };
is(scalar @s, $f{n}, 'raw samples, n of them');
ok($f{min} <= $f{q1} && $f{q1} <= $f{median} && $f{median} <= $f{q3} &&
   $f{q3} <= $f{max}, 'min <= q1 <= median <= q3 <= max');
ok($f{ci_lo} <= $f{median} && $f{median} <= $f{ci_hi},
   'the interval holds the median');
ok($f{ci_level} > 0 && $f{ci_level} <= 1, 'coverage in (0, 1]');
my ($v) = $r->{err} =~ /^Simple syscall: ($n) /m;
ok(abs($v - $f{median}) <= 1e-4 + 1e-3 * $v, 'reported value is the median');

$r = run([$ls, '-P', 3, 'null'], env => {quick_env(), LMBENCH_STATS => 1});
($rec) = records($r->{err});
ok($rec && $rec->{parallel} == 3 && ($rec->{overlap} // -1) >= 0 && $rec->{overlap} <= 1
   && $rec->{n} == 11, '-P 3: one sample per round of all copies, with their overlap')
	or diag($r->{err});
# The environment is input: a bad value is refused before any work, with
# the reason and then the usage line, exit 2.
for my $c ([ LMBENCH_SCHED => 'CUSTOM 999', qr/there is no CPU 999/ ],
	   [ LMBENCH_SCHED => 'SOMETIMES', qr/expected DEFAULT, BALANCED/ ],
	   [ LMBENCH_STATS => 'abc', qr/LMBENCH_STATS=abc: expected 0 or 1/ ],
	   [ LMBENCH_DEBUG => 'yes', qr/LMBENCH_DEBUG=yes: expected 0 or 1/ ],
	   [ ENOUGH => '12x', qr/ENOUGH=12x: expected microseconds/ ],
	   [ LMBENCH_SPAN => '-5', qr/LMBENCH_SPAN=-5: expected milliseconds/ ],
	   [ LMBENCH_SPAN => '1s', qr/LMBENCH_SPAN=1s: expected milliseconds/ ],
	   [ LMBENCH_INVOCATION => '0', qr/LMBENCH_INVOCATION=0: expected a number, 1 to 9999/ ],
	   [ LMBENCH_INVOCATION => 'x', qr/LMBENCH_INVOCATION=x: expected a number/ ],
	   [ LMBENCH_RUN_T0 => 'yesterday', qr/LMBENCH_RUN_T0=yesterday: expected a number/ ]) {
	my ($k, $v, $why) = @$c;
	$r = run([$ls, 'null'], env => { quick_env(), $k => $v });
	subtest "$k=$v refused" => sub {
		is($r->{status}, 2, 'exit 2');
		like($r->{err}, qr/\Alat_syscall: [^\n]*$why[^\n]*\nUsage: lat_syscall [^\n]*\n\z/,
		     'the reason, then the usage line, nothing else');
		unlike($r->{err}, qr/debug:|probe/, 'before any probing');
	};
}

# LMBENCH_SPAN: after the repetitions, more intervals until the samples
# cover that many milliseconds, never more than 255; 0 is the
# repetitions alone.  ENOUGH=1000 makes each interval a millisecond, so
# 300 ms asks for more than 11 and the cap bounds it.
sub stats_n {
	my ($err) = @_;
	my ($rec) = records($err);
	return $rec ? $rec->{n} : -1;
}
my %q = (quick_env(), ENOUGH => 1000, LMBENCH_STATS => 1);
# Which invocation of its group a result is, and when it was taken
# (scripts/lmbench says both): in the #stats record; run by hand, neither.
$r = run([$ls, 'null'], env => { %q, LMBENCH_INVOCATION => '', LMBENCH_RUN_T0 => '' });
($rec) = records($r->{err});
ok($rec && !exists $rec->{inv} && !exists $rec->{at}, 'by hand: no inv, no at_s');
$r = run([$ls, 'null'], env => { %q, LMBENCH_INVOCATION => 7, LMBENCH_RUN_T0 => time - 100 });
($rec) = records($r->{err});
my ($inv, $at) = $rec ? @$rec{qw(inv at)} : ();
ok(defined $inv && $inv == 7 && $at >= 99 && $at < 200,
   'LMBENCH_INVOCATION=7, the run 100 s old: inv=7, at= the seconds since (' . ($at // 'none') . ')')
	or diag($r->{err});
# On a busy machine disturbed intervals are timed again (at most as
# many more), so more than 11 only with tainted ones among them.
$r = run([$ls, 'null'], env => { %q, LMBENCH_SPAN => 0 });
{
	my $got = stats_n($r->{err});
	my ($tainted) = map { $_->{tainted} } records($r->{err});
	ok($got == 11 || ($got > 11 && $got <= 22 && ($tainted // 0) > 0),
	   "LMBENCH_SPAN=0: the 11 repetitions, more only to retime tainted ones ($got)")
		or diag($r->{err});
}
$r = run([$ls, 'null'], env => { %q, LMBENCH_SPAN => 300 });
my $n300 = stats_n($r->{err});
ok($n300 > 11 && $n300 <= 255, "LMBENCH_SPAN=300: more samples, at most 255 ($n300)");
$r = run([$ls, '-N', 300, 'null'], env => { %q, LMBENCH_SPAN => 1 });
is(stats_n($r->{err}), 300, '-N beyond the cap: the repetitions still count');
$r = run([$ls, 'null'], env => { %q, LMBENCH_SPAN => 600000, ENOUGH => 100 });
is(stats_n($r->{err}), 255, 'a span too long for 255 samples stops at 255');
done_testing();
