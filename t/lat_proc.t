#!/usr/bin/perl
# lat_proc: every variant prints its label and a plausible value; the
# exec target's output stays out of ours; a missing hello is a clear
# failure; an interrupted run leaves no process and no zombie behind.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use File::Copy qw(copy);
use File::Temp qw(tempdir);
use POSIX qw(:sys_wait_h setpgid);
use Time::HiRes qw(time sleep);
use Test::More;

my $n = number_re();
my %label = (
	procedure => 'Procedure call',
	fork => 'Process fork+exit',
	exec => 'Process fork+execve',
	shell => 'Process fork+/bin/sh -c',
);

sub result_ok {
	my ($r, $label, $name) = @_;
	subtest $name => sub {
		is($r->{status}, 0, 'exit 0');
		is($r->{signal}, 0, 'no signal');
		is($r->{out}, '', 'nothing on stdout (hello went to /dev/null)');
		like($r->{err}, qr/^\Q$label\E: ($n) microseconds\n\z/,
		     'one result line');
		my ($x) = $r->{err} =~ /: ($n) micro/;
		ok(defined $x && $x > 0 && $x < 1e6, '0 < value < 1 s')
			or diag($r->{err});
	};
}

for my $v (qw(procedure fork exec shell)) {
	result_ok(run([bin('lat_proc'), $v], env => {quick_env()}),
		  $label{$v}, $v);
}
result_ok(run([bin('lat_proc'), '-P', '2', '-N', '3', 'exec'],
	      env => {quick_env()}), $label{exec}, '-P 2 exec');

# Without hello beside it, exec and shell fail clearly; procedure runs.
my $dir = tempdir(CLEANUP => 1);
copy(bin('lat_proc'), "$dir/lat_proc") or die "copy: $!";
chmod(0755, "$dir/lat_proc");
for my $v (qw(exec shell)) {
	my $r = run(["$dir/lat_proc", $v], env => {quick_env()});
	subtest "$v without hello" => sub {
		is($r->{status}, 1, 'exit 1');
		like($r->{err}, qr/^lat_proc: .*hello/, 'says hello is missing');
		unlike($r->{err}, qr/microseconds/, 'no result line');
	};
}
result_ok(run(["$dir/lat_proc", 'procedure'], env => {quick_env()}),
	  $label{procedure}, 'procedure without hello');

# Processes whose process group is $pgid (zombies included).
sub group_members {
	my ($pgid) = @_;
	my @left;
	for my $stat (glob('/proc/[0-9]*/stat')) {
		open(my $fh, '<', $stat) or next;
		my $s = <$fh> // next;
		$s =~ s/^.*\) //s;
		my @f = split(' ', $s);
		push(@left, "$stat ($f[0])") if $f[2] == $pgid;
	}
	return @left;
}

# Start lat_proc in its own process group, interrupt it mid-run, and
# check that it dies of the signal and that nothing of it remains.
sub interrupt_ok {
	my ($sig, $whom, @args) = @_;
	SKIP: {
		skip('needs /proc', 1) unless -d '/proc/self';
		my $pid = fork() // die "fork: $!";
		if ($pid == 0) {
			setpgid(0, 0);
			open(STDOUT, '>', '/dev/null');
			open(STDERR, '>', '/dev/null');
			%ENV = (%ENV, ENOUGH => 200000, TIMING_O => 0,
				LOOP_O => 0);
			default_signals();
			exec(bin('lat_proc'), @args) or POSIX::_exit(127);
		}
		sleep(0.5);
		kill($sig, $whom eq 'group' ? -$pid : $pid);
		my ($t0, $status) = (time, undef);
		while (time - $t0 < 20) {
			if (waitpid($pid, WNOHANG) == $pid) {
				$status = $?;
				last;
			}
			sleep(0.01);
		}
		# No grace period: lat_proc reaps everything before it dies
		# (an orphan would be reaped by init, hiding the fault).
		my @left = group_members($pid);
		subtest "$sig to the $whom: lat_proc @args" => sub {
			ok(defined $status, 'it stopped') or kill('KILL', -$pid);
			ok(defined $status && WIFSIGNALED($status),
			   'died of the signal');
			is(scalar(@left), 0, 'no process or zombie left')
				or diag("left: @left");
		};
		kill('KILL', -$pid) if @left;
	}
}

interrupt_ok('INT', 'group', '-P', '2', 'shell');
interrupt_ok('INT', 'group', 'exec');
interrupt_ok('TERM', 'leader', '-P', '2', 'exec');
interrupt_ok('INT', 'leader', 'shell');
interrupt_ok('TERM', 'leader', '-P', '2', 'fork');

# A copy killed from outside: the run fails, saying so, and the children
# of the dead copy are collected too.
SKIP: {
	my $pid = fork() // die "fork: $!";
	if ($pid == 0) {
		setpgid(0, 0);
		open(STDOUT, '>', '/dev/null');
		open(STDERR, '>', '/dev/null');
		%ENV = (%ENV, ENOUGH => 200000, TIMING_O => 0, LOOP_O => 0);
		default_signals();
		exec(bin('lat_proc'), '-P', '2', 'exec') or POSIX::_exit(127);
	}
	sleep(0.5);
	my $list = "/proc/$pid/task/$pid/children";
	my @copies = -r $list ? split(' ', `cat $list`) : ();
	if (!@copies) {
		kill('KILL', -$pid);
		waitpid($pid, 0);
		skip("no $list", 1);
	}
	kill('KILL', $copies[0]);
	my $t0 = time;
	sleep(0.01) while waitpid($pid, WNOHANG) != $pid && time - $t0 < 20;
	my $status = $?;
	my @left = group_members($pid);
	subtest 'a copy killed from outside' => sub {
		ok(WIFEXITED($status) && WEXITSTATUS($status) == 1, 'exit 1');
		is(scalar(@left), 0, 'no process or zombie left')
			or diag("left: @left");
	};
	kill('KILL', -$pid) if @left;
}

bad_input_ok('lat_proc', [], 'no argument');
bad_input_ok('lat_proc', ['bogus'], 'unknown variant');
bad_input_ok('lat_proc', ['-x', 'fork'], 'unknown option');
bad_input_ok('lat_proc', ['-P', 'abc', 'fork'], 'non-numeric -P');
bad_input_ok('lat_proc', ['-P', '-2', 'fork'], 'negative -P');
bad_input_ok('lat_proc', ['-N', '99999999999999999999', 'fork'],
	     'overflowing -N');
bad_input_ok('lat_proc', ['-W'], 'missing -W value');
bad_input_ok('lat_proc', ['fork', 'extra'], 'extra argument');

done_testing();
