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

my $r = run([bin('par_ops'), '-N', '3'],
	    env => {quick_env(), LMBENCH_DEBUG => 1});
is($r->{status}, 0, 'exit 0');
is($r->{out}, '', 'nothing on stdout');
my @got = $r->{err} =~ /^([a-z0-9 ]+) parallelism: [0-9]+\.[0-9]{2}$/mg;
is(join('|', @got), join('|', @labels), 'all labels, in order');
my %v = $r->{err} =~ /^([a-z0-9 ]+) parallelism: ($n)$/mg;
for my $l (@labels) {
	# At least one chain's worth; at most 8 chains' (some slack for
	# noise in t(1)).
	ok(defined $v{$l} && $v{$l} >= 1 && $v{$l} <= 10,
	   "$l: between 1 and 10") or diag($r->{err});
}
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
