#!/usr/bin/perl
# scripts/lmbench and scripts/config-run when things go wrong around them: a
# results file that cannot be written (file size limit, as on a full disk),
# a scratch file that cannot be made, closed stdout/stderr.  Results are
# never lost silently: exit 1 and no end mark when writes failed, exit 3
# when the run completed but benchmarks FAILED, exit 0 otherwise.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use Cwd ();

my $bindir = bindir();
bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
my %env = (quick_env(), PROFILE => 'quick');
my $k = 0;

# lmbench_in(shell prefix, ONLY, config overrides): run, return (r, text,
# status).  $WRAP: a command the run is started under (taskset -c 1).
our $WRAP = '';
sub lmbench_in {
	my ($prefix, $only, %c) = @_;
	my $d = "$tmp/" . $k++;
	mkdir $d or die;
	my $cfg = tiny_config($d, %c);
	my $r = run(['sh', '-c', "$prefix exec $WRAP sh scripts/lmbench -o '$d/r' '$bindir' '$cfg'"],
		    timeout => 120, env => { %env, ONLY => $only });
	my ($f) = results_files("$d/r");
	return ($r, slurp($f // ''), slurp("$d/status"), $f);
}

# 1. Every write to the results file fails past 3 KB (the header alone is
#    larger): exit 1, no end mark, and the status output says so.
my ($r, $text, $st) = lmbench_in('trap "" XFSZ; ulimit -f 6;', 'lat_syscall');
is($r->{status}, 1, 'results lost: exit 1') or diag($r->{err});
unlike($text, qr/^\[STATUS: complete\]/m, 'results lost: not marked complete');
like($st . $r->{err}, qr/results lost: \S+ is incomplete/, 'results lost: said');

# 2. The scratch file cannot reach MB (1 MB file size limit, MB 4): the
#    benchmark that needs it is not run on a smaller file; a FAILED line
#    says why; the run completes with exit 3.
($r, $text, $st) = lmbench_in('trap "" XFSZ; ulimit -f 2048;', 'lat_pagefault', MB => 4);
is($r->{status}, 3, 'scratch file too small: exit 3') or diag($r->{err});
like($text, qr/^\[FAILED: making a 4 MB file in \S+: .+\]$/m, 'scratch file: FAILED with the reason');
unlike($text, qr/^Pagefaults on/m, 'scratch file: nothing measured on a smaller file');
like($text, qr/^\[STATUS: complete\]$/m, 'scratch file: the rest of the run completed');

# 2b. One CPU allowed (taskset): the groups that need a second CPU are
#     skipped, each with why, not FAILED; the run exits 0.
SKIP: {
	my @cpus = allowed_cpus();
	skip 'taskset needed', 5 unless @cpus && have_tool('taskset');
	local $WRAP = "taskset -c $cpus[-1]";
	($r, $text, $st) = lmbench_in('', 'lat_c2c lat_mem_load lat_syscall');
	is($r->{status}, 0, 'one CPU: exit 0') or diag($r->{err} . $text);
	like($text, qr/^\[SKIPPED: group c2c: it needs 2 CPUs; the run may use 1 \(taskset, cpuset\)\]$/m,
	     'one CPU: c2c skipped, with why');
	like($text, qr/^\[SKIPPED: group loaded: it needs 2 CPUs; the run may use 1 /m,
	     'one CPU: loaded skipped, with why');
	unlike($text, qr/^\[FAILED: /m, 'one CPU: nothing FAILED');
	like($text, qr/^Simple syscall: /m, 'one CPU: the rest ran');
}

# 3. Closed stdout and stderr: the scripts carry on and write their files.
for my $close ('>&-', '2>&-', '>&- 2>&-') {
	my $d = "$tmp/" . $k++;
	mkdir $d or die;
	$r = run(['sh', '-c', "exec sh scripts/config-run -d '$bindir' '$d/CONFIG' $close"],
		 env => { LMBENCH_SYSFS_ROOT => Cwd::getcwd() . '/t/sysfs/two-level-l3' });
	is($r->{status}, 0, "config $close: exit 0");
	ok(-s "$d/CONFIG", "config $close: configuration written");
}
($r, $text) = lmbench_in('', 'lat_syscall');
is($r->{status}, 0, 'a normal run: exit 0') or diag($r->{err});
for my $close ('>&-', '2>&-') {
	my $d = "$tmp/" . $k++;
	mkdir $d or die;
	my $cfg = tiny_config($d, STATUS => '/dev/stderr');
	$r = run(['sh', '-c', "exec sh scripts/lmbench -o '$d/r' '$bindir' '$cfg' $close"],
		 timeout => 120, env => { %env, ONLY => 'lat_syscall' });
	is($r->{status}, 0, "lmbench $close: exit 0");
	my ($f) = results_files("$d/r");
	like(slurp($f // ''), qr/^\[STATUS: complete\]$/m, "lmbench $close: results complete");
}

done_testing();
