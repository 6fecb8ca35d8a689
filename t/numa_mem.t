#!/usr/bin/perl
# numa_mem: a latency and a read-bandwidth figure for every (CPU node,
# memory node) pair this machine has, the per-core and all-CPU read
# bandwidth; bad input refused.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $num = number_re();
my $r = run([bin('numa_mem'), '-M', '8m'], env => { quick_env() }, timeout => 120);
is($r->{status}, 0, 'exit 0') or diag($r->{err});
my ($nodes) = run([bin("topology")])->{out} =~ /^Nodes: (\d+)/m;
my ($lat) = $r->{err} =~ /^"numa latency\n((?:\d+ \d+ $num\n)+)/m;
my ($bw) = $r->{err} =~ /^"numa read bandwidth\n((?:\d+ \d+ $num\n)+)/m;
is(scalar(() = ($lat // '') =~ /\n/g), $nodes * $nodes, 'latency: a line per node pair');
is(scalar(() = ($bw // '') =~ /\n/g), $nodes * $nodes, 'bandwidth: a line per node pair');
my @cells = map { (split)[2] } split(/\n/, ($lat // '') . ($bw // ''));
ok(@cells && !(grep { $_ <= 0 } @cells), 'every figure positive');
like($r->{err}, qr/^# memory (bound with mbind|not bound \(one node\)); 8 MB per buffer/m,
     'says whether the memory was bound');
like($r->{err}, qr/^Per-core read bandwidth: $num MB\/sec$/m, 'per-core bandwidth');
# One copy per CPU this test may run on (nproc: the affinity mask).
chomp(my $ncpu = `nproc`);
like($r->{err}, qr/^All-CPU read bandwidth \($ncpu copies\): $num MB\/sec$/m, 'all-CPU bandwidth')
	if $ncpu > 1;
like($r->{err}, qr/^# node \d+ measured from CPU \d+$/m, 'says which CPU measured each node');

# Started on one CPU (taskset): that CPU measures every node it can, and
# no other; no all-CPU figure.
SKIP: {
	my @cpus = allowed_cpus();
	skip 'taskset and two CPUs needed', 5 unless @cpus >= 2 && have_tool('taskset');
	my $one = $cpus[-1];
	my $t = run(['taskset', '-c', $one, bin('numa_mem'), '-M', '8m'], env => { quick_env() }, timeout => 120);
	is($t->{status}, 0, "taskset -c $one: exit 0") or diag($t->{err});
	like($t->{err}, qr/^# CPUs: 1 of \d+ online allowed to this process \(taskset, cpuset\): $one$/m,
	     '... names the one CPU allowed');
	my @used = $t->{err} =~ /^# node \d+ measured from CPU (\d+)$/mg;
	ok(@used >= 1 && !(grep { $_ != $one } @used), "... every node measured from CPU $one (@used)");
	unlike($t->{err}, qr/^All-CPU/m, '... no all-CPU figure from one CPU');
	like($t->{err}, qr/^Per-core read bandwidth: $num MB\/sec$/m, '... the per-core one');
}
bad_input_ok('numa_mem', ['-M', '0'], '-M 0');
bad_input_ok('numa_mem', ['-M', '12x'], '-M junk');
bad_input_ok('numa_mem', ['-P', '2'], '-P');
bad_input_ok('numa_mem', ['extra'], 'an operand');
done_testing();
