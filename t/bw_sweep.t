#!/usr/bin/perl
# scripts/bw_sweep: series and table output over a short size range.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my %env = (quick_env(), LMBENCH_BIN => bindir());
bin('bw_mem');

my $r = run(['sh', 'scripts/bw_sweep', '-s', '4K', '-m', '16K', '-N', 1],
	    env => \%env);
is($r->{status}, 0, 'series: exit 0') or diag($r->{err});
my @blocks = split /\n\n/, $r->{out};
is(scalar @blocks, 3, 'three series');
my @titles = map { (split /\n/)[0] } @blocks;
is_deeply(\@titles, ['"Memory read bandwidth', '"Memory write bandwidth',
		     '"unrolled bcopy'], 'series titles');
for my $b (@blocks) {
	my @l = split /\n/, $b;
	shift @l;
	is(scalar @l, 3, 'three sizes');
	like($l[0], qr/^0\.004096 $n$/, 'first size 4K');
	like($l[2], qr/^0\.016384 $n$/, 'last size 16K');
}

$r = run(['sh', 'scripts/bw_sweep', '-t', '-o', 'rd,bcopy', '-s', '512',
	  '-m', '1K', '-N', 1], env => \%env);
is($r->{status}, 0, 'table: exit 0') or diag($r->{err});
like($r->{out}, qr/^\s*size_KB\s+rd\s+bcopy\n\s*0\s+$n\s+$n\n\s*1\s+$n\s+$n\n\z/,
     'table rows') or diag($r->{out});

for my $bad (['-o', 'bogus'], ['-s', 'x'], ['-s', '1M', '-m', '4K'],
	     ['-N', '-1'], ['extra'], ['-q']) {
	$r = run(['sh', 'scripts/bw_sweep', @$bad], env => \%env);
	is($r->{status}, 2, "@$bad: exit 2");
	like($r->{err}, qr/^Usage: bw_sweep/, "@$bad: usage");
	is($r->{out}, '', "@$bad: no output");
}

done_testing();
