#!/usr/bin/perl
# timing_o: measures the clock-read overhead even when TIMING_O is set
# and prints it in microseconds with six decimals on stdout.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

for my $env ({}, {TIMING_O => 999}) {
	my $name = %$env ? 'with TIMING_O=999' : 'plain';
	my $r = run([bin('timing_o')], env => $env);
	is($r->{status}, 0, "$name: exit 0");
	like($r->{out}, qr/^[0-9]+\.[0-9]{6}\n\z/, "$name: %.6f on stdout");
	my ($us) = $r->{out} =~ /^([0-9.]+)/;
	ok(defined $us && $us > 0 && $us < 100, "$name: 0 < value < 100 us")
		or diag($r->{out});
	is($r->{err}, '', "$name: nothing on stderr");
}

bad_input_ok('timing_o', ['extra'], 'an argument');

done_testing();
