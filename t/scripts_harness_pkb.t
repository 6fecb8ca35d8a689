#!/usr/bin/perl
# PerfKitBenchmarker's lmbench benchmark, replayed on a fresh clone: the
# commands of its Prepare and Run (perfkitbenchmarker/linux_packages/
# lmbench.py, linux_benchmarks/lmbench_benchmark.py), in their order, with
# --lmbench_mem_size=8 and its default --lmbench_hardware=NO; then its
# parser's rules (t/lib/LmHarness.pm) on what `cat *.*` gives: every
# metric of its list without a warning, 8 context-switch samples per size,
# the socket bandwidth samples, and no hardware benchmark run.
#
# The compile that `make rerun` would run is replaced by a copy of this
# build (LmHarness::prebuilt): the same programs, minutes sooner.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use LmHarness;
use Test::More;
use File::Temp qw(tempdir);

bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
my $lm = "$tmp/lmbench";	# PKB clones into <INSTALL_DIR>/lmbench
fresh_clone($lm) or plan skip_all => 'not a git checkout: no clone to make';
chomp(my $arch = `sh scripts/os`);

# Prepare: _ConfigureRun.
my $r = sh_in($lm, "mkdir bin && cd bin && mkdir $arch");
is($r->{status}, 0, 'mkdir bin && cd bin && mkdir <arch>: a fresh clone has no bin/');
$r = sh_in($lm, 'cd scripts && echo "1" >>input.txt && echo "1" >>input.txt && ./config-run <input.txt',
	   timeout => 120);
is($r->{status}, 0, 'scripts/config-run <input.txt, before any build: exit 0') or diag($r->{err});
like($r->{err}, qr/end of input/, 'the two answers taken, then the defaults, saying so');
my @cfg = glob("$lm/bin/$arch/CONFIG.*");
is(scalar @cfg, 1, "one CONFIG.* in bin/$arch, where PKB's sed looks");
my $text = slurp($cfg[0] // '/dev/null');
like($text, qr/^OUTPUT=\/dev\/tty$/m, 'OUTPUT=/dev/tty for its first sed');
like($text, qr/^MB=$/m, 'MB= for its second (empty: not built yet, as lmbench3)');
like($text, qr/^BENCHMARK_HARDWARE=YES$/m, 'BENCHMARK_HARDWARE=YES for its third');
for my $sed ('s/OUTPUT=\/dev\/tty/OUTPUT=\/dev\/null/', 's/MB=/MB=8/',
	     's/BENCHMARK_HARDWARE=YES/BENCHMARK_HARDWARE=NO/') {
	$r = sh_in($lm, "sed -i -e \"$sed\" bin/$arch/CONFIG.*");
	is($r->{status}, 0, "sed -i -e \"$sed\"");
}
my $c = config_of($cfg[0] // '/dev/null');
is("$c->{OUTPUT} $c->{MB} $c->{BENCHMARK_HARDWARE}", '/dev/null 8 NO', 'the edits as PKB means them');

# Run: make rerun (PKB runs it with sudo), then cat *.* in results/<arch>.
prebuilt($lm, $arch) or BAIL_OUT('cannot copy the build into the clone');
# ROUNDS=2: two invocations of each group that runs again, rather than as
# many as the default budget (120 s) holds: the test's time.  PKB reads
# the first invocation's lines; the later ones are behind "#+" however
# many there are.
$r = sh_in($lm, 'make rerun', timeout => 600, env => { quick_env(), ROUNDS => 2 });
is($r->{status}, 0, 'make rerun: exit 0') or diag($r->{err});
unlike($r->{out} . $r->{err}, qr/^cc /m, 'nothing compiled: the copied build is up to date');
my @files = glob("$lm/results/$arch/*.*");
ok(@files >= 1, "results in results/$arch, where PKB looks") or diag(`find $lm/results`);
$r = sh_in($lm, "cd results/$arch && cat *.*");
is($r->{status}, 0, 'cd results/<arch> && cat *.*: exit 0');
my $out = $r->{out};
my ($res) = grep { /\.0$/ } @files;
my $results = slurp($res // '/dev/null');

# Its parser's rules.  The scratch file's name is in one label; when
# another process (another run here) holds /var/tmp/XXX, the run takes
# a private file and says so, and that one metric cannot be found.
my ($held) = $results =~ /^\[FILE_NOTE: (.*)\]$/m;
diag("/var/tmp/XXX was taken: $held") if $held;
my $p = pkb_parse($out);
ok(!$p->{error}, 'the parser does not raise') or diag($p->{error});
is_deeply($p->{warnings} // ['no parse'],
	  $held ? ['Failed to extract metric: Pagefaults on /var/tmp/XXX'] : [],
	  'every metric of its list, no warning');
my %got;
push @{ $got{ $_->{metric} } }, $_ for @{ $p->{samples} // [] };
for my $m (@PKB_METRICS) {
	(my $name = $m) =~ s/\\//g;
	next if $held && $name =~ /^Pagefaults/;
	my ($s) = @{ $got{$name} // [] };
	ok($s, "$name: a sample") or next;
	# The first match in `cat *.*` is lmbench3's line in the results file,
	# not one of ours nor a line of the JSON twin.
	my $line = substr($out, 0, $s->{at}) =~ /([^\n]*)\z/ ? $1 : '';
	like("$line$name:", qr/^(?:Simple )?\Q$name\E:$/, "$name: read from its own result line");
	ok($s->{at} < length $results, "$name: in the results file, before the JSON twin");
}
my %ctx;
$ctx{ $_->{meta}{memory_size} }++ for @{ $got{context_switching_time} // [] };
is_deeply(\%ctx, { map { ("${_}k" => 8) } 0, 4, 8, 16, 32, 64 },
	  '8 context-switch samples for each of the 6 sizes');
is_deeply([ map { $_->{meta}{message_size_MB} } @{ $got{socket_bandwidth} // [] } ],
	  [ 0.000001, 0.000064, 0.000128, 0.000256, 0.000512, 0.001024, 0.001437, 10.48576 ],
	  'the 8 socket bandwidth samples, by message size');
is_deeply($p->{meta}, { MB => 8, BENCHMARK_HARDWARE => 'NO', BENCHMARK_OS => 'YES' },
	  'its metadata: MB 8, hardware NO, OS YES');

# No hardware benchmark ran: the groups are those of lmbench3's OS part.
my %part = map { (split)[0, 1] }
	split /\n/, scalar(groups_table());
my @ran = $results =~ /^\[GROUP_TIME: (\w+) [\d.]+ at [\d.]+\]$/mg;
ok(@ran >= 10, scalar(@ran) . ' groups ran') or diag($results);
is_deeply([ grep { ($part{$_} // '') eq 'HARDWARE' } @ran ], [], 'no HARDWARE group ran');
my @later = $results =~ /^\[GROUP_TIME: (\w+)\/\d+ /mg;
ok(@later >= 10, scalar(@later) . ' later invocations ran');
is_deeply([ grep { ($part{$_} // '') eq 'HARDWARE' } @later ], [], '... none of a HARDWARE group');
unlike($results, qr/^(?:tlb|Memory load latency|STREAM|integer bit)\b/m,
       'no tlb, memory latency, STREAM or CPU operations lines');
like($results, qr/^\[MB: 8\]$/m, 'the run took MB 8');
done_testing();
