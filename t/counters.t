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
my ($rec) = records($r->{err});
ok($rec, 'a #stats record');
$rec //= {};
ok(ref $rec->{cpus} eq 'ARRAY' && @{ $rec->{cpus} } && !grep({ !/^\d+$/ } @{ $rec->{cpus} }),
   'the CPUs it ran on');
like($rec->{tainted} // '', qr/^\d+$/, 'how many intervals were tainted');
my ($n, $t) = @$rec{qw(n tainted)};
ok(defined $n && $n >= 7 && $n <= 14 && $t <= $n,
   "7 intervals, more where too few were clean (n=" . ($n // '?') . ')');
ok(!exists $rec->{counters_missing}, 'what is missing is not in the #stats record');
my @said = map { $_->{missing} } records($r->{err}, 'counters');
is(scalar @said, 1, 'but in one #counters record') or diag($r->{err});
like($r->{err}, qr/^#counters .*\n#stats /m, 'before the first #stats record');
if (($said[0] // '') ne '') {
	my $why = $said[0];
	like($why, qr/: (no PMU|not permitted|no perf_event_open|refused|out of file)|user time only/,
	     "a missing counter says why ($why)");
	my $d = run([$ls, '-N', 3, 'null'], env => {%env, LMBENCH_DEBUG => 1});
	like($d->{err}, qr/^lat_syscall: debug: counters: \Q$why\E$/m,
	     'and, with LMBENCH_DEBUG=1, says it in one line on stderr');
} else {
	ok(defined $rec->{cycles_op} && defined $rec->{ghz}, 'every counter counted: cycles_op and ghz');
}
SKIP: {
	skip 'no software counters here (the line says why)', 1
		if ($said[0] // '') =~ /task_clock/;
	ok((grep({ defined $rec->{$_} } qw(cpu_share switches migrations faults_op)) == 4)
	   && $rec->{switches} =~ /^\d+$/ && $rec->{migrations} =~ /^\d+$/, 'the software counters');
}

$r = run([$ls, '-N', 3, 'null'], env => {%env, LMBENCH_STATS => 1, LMBENCH_COUNTERS => 0});
like($r->{err}, qr/^#counters \{"missing":"off \(LMBENCH_COUNTERS=0\)"\}$/m, 'LMBENCH_COUNTERS=0: off, said');
($rec) = records($r->{err});
ok($rec && !grep({ exists $rec->{$_} } qw(cpu_share switches cycles_op)), 'LMBENCH_COUNTERS=0: no counts');
ok($rec && @{ $rec->{cpus} // [] }, 'LMBENCH_COUNTERS=0: the CPUs still');
$r = run([$ls, 'null'], env => {%env, LMBENCH_COUNTERS => 2});
is($r->{status}, 2, 'LMBENCH_COUNTERS=2: bad input, exit 2');
like($r->{err}, qr/LMBENCH_COUNTERS=2: expected 0 or 1/, 'and the reason');
done_testing();
