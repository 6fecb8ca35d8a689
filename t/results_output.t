#!/usr/bin/perl
# LMResults as the scripts that run a program themselves use it: a
# program's output read as it printed it (values with their #stats, a
# series printed without a title read under one), and the statistics
# every reader shares.
use strict;
use warnings;
use lib 'scripts/lib';
use LMResults;
use Test::More;

my $st = 'n=3 samples=9,10,12 min=9 q1=9.5 median=10 q3=11 max=12 ci_lo=9 ci_hi=12';
my $run = do {
	local $/;	# a caller's slurp mode does not change how lines are read
	LMResults::parse_output("Pipe bandwidth: 10.50 MB/sec\n#stats label=\"Pipe bandwidth\" $st\n"
		. "Simple syscall: 0.1200 microseconds\n");
};
my $m = LMResults::metrics($run);
is($m->{'pipe.bandwidth'}{value}, 10.5, 'a value under its metric name');
is($m->{'pipe.bandwidth'}{stats}{max}, 12, 'with its #stats');
is($m->{'syscall.null'}{value}, 0.12, 'the next value on its own');
is($m->{'syscall.null'}{stats}, undef, 'without a #stats line of its own');

# bw_mem prints its points alone, run after run: read under a title.
my $out = "1.048576 27479.28\n#stats label=\"fcp\" $st\n1.048576 29522.97\n";
$run = LMResults::parse_output($out, 'unrolled bcopy unaligned');
my ($s) = @{ $run->{series} };
is_deeply([ map { [ $_->{x}, $_->{y} ] } @{ $s->{points} } ],
	  [ [ '1.048576', '27479.28' ], [ '1.048576', '29522.97' ] ], 'points as printed, in order');
is($s->{points}[0]{stats}{max}, 12, 'a point\'s #stats');
ok(!$s->{points}[1]{stats}, 'and none for a point without one');
is(scalar @{ LMResults::parse_output($out)->{series} }, 0, 'untitled: no series');

is(LMResults::median(3, undef, 1, 2), 2, 'median of the defined values');
is(LMResults::median(4, 1, 3, 2), 2.5, 'median of an even count');
is(LMResults::median(), undef, 'median of nothing: undef');
is(LMResults::mean(1, 2, undef, 6), 3, 'mean');
is(LMResults::mean(), undef, 'mean of nothing: undef');
is(sprintf('%.4f', LMResults::stddev(2, 4, 4, 4, 5, 5, 7, 9)), '2.1381', 'sample standard deviation');
is(LMResults::stddev(5), undef, 'standard deviation of one value: undef');
done_testing();
