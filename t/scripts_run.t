#!/usr/bin/perl
# scripts/lmbench end to end on a tiny configuration: the results file,
# its header, #stats lines, notes for what is not built, the JSON twin,
# names never reused, temporary files removed, the watchdog.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use JSON::PP;
use File::Spec;

bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
# The programs as built, but for lat_mem_rd: its group (memlat) must be
# noted as skipped, in the results file and in the JSON twin.
my $bindir = "$tmp/bin";
mkdir $bindir or die "$bindir: $!";
for my $p (glob(bindir() . '/*')) {
	(my $name = $p) =~ s{.*/}{};
	next if $name eq 'lat_mem_rd';
	symlink(File::Spec->rel2abs($p), "$bindir/$name") or die "$p: $!";
}
my $cfg = tiny_config($tmp);
my $out = "$tmp/results";
# A few groups, so that the run stays short once every program is built:
# whichever of them are not built yet must be noted as such.
my @progs = qw(lat_syscall lat_select lat_sig lat_ctx bw_mem lat_mem_rd stream);
my %env = (quick_env(), PROFILE => 'quick', ONLY => "@progs");
my @cmd = ('sh', 'scripts/lmbench', '-o', $out, $bindir, $cfg);

# The first run has no saved host facts: it finds the caches itself.
mkdir "$tmp/detect" or die;
my $cfg0 = tiny_config("$tmp/detect", HOST_CACHE => '', HOST_CACHE_SOURCE => '', HOST_LLC_KB => '',
		       HOST_LLC_SOURCE => '');
my $r = run(['sh', 'scripts/lmbench', '-o', $out, $bindir, $cfg0], env => \%env);
is($r->{status}, 0, 'run exits 0') or diag($r->{err});
my @files = results_files($out);
is(scalar @files, 1, 'one results file');
my $f = $files[0] // '';
like($f, qr{/[^/]+-[a-z]+/[^/]+\.0$}, 'named <os>/<node>.0');
my $text = slurp($f);
like($text, qr/\A\[lmbench3\.0 results for \S.*\]\n/, 'first line: lmbench3 header');
for my $k (qw(MB SYNC_MAX LMBENCH_SCHED MHZ LINE_SIZE ENOUGH TIMING_O LOOP_O HOSTNAME
	      RELEASE CACHE OS DATE)) {
	like($text, qr/^\[\Q$k\E: /m, "header [$k: ...]");
}
like($text, qr/^\[ENOUGH: 2000\]\n\[ENOUGH_SOURCE: environment\]$/m,
     'ENOUGH from the environment reused');
like($text, qr/^\[CHECK: (governor|thp|smt|hypervisor|load|working_set|steal): /m,
     'self-checks recorded');
like($text, qr/^Simple syscall: [0-9.]+ microseconds\n(?:#counters .*\n)?#stats \{"label":"Simple syscall",.*"ci":\{"lo":/m,
     'a result line followed by its #stats record');
# What the counters miss: before the first #stats line, then only where
# it changes (each program says it; the run writes it once).
my @said = $text =~ /^(#counters .*)$/mg;
ok(@said >= 1 && $text =~ /\A(?:(?!^#stats ).)*^#counters /ms, 'a #counters line before the first #stats line');
is(scalar(grep { $said[$_] eq $said[ $_ - 1 ] } 1 .. $#said), 0,
   'no #counters line the same as the one before it (' . scalar(@said) . ' in all)');
like($text, qr/^\[STATUS: complete\]\n\z/m, 'marked complete at the end');
unlike($text, qr/INCOMPLETE/, 'not marked incomplete');
# Every program of the run order that is not built is noted, never faked.
for my $p (@progs[1 .. $#progs]) {
	if (-x "$bindir/$p") {
		unlike($text, qr/^\[SKIPPED: group .*\b$p\b/m, "$p built: not skipped");
	} else {
		like($text, qr/^\[SKIPPED: group \w+: none of \S*\b$p\b/m, "$p not built: noted");
	}
}
my $st = slurp("$tmp/detect/status");
like($st, qr/estimated \d+ s/, 'status: whole-run estimate before the start');
like($st, qr/\[1\/\d+\] syscall .*elapsed \d+ s, about \d+ s left/, 'status: n of N, elapsed, left');
ok(!glob("$tmp/detect/lmbench.*"), 'temporary FSDIR directory removed');

# The JSON twin.
ok(-f "$f.json", 'JSON twin written');
my $j = eval { decode_json(slurp("$f.json")) };
ok($j, 'JSON twin decodes') or diag($@);
is($j->{schema_version}, 2, 'schema version 2');
is($j->{status}, 'complete', 'JSON status complete');
my ($v) = grep { $_->{name} eq 'syscall.null' } @{ $j->{values} // [] };
ok($v, 'syscall.null in JSON');
is($v->{unit}, 'microseconds', 'unit');
is($v->{n}, scalar @{ $v->{samples} }, 'n = number of raw samples');
ok($v->{min} <= $v->{median} && $v->{median} <= $v->{max}, 'min <= median <= max');
ok($v->{ci}{lo} <= $v->{median} && $v->{median} <= $v->{ci}{hi}, 'median inside its CI');
# Host facts: each cache figure labelled with its source, whatever this
# machine offers (sysfs, getconf, the measurement, or nothing: unknown).
my $hf = $j->{host};
ok(defined $hf->{cpus} && $hf->{cpus} >= 1, 'host facts: CPUs');
like($hf->{llc_source} // '', qr/^(sysfs|getconf|cache \(measured\)|unknown)$/,
     'host facts: the last-level cache has a source');
ok(length($hf->{caches_source} // ''), 'host facts: the caches have a source');
if (($hf->{llc_source} // 'unknown') eq 'unknown') {
	ok(!defined $hf->{llc_kb}, 'host facts: unknown LLC is null, not 0');
} else {
	ok(($hf->{llc_kb} // 0) > 0 && (grep { $_->{size_kb} == $hf->{llc_kb} } @{ $hf->{caches} }),
	   'host facts: the LLC is one of the levels listed');
}
ok((grep { $_->{benchmark} eq 'group memlat' &&
	    ($_->{reason} // '') =~ /\blat_mem_rd\b/ } @{ $j->{skipped} // [] }),
   'skipped groups listed with reasons') or diag(explain($j->{skipped}));

# Never overwritten: the next run takes the next free number, an existing
# file is left alone.
my $dirn = $f =~ s{/[^/]+$}{}r;
(my $host = $f) =~ s{.*/|\.0$}{}g;
open(my $fh, '>', "$dirn/$host.1") or die;
print $fh "keep me\n";
close $fh;
$r = run([@cmd], env => { %env, ONLY => 'lat_syscall' });
is($r->{status}, 0, 'second run exits 0');
is(slurp("$dirn/$host.1"), "keep me\n", 'existing results file untouched');
ok(-f "$dirn/$host.2", 'second run wrote <host>.2');
like(slurp("$dirn/$host.2"), qr/^\[ONLY: lat_syscall\]$/m, 'selection recorded');

# The scratch file: lmbench3's FSDIR/XXX, taken exclusively by a run that
# needs it and removed after; when another holds it, a private one.
{
	my $d = "$tmp/scratch";
	mkdir $d or die;
	my $sc = tiny_config($d);
	for my $held (0, 1) {
		if ($held) { open(my $x, '>', "$d/XXX") or die; print $x "not ours\n"; close $x; }
		$r = run(['sh', 'scripts/lmbench', '-o', "$d/r$held", $bindir, $sc],
			 env => { %env, ONLY => 'lat_syscall' });
		is($r->{status}, 0, "scratch file held=$held: exit 0") or diag($r->{err});
		my ($t) = map { slurp($_) } results_files("$d/r$held");
		if ($held) {
			like($t // '', qr/^\[FILE: \Q$d\E\/lmbench\.\w+\/XXX\]$/m, 'held: a private file');
			like($t // '', qr/^\[FILE_NOTE: \Q$d\E\/XXX exists/m, 'held: and why');
			is(slurp("$d/XXX"), "not ours\n", 'held: the other file untouched');
		} else {
			like($t // '', qr/^\[FILE: \Q$d\E\/XXX\]$/m, 'free: FSDIR/XXX, as lmbench3');
			like($t // '', qr/^Simple stat: /m, 'free: used');
			ok(!-e "$d/XXX", 'free: removed at the end');
		}
	}
}

# Mail results: the mail is written outside results/<os>/, which a harness
# reads with cat *.* (each line there twice would count twice).
my $mcfg = tiny_config("$tmp/detect", MAIL => 'YES');
$r = run(['sh', 'scripts/lmbench', '-o', "$tmp/mailrun", $bindir, $mcfg],
	 env => { %env, ONLY => 'lat_syscall' });
is($r->{status}, 0, 'MAIL=YES: exit 0') or diag($r->{err});
my @mail = glob("$tmp/mailrun/mail/*.mail");
is(scalar @mail, 1, 'the mail in results/mail/');
like(slurp($mail[0] // '/dev/null'), qr/\ASubject: .*\n\n\[lmbench3\.0 results/, 'the results, ready to send');
is_deeply([ map { s{.*/}{}r } grep { !m{/mail/} } glob("$tmp/mailrun/*/*") ],
	  [ map { s{.*/}{}r } ($files[0] =~ s/\.\d+$//r) . '.0', ($files[0] =~ s/\.\d+$//r) . '.0.json' ],
	  'only the results file and its JSON twin beside it');

# The watchdog: a benchmark that overruns is stopped and recorded as failed.
$r = run([@cmd], env => { %env, ENOUGH => 300000, LMBENCH_TIMEOUT => 1,
	ONLY => 'lat_syscall' });
is($r->{status}, 3, 'run with overrunning benchmarks completes, exit 3 (benchmarks failed)');
my $t3 = slurp("$dirn/$host.3");
like($t3, qr/^\[FAILED: lat_syscall null: timed out after 1 s \(watchdog\)\]$/m,
     'overrun recorded as failed with its reason');
like($t3, qr/^\[STATUS: complete\]$/m, 'and the run went on to the end');

# Configuration errors are refused before anything runs.
my $bad = tiny_config($tmp, MB => 'lots');
$r = run(['sh', 'scripts/lmbench', '-o', $out, $bindir, $bad], env => \%env);
is($r->{status}, 2, 'bad MB in the configuration: exit 2');
like($r->{err}, qr/MB=lots/, 'and says why');
$r = run(['sh', 'scripts/lmbench', '-o', $out, $bindir, $cfg], env => { %env, LOADERS => '1 0' });
is($r->{status}, 2, 'a loader count of 0: exit 2');
like($r->{err}, qr/^lmbench: LOADERS=1 0: /, 'and says why');
$r = run(['sh', 'scripts/lmbench', '-p', 'fast', '-o', $out, $bindir, $cfg], env => \%env);
is($r->{status}, 2, 'unknown profile: exit 2');
$r = run(['sh', 'scripts/lmbench'], env => \%env);
is($r->{status}, 2, 'no arguments: usage, exit 2');
like($r->{err}, qr/^Usage: scripts\/lmbench/, 'usage line');

done_testing();
