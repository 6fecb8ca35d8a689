# LmTest - helpers for the lmbench-ng test suite.
#
#   bin('lat_syscall')            path of a built program
#   run([cmd...], timeout => 300, env => {K => V},
#       signal_after => 0.5, signal => 'INT')   (signal the program only)
#                                 { out, err, status, signal, wall, pid }
#                                 (pid is also the process group id)
#   bad_input_ok('prog', [args], 'name')
#                                 exit 2, usage or reason on stderr, no stdout
#   refused_ok('prog', [args], qr/reason/, 'name')
#                                 exit 2, the reason line, then the usage line
#   run_retry([cmd...], qr/refusal/, env => ...)
#                                 run() up to five times while the program
#                                 refuses (exit 1, stderr matching) as a
#                                 discovery program may on a busy machine
#                                 (1, 2, 4 and 8 s between the tries)
#   quick_env()                   ENOUGH etc. for short, probe-free runs
#   default_signals()             in a forked child before exec: the
#                                 signals tests send are not inherited
#                                 as ignored
#   have_tool('ss')               1 if the command is on PATH
#   instrumented($path)           'sanitizer' or 'valgrind' where the built
#                                 program is a sanitizer build (make asan)
#                                 or a valgrind wrapper (make memcheck),
#                                 else ''
#   group_live($pgid)             pids of the live (not zombie) processes
#                                 of a process group
#   records($text, 'stats')       the "#stats" records of a program's
#                                 output (or another kind's), in order,
#                                 each read as the results reader reads
#                                 it (LMResults::record: ci_lo, at, ...)
package LmTest;
use strict;
use warnings;
use Exporter 'import';
use File::Temp qw(tempfile);
use POSIX qw(:sys_wait_h setpgid);
use Time::HiRes qw(time sleep);
use Test::More;

our @EXPORT = qw(bin bindir run run_retry bad_input_ok refused_ok quick_env number_re printed_as
		 default_signals have_tool group_live instrumented allowed_cpus records
		 groups_table);

# The groups' table (scripts/lib/groups.sh: groups_table) of FILE, by
# default the run's own declaration; -dropin: as a drop-in file.  In
# list context also the shell's exit status.
sub groups_table {
	my ($file, $dropin) = @_;
	local $ENV{SCRIPTS} = 'scripts';
	open(my $fh, '-|', 'sh', '-c', '. scripts/lib/groups.sh; groups_table "$@" 2>&1', 'sh',
	     $file // '', $dropin ? 'dropin' : ()) or die "sh: $!";
	my $out = do { local $/; <$fh> } // '';
	close $fh;
	return wantarray ? ($? >> 8, $out) : $out;
}

sub run_retry {
	my ($cmd, $refusal, %o) = @_;
	my $r;
	for my $try (1 .. 5) {
		$r = run($cmd, %o);
		last unless $r->{status} == 1 && $r->{err} =~ $refusal;
		# A neighbour's burst (a test beside it writing and syncing
		# files, or building) can last all five tries at once: 1, 2, 4
		# and 8 s between them let it pass.
		select(undef, undef, undef, 2**($try - 1)) if $try < 5;
	}
	return $r;
}

sub bindir {
	my $dir = $ENV{LMBENCH_BIN};
	if (!$dir) {
		chomp(my $os = `sh scripts/os`);
		$dir = "bin/$os";
	}
	return $dir;
}

sub bin {
	my ($name) = @_;
	my $path = bindir() . "/$name";
	BAIL_OUT("$path is not built (run make test)") unless -x $path;
	return $path;
}

sub records {
	my ($text, $kind) = @_;
	$kind //= 'stats';
	require lib;
	lib->import('scripts/lib');
	require LMResults;
	return map { LMResults::record($_) } $text =~ /^#\Q$kind\E (.*)$/mg;
}

# Short intervals and no probing: tests check behaviour, not speed.
sub quick_env {
	# LMBENCH_SPAN 0: the repetitions alone, whatever the caller's
	# environment says (tests count samples).  DRIFT 0: a run without
	# the host's drift probes, 0.7 s sooner (a quarter of a one-program
	# run); the tests of the probes ask for them (DRIFT => 1).
	return (ENOUGH => 2000, TIMING_O => 0, LOOP_O => 0, LMBENCH_SPAN => 0, DRIFT => 0);
}

# A shell started in the background without job control (as by some CI
# runners) ignores SIGINT and SIGQUIT, and an exec'd program inherits
# that: it would then keep running through the SIGINT a test sends it.
sub default_signals {
	$SIG{$_} = 'DEFAULT' for qw(INT QUIT TERM HUP PIPE);
}

sub have_tool {
	my ($name) = @_;
	return system('sh', '-c', 'command -v "$1" >/dev/null 2>&1', 'sh',
		      $name) == 0;
}

# The CPUs this test may run on (its affinity mask: taskset, a cpuset),
# from /proc/self/status; () where the kernel does not say.
sub allowed_cpus {
	open(my $fh, '<', '/proc/self/status') or return ();
	my ($list) = join('', <$fh>) =~ /^Cpus_allowed_list:\s*(\S+)/m;
	return map { /^(\d+)-(\d+)$/ ? ($1 .. $2) : $_ } split /,/, $list // '';
}

sub instrumented {
	my ($path) = @_;
	open(my $fh, '<:raw', $path) or return '';
	local $/;
	my $body = <$fh> // '';
	return 'sanitizer' if $body =~ /__asan_init|__ubsan_handle/;
	return 'valgrind' if $body =~ /\A#![^\n]*\n[^\n]*\bvalgrind\b/;
	return '';
}

# From /proc where there is one (no ps needed), else from ps.  A zombie
# has ended: reaping an orphan is its reaper's job, slow in some
# containers.
sub group_live {
	my ($pgid) = @_;
	my @rows;
	if (-r '/proc/self/stat') {
		for my $stat (glob('/proc/[0-9]*/stat')) {
			open(my $fh, '<', $stat) or next;
			my $s = <$fh> // next;
			my ($pid) = $stat =~ m{/(\d+)/};
			$s =~ s/^.*\) //s;
			my ($state, undef, $pg) = split(' ', $s);
			push @rows, [$pid, $pg, $state];
		}
	} else {
		@rows = map { [split ' '] } `ps -A -o pid= -o pgid= -o stat=`;
	}
	return map { $_->[0] } grep { @$_ >= 3 && $_->[1] == $pgid &&
				      $_->[2] !~ /^[ZX]/ } @rows;
}

sub number_re { qr/[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/ }

# printed_as(TEXT, VALUE): TEXT, a number as a program printed it, is
# VALUE to within half of TEXT's last digit (and 1e-5 of VALUE, which a
# #stats line gives to six digits).
sub printed_as {
	my ($text, $value) = @_;
	my ($frac, $exp) = $text =~ /^[0-9]+(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]+))?$/
		or return 0;
	my $half = 0.5 * 10 ** (($exp // 0) - length($frac // ''));
	return abs($text - $value) <= $half + 1e-5 * abs($value);
}

# Run a command in its own process group with a time limit; a command
# still running at the limit is killed (the whole group) and reported.
sub run {
	my ($cmd, %o) = @_;
	# The limit ends a hang; it must never end a slow run on a busy machine.
	my $timeout = $o{timeout} // 300;
	my ($ofh, $ofile) = tempfile(UNLINK => 1);
	my ($efh, $efile) = tempfile(UNLINK => 1);
	my $t0 = time;
	my $pid = fork() // die "fork: $!";
	if ($pid == 0) {
		setpgid(0, 0);
		open(STDOUT, '>&', $ofh) or die;
		open(STDERR, '>&', $efh) or die;
		if (defined $o{stdin}) {
			open(STDIN, '<', $o{stdin}) or die;
		} else {
			open(STDIN, '<', '/dev/null') or die;
		}
		%ENV = (%ENV, %{ $o{env} // {} });
		default_signals();
		exec(@$cmd) or POSIX::_exit(127);
	}
	my ($timed_out, $status, $signalled) = (0, 0, 0);
	while (1) {
		my $r = waitpid($pid, WNOHANG);
		if ($r == $pid) { $status = $?; last; }
		if (defined $o{signal_after} && !$signalled &&
		    time - $t0 >= $o{signal_after}) {
			kill($o{signal} // 'INT', $pid);
			$signalled = 1;
		}
		if (time - $t0 > $timeout) {
			kill 'KILL', -$pid;
			waitpid($pid, 0);
			$status = $?;
			$timed_out = 1;
			last;
		}
		sleep 0.01;
	}
	my $wall = time - $t0;
	local $/;
	open(my $o1, '<', $ofile); my $out = <$o1> // '';
	open(my $e1, '<', $efile); my $err = <$e1> // '';
	return {
		out => $out, err => $err, wall => $wall,
		status => WIFEXITED($status) ? WEXITSTATUS($status) : -1,
		signal => WIFSIGNALED($status) ? WTERMSIG($status) : 0,
		timed_out => $timed_out, pid => $pid,
	};
}

sub bad_input_ok {
	my ($prog, $args, $name) = @_;
	my $r = run([bin($prog), @$args], env => {quick_env()});
	subtest "$prog: $name" => sub {
		is($r->{status}, 2, 'exit status 2');
		is($r->{signal}, 0, 'no signal');
		like($r->{err}, qr/Usage: \Q$prog\E[ \n]|^\Q$prog\E: /m,
		     'usage or reason on stderr');
		is($r->{out}, '', 'nothing on stdout');
		unlike($r->{err}, qr/microseconds|nanoseconds|MB\/sec/,
		       'no result line');
	};
}

# Bad input refused as the standard says: exit 2, a first line naming
# what was wrong (matching $reason), then the usage line, nothing more.
sub refused_ok {
	my ($prog, $args, $reason, $name) = @_;
	my $r = run([bin($prog), @$args], timeout => 20, env => {quick_env()});
	subtest "$prog: $name" => sub {
		is($r->{status}, 2, 'exit status 2');
		like($r->{err}, qr/^\Q$prog\E: [^\n]*$reason[^\n]*\n/,
		     'first line: the reason');
		like($r->{err}, qr/\nUsage: \Q$prog\E(?: [^\n]*)?\n\z/,
		     'then the usage line');
		is($r->{out}, '', 'nothing on stdout');
	};
}

1;
