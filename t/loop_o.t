#!/usr/bin/perl
# loop_o: measures the empty-loop overhead per iteration even when LOOP_O
# is set and prints it in microseconds with eight decimals on stdout.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

for my $env ({}, {LOOP_O => 999}) {
	my $name = %$env ? 'with LOOP_O=999' : 'plain';
	my $r = run([bin('loop_o')], env => $env);
	is($r->{status}, 0, "$name: exit 0");
	like($r->{out}, qr/^[0-9]+\.[0-9]{8}\n\z/, "$name: %.8f on stdout");
	my ($us) = $r->{out} =~ /^([0-9.]+)/;
	# An empty iteration is a cycle or two: far below a microsecond.
	ok(defined $us && $us >= 0 && $us < 0.1, "$name: 0 <= value < 0.1 us")
		or diag($r->{out});
	is($r->{err}, '', "$name: nothing on stderr");
}

bad_input_ok('loop_o', ['extra'], 'an argument');

done_testing();
