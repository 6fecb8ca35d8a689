#!/usr/bin/perl
# enough: probes the clock even when ENOUGH is set and prints the
# interval in whole microseconds on stdout.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

for my $env ({}, {ENOUGH => 1}) {
	my $name = %$env ? 'with ENOUGH=1' : 'cold';
	my $r = run([bin('enough')], env => $env);
	is($r->{status}, 0, "$name: exit 0");
	like($r->{out}, qr/^[0-9]+\n\z/, "$name: one integer on stdout");
	my ($us) = $r->{out} =~ /^([0-9]+)/;
	# The candidates are milliseconds long; ENOUGH=1 must not leak in.
	ok(defined $us && $us >= 1000 && $us <= 10000000,
	   "$name: 1 ms <= interval <= 10 s") or diag($r->{out});
	like($r->{err}, qr/^(|enough: clock probe: [^\n]*\n)\z/,
	     "$name: stderr empty or the fallback note");
}

bad_input_ok('enough', ['extra'], 'an argument');
bad_input_ok('enough', ['-x'], 'an option');

done_testing();
