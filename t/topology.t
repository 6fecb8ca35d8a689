#!/usr/bin/perl
# topology and lat_c2c -l: what the kernel says of CPUs, cores, SMT,
# packages, nodes and cache sharing, on this machine and on fake sysfs
# trees of bigger ones (2 sockets, 4 nodes, SMT; no cache directory; no
# node directory).  Nothing here depends on this machine's sysfs details.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use FakeSysfs;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);
my $topo = bin('topology');
my $c2c = bin('lat_c2c');

# This machine: as many rows as online CPUs, each in a node.
my $r = run([$topo]);
is($r->{status}, 0, 'topology exits 0') or diag($r->{err});
chomp(my $n = `getconf _NPROCESSORS_ONLN`);
like($r->{out}, qr/^CPUs: $n online \(/m, "this machine: $n CPUs");
my @rows = $r->{out} =~ /^(\d+ \d+ \d+ \d+ \d+ -?\d+)$/mg;
is(scalar @rows, $n, 'one table row per CPU');
# Started on one CPU (taskset): the CPUs line says which it may use.
SKIP: {
	my @cpus = allowed_cpus();
	skip 'taskset and two CPUs needed', 2 unless @cpus >= 2 && have_tool('taskset');
	my $t = run(['taskset', '-c', $cpus[-1], $topo]);
	like($t->{out}, qr/^CPUs: $n online \([^)]*\); 1 allowed to this process \(taskset, cpuset\): $cpus[-1]$/m,
	     "taskset -c $cpus[-1]: 1 allowed, named");
	# (this test's own mask may be narrower than the online CPUs)
	if (@cpus == $n) {
		unlike($r->{out}, qr/allowed to this process/, 'unrestricted: no such note');
	} else {
		like($r->{out}, qr/; ${\ scalar @cpus} allowed to this process/, 'this test\'s own mask: said');
	}
}
like($r->{out}, qr/^Nodes: \d+ \(/m, 'nodes and their source');

# 2 sockets x 2 nodes x 2 cores x 2 threads: 16 CPUs.
make_tree("$tmp/big", packages => 2, nodes => 2, cores => 2, threads => 2);
$r = run([$topo, '-r', "$tmp/big"]);
is($r->{status}, 0, 'fake 2-socket machine: exit 0');
like($r->{out}, qr/^CPUs: 16 online \(sysfs\)$/m, '16 CPUs');
like($r->{out}, qr/^Packages: 2; cores: 8; threads per core: 2$/m, 'packages, cores, SMT');
like($r->{out}, qr/^Caches of cpu0 \(sysfs\): L1d 48K shared by 2 CPUs; L1i 32K shared by 2 CPUs; L2 2048K shared by 2 CPUs; L3 32768K shared by 4 CPUs$/m,
     'caches and who shares them');
like($r->{out}, qr/^Nodes: 4 \(sysfs\)$/m, '4 nodes');
like($r->{out}, qr/^Node 3: 4 CPUs, memory 4096 MB$/m, 'a node\'s CPUs and memory');
like($r->{out}, qr/^9 1 0 0 1 0$/m, 'cpu 9: core 1, package 0, node 0, SMT with 1, LLC of 0');
like($r->{out}, qr/^12 0 1 2 4 4$/m, 'cpu 12: core 0 of package 1, node 2, SMT with 4');
$r = run([$c2c, '-l', '-r', "$tmp/big"]);
is($r->{status}, 0, 'lat_c2c -l on it: exit 0');
my %rel = map { /^(\d+) (\d+) (.*)$/ ? ("$1 $2", $3) : () } split /\n/, $r->{out};
is(scalar keys %rel, 16 * 15, 'every ordered pair listed once, no diagonal');
is($rel{'0 8'}, 'SMT siblings', '0-8: SMT siblings');
is($rel{'0 1'}, 'shared LLC', '0-1: the node\'s L3');
is($rel{'0 2'}, 'different LLCs, same package', '0-2: same socket, other L3');
is($rel{'0 4'}, 'different nodes', '0-4: the other socket');
$r = run([$c2c, '-l', '-r', "$tmp/big", '-c', '0,4,8']);
is(scalar(split /\n/, $r->{out}), 6, '-c: only the CPUs named');

# No cache directory: sharing unknown, never guessed.
make_tree("$tmp/nocache", packages => 2, nodes => 1, cores => 2, threads => 1, caches => 0);
$r = run([$topo, '-r', "$tmp/nocache"]);
like($r->{out}, qr/^Caches of cpu0 \(none: no cache directory in sysfs\): unknown$/m,
     'no cache directory: unknown');
like($r->{out}, qr/^0 0 0 0 0 -1$/m, 'LLC -1 in the table');
$r = run([$c2c, '-l', '-r', "$tmp/nocache"]);
like($r->{out}, qr/^0 1 same package$/m, 'no caches: same package');
like($r->{out}, qr/^0 2 different nodes$/m, 'no caches: other node');

# No node directory: one node with all CPUs, said so.
make_tree("$tmp/nonode", packages => 1, nodes => 1, cores => 4, threads => 1, nodes_dir => 0);
$r = run([$topo, '-r', "$tmp/nonode"]);
like($r->{out}, qr/^Nodes: 1 \(one node assumed: no node directory in sysfs\)$/m, 'no nodes: one assumed');
like($r->{out}, qr/^Node 0: 4 CPUs, memory \d+ MB$/m, 'all CPUs in it');

# An empty tree: the CPU count from sysconf, everything else unknown.
mkdir "$tmp/empty" or die;
$r = run([$topo, '-r', "$tmp/empty"]);
is($r->{status}, 0, 'empty tree: exit 0');
like($r->{out}, qr/^CPUs: $n online \(sysconf/m, 'CPU count from sysconf');

bad_input_ok('topology', ['-x'], 'unknown option');
bad_input_ok('topology', ['extra'], 'an operand');
bad_input_ok('lat_c2c', ['-c', '0'], 'one CPU');
bad_input_ok('lat_c2c', ['-c', '0,99999'], 'a CPU that is not online');
bad_input_ok('lat_c2c', ['-c', 'x'], 'junk CPU list');
bad_input_ok('lat_c2c', ['-P', '2'], '-P');

# The CPUs a user gives with taskset are the ones measured: one CPU is
# no pair (exit 1, said why), a -c CPU outside the set is bad input.
SKIP: {
	my $ts = (grep { -x "$_/taskset" } split /:/, $ENV{PATH})[0];
	skip 'no taskset, or one CPU', 5 unless $ts && $n >= 2;
	my $c2c = bin('lat_c2c');
	$r = run([ "$ts/taskset", '-c', '0', $c2c ]);
	is($r->{status}, 1, 'taskset -c 0 lat_c2c: exit 1');
	like($r->{err}, qr/only one CPU online and allowed to this process.*no pair/,
	     '... says one CPU is allowed');
	unlike($r->{err}, qr/No such file/, '... and nothing of a stale errno');
	$r = run([ "$ts/taskset", '-c', '0', $c2c, '-c', '0,1' ]);
	is($r->{status}, 2, 'taskset -c 0 lat_c2c -c 0,1: exit 2');
	like($r->{err}, qr/CPU 1 is outside the CPUs this process may use/, '... names the CPU');
}

done_testing();
