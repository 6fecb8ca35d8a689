#!/usr/bin/perl
# lkp-tests' lmbench3, replayed on a fresh clone (programs/lmbench3/run and
# parse): its development mode with one group answered yes runs that
# group only, at the MB answered, into results/<os>/<host>.0, and its
# parser's rules (t/lib/LmHarness.pm) find that group's keys there.  Its
# answers for the all, hardware and os modes land on the questions they
# answer.  Its parser finds in an all-mode run of ours every key it finds
# in lmbench3's (t/harness/: the runs, and the keys lmbench3's gave).
#
# The compile of its "make" is replaced by a copy of this build
# (LmHarness::prebuilt): the same programs, minutes sooner.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use LmHarness;
use Test::More;
use File::Temp qw(tempdir);

bin('lat_pipe');
my $tmp = tempdir(CLEANUP => 1);
my $lm = "$tmp/lmbench3";
fresh_clone($lm) or plan skip_all => 'not a git checkout: no clone to make';
chomp(my $testbox = `uname -n`);

# cd_benchmark; make; its name of the system; no earlier results.
chomp(my $os = `sh scripts/os`);
prebuilt($lm, $os) or BAIL_OUT('cannot copy the build into the clone');
my $r = sh_in($lm, 'make 2>&1', timeout => 300);
is($r->{status}, 0, 'make: exit 0') or diag($r->{out});
$r = sh_in($lm, q{echo "$(scripts/gnu-os)" | sed 's/unknown-//'});
chomp(my $lkp_os = $r->{out});
is($lkp_os, $os, "scripts/gnu-os | sed 's/unknown-//': $os, the name of bin/ and results/");
ok(-x "$lm/bin/$lkp_os/lat_pipe", "the programs are in bin/$lkp_os");
sh_in($lm, "rm -rf results/$lkp_os/");

# run_lmbench3_development, test=PIPE, nr_threads=1, test_memory_size 16 MB.
$r = sh_in($lm, 'find bin/ -maxdepth 2 -name lmbench');
chomp(my $lmbench_path = $r->{out});
is($lmbench_path, "bin/$os/lmbench", 'find bin/ -maxdepth 2 -name lmbench: one file');
$r = sh_in($lm, q{grep -q 'dd if=/dev/zero of=$FILE count=1 bs=1G' } . "$lmbench_path || " .
	   q{sed -i '/lat_pagefault -P $SYNC_MAX $FILE/i [ -f $FILE ] || dd if=/dev/zero of=$FILE count=1 bs=1G' }
	   . $lmbench_path, stdin => '/dev/null');
is($r->{status}, 0, 'its grep || sed on that file: exit 0');
my @switch = qw(SYSCALL SELECT PROC PAGEFAULT FILE MMAP CTX PIPE UNIX UDP TCP CONNECT RPC
		HTTP BCOPY MEM OPS);
my @ans = (1, 1, 16, 'development', (map { $_ eq 'PIPE' ? 'yes' : 'no' } @switch),
	   'yes', '', '', '', '', 'no');
$r = sh_in($lm, '(' . join('; ', map { "echo $_" } @ans) . ') | make results',
	   timeout => 300, env => { quick_env() });
is($r->{status}, 0, 'development, PIPE: make results exits 0') or diag($r->{err});
unlike($r->{err}, qr/end of input/, 'every answer taken by its question');
# show_result
$r = sh_in($lm, "find results/ -maxdepth 2 -name '$testbox.0'");
chomp(my $res = $r->{out});
is($res, "results/$os/$testbox.0", "find results/ -maxdepth 2 -name <testbox>.0: one file");
my $text = slurp("$lm/$res");
# Each group's invocations ([GROUP_TIME: <group>[/<k>] <s> at <s>]), as
# many as its [PLAN: ] line says.
my %ran;
push @{ $ran{$1} }, $2 // 1 while $text =~ /^\[GROUP_TIME: (\w+)(?:\/(\d+))? [\d.]+ at [\d.]+\]$/mg;
my %planned = $text =~ /^\[PLAN: (\w+) (\d+) /mg;
is_deeply([ sort keys %ran ], [qw(ipcbw pipe)], 'PIPE only: lat_pipe and bw_pipe');
is_deeply([ sort keys %planned ], [qw(ipcbw pipe)], '... and only they planned');
# The run keeps to its estimate (doc/results.md): on a host slower than
# the models it leaves out invocations beyond the floor, on a faster one
# it adds extras, and its notes count both.  So: no invocation twice,
# the first three always, and the planned ones that did not run are the
# ones the notes say were left out.
my ($missing, $extra) = (0, 0);
for my $g (sort keys %ran) {
	my @k = sort { $a <=> $b } @{ $ran{$g} };
	my %seen;
	ok(($planned{$g} // 0) >= 3, "$g: planned to run again ($planned{$g} times)");
	is(scalar(grep { $seen{$_}++ } @k), 0, "$g: no invocation twice (@k)");
	is_deeply([ @k[ 0 .. 2 ] ], [ 1, 2, 3 ], "$g: its first three ran");
	$missing += ($planned{$g} // 0) - grep { $_ <= ($planned{$g} // 0) } @k;
	$extra += grep { $_ > ($planned{$g} // 0) } @k;
}
my ($left, $added) = (0, 0);
$left += $1 while $text =~ /^\[PLAN_NOTE: (\d+) invocations (?:beyond the least|of the least counts) left out: /mg;
$added += $1 while $text =~ /^\[PLAN_NOTE: (\d+) invocations beyond the plan added: /mg;
is("$missing $extra", "$left $added",
   'the planned invocations not run, and the extras run, are what the notes say');
my @visible = $text =~ /^(Pipe latency|Pipe bandwidth): /mg;
is_deeply(\@visible, [ 'Pipe latency', 'Pipe bandwidth' ],
	  'one line of each for lmbench3\'s readers: the later invocations behind "#+"');
like($text, qr/^Pipe latency: [\d.]+ microseconds$/m, 'lat_pipe ran');
like($text, qr/^Pipe bandwidth: [\d.]+ MB\/sec$/m, 'bw_pipe ran');
unlike($text, qr/^AF_UNIX|^Simple /m, 'nothing else');
like($text, qr/^\[MB: 16\]$/m, 'at the MB answered');
like($text, qr/^\[SLOWFS: YES\]$/m, 'SLOWFS: the answer after the seventeen');
is_deeply([ map { (split /:/)[0] } lkp_parse($text) ],
	  [ 'PIPE.latency.us', 'PIPE.bandwidth.MB/sec' ], 'its parser: the PIPE keys');

# The answers of the other modes, with one copy and two: each reaches the
# question it answers (the last, "no", the mail question), none is left
# over to the defaults.  The caches from a sysfs tree (t/sysfs/): where
# the host has none, each would be measured (~10 s here), and the
# answers are what is checked.
my %mode = (
	all => sub { my $n = shift; ($n, 1, 32, 'all', 'yes', 'yes', '', '', '',
				   ($n == 1 ? ('', '') : ()), 'no') },
	hardware => sub { my $n = shift; ($n, 1, 32, 'hardware', 'yes', 'yes', '', '', '',
					($n == 1 ? ('', '') : ()), 'no') },
	os => sub { my $n = shift; ($n, 1, 32, 'os', 'yes', '', '', '',
				  ($n == 1 ? ('') : ()), 'no') },
);
for my $m (sort keys %mode) {
	for my $n (1, 2) {
		my @a = $mode{$m}->($n);
		$r = sh_in($lm, '(' . join('; ', map { "echo '$_'" } @a) .
			   ") | sh scripts/config-run bin/$os $tmp/C.$m.$n", timeout => 120,
			   env => { LMBENCH_SYSFS_ROOT => "$lm/t/sysfs/two-level-l3" });
		is($r->{status}, 0, "$m, $n copies: exit 0") or diag($r->{err});
		unlike($r->{err}, qr/end of input/, "$m, $n copies: no answer missing");
		like($r->{err}, qr/^Mail results \[default no\] no$/m, "$m, $n copies: the last answers Mail results");
		my $c = config_of("$tmp/C.$m.$n");
		is("$c->{SYNC_MAX} $c->{MB} $c->{SLOWFS}", "$n 32 YES", "$m, $n copies: copies, MB, SLOWFS");
		is($c->{FASTMEM}, $m eq 'os' ? 'NO' : 'YES', "$m, $n copies: FASTMEM");
		is("$c->{BENCHMARK_OS} $c->{BENCHMARK_HARDWARE}",
		   { all => 'YES YES', hardware => 'NO YES', os => 'YES NO' }->{$m}, "$m, $n copies: the parts");
	}
}

# An all-mode run of ours against lmbench3's (t/harness/README says how
# each was made): every key lkp-tests' parser takes from lmbench3's.
my @want = grep { /\S/ && !/^#/ } split /\n/, slurp('t/harness/lkp-keys.lmbench3');
my %ours = map { (split /:/)[0] => 1 } lkp_parse(slurp('t/harness/all.0'));
ok(@want >= 40, scalar(@want) . ' keys from lmbench3\'s run');
is_deeply([ grep { !$ours{$_} } @want ], [], 'every one of them in ours');
done_testing();
