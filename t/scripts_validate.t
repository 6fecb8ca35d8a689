#!/usr/bin/perl
# scripts/validate in its quick mode (-q), the way the lead runs it on a
# large machine but at its smallest: the report's layout, one line per
# claim with a verdict, the steps with their estimates, the results and
# JSON, graphs or the reason there are none; the estimate for 16 CPUs
# within the 8-minute budget; bad input; an interrupted run cleaned up.
# Speeds are never checked: a verdict that depends on them may be either.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use File::Spec;
use JSON::PP;

my $script = 'scripts/validate';
bin('lat_c2c');
my $tmp = tempdir(CLEANUP => 1);

my $r = run([ 'sh', $script, '--help' ]);
is($r->{status}, 0, '--help: exit 0');
like($r->{out}, qr/^Usage: scripts\/validate .*OUTDIR\n(?:.*\n)*\s+-q\s.*\n(?:.*\n)*\s+-e CPUS/m,
     '--help: usage and a line per option');
$r = run([ 'sh', $script, '-T', 0, "$tmp/x" ]);
is($r->{status}, 2, '-T 0: exit 2');
like($r->{err}, qr/^validate: -T 0: .*\nUsage: scripts\/validate /, '-T 0: the reason, then usage');
mkdir "$tmp/full" or die;
open(my $fh, '>', "$tmp/full/keep") or die;
close $fh;
$r = run([ 'sh', $script, '-q', "$tmp/full" ]);
is($r->{status}, 2, 'an OUTDIR that is not empty: exit 2');
like($r->{err}, qr/^validate: .*full: not empty/, '... saying so');
ok(-f "$tmp/full/keep", '... and leaving it alone');

# A stand-in for McCalpin's stream.c (not part of this tree), as
# t/stream_ref.t has: STREAM's result lines with fixed figures.
stream_standin("$tmp/stream.c") if have_openmp();
my @src = -f "$tmp/stream.c" ? ('-s', "$tmp/stream.c") : ();

# The estimate for the large machine (16 CPUs, STREAM beside -P 16) fits
# the budget of 8 minutes.
$r = run([ 'sh', $script, '-e', 16, @src ]);
is($r->{status}, 0, '-e 16: exit 0');
for my $s (qw(install build config cores counters stream aa graphs report)) {
	like($r->{out}, qr/^  \Q$s\E\s+\d+ s  \S/m, "-e 16: an estimate for $s, with its basis");
}
my ($total) = $r->{out} =~ /^  total\s+(\d+) s/m;
ok(defined $total && $total <= 480, "-e 16: the total (" . ($total // '?') . " s) fits 480 s");

# The programs through a directory of links: every process the run starts
# names it, so that what is left behind can be found.
my $bindir = "$tmp/bin";
mkdir $bindir or die;
for my $p (glob(bindir() . '/*')) {
	(my $name = $p) =~ s{.*/}{};
	symlink(File::Spec->rel2abs($p), "$bindir/$name") or die "$p: $!";
}
sub left_behind {
	my ($what) = @_;
	return grep { /\Q$what\E/ && !/\bps\b/ } `ps -eo args 2>/dev/null`;
}

my $out = "$tmp/v";
# 0.5 ms intervals: lat_mem_load's 95 probes take a third of the default's.
my %env = (quick_env(), ENOUGH => 500);
$r = run([ 'sh', $script, '-q', '-n', '-b', $bindir, @src, $out ], timeout => 600, env => \%env);
ok($r->{status} == 0 || $r->{status} == 1, "quick run: exit 0 or 1 (it was $r->{status})")
	or diag($r->{err});
note("quick run: $r->{wall} s");
my $rep = slurp("$out/report.txt");
is($r->{out}, $rep, 'the report on stdout is report.txt');
like($r->{err}, qr/^Estimate for this machine: \d+ CPUs.*\n(?:  \S+\s+\d+ s .*\n)+  total\s+\d+ s/m,
     'the estimate printed before running');
like($r->{err}, qr/^Estimate(?:.*\n)+validate: install \(about/m, '... before the first step');
like($rep, qr/\Almbench-ng validation, \d{4}-\d\d-\d\d [\d:]+ \S+, \d+ s\n/, 'first line: date and wall time');
like($rep, qr/^Machine: .*; \d+ CPUs .*\d+ node/m, 'the machine');
like($rep, qr/^Mode: quick; budget 480 s; STREAM source: /m, 'the mode and budget');
like($rep, qr/^Estimate before running: \d+ s \(at \d+ GB\/s\); took: \d+ s$/m, 'estimate against time taken');

my $cpus = `getconf _NPROCESSORS_ONLN` + 0;
my %claim = $rep =~ /^claim (\w+): (ok|no|skipped|failed): \S.*$/mg;
is_deeply([ $rep =~ /^claim (\w+):/mg ], [qw(loaded c2c numa placement stream_p counters aa)],
	  'a line per claim, in order') or diag($rep);
is(scalar(keys %claim), 7, 'each with a verdict and a text');
# Completeness does not depend on speed: the matrices and placements are
# whole on any machine with two CPUs.
if ($cpus >= 2) {
	like($rep, qr/^claim c2c: ok: complete: $cpus x $cpus, ${\ ($cpus * ($cpus - 1))} of \d+ pairs/m,
	     'c2c: the whole matrix');
	# (A loader starved of CPU may move no bytes: that is said too.)
	like($rep, qr/^claim loaded: (?:(?:ok: (?:rising|flat)|no: falling): 1 loader, idle [\d.]+ ns, [\d.]+ ns at [\d.]+ GB\/s|no: the curve with 1 loaders has no idle latency or no bandwidth)/m,
	     'loaded: the curve judged, idle and loaded');
	like($rep, qr/^claim placement: ok: complete: \d+ placements \(same_cpu, \w+/m,
	     'placement: the same CPU and another, each complete');
} else {
	like($rep, qr/^claim c2c: skipped: one CPU/m, 'c2c: skipped on one CPU');
	like($rep, qr/^claim loaded: skipped: /m, 'loaded: skipped on one CPU');
}
like($rep, qr/^claim numa: ok: complete: (\d+) x (\d+), \d+ of \d+ \(CPU node, memory node\) pairs/m,
     'numa: the whole matrices');
if (@src) {
	like($rep, qr/^claim stream_p: (?:ok: within|no: not within) 5%: stream -P $cpus and bw_mem -P $cpus against STREAM/m,
	     'stream_p: -P beside STREAM, judged');
	like($rep, qr/^  copy\s+20000\.0\s/m, "... stream_ref's table in the details");
} else {
	like($rep, qr/^claim stream_p: skipped: no STREAM source/m, 'stream_p: skipped without a source');
}
like($rep, qr/^claim counters: (?:ok: counted: \d+ cycles|skipped: (?:no PMU|perf is not installed)|no: perf stat did not count)/m,
     'counters: counted, or why not');
like($rep, qr/^claim aa: (?:ok: alike|no: too many changes): scripts\/compare flagged \d+ of the [1-9]\d* metrics it could judge/m,
     'aa: compare judged the pair');
for my $s (qw(install build config cores counters stream aa graphs report)) {
	like($rep, qr/^step \Q$s\E\s+\d+ s\s+(?:\d+|-) s  (?:ok|skipped|failed)/m, "step $s: estimate, time, status");
}
like($rep, qr/^step build .* skipped: -b /m, 'build: skipped with -b, saying why');
like($rep, qr/^Skipped or failed, and why:\n(?:  \S.*\n)+/m, 'what was skipped and why');
is($r->{status}, ($rep =~ /^claim \w+: (?:no|failed):|^step \S+\s+\S+ s\s+\S+ s  (?:failed|interrupted)/m) ? 1 : 0,
   'exit 1 exactly when a claim does not hold or a step failed');

# The files: results and their JSON twins, the report's JSON, graphs.
my @cores = results_files("$out/results/cores");
is(scalar @cores, 1, 'one results file of the cores run');
ok(@cores && -f "$cores[0].json", '... with its JSON twin');
my @aa = results_files("$out/results/aa");
is(scalar @aa, 2, 'two results files of the A/A pair');
my $j = eval { decode_json(slurp("$out/report.json")) };
ok($j, 'report.json decodes') or diag($@);
is(scalar @{ $j->{claims} // [] }, 7, 'report.json: the claims');
is($j->{holds} ? 0 : 1, $r->{status}, 'report.json: holds as the exit status says');
ok(-s "$out/estimate.txt" && -s "$out/compare.txt", 'the estimate and compare report kept');
if (have_tool('gnuplot')) {
	ok(-s "$out/graphs/report.html", 'graphs: the HTML page');
	ok(glob("$out/graphs/c2c*.svg"), 'graphs: the c2c heat map') if $cpus >= 2;
} else {
	like($rep, qr/^step graphs .* skipped: gnuplot is not installed/m, 'graphs: skipped without gnuplot, saying why');
	ok(glob("$out/graphs/*.gp"), '... the gnuplot scripts written all the same');
}
ok(!-e "$out/tmp", 'the scratch directory removed');
ok(!left_behind($bindir), 'no program left running');

# Interrupted in the cores run: exit 130, the report says so, nothing left.
$out = "$tmp/i";
$r = run([ 'sh', $script, '-q', '-n', '-b', $bindir, $out ], timeout => 120,
	 env => \%env, signal_after => 4);
is($r->{status}, 130, 'interrupted: exit 130');
like(slurp("$out/report.txt"), qr/\Almbench-ng validation, .*, interrupted after \d+ s\n/,
     'interrupted: the report says so');
ok(!-e "$out/tmp", 'interrupted: the scratch directory removed');
select(undef, undef, undef, 0.5);
ok(!left_behind($bindir), 'interrupted: no program left running');

done_testing();
