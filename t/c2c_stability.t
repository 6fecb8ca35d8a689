#!/usr/bin/perl
# lat_c2c's stability: the rule on made-up matrices (t/c/test_stability.c),
# then the program's own lines held against its matrix: two passes, the
# verdict, and no kind of pair where it says "not stable".
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $t = run([bin('t/test_stability')]);
is($t->{status}, 0, 'the rule on made-up matrices') or diag($t->{out});
unlike($t->{out}, qr/^not ok/m, 'every case as expected') or diag($t->{out});

chomp(my $n = `getconf _NPROCESSORS_ONLN`);
SKIP: {
	skip 'one CPU online: no pair to measure', 6 if $n < 2;
	my $num = number_re();
	my $r = run([bin('lat_c2c'), '-c', '0-1'], env => { quick_env(), LMBENCH_JSON => 1 });
	is($r->{status}, 0, 'lat_c2c -c 0-1: exit 0') or diag($r->{err});
	my ($verdict, $rm, $rx, $am, $ax, $pairs) = $r->{err} =~
		/^c2c stability: (stable|not stable): repeat spread median ($num)% max ($num)%; asymmetry median ($num)% max ($num)% \((\d+) pairs; stable: medians <= 15%, maxima <= 50%\)$/m;
	ok(defined $verdict && $pairs == 2, 'the stability line, over both pairs') or diag($r->{err});
	$verdict //= '';
	my $rule = $rm <= 15 && $am <= 15 && $rx <= 50 && $ax <= 50 ? 'stable' : 'not stable';
	# Printed with one decimal: a figure at the limit could round either way.
	ok($verdict eq $rule || grep({ abs($_ - 15) < 0.1 || abs($_ - 50) < 0.1 } $rm, $am, $rx, $ax),
	   "the verdict ($verdict) is the stated rule's");
	my %m = map { /^(\d+) (\d+) ($num)$/ ? ("$1 $2" => $3) : () } split /\n/, $r->{err};
	ok(defined $m{'0 1'} && defined $m{'1 0'}, 'both directions measured');
	my $a = defined $m{'0 1'} ? abs($m{'0 1'} - $m{'1 0'}) / ($m{'0 1'} < $m{'1 0'} ? $m{'0 1'} : $m{'1 0'}) : -1;
	ok(abs(100 * $a - ($ax // -1)) < 0.2, sprintf('the asymmetry is the matrix\'s (%.1f%%)', 100 * $a));
	my %j = map { /"name":"(c2c\.[\w.]+)".*"value":($num)/ ? ($1 => $2) : () } split /\n/, $r->{out};
	if ($verdict eq 'stable') {
		ok($r->{err} =~ /^c2c [a-zA-Z ,]+: $num nanoseconds$/m && $r->{err} !~ /vCPUs appear to move/
		   && ($j{'c2c.stability.stable'} // -1) == 1, 'stable: kinds given, JSON says stable');
	} else {
		ok($r->{err} =~ /^vCPUs appear to move: matrix not a topology$/m
		   && $r->{err} !~ /^c2c (?!stability)[a-zA-Z ,]+: /m
		   && ($j{'c2c.stability.stable'} // -1) == 0
		   && !grep({ /^c2c\.(?!pair|stability)/ } keys %j),
		   'not stable: said, no kind of pair in text or JSON');
	}
}
done_testing();
