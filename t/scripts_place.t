#!/usr/bin/perl
# The run's placement and core-to-core groups: lat_pipe, lat_unix and a
# 2-process lat_ctx with both ends on one CPU and on each kind of CPU pair
# found, labelled; lat_c2c's matrix; all of it under stable metric names,
# in the JSON and in the summary's "IPC latency by placement" section.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use JSON::PP;

bin('lat_pipe');
chomp(my $ncpu = `getconf _NPROCESSORS_ONLN`);
my $tmp = tempdir(CLEANUP => 1);
my $cfg = tiny_config($tmp);
my $r = run(['sh', 'scripts/lmbench', '-o', "$tmp/r", bindir(), $cfg], timeout => 240,
	    env => { quick_env(), PROFILE => 'quick', ONLY => 'place c2c numa' });
is($r->{status}, 0, 'run exits 0') or diag($r->{err});
my ($f) = results_files("$tmp/r");
my $text = slurp($f // '');
my @kinds = $text =~ /^\[PLACEMENT: ([^:\]]+): \d+ \d+\]$/mg;
is($kinds[0], 'same CPU', 'first placement: both ends on one CPU');
is(scalar(() = $text =~ /^\[PLACEMENT: none\]$/mg), scalar @kinds, 'each placement closed');
ok(@kinds >= 2, 'and at least one pair of different CPUs') if $ncpu >= 2;

my $j = decode_json(slurp("$f.json"));
my %v = map { $_->{name} => $_ } @{ $j->{values} };
for my $k (@kinds) {
	(my $s = lc $k) =~ s/[^a-z0-9]+/_/g;
	for my $m ("pipe.latency.$s", "unix.latency.$s", "ctx.size_0k.$s\@2") {
		ok(($v{$m}{median} // 0) > 0, "$m measured");
	}
	SKIP: {
		skip 'no taskset to place the TCP server', 1
			unless system('sh', '-c', 'command -v taskset >/dev/null') == 0;
		ok(($v{"net.local.tcp_latency.$s"}{median} // 0) > 0, "net.local.tcp_latency.$s measured");
	}
}
if ($ncpu >= 2) {
	ok(($v{'c2c.pair.' . join('_', $text =~ /^(\d+) (\d+) [0-9.]+$/m)}{median} // 0) > 0,
	   'a c2c pair in the JSON');
	# A figure per kind of pair only where the matrix was stable (its two
	# passes alike, each pair alike both ways: lat_c2c(8)); where the
	# vCPUs moved, none, and the run says so.
	my @kindv = grep { /^c2c\./ && !/^c2c\.(?:pair|stability)\./ } keys %v;
	if ($text =~ /^vCPUs appear to move: matrix not a topology$/m) {
		is(scalar @kindv, 0, 'a moving matrix: no c2c figure per kind of pair');
	} else {
		like($text, qr/^c2c stability: stable: /m, 'a stable matrix, said so');
		ok(scalar @kindv, 'a c2c figure per kind of pair');
	}
}
ok((grep { /^numa\.latency\.\d+_\d+$/ && $v{$_}{median} > 0 } keys %v), 'numa latency per node pair');
ok((grep { /^numa\.read_bandwidth\.\d+_\d+$/ && $v{$_}{median} > 0 } keys %v), 'numa bandwidth per node pair');
$r = run([$^X, 'scripts/summary', $f]);
like($r->{out}, qr/^IPC latency by placement/m, 'summary: the placement section');
like($r->{out}, qr/^\S+\s+.{13}\s+\d[\d.]*\s+\d[\d.]*/m, 'with figures in it');

# near and far are the closest and the farthest kind of pair; with one
# kind of pair (two CPUs in one package) far is empty, not near again.
{
	use lib 'scripts/lib';
	require LMResults;
	require LMSummary;
	my ($t) = grep { $_->{head} =~ /IPC latency by placement/ }
		LMSummary::tables([ LMResults::parse($f) ]);
	my %col;
	@col{ @{ $t->{names} } } = @{ $t->{rows}[0]{values} };
	my $others = grep { $_ ne 'same CPU' } @kinds;
	if ($others == 1) {
		ok(defined $col{'Pipe near'} && $col{'Pipe near'} =~ /\d/, 'one kind of pair: Pipe near given');
		ok(!defined $col{'Pipe far'} || $col{'Pipe far'} !~ /\d/, 'one kind of pair: Pipe far empty');
	} elsif ($others > 1) {
		ok(defined $col{'Pipe far'} && $col{'Pipe far'} =~ /\d/, 'several kinds of pair: Pipe far given');
	}
}
done_testing();
