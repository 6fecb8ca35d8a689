#!/usr/bin/perl
# par_ops: every operation of the grid, lmbench3's labels, sane values.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my @labels = (
	(map { "integer $_" } qw(bit add mul div mod)),
	(map { "int64 $_" } qw(bit add mul div mod)),
	(map { "float $_" } qw(add mul div)),
	(map { "double $_" } qw(add mul div)),
);

sub par_ops {
	return run([bin('par_ops'), '-N', '5'],
		   env => {quick_env(), LMBENCH_DEBUG => 1});
}

# At least one chain's worth; at most 8 chains' (with slack for noise in
# t(1)).  A busy machine can spoil t(1) in one run: judge the better of
# two runs, so only a real fault (e.g. chains packed into SIMD) fails.
sub out_of_range {
	my ($r) = @_;
	my %v = $r->{err} =~ /^([a-z0-9 ]+) parallelism: ($n)$/mg;
	return grep { !defined $v{$_} || $v{$_} < 1 || $v{$_} > 10 } @labels;
}

my $r = par_ops();
my @bad = out_of_range($r);
if (@bad) {
	diag("out of range in the first run: @bad; trying again");
	$r = par_ops();
	@bad = out_of_range($r);
}
is($r->{status}, 0, 'exit 0');
is($r->{out}, '', 'nothing on stdout');
my @got = $r->{err} =~ /^([a-z0-9 ]+) parallelism: [0-9]+\.[0-9]{2}$/mg;
is(join('|', @got), join('|', @labels), 'all labels, in order');
is("@bad", '', 'every parallelism between 1 and 10') or diag($r->{err});
# The debug lines show K growing from 2 and stopping by 8.
like($r->{err}, qr/integer add: K=2 t=$n ns parallelism $n/,
     'debug: K=2 for integer add');
unlike($r->{err}, qr/K=9/, 'no more than 8 chains');

bad_input_ok('par_ops', ['-x'], 'unknown option');
bad_input_ok('par_ops', ['-P', '2'], '-P is not an option here');
bad_input_ok('par_ops', ['extra'], 'extra argument');
bad_input_ok('par_ops', ['-N', '-3'], 'negative -N');
bad_input_ok('par_ops', ['-W', 'x'], 'non-numeric -W');

done_testing();
