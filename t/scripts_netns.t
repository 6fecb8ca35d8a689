#!/usr/bin/perl
# REMOTE for real: two network namespaces joined by a veth pair.  The run
# happens in the first; RSH enters the second (where the servers start,
# listening on its test address); RCP copies within this machine.  Only the
# test namespaces' addresses are used.  Needs root, `ip netns` and the
# network programs; skipped otherwise.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use NetNs;
use Test::More;
use File::Temp qw(tempdir);

my $bindir = bindir();
my @net = qw(lat_udp lat_tcp lat_connect bw_tcp);
plan skip_all => 'needs root for ip netns' if $> != 0;
plan skip_all => 'network programs not built' if grep { !-x "$bindir/$_" } @net;
my ($na, $nb) = ("lmscr$$" . 'a', "lmscr$$" . 'b');
my ($ipa, $ipb) = ('10.213.77.1', '10.213.77.2');
plan skip_all => 'ip netns does not work here' unless ns_add($na);
ok(ns_add($nb) && ns_link($na, $ipa, $nb, $ipb),
   'two namespaces joined by a veth pair') or BAIL_OUT('cannot set up the namespaces');

my $tmp = tempdir(CLEANUP => 1);
my $rsh = "$tmp/rsh";
open(my $fh, '>', $rsh) or die;
my $log = "$tmp/rsh.log";
print $fh "#!/bin/sh\n# rsh HOST CMD: run CMD in the second namespace\nshift\n",
	"echo \"\$*\" >> '$log'\nexec ip netns exec $nb sh -c \"\$*\"\n";
close $fh;
chmod 0755, $rsh;
my $rcp = "$tmp/rcp";
open($fh, '>', $rcp) or die;
print $fh "#!/bin/sh\n# rcp FILES... HOST:DIR: the namespaces share the file system\n",
	"for a; do last=\$a; done\nn=\$#; i=1\nfor a; do [ \$i -lt \$n ] && cp \"\$a\" \"\${last#*:}\"; i=\$((i+1)); done\n";
close $fh;
chmod 0755, $rcp;

my $cfg = tiny_config($tmp, REMOTE => $ipb, RSH => $rsh, RCP => $rcp);
my $r = run(['ip', 'netns', 'exec', $na, 'sh', 'scripts/lmbench', '-p', 'quick', '-o', "$tmp/results",
	     $bindir, $cfg], timeout => 240,
	    env => { quick_env(), ONLY => 'remote' });
is($r->{status}, 0, 'run exits 0') or diag($r->{err});
diag(slurp((results_files("$tmp/results"))[0])) if $ENV{SHOW_RESULTS};
my ($f) = results_files("$tmp/results");
my $text = slurp($f // '');
like($text, qr/^\[ Networking remote to \Q$ipb\E: Linux .*\]$/m, 'remote host and its uname recorded');
for my $re (qr/^UDP latency using \Q$ipb\E: [0-9.]+ microseconds$/m,
	    qr/^TCP latency using \Q$ipb\E: [0-9.]+ microseconds$/m,
	    qr/^TCP\/IP connection cost to \Q$ipb\E: [0-9.]+ microseconds$/m,
	    qr/^RPC\/udp latency using \Q$ipb\E: [0-9.]+ microseconds$/m,
	    qr/^RPC\/tcp latency using \Q$ipb\E: [0-9.]+ microseconds$/m,
	    qr/^Socket bandwidth using \Q$ipb\E\n[0-9.]+ [0-9.]+ MB\/sec$/m) {
	like($text, $re, "measured across the namespaces: $re");
}
unlike($text, qr/^\[FAILED: /m, 'nothing failed')
	or diag(join "\n", $text =~ /^(\[FAILED.*)$/mg);
# Nothing left listening in the second namespace, nothing left behind.
SKIP: {
	skip 'no ss here to list listeners', 1 unless have_tool('ss');
	my $ss = `ip netns exec $nb ss -Htlnu 2>/dev/null`;
	is($ss, '', 'no server left listening there');
}
# The directory the run made there, as its RSH commands name it (other
# runs on the machine make /tmp/lmbench.* directories of their own).
my ($rdir) = map { m{^(\S+)/lat_tcp -s } ? $1 : () } split /\n/, slurp($log);
ok(defined $rdir && !-e $rdir,
   'the directory made there for the programs is removed')
	or diag('server started from ' . ($rdir // 'nowhere'));
$r = run([$^X, 'scripts/summary', $f]);
like($r->{out}, qr/^\*Remote\* Communication latencies.*\n(?:.*\n){4}\S+\s+\Q$ipb\E +[0-9.]/m,
     'summary has the remote row');

done_testing();
