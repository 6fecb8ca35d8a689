# IpcTest - what a program that forks helpers and makes temporary files
# or System V objects must leave behind: nothing.
#
#   probe([cmd...], env => {...}, int_procs => n, int_group => 0|1)
#       (timeout => 300: a guard against hangs, never reached by a
#       run however loaded the machine)
#       runs cmd in its own process group with TMPDIR set to a fresh
#       directory; with int_procs, sends SIGINT (to the program's pid, or
#       to the whole group as Ctrl-C does) once n processes of the group
#       are alive (the program and its helpers: mid-run).  Returns
#       { out, err, status, signal, procs_left, files_left, tmpdir,
#         procs_at_int }.
#   sem_ids_in($text)   System V semaphore ids named by LMBENCH_DEBUG lines
#   sem_exists($id)     1 if ipcs still lists the set (undef: no ipcs)
package IpcTest;
use strict;
use warnings;
use Exporter 'import';
use File::Temp qw(tempfile tempdir);
use POSIX qw(:sys_wait_h setpgid);
use Time::HiRes qw(time sleep);
use LmTest ();

our @EXPORT = qw(probe sem_ids_in sem_exists);

sub probe {
	my ($cmd, %o) = @_;
	my $dir = tempdir(CLEANUP => 1);
	my ($ofh, $ofile) = tempfile(UNLINK => 1);
	my ($efh, $efile) = tempfile(UNLINK => 1);
	my $pid = fork() // die "fork: $!";
	if ($pid == 0) {
		setpgid(0, 0);
		open(STDOUT, '>&', $ofh) or die;
		open(STDERR, '>&', $efh) or die;
		open(STDIN, '<', '/dev/null') or die;
		%ENV = (%ENV, TMPDIR => $dir, %{ $o{env} // {} });
		LmTest::default_signals();
		exec(@$cmd) or POSIX::_exit(127);
	}
	setpgid($pid, $pid);
	my $t0 = time;
	my $sent = 0;
	my ($status, $at_int);
	while (1) {
		my $r = waitpid($pid, WNOHANG);
		if ($r == $pid) { $status = $?; last; }
		if (defined $o{int_procs} && !$sent &&
		    ($at_int = live_in_group($pid)) >= $o{int_procs}) {
			sleep 0.05;
			kill 'INT', ($o{int_group} ? -$pid : $pid);
			$sent = 1;
		}
		if (time - $t0 > ($o{timeout} // 300)) {
			kill 'KILL', -$pid;
			waitpid($pid, 0);
			$status = $?;
			last;
		}
		sleep 0.01;
	}
	# Dead orphans wait for init to reap them (slowly in some
	# containers): zombies count as gone, live processes do not.
	my $left = 1;
	for (1 .. 300) {
		$left = live_in_group($pid);
		last unless $left;
		sleep 0.01;
	}
	kill 'KILL', -$pid if $left;
	opendir(my $dh, $dir) or die;
	my @files = grep { !/^\.\.?$/ } readdir($dh);
	local $/;
	open(my $o1, '<', $ofile); my $out = <$o1> // '';
	open(my $e1, '<', $efile); my $err = <$e1> // '';
	return {
		out => $out, err => $err,
		status => WIFEXITED($status) ? WEXITSTATUS($status) : -1,
		signal => WIFSIGNALED($status) ? WTERMSIG($status) : 0,
		procs_left => $left, files_left => \@files, tmpdir => $dir,
		procs_at_int => $at_int,
	};
}

sub live_in_group {
	my ($pgid) = @_;
	return scalar LmTest::group_live($pgid);
}

sub sem_ids_in {
	my ($text) = @_;
	return ($text =~ /semaphore set id (\d+)/g);
}

sub sem_exists {
	my ($id) = @_;
	my $list = `ipcs -s 2>/dev/null`;
	return undef if $? != 0;
	for my $line (split /\n/, $list) {
		my @f = split ' ', $line;
		return 1 if @f >= 2 && $f[1] =~ /^\d+$/ && $f[1] == $id;
	}
	return 0;
}

1;
