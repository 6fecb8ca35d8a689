#!/usr/bin/perl
# lat_mem_load: the latency-vs-bandwidth series, loaders cleaned up, bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;
use POSIX qw(setpgid :sys_wait_h);
use Time::HiRes qw(sleep time);

my $n = number_re();
my %env = (quick_env(), ENOUGH => 500);
# On one CPU lat_mem_load refuses (below): the measuring tests need two.
my @allowed = allowed_cpus();
my $two = !@allowed || @allowed >= 2;
diag('one CPU allowed: the measuring tests are left out') unless $two;
if ($two) {

	for my $mode ('rd', 'wr') {
		my $r = run([bin('lat_mem_load'), '-N', '3', '-M', '8M', $mode],
			    env => \%env);
		is($r->{status}, 0, "$mode: exit 0") or diag($r->{err});
		is($r->{out}, '', "$mode: nothing on stdout");
		my @l = split /\n/, $r->{err}, -1;
		is($l[0], "\"loaded latency $mode, 1 loader: MB/s ns", "$mode: title");
		my @pts = grep { /^\d+ $n$/ } @l;
		is(scalar(@pts), 10, "$mode: ten points");
		like($r->{err}, qr/\n\nlat_mem_load: $mode, 1 loader: (?:above idle from \d+ MB\/s|not above idle beyond the rounds' spread); steps: (\d) up, (\d) within the spread, (\d) down(?: \(the host moved, not the load: measure again\))?\n\z/,
		     "$mode: a blank line ends the series, then what its spread tells");
		my @steps = $r->{err} =~ /steps: (\d) up, (\d) within the spread, (\d) down/;
		my $sum = 0;
		$sum += $_ for @steps;
		is($sum, 8, "$mode: the eight steps between loaded levels, each told once");
		ok((grep { (split / /)[1] <= 0 } @pts) == 0, "$mode: latencies > 0");
		like($pts[0] // '', qr/^0 /, "$mode: first point with idle loaders");
	}

	# Each point's samples (LMBENCH_STATS): a loaded level's five round
	# estimates, the idle level's every idle probe (one before each round and
	# one after each loaded probe: 5 + 5 * 9); the printed latency is their
	# median.
	{
		my $r = run([bin('lat_mem_load'), '-N', '3', '-M', '8M', 'rd'],
			    env => { %env, LMBENCH_STATS => 1 });
		is($r->{status}, 0, 'LMBENCH_STATS: exit 0') or diag($r->{err});
		my @l = grep { !/^#counters / } split /\n/, $r->{err};
		my (@n, @bad);
		for my $i (0 .. $#l - 1) {
			next unless $l[$i] =~ /^\d+ ($n)$/;
			my $y = $1;
			my ($st) = grep { $_->{label} eq 'lat_mem_load' && $_->{unit} eq 'nanoseconds' }
				records($l[$i + 1] // '');
			push(@bad, "no #stats after '$l[$i]'"), next unless $st && $st->{samples};
			my @s = sort { $a <=> $b } @{ $st->{samples} };
			push @n, scalar @s;
			my $med = @s % 2 ? $s[$#s / 2] : ($s[@s / 2 - 1] + $s[@s / 2]) / 2;
			push @bad, "'$l[$i]': median of samples $med" if abs($med - $y) > 0.001 * $y + 0.001;
		}
		is_deeply(\@bad, [], 'every point followed by its #stats, the printed value their median');
		is("@n", '50 5 5 5 5 5 5 5 5 5', 'samples: every idle probe, then five rounds a level');
	}

	# The chase is warmed up before the idle point: a cold first probe ran
	# 10-30x slow on a fresh VM, and the idle point of every cold run was
	# about 20x the loaded ones.  LMBENCH_DEBUG says it happened; the idle
	# point stays within 5x the median of the others (judge the better of
	# two runs: a busy machine may spoil one).
	{
		my ($ok, $said, $why) = (0, 0, '');
		for my $try (1, 2) {
			my $r = run([bin('lat_mem_load'), '-N', '3', '-M', '64M', 'rd'],
				    env => { %env, LMBENCH_DEBUG => 1 });
			$said ||= $r->{err} =~ /^lat_mem_load: debug: chase warmed up in \d+ probes/m;
			my @y = map { (split / /)[1] } grep { /^\d+ $n$/ } split /\n/, $r->{err};
			next unless @y == 10;
			my @rest = sort { $a <=> $b } @y[1 .. 9];
			$why = "idle $y[0] ns, median of the rest $rest[4] ns";
			$ok = $y[0] <= 5 * $rest[4];
			last if $ok;
		}
		ok($said, 'the chase is warmed up before the first point');
		ok($ok, "idle point not far above the loaded ones ($why)");
	}

	# SIGINT to the group, and SIGTERM to the parent alone: no loader is left.
	for my $sig ('INT', 'TERM') {
		my $pid = fork() // die;
		if ($pid == 0) {
			setpgid(0, 0);
			open(STDERR, '>', '/dev/null');
			%ENV = (%ENV, %env);
			default_signals();
			exec(bin('lat_mem_load'), '-n', '2', '-M', '64M', 'rd')
				or POSIX::_exit(127);
		}
		sleep 1.0;
		kill($sig, $sig eq 'INT' ? -$pid : $pid);
		waitpid($pid, 0);
		# Loaders notice within a chunk; the bound only ends a failing test.
		my $t0 = time;
		sleep 0.05 while group_live($pid) && time - $t0 < 60;
		is_deeply([group_live($pid)], [], "SIG$sig: no loader left behind");
		kill('KILL', -$pid);
	}
}

# One CPU allowed (taskset): the loaders would only take turns with the
# chase, so it refuses, exit 1, before it builds its chase or forks.
SKIP: {
	skip 'taskset needed', 3 unless have_tool('taskset') && @allowed;
	my $r = run(['taskset', '-c', $allowed[-1], bin('lat_mem_load'), '-N', '3', '-M', '8M', 'rd'],
		    env => \%env);
	is($r->{status}, 1, 'one CPU allowed: exit 1');
	like($r->{err}, qr/^lat_mem_load: only one CPU allowed to this process \(taskset, cpuset\): no other CPU for a loader/,
	     'one CPU allowed: says why');
	is($r->{out}, '', 'one CPU allowed: nothing on stdout');
}

bad_input_ok('lat_mem_load', [], 'no mode');
bad_input_ok('lat_mem_load', ['cp'], 'unknown mode');
bad_input_ok('lat_mem_load', ['-x', 'rd'], 'unknown option');
bad_input_ok('lat_mem_load', ['-n', '0', 'rd'], 'zero loaders');
bad_input_ok('lat_mem_load', ['-n', 'abc', 'rd'], 'non-numeric -n');
bad_input_ok('lat_mem_load', ['-n', '99999999999999999999', 'rd'], 'overflowing -n');
bad_input_ok('lat_mem_load', ['-M', '1K', 'rd'], 'tiny -M');
bad_input_ok('lat_mem_load', ['-M', '-1', 'rd'], 'negative -M');
bad_input_ok('lat_mem_load', ['rd', 'wr'], 'two modes');
bad_input_ok('lat_mem_load', ['-n', '64', '-M', '4G', 'rd'], 'loaders beyond memory');
done_testing();
