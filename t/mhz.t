#!/usr/bin/perl
# mhz: prints a measured clock in lmbench3's format, or refuses honestly.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();

# A busy machine may make mhz refuse (exit 1, no number); that is allowed
# a few times, but one of three tries must give a clock.
sub try_mhz {
	my (@args) = @_;
	my $r;
	for (1 .. 3) {
		$r = run([bin('mhz'), @args]);
		last if $r->{status} == 0;
		like($r->{err}, qr/^mhz: no clock rate: /m, 'a refusal says why');
		is($r->{out}, '', 'a refusal prints no number');
	}
	return $r;
}

my $r = try_mhz();
is($r->{status}, 0, 'exit 0') or diag($r->{err});
like($r->{out}, qr/^([0-9]+) MHz, ([0-9]+\.[0-9]{4}) nanosec clock\n\z/,
     'format: <MHz> MHz, <ns> nanosec clock');
my ($mhz, $ns) = $r->{out} =~ /^([0-9]+) MHz, ($n) nanosec/;
SKIP: {
	skip 'no clock', 3 unless defined $ns;
	# Any processor of the last decades: 100 MHz .. 10 GHz.
	ok($mhz >= 100 && $mhz <= 10000, "clock $mhz MHz is plausible");
	ok(abs($mhz * $ns - 1000) <= 0.01 * 1000, 'MHz and ns agree');
	ok($r->{wall} < 20, sprintf('took %.1f s: seconds, not minutes',
				    $r->{wall}));
}

$r = try_mhz('-c');
is($r->{status}, 0, '-c: exit 0');
like($r->{out}, qr/^[0-9]+\.[0-9]{4}\n\z/, '-c: the period only');

$r = try_mhz('-d');
is($r->{status}, 0, '-d: exit 0');
like($r->{err}, qr/^mhz: round 1: add $n ns/m, '-d: rounds on stderr');
like($r->{out}, qr/ MHz, /, '-d: result still on stdout');

# Estimates that make no sense give no number: claim a loop overhead of
# 150 ns, below an iteration of every chain (1024 cycles: 0.2 us at
# 5 GHz), so it is subtracted (an interval within the overheads would be
# kept as measured, and 1 us, more than an add1024 iteration, left the
# chains consistent on a 4.3 GHz machine).  It cancels in the slope of
# the two add chains and takes 150 / 4096 ns off add4096's figure per
# add: 3.7% of a 1 GHz cycle, 18% of a 5 GHz one, beyond the 3% they may
# differ by.
$r = run([bin('mhz')], env => {LOOP_O => 0.15});
is($r->{status}, 1, 'nonsense timings: exit 1');
like($r->{err}, qr/^mhz: no clock rate: /m, 'nonsense timings: says why');
is($r->{out}, '', 'nonsense timings: no number');

# ENOUGH set by the user is respected (and a bad one rejected).
$r = run([bin('mhz')], env => {ENOUGH => 'junk'});
is($r->{status}, 2, 'bad ENOUGH: exit 2');

bad_input_ok('mhz', ['-x'], 'unknown option');
bad_input_ok('mhz', ['extra'], 'extra argument');
bad_input_ok('mhz', ['-d', '5'], 'argument after -d');

done_testing();
