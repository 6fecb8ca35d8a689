#!/usr/bin/perl
# Counters and taint with a fake counter source (t/c/test_counters.c),
# then for real on this machine: a PMU or not, the #stats line carries
# the CPUs, the taint count and the software counters, and a #counters
# line before it says which are missing and why; LMBENCH_COUNTERS=0 turns
# counting off.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my %env = quick_env();
my $r = run([bin('t/test_counters')], env => {%env});
is($r->{status}, 0, 'the fake-source unit tests pass') or diag($r->{out}, $r->{err});
my @not = $r->{out} =~ /^(not ok .*)$/mg;
is_deeply(\@not, [], 'no failed unit test');

my $ls = bin('lat_syscall');
$r = run([$ls, '-N', 7, 'null'], env => {%env, LMBENCH_STATS => 1});
is($r->{status}, 0, 'lat_syscall null runs');
my ($line) = $r->{err} =~ /^(#stats .*)$/m;
ok($line, 'a #stats line');
$line //= '';
like($line, qr/ cpus=\d+(,\d+)*( |$)/, 'the CPUs it ran on');
like($line, qr/ tainted=\d+( |$)/, 'how many intervals were tainted');
my ($n) = $line =~ / n=(\d+)/;
my ($t) = $line =~ / tainted=(\d+)/;
ok(defined $n && $n >= 7 && $n <= 14 && $t <= $n,
   "7 intervals, more where too few were clean (n=" . ($n // '?') . ')');
unlike($line, qr/counters_missing=/, 'what is missing is not on the #stats line');
my @said = $r->{err} =~ /^#counters missing="([^"]*)"$/mg;
is(scalar @said, 1, 'but on one #counters line') or diag($r->{err});
like($r->{err}, qr/^#counters .*\n#stats /m, 'before the first #stats line');
if (($said[0] // '') ne '') {
	my $why = $said[0];
	like($why, qr/: (no PMU|not permitted|no perf_event_open|refused|out of file)|user time only/,
	     "a missing counter says why ($why)");
	my $d = run([$ls, '-N', 3, 'null'], env => {%env, LMBENCH_DEBUG => 1});
	like($d->{err}, qr/^lat_syscall: debug: counters: \Q$why\E$/m,
	     'and, with LMBENCH_DEBUG=1, says it in one line on stderr');
} else {
	like($line, qr/ cycles_op=\S+ .* ghz=/, 'every counter counted: cycles_op and ghz');
}
SKIP: {
	skip 'no software counters here (the line says why)', 1
		if ($said[0] // '') =~ /task_clock/;
	like($line, qr/ cpu_share=[0-9.e+-]+ switches=\d+ migrations=\d+ faults_op=/,
	     'the software counters');
}

$r = run([$ls, '-N', 3, 'null'], env => {%env, LMBENCH_STATS => 1, LMBENCH_COUNTERS => 0});
like($r->{err}, qr/^#counters missing="off \(LMBENCH_COUNTERS=0\)"$/m, 'LMBENCH_COUNTERS=0: off, said');
unlike($r->{err}, qr/ (cpu_share|switches|cycles_op)=/, 'LMBENCH_COUNTERS=0: no counts');
like($r->{err}, qr/ cpus=\d/, 'LMBENCH_COUNTERS=0: the CPUs still');
$r = run([$ls, 'null'], env => {%env, LMBENCH_COUNTERS => 2});
is($r->{status}, 2, 'LMBENCH_COUNTERS=2: bad input, exit 2');
like($r->{err}, qr/LMBENCH_COUNTERS=2: expected 0 or 1/, 'and the reason');
done_testing();
