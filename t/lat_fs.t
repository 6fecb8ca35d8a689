#!/usr/bin/perl
# lat_fs: result lines, bad input, and nothing left behind - also when
# interrupted in the middle of a run.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;
use File::Temp qw(tempdir);
use File::Find;
use POSIX qw(:sys_wait_h setpgid);
use Time::HiRes qw(time sleep);

my $n = number_re();
# tmpfs when there is one: the test checks behaviour, not the disk.
my $base = (-d '/dev/shm' && -w '/dev/shm') ? '/dev/shm' : ($ENV{TMPDIR} // '/tmp');
my $dir = tempdir('lat_fs_t.XXXXXX', DIR => $base, CLEANUP => 1);

sub leftovers {
	my @left;
	find(sub { push @left, $File::Find::name if $_ ne '.' }, $dir);
	return @left;
}

# Default sizes: four lines, tab-separated, integer counts and rates.
my $r = run([bin('lat_fs'), '-N', '3', $dir], env => {quick_env()});
is($r->{status}, 0, 'default sizes: exit 0');
is($r->{out}, '', 'nothing on stdout');
my @lines = split /\n/, $r->{err};
is(scalar @lines, 4, 'four result lines') or diag($r->{err});
my @sizes = map { (split /\t/)[0] } @lines;
is_deeply(\@sizes, [qw(0k 1k 4k 10k)], 'sizes 0k 1k 4k 10k');
for my $l (@lines) {
	like($l, qr/^[0-9]+k\t[0-9]+\t[0-9]+\t[0-9]+$/, "shape: $l");
	my (undef, $files, $c, $d) = split /\t/, $l;
	ok($files >= 1 && $c > 0 && $d > 0, "positive: $l");
	ok($c < 1e8 && $d < 1e8, "below 1e8 per second: $l");
}
is_deeply([leftovers()], [], 'nothing left in dir');

# Two copies over the default sizes: each size's run forks its own
# copies, and the file names must go on from where the last run's stopped
# (the create intervals' files stay until the end).
$r = run([bin('lat_fs'), '-P', '2', '-N', '1', $dir], env => {quick_env()});
is($r->{status}, 0, '-P 2, default sizes: exit 0') or diag($r->{err});
like($r->{err}, qr/\A(?:[0-9]+k\t[0-9]+\t[0-9]+\t[0-9]+\n){4}\z/,
     '-P 2: four result lines');
is_deeply([leftovers()], [], 'nothing left after -P 2');

# Every creation is timed before any deletion, yet each size's line is
# followed by its create and its delete #stats lines (the full run moves
# them after the series block, each tied to the line by its x).
$r = run([bin('lat_fs'), '-N', '2', $dir],
	 env => {quick_env(), LMBENCH_STATS => 1});
is($r->{status}, 0, 'LMBENCH_STATS: exit 0');
my @kinds = map { /^#stats \{"label":"lat_fs (create)",.*"col":3,/ ? $1
		  : /^#stats \{"label":"lat_fs (delete)",.*"col":4,/ ? $1
		  : /^#series \{"name":"(fs\.\w+)"/ ? $1
		  : /^#counters / ? 'counters'
		  : /^([0-9]+k)\t/ ? 'line' : "other: $_" } split /\n/, $r->{err};
is_deeply(\@kinds, [ 'fs.latency', 'fs.create', 'fs.delete', 'line', 'counters', 'create', 'delete',
		     ('line', 'create', 'delete') x 3 ],
	  'LMBENCH_STATS: the three families declared, then line, create (col=3), delete (col=4) per size');

# One size, one file per directory.
$r = run([bin('lat_fs'), '-s', '2k', '-n', '1', '-N', '2', $dir],
	 env => {quick_env()});
is($r->{status}, 0, '-s 2k -n 1: exit 0');
like($r->{err}, qr/^2k\t[0-9]+\t[0-9]+\t[0-9]+\n\z/, '-s 2k: one line');
is_deeply([leftovers()], [], 'nothing left after -n 1');

# TMPDIR is the default place.
$r = run([bin('lat_fs'), '-s', '0', '-N', '1'],
	 env => {quick_env(), TMPDIR => $dir});
is($r->{status}, 0, 'TMPDIR: exit 0');
like($r->{err}, qr/^0k\t/, 'TMPDIR: a line');
is_deeply([leftovers()], [], 'nothing left in TMPDIR');

# Interrupted runs: wait until files exist, signal, check the tree.
for my $case (['INT', 1, 'group'], ['INT', 2, 'group'], ['TERM', 1, 'parent'],
	       ['HUP', 2, 'group']) {
	my ($sig, $p, $whom) = @$case;
	my $pid = fork() // die "fork: $!";
	if ($pid == 0) {
		setpgid(0, 0);
		open(STDERR, '>', '/dev/null');
		$ENV{ENOUGH} = 20000;
		$ENV{TIMING_O} = 0;
		$ENV{LOOP_O} = 0;
		default_signals();
		exec(bin('lat_fs'), '-s', '1k', '-n', '7', '-P', $p, '-N',
		     '1000', $dir) or POSIX::_exit(127);
	}
	my $t0 = time;
	my $files = 0;
	while (time - $t0 < 20) {
		$files = grep { m{/f[0-9]+$} } leftovers();
		last if $files > 20;
		sleep 0.02;
	}
	ok($files > 20, "$sig -P $p: files were being made ($files)");
	kill $sig, ($whom eq 'group' ? -$pid : $pid);
	my $t1 = time;
	my $done = 0;
	while (time - $t1 < 20) {
		if (waitpid($pid, WNOHANG) == $pid) { $done = 1; last; }
		sleep 0.02;
	}
	if (!$done) { kill 'KILL', -$pid; waitpid($pid, 0); }
	ok($done && WIFSIGNALED($?) && WTERMSIG($?) == POSIX->can("SIG$sig")->(),
	   "$sig -P $p ($whom): ended by the signal");
	is_deeply([leftovers()], [], "$sig -P $p ($whom): nothing left");
	my @procs = group_live($pid);
	is_deeply(\@procs, [], "$sig -P $p: no process left");
}

bad_input_ok('lat_fs', ['-x'], 'unknown option');
bad_input_ok('lat_fs', ['-s'], 'missing -s value');
bad_input_ok('lat_fs', ['-s', 'abc'], 'non-numeric -s');
bad_input_ok('lat_fs', ['-s', '-1'], 'negative -s');
bad_input_ok('lat_fs', ['-n', '0'], 'zero -n');
bad_input_ok('lat_fs', ['-n', '99999999999999999999'], 'overflowing -n');
bad_input_ok('lat_fs', ['-n', '99999999999999'], 'absurd -n');
bad_input_ok('lat_fs', ['-n', '1000001'], '-n over a million');
bad_input_ok('lat_fs', ['-P', 'x'], 'non-numeric -P');
bad_input_ok('lat_fs', ['/nonexistent/dir'], 'missing directory');
bad_input_ok('lat_fs', ['/dev/null'], 'not a directory');
bad_input_ok('lat_fs', [$dir, 'extra'], 'extra argument');
is_deeply([leftovers()], [], 'nothing left after bad input');

done_testing();
