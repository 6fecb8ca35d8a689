#!/usr/bin/perl
# scripts/stream_ref: builds a STREAM source with OpenMP, runs it beside
# stream -P and bw_mem -P, and prints the kernels side by side.  The real
# STREAM is not part of this tree: a stand-in prints McCalpin's result
# lines with known figures, so the parsing and the ratios can be checked;
# the figures of this suite's programs are real (no bound on speed).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);

my $script = 'scripts/stream_ref';
my $r = run([$script, '--help']);
is($r->{status}, 0, '--help: exit 0');
like($r->{out}, qr/^Usage: scripts\/stream_ref .*\n(?:.*\n)*\s+-t THREADS\s/m, '--help: usage and options');
$r = run([$script, '-t', 0, 'x.c']);
is($r->{status}, 2, '-t 0: exit 2');
like($r->{err}, qr/^stream_ref: -t 0: .*\nUsage:/, '-t 0: the reason, then usage');
$r = run([$script, '/nonexistent/stream.c']);
is($r->{status}, 2, 'unreadable source: exit 2');

SKIP: {
	skip 'no C compiler with OpenMP (cc -fopenmp)', 21 unless have_openmp();
	my $dir = tempdir(CLEANUP => 1);
	stream_standin("$dir/stream.c");
	$r = run([$script, '-b', bindir(), '-n', 1000, '-N', 2, '-r', 2, "$dir/stream.c"],
		 timeout => 300, env => {quick_env()});
	ok($r->{status} == 0 || $r->{status} == 1, 'runs: exit 0 or 1 (agreement)')
		or diag($r->{err});
	# Each of two threads works on as many elements as each copy of ours.
	like($r->{out}, qr/^STREAM: Array size = 2000 /m, 'STREAM built with the elements of two copies');
	like($r->{out}, qr/arrays of 1000 doubles \(0 MB\) a copy, 2000 in STREAM's; /m,
	     'the sizes of both said');
	# STREAM runs before, between and after ours: 1 + 3 x 2 runs.
	like($r->{out}, qr/^copy\s+20000\.0\s+16000\.0\s+[\d.]+\s+[\d.]+\s+[-+][\d.]+%\s+[-+][\d.]+%\s+[-+][\d.]+%\s+(?:20000 ){6}20000$/m,
	     'copy: best as printed, average from bytes over average time');
	# Paired is ours' best interval over STREAM's best around it: with
	# 22000 every time, the median of ours' bests over 22000.
	my ($ob, $pr) = $r->{out} =~ /^triad\s+\S+\s+\S+\s+\S+\s+(\S+)\s+\S+%\s+\S+%\s+(\S+)%/m;
	ok(defined $ob && $ob > 0 && abs(100 * ($ob / 22000 - 1) - $pr) <= 0.1,
	   'paired: the best interval of ours against STREAM best') or diag($r->{out});
	like($r->{out}, qr/^add\s+21000\.0\s+12000\.0\s/m, 'add: 24 bytes per element');
	like($r->{out}, qr/^bw_mem fcp x2\s+20000\.0\s+16000\.0\s+[\d.]+\s/m,
	     'bw_mem fcp beside STREAM copy');
	like($r->{out}, qr/^agree: (?:every kernel within 5% of STREAM best|no, )/m, 'a verdict line');
	like($r->{out}, qr/; 2 rounds$/m, 'two rounds, alternating');
	# The stand-in calls no memcpy(): its copy is a loop as built, and
	# the first flag tried keeps it one.
	like($r->{out}, qr/^STREAM: its copy (?:is a loop|.*not known \(no nm\))$/m, 'says whether the copy calls memcpy');
	SKIP: {
		skip 'no nm to tell a loop from a memcpy() call', 1
			unless system('sh', '-c', 'command -v nm >/dev/null 2>&1') == 0;
		like($r->{out}, qr/^STREAM loop: built with -f\S+, its copy a loop: set against bw_mem fcp$/m,
		     'a second build with the copy a loop, for fcp');
	}

	# A STREAM whose best rates grow by 1000 MB/s a run, 500 more in the
	# build whose copy is a loop (its name says "loop"): each of ours is
	# set against the mean of the runs just before and after it, fcp
	# against the loop build.  One round: both STREAMs, stream, both,
	# fcp, both, bcopy, both.
	my $count = "$dir/count";
	open(my $f, '>', "$dir/grow.c") or die "$dir/grow.c: $!";
	print $f <<"C";
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
	double loop = argc > 0 && strstr(argv[0], "loop") != NULL ? 500.0 : 0.0;
	int k = 0;
	FILE *f = fopen("$count", "r");

	if (f != NULL) {
		if (fscanf(f, "%d", &k) != 1)
			k = 0;
		fclose(f);
	}
	f = fopen("$count", "w");
	if (f != NULL) {
		fprintf(f, "%d\\n", k + 1);
		fclose(f);
	}
	printf("Copy:  %.1f     0.000001     0.000001     0.000001\\n", 20000.0 + 1000 * k + loop);
	printf("Scale: %.1f     0.000001     0.000001     0.000001\\n", 20000.0 + 1000 * k + loop);
	printf("Add:   %.1f     0.000002     0.000002     0.000002\\n", 20000.0 + 1000 * k + loop);
	printf("Triad: %.1f     0.000002     0.000002     0.000002\\n", 20000.0 + 1000 * k + loop);
	return 0;
}
C
	close $f;
	$r = run([$script, '-b', bindir(), '-n', 1000, '-N', 2, '-r', 1, "$dir/grow.c"],
		 timeout => 300, env => {quick_env()});
	ok($r->{status} == 0 || $r->{status} == 1, 'growing STREAM: exit 0 or 1') or diag($r->{err});
	like($r->{out}, qr/^copy\s.*\s20000 22000 24000 26000$/m, 'four STREAM runs around three of ours')
		or diag($r->{out});
	like($r->{out}, qr/^bw_mem fcp x2\s.*\s21500 23500 25500 27500$/m, 'fcp beside the loop build')
		or diag($r->{out});
	my %want = (triad => 21000, 'bw_mem fcp x2' => 24500, 'bw_mem bcopy x2' => 25000);
	for my $k (sort keys %want) {
		my ($b, $p) = $r->{out} =~ /^\Q$k\E\s+\S+\s+\S+\s+\S+\s+(\S+)\s+\S+%\s+\S+%\s+(\S+)%/m;
		ok(defined $b && $b > 0 && abs(100 * ($b / $want{$k} - 1) - $p) <= 0.1,
		   "$k: paired against the mean of the STREAM runs around it ($want{$k})")
			or diag($r->{out});
	}

	# -s: STREAM as built, then stream, twice; every run of ours against
	# STREAM's best of all its runs (here the second: 21000).
	unlink $count;
	$r = run([$script, '-s', '-b', bindir(), '-n', 1000, '-N', 2, '-r', 2, "$dir/grow.c"],
		 timeout => 300, env => {quick_env()});
	ok($r->{status} == 0 || $r->{status} == 1, '-s: exit 0 or 1') or diag($r->{err});
	like($r->{out}, qr/^round\ 1\ \d\d:\d\d:\d\d\ load\ [\d.]+\s+20000\/\d+\s+20000\/\d+\s+20000\/\d+\s+20000\/\d+\s*\n
			   round\ 2\ \d\d:\d\d:\d\d\ load\ [\d.]+\s+21000\/\d+\s/mx,
	     '-s: a line per round, STREAM and ours') or diag($r->{out});
	unlike($r->{out}, qr/^bw_mem/m, '-s: no bw_mem');
	for my $k (qw(copy scale add triad)) {
		my ($best, $hi, $lo, $in, $runs, $min, $mruns) =
			$r->{out} =~ /^$k\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\/(\d+)\s+(\d+)\/(\d+)\s+([-+][\d.]+%) ([-+][\d.]+%)$/m;
		ok(defined $best && $best == 21000 && $runs == 2 && $hi >= $lo,
		   "-s $k: STREAM best of two, ours best and worst of two") or diag($r->{out});
		# 20000 is 4.8% below 21000: both of STREAM's runs within 5%.
		ok(defined $min && $min == 2 && $mruns == 2, "-s $k: STREAM's own runs within 5% of its best");
	}
	like($r->{out}, qr/^agree: (?:every run of ours within 5%|no, )/m, '-s: a verdict line');
}
done_testing();
