#!/usr/bin/perl
# VirtualClient's LMbench workload, replayed on a fresh clone
# (VirtualClient.Actions/LMbench/LMbenchExecutor.cs, the PERF-MEM-LMBENCH
# profile): "make build CPPFLAGS=...", its thirteen empty answers and
# "none" piped into "make results" with MB and BENCHMARK_BCOPY, _MEM and
# _MMAP in the environment, then "make summary" in results/ and its
# parser's rules (t/lib/LmHarness.pm) on that: the tables it requires are
# there, and it reads from an all-mode run of ours every metric it reads
# from lmbench3's summary, with the same unit (t/harness/).  make see
# prints the summary and the percentages, as lmbench3's.
#
# The compile of its "make build" is replaced by a copy of this build
# (LmHarness::prebuilt), and the run is kept to a few groups with ONLY
# (the answers and the files are what is checked; the coverage comes
# from t/harness/all.0, a full run).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use LmHarness;
use Test::More;
use File::Temp qw(tempdir);
use File::Copy qw(copy);

bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
my $lm = "$tmp/lmbench";
fresh_clone($lm) or plan skip_all => 'not a git checkout: no clone to make';
chomp(my $os = `sh scripts/os`);
chomp(my $node = `uname -n`);

# The copy recorded as built with the CPPFLAGS its make is given.
prebuilt($lm, $os, CPPFLAGS => '-I /usr/include/tirpc')
	or BAIL_OUT('cannot copy the build into the clone');
my $r = sh_in($lm, 'make build CPPFLAGS="-I /usr/include/tirpc"', timeout => 300);
is($r->{status}, 0, 'make build CPPFLAGS=...: exit 0') or diag($r->{err});
unlike($r->{out} . $r->{err}, qr/^\S*cc /m, 'nothing compiled: the copied build is up to date');

# ExecuteDefaultWorkloadAsync: bash -c "echo -e '\n...\nnone' | make results".
$r = sh_in($lm, q{printf '\n\n\n\n\n\n\n\n\n\n\n\n\nnone\n' | make results},
	   timeout => 300,
	   env => { quick_env(), MB => 16, BENCHMARK_BCOPY => 'YES', BENCHMARK_MEM => 'YES',
		    BENCHMARK_MMAP => 'YES', PROFILE => 'quick', ONLY => 'pipe ipcbw' });
is($r->{status}, 0, 'the empty answers piped into make results: exit 0') or diag($r->{err});
my $c = config_of("$lm/bin/$os/CONFIG.$node");
is($c->{MB}, 16, 'MB from the environment, the default answer taken');
is("$c->{BENCHMARK_OS} $c->{BENCHMARK_HARDWARE}", 'YES YES', 'the default subset: all');
is("$c->{BENCHMARK_BCOPY} $c->{BENCHMARK_MEM} $c->{BENCHMARK_MMAP}", 'YES YES YES',
   'its BENCHMARK_ switches saved, as lmbench3 saves them');
ok(-f "$lm/results/$os/$node.0", "the run in results/$os/$node.0");

# make summary in results/: every table it requires.
$r = sh_in("$lm/results", 'make summary');
is($r->{status}, 0, 'make summary in results/: exit 0') or diag($r->{err});
my $p = vc_parse($r->{out});
ok(!$p->{error}, 'its parser: no exception') or diag($p->{error} . "\n" . $r->{out});
ok($p->{metrics}{communications_latency_pipe}, 'the run\'s pipe latency read from its table');

# make see: the summary, then the percentages.
$r = sh_in($lm, 'make see');
is($r->{status}, 0, 'make see: exit 0') or diag($r->{err});
my @h = $r->{out} =~ /^(\s*L M B E N C H  3 \. 0   S U M M A R Y)$/mg;
is(scalar @h, 2, 'make see: two summaries (values, then percentages)');

# Coverage: our all-mode run against lmbench3's summary (t/harness/).
mkdir "$lm/results/cover" or die;
copy('t/harness/all.0', "$lm/results/cover/$node.0") or die;
unlink "$lm/results/$os/$node.0";
$r = sh_in("$lm/results", 'make summary');
$p = vc_parse($r->{out});
ok(!$p->{error}, 'all-mode run: no exception') or diag($p->{error} // '');
my %want = map { split ' ' } grep { /\S/ && !/^#/ } split /\n/, slurp('t/harness/vc-metrics.lmbench3');
ok(keys(%want) >= 50, scalar(keys %want) . ' metrics from lmbench3\'s summary');
my @missing = grep { !$p->{metrics}{$_} } sort keys %want;
is_deeply(\@missing, [], 'every one of them in ours');
my @unit = grep { $p->{units}{$_} && $p->{units}{$_} ne $want{$_} } sort keys %want;
is_deeply(\@unit, [], 'with the same unit');
done_testing();
