#!/usr/bin/perl
# lat_pmake: one line per work size, more work takes longer, no job left
# running when the program is killed.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;
use POSIX qw(:sys_wait_h setpgid);
use Time::HiRes qw(time sleep);

my $n = number_re();
my $r = run([bin('lat_pmake'), '-N', '3', '2', '0', '20000'],
	    env => {quick_env()});
is($r->{status}, 0, 'exit 0');
is($r->{out}, '', 'nothing on stdout');
like($r->{err}, qr/^0 ($n)\n20000 ($n)\n\z/, 'one "usecs elapsed" line each')
	or diag($r->{err});
my %t = $r->{err} =~ /^([0-9]+) ($n)$/mg;
ok(($t{0} // 0) > 0, 'no work: still positive (fork, exit, wait)');
# 20 ms of work: broad bounds, as a busy machine can skew the calibration.
ok(($t{20000} // 0) > 5000, "20 ms jobs take > 5 ms ($t{20000})");
ok(($t{20000} // 0) > ($t{0} // 0), 'more work takes longer');

$r = run([bin('lat_pmake'), '-P', '2', '-N', '2', '3', '100'],
	 env => {quick_env()});
is($r->{status}, 0, '-P 2: exit 0');
like($r->{err}, qr/^100 $n\n\z/, '-P 2: a line');

# Kill only the parent while jobs spin: the jobs must stop by themselves.
# They are 60 s jobs: gone within the 30 s waited for, they stopped on
# their own (a bound in seconds would race a busy machine's scheduler).
for my $sig (qw(TERM KILL)) {
	my $pid = fork() // die;
	if ($pid == 0) {
		setpgid(0, 0);
		open(STDERR, '>', '/dev/null');
		@ENV{qw(ENOUGH TIMING_O LOOP_O)} = (2000, 0, 0);
		default_signals();
		exec(bin('lat_pmake'), '2', '60000000') or POSIX::_exit(127);
	}
	my $t0 = time;
	my @procs;
	while (time - $t0 < 20) {
		@procs = group_live($pid);
		last if @procs >= 3;
		sleep 0.05;
	}
	ok(@procs >= 3, "$sig: jobs running (@procs)");
	sleep 0.3;	# past the calibration: the 60 s jobs are running
	kill $sig, $pid;
	waitpid($pid, 0);
	my $t1 = time;
	do { @procs = group_live($pid) }
		while (@procs && time - $t1 < 30 && sleep 0.05);
	is_deeply(\@procs, [], "$sig to the parent: no job left");
	kill 'KILL', -$pid;
}

bad_input_ok('lat_pmake', [], 'no arguments');
bad_input_ok('lat_pmake', ['2'], 'no work size');
bad_input_ok('lat_pmake', ['0', '100'], 'zero jobs');
bad_input_ok('lat_pmake', ['x', '100'], 'non-numeric jobs');
bad_input_ok('lat_pmake', ['2', '-100'], 'negative usecs');
bad_input_ok('lat_pmake', ['2', '100', 'abc'], 'bad second usecs');
bad_input_ok('lat_pmake', ['2', '99999999999999999999'], 'overflowing usecs');
bad_input_ok('lat_pmake', ['-x', '2', '100'], 'unknown option');

done_testing();
