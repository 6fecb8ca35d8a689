#!/usr/bin/perl
# The fuzz targets' seed corpora and every input a fuzz run once failed
# on (fuzz/corpus/<target>/, fuzz/regress/<target>/), replayed through
# the same entry points, built without libFuzzer by the compiler of the
# build: a fixed bug stays fixed where there is no clang.  Each replay
# checks the target's invariants (doc/fuzzing.md), not only "no crash".
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

sub inputs { my ($t) = @_; grep { -f } map { glob("fuzz/$_/$t/*") } qw(corpus regress) }

my @c = sort map { m{^fuzz/(\w+)\.c$} ? $1 : () } glob('fuzz/*.c');
@c = grep { $_ ne 'driver' } @c;
ok(@c >= 1, 'C fuzz targets: ' . join(' ', @c));
for my $t (@c) {
	my @in = inputs($t);
	ok(@in >= 1, "$t: " . scalar(@in) . ' kept inputs');
	my @dirs = grep { -d } map { "fuzz/$_/$t" } qw(corpus regress);
	my $r = run([bin("t/fuzz_$t"), @dirs], timeout => 120);
	is($r->{status}, 0, "$t: every kept input passes the invariants")
		or diag($r->{err});
	is($r->{out}, 'replayed ' . scalar(@in) . " inputs\n",
	   "$t: all of them replayed");
}

SKIP: {
	skip 'no fuzz/results.pl', 2 unless -f 'fuzz/results.pl';
	my @in = inputs('results');
	my $r = run([$^X, 'fuzz/results.pl', '-r', @in], timeout => 120);
	is($r->{status}, 0, 'results: every kept input passes the reader checks')
		or diag($r->{err});
	like($r->{out}, qr/^results: replayed ${\ scalar @in} inputs$/m,
	     'results: all of them replayed');
}

done_testing();
