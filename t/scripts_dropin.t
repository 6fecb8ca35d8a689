#!/usr/bin/perl
# Drop-in groups: a group file naming an out-of-tree program and how its
# output maps to metrics runs in the full run, and its metrics are in the
# JSON, in compare and in the HTML report; a bad group file is a FAILED
# line, not a silent skip.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use JSON::PP;

bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
mkdir "$tmp/groups" or die;
# An out-of-tree "benchmark": prints lmbench-style result lines.
open(my $p, '>', "$tmp/mybench") or die;
print $p "#!/bin/sh\necho \"widget latency: \${WIDGET:-2.5000} microseconds\" >&2\n",
	"echo \"widget rate: 1234.00 MB/sec\" >&2\n";
close $p;
chmod 0755, "$tmp/mybench" or die;
open(my $g, '>', "$tmp/groups/widget.group") or die;
print $g "# a drop-in group\ngroup widget part OS limit 30 estimate 1 progs $tmp/mybench\n",
	"grp_widget() {\n\tmetric widget.latency '^widget latency\$'\n\tmetric widget.rate '^widget rate\$'\n",
	"\tbench $tmp/mybench\n}\n";
close $g;

sub one_run {
	my (%env) = @_;
	my $d = tempdir(DIR => $tmp);
	my $cfg = tiny_config($d);
	my $r = run(['sh', 'scripts/lmbench', '-o', "$tmp/r", bindir(), $cfg], timeout => 120,
		    env => { quick_env(), PROFILE => 'quick', ONLY => 'widget',
			     LMBENCH_GROUPS => "$tmp/groups", %env });
	return ($r, slurp("$d/status"));
}
my ($r, $st) = one_run();
is($r->{status}, 0, 'run with a drop-in group exits 0') or diag($r->{err});
like($st, qr/\[1\/1\] widget /, 'the drop-in group ran');
my @f = results_files("$tmp/r");
my $text = slurp($f[0] // '');
like($text, qr/^\[GROUP_TIME: widget \d+\.\d at \d+\.\d\]$/m, 'it has a group time');
# Its estimate (1 s, halved by the quick profile) is its cost in the plan.
like($text, qr/^\[PLAN: widget 1 1 1 0\.50 0\.00 0\]$/m, 'its facts in the plan: once, 0.5 s');
like($text, qr/^widget latency: 2\.5000 microseconds$/m, 'its output is in the results file');
my $j = decode_json(slurp("$f[0].json"));
my %v = map { $_->{name} => $_ } @{ $j->{values} };
is($v{'widget.latency'}{value}, 2.5, 'JSON: widget.latency');
is($v{'widget.rate'}{unit}, 'MB/sec', 'JSON: widget.rate');

# A second run, 20% slower: compare names the drop-in's metric.
($r) = one_run(WIDGET => '3.0000');
@f = results_files("$tmp/r");
$r = run([$^X, 'scripts/compare', '-a', @f[0, 1]]);
like($r->{out}, qr/^widget\.latency\s+2\.5\S*\s+3\b/m, 'compare lists the drop-in metric, old and new');
$r = run([$^X, 'scripts/html', '-o', "$tmp/report.html", @f[0, 1]]);
is($r->{status}, 0, 'html exits 0') or diag($r->{err});
like(slurp("$tmp/report.html"), qr/Drop-in benchmarks.*widget\.latency \(microseconds\).*<td class="n">2\.5<\/td>/s,
     'html shows the drop-in metrics');

# A group file without progs is a FAILED line, exit 3; so is one in the
# earlier language of group files, which is not run.
open($g, '>', "$tmp/groups/broken.group") or die;
print $g "group broken\ngrp_broken() { bench $tmp/mybench; }\n";
close $g;
open($g, '>', "$tmp/groups/older.group") or die;
print $g "group older\npart OS\nrun $tmp/mybench\ncall touch $tmp/touched\n";
close $g;
($r) = one_run();
is($r->{status}, 3, 'a bad group file: exit 3');
@f = results_files("$tmp/r");
like(slurp($f[-1]), qr/^\[FAILED: drop-in group file .*broken\.group: group broken: no progs .*\]$/m, 'and says why');
like(slurp($f[-1]), qr/^\[FAILED: drop-in group file .*older\.group: no function grp_<name>: a group file is shell now .*\]$/m,
     'a group file of the earlier language: refused, and why');
ok(!-e "$tmp/touched", '... none of its lines run');
done_testing();
