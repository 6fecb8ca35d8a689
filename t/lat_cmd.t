#!/usr/bin/perl
# lat_cmd: the result line, options after the command belong to it, a
# command that cannot run is bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;
use POSIX qw(setpgid);
use Time::HiRes qw(time sleep);

my $n = number_re();
my $true = -x '/bin/true' ? '/bin/true' : '/usr/bin/true';
my $r = run([bin('lat_cmd'), '-N', '3', $true], env => {quick_env()});
is($r->{status}, 0, "$true: exit 0");
like($r->{err}, qr/^lat_cmd: ($n) microseconds\n\z/, 'line');
my ($x) = $r->{err} =~ /: ($n) micro/;
ok(defined $x && $x > 1 && $x < 1e6, "1 us < $x < 1 s") or diag($r->{err});

# PATH search, arguments passed as given, no shell.
$r = run([bin('lat_cmd'), '-N', '2', 'sh', '-c', 'exit 3'],
	 env => {quick_env()});
is($r->{status}, 0, 'a non-zero exit status is accepted');
like($r->{err}, qr/^lat_cmd: $n microseconds\n\z/, 'sh -c: line');
$r = run([bin('lat_cmd'), '-N', '2', 'sh', '-c', 'echo "$0:$1"', 'a b', 'c'],
	 env => {quick_env()});
like($r->{out}, qr/^a b:c\n/, 'argv passed unchanged, stdout inherited');

bad_input_ok('lat_cmd', [], 'no command');
bad_input_ok('lat_cmd', ['/nonexistent/cmd'], 'missing command');
bad_input_ok('lat_cmd', ['/dev/null'], 'not executable');
bad_input_ok('lat_cmd', ['-x', $true], 'unknown option');
bad_input_ok('lat_cmd', ['-N', 'abc', $true], 'non-numeric -N');

$r = run([bin('lat_cmd'), '-N', '2', 'sh', '-c', 'kill -9 $$'],
	 env => {quick_env()});
is($r->{status}, 1, 'a command killed by a signal: exit 1');
like($r->{err}, qr/killed by signal 9/, 'killed: reason');
unlike($r->{err}, qr/microseconds/, 'killed: no result');

# Killing lat_cmd (only it) must not leave its command running (Linux).
SKIP: {
	skip 'the command outlives lat_cmd only on Linux', 2 if $^O ne 'linux';
	my $pid = fork() // die;
	if ($pid == 0) {
		setpgid(0, 0);
		open(STDERR, '>', '/dev/null');
		@ENV{qw(ENOUGH TIMING_O LOOP_O)} = (2000, 0, 0);
		default_signals();
		exec(bin('lat_cmd'), 'sleep', '30') or POSIX::_exit(127);
	}
	my $t0 = time;
	my @procs;
	sleep 0.05 until (@procs = group_live($pid)) >= 2 || time - $t0 > 10;
	ok(@procs >= 2, 'sleep 30 is running under lat_cmd');
	kill 'TERM', $pid;
	waitpid($pid, 0);
	$t0 = time;
	sleep 0.05 while (@procs = group_live($pid)) && time - $t0 < 5;
	is_deeply(\@procs, [], 'SIGTERM to lat_cmd: the command is gone too');
}

done_testing();
