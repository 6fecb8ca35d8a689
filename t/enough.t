#!/usr/bin/perl
# enough: probes the clock even when ENOUGH is set and prints the
# interval in whole microseconds on stdout, in milliseconds of probing.
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
	# The floor is 1 ms; ENOUGH=1 must not leak in.
	ok(defined $us && $us >= 1000 && $us <= 10000000,
	   "$name: 1 ms <= interval <= 10 s") or diag($r->{out});
	like($r->{err}, qr/^(|enough: clock probe: coarse clock[^\n]*\n)\z/,
	     "$name: stderr empty or the coarse-clock note");
}

# The probe is a few milliseconds: a run of enough costs about as much as
# a run of `true` plus the probe, far less than the old 0.8 s scaling
# test.  Compared with the same binary's start-up under -x (bad input,
# exit before any probing), so load slows both alike.
my (@probe, @start);
for (1 .. 5) {
	push @probe, run([bin('enough')], timeout => 30)->{wall};
	push @start, run([bin('enough'), '-x'], timeout => 30)->{wall};
}
my ($p, $s) = ((sort { $a <=> $b } @probe)[2], (sort { $a <=> $b } @start)[2]);
ok($p < $s + 0.25, sprintf('probe costs %.3f s over a bare start of %.3f s',
			    $p - $s, $s));

bad_input_ok('enough', ['extra'], 'an argument');
bad_input_ok('enough', ['-x'], 'an option');

done_testing();
