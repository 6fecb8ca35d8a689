#!/usr/bin/perl
# The statistics compare's verdicts rest on (scripts/lib/LMStats.pm),
# checked on numbers with known answers: the exact Mann-Whitney U test
# against a count of every arrangement and against the published table
# of critical values, the t and normal quantiles against their tables,
# the residuals and the spread from them against values worked out here
# by hand, the chi-square quantile against its table and the widening of
# a family's spread to a metric's own, the U test's least detectable
# change against its formula, the bootstrap over a pool whose null
# distribution is known, and the pooled low quantile and its test on
# invocations with a planted shift.
use strict;
use warnings;
use lib 'scripts/lib';
use LMStats;
use POSIX qw(erfc);
use Test::More;

my $PI = 4 * atan2(1, 1);
sub near {
	my ($got, $want, $tol, $name) = @_;
	ok(defined $got && abs($got - $want) <= $tol,
	   sprintf('%s: %s, want %.6g within %g', $name, $got // 'undef', $want, $tol));
}

# ---- the Mann-Whitney U test -------------------------------------------------------

# x and y with exactly U pairs where x is the larger, no ties: y at 10,
# 20, ..., x_i above c_i of them (the c_i summing to U).
sub with_u {
	my ($m, $n, $u) = @_;
	my @y = map { 10 * $_ } 1 .. $n;
	my @x;
	for my $i (1 .. $m) {
		my $c = $u > $n ? $n : $u;
		$u -= $c;
		push @x, 10 * $c + 5 + 0.01 * $i;
	}
	die "U too large\n" if $u;
	return (\@x, \@y);
}
# The exact two-sided p of every U for m and n, by counting every way of
# giving m of the m+n ranks to x (independent of LMStats' recursion).
sub p_by_count {
	my ($m, $n) = @_;
	my %c;
	my $total = 0;
	my $walk;
	$walk = sub {
		my ($next, $left, $sum) = @_;
		if (!$left) { $c{ $sum - $m * ($m + 1) / 2 }++; $total++; return; }
		for my $r ($next .. $m + $n - $left + 1) { $walk->($r + 1, $left - 1, $sum + $r); }
	};
	$walk->(1, $m, 0);
	my %p;
	for my $u (0 .. $m * $n) {
		my ($lo, $hi) = (0, 0);
		for (keys %c) { $lo += $c{$_} if $_ <= $u; $hi += $c{$_} if $_ >= $u; }
		my $p = 2 * ($lo < $hi ? $lo : $hi) / $total;
		$p{$u} = $p > 1 ? 1 : $p;
	}
	return \%p;
}

{
	my ($x, $y) = with_u(5, 5, 0);
	near(LMStats::mann_whitney($x, $y), 2 / 252, 1e-12, '5+5 all apart: p = 2/252');
	near(LMStats::mann_whitney($y, $x), 2 / 252, 1e-12, 'the sides swapped: the same p');
	($x, $y) = with_u(4, 4, 0);
	near(LMStats::mann_whitney($x, $y), 2 / 70, 1e-12, '4+4 all apart: p = 2/70');
	($x, $y) = with_u(3, 3, 0);
	near(LMStats::mann_whitney($x, $y), 0.1, 1e-12, '3+3 all apart: p = 2/20, never below 0.05');
	# Every U of a few sizes, against the count.
	for my $mn ([ 3, 5 ], [ 4, 6 ], [ 5, 5 ], [ 6, 6 ], [ 2, 8 ]) {
		my ($m, $n) = @$mn;
		my $want = p_by_count($m, $n);
		my $bad = 0;
		for my $u (0 .. $m * $n) {
			my ($x, $y) = with_u($m, $n, $u);
			$bad++ if abs(LMStats::mann_whitney($x, $y) - $want->{$u}) > 1e-12;
		}
		is($bad, 0, "$m+$n: the exact p of each U 0..." . $m * $n . ' as counted');
	}
}

# The 0.05 two-sided critical values of U (the largest U whose p is at
# most 0.05), from the standard table (e.g. Zar, Biostatistical Analysis,
# table B.11; Siegel and Castellan, table J): [m, n, U].
my @CRIT = ([ 2, 8, 0 ], [ 3, 5, 0 ], [ 3, 6, 1 ], [ 3, 7, 1 ], [ 3, 8, 2 ], [ 4, 4, 0 ],
	[ 4, 5, 1 ], [ 4, 6, 2 ], [ 4, 7, 3 ], [ 4, 8, 4 ], [ 5, 5, 2 ], [ 5, 6, 3 ], [ 5, 7, 5 ],
	[ 5, 8, 6 ], [ 5, 10, 8 ], [ 6, 6, 5 ], [ 6, 8, 8 ], [ 7, 7, 8 ], [ 8, 8, 13 ],
	[ 10, 10, 23 ], [ 12, 12, 37 ], [ 15, 15, 64 ], [ 20, 20, 127 ]);
for my $c (@CRIT) {
	my ($m, $n, $u) = @$c;
	my $at = LMStats::mann_whitney(with_u($m, $n, $u));
	my $past = LMStats::mann_whitney(with_u($m, $n, $u + 1));
	ok($at <= 0.05 && $past > 0.05,
	   sprintf('%d+%d: p <= 0.05 at the critical U %d (%.4g), > 0.05 at %d (%.4g)',
		   $m, $n, $u, $at, $u + 1, $past));
}

# With ties: the normal approximation with the tie correction, worked by
# hand.  x 1 2 3 3, y 3 4 5 6: the three 3s share rank 4, x's ranks sum
# to 1 + 2 + 4 + 4 = 11, U = 11 - 10 = 1; var = 4 * 4 / 12 * (9 - (27 - 3)
# / (8 * 7)), z = (|1 - 8| - 0.5) / sqrt(var), p = 2 P(Z > z).
{
	my $var = 16 / 12 * (9 - 24 / 56);
	my $z = (7 - 0.5) / sqrt($var);
	near(LMStats::mann_whitney([ 1, 2, 3, 3 ], [ 3, 4, 5, 6 ]), erfc($z / sqrt(2)), 1e-6,
	     'ties: the normal approximation with the tie correction');
	is(LMStats::mann_whitney([ 1, 2, 3 ], [ 1, 2, 3 ]), 1, 'the same values on both sides: p = 1');
	is(LMStats::mann_whitney([], [ 1, 2 ]), 1, 'an empty side: p = 1');
}

# The least p the exact test can give: 2 / C(m+n, m).
near(LMStats::u_min_p(3, 3), 0.1, 1e-12, 'u_min_p 3+3 = 0.1');
near(LMStats::u_min_p(4, 4), 0.02857, 1e-5, 'u_min_p 4+4 = 0.02857');
near(LMStats::u_min_p(5, 5), 0.00794, 1e-5, 'u_min_p 5+5 = 0.00794');
near(LMStats::u_min_p(3, 5), 2 / 56, 1e-12, 'u_min_p 3+5 = 2/56');
near(LMStats::u_min_p(2, 8), 2 / 45, 1e-12, 'u_min_p 2+8 = 2/45, below 0.05');
near(LMStats::u_min_p(2, 5), 2 / 21, 1e-12, 'u_min_p 2+5 = 2/21, above 0.05');
is(LMStats::u_min_p(1, 1), 1, 'u_min_p 1+1 = 1');
is(LMStats::u_min_p(0, 5), 1, 'u_min_p of an empty side = 1');

# ---- quantiles ------------------------------------------------------------------------

# The standard normal's, to the table's 6 decimals.
for my $z ([ 0.975, 1.959964 ], [ 0.8, 0.841621 ], [ 0.5, 0 ], [ 0.995, 2.575829 ],
	   [ 0.9, 1.281552 ], [ 0.025, -1.959964 ], [ 0.01, -2.326348 ], [ 0.001, -3.090232 ]) {
	near(LMStats::z_quantile($z->[0]), $z->[1], 1e-6, "z($z->[0])");
}
# Student's t, against the table's three decimals (its rounding, 5e-4),
# df 3 included (3.182 and 5.841, where the expansion alone gives 3.1786
# and 5.795).
for my $t ([ 0.975, 1, 12.706 ], [ 0.975, 2, 4.303 ], [ 0.8, 2, 1.061 ], [ 0.975, 3, 3.182 ],
	   [ 0.995, 3, 5.841 ], [ 0.8, 3, 0.978 ], [ 0.975, 4, 2.776 ], [ 0.995, 4, 4.604 ],
	   [ 0.975, 5, 2.571 ], [ 0.975, 8, 2.306 ], [ 0.975, 10, 2.228 ], [ 0.975, 30, 2.042 ],
	   [ 0.95, 4, 2.132 ], [ 0.95, 10, 1.812 ], [ 0.8, 8, 0.889 ], [ 0.8, 20, 0.860 ],
	   [ 0.975, 120, 1.980 ], [ 0.995, 120, 2.617 ]) {
	my ($p, $df, $want) = @$t;
	near(LMStats::t_quantile($p, $df), $want, 5e-4, "t($p, $df)");
	near(LMStats::t_quantile(1 - $p, $df), -$want, 5e-4, "t(" . (1 - $p) . ", $df): the other tail");
}
# Past the table's places: P(T < t) at the quantile, the density
# integrated here (Simpson's rule, Gamma from POSIX::lgamma), is p to
# 1e-9 for the whole df the series serves (3 to 100) and the expansion
# beyond (150), in both tails and far out (0.9995).
{
	sub t_prob {
		my ($t, $df) = @_;
		my $k = exp(POSIX::lgamma(($df + 1) / 2) - POSIX::lgamma($df / 2)) / sqrt($df * $PI);
		my $f = sub { $k * (1 + $_[0]**2 / $df)**(-($df + 1) / 2) };
		my $n = 20000;
		my $h = $t / $n;
		my $s = $f->(0) + $f->($t);
		$s += ($_ % 2 ? 4 : 2) * $f->($_ * $h) for 1 .. $n - 1;
		return 0.5 + $s * $h / 3;
	}
	my @bad;
	for my $df (3, 4, 5, 7, 12, 30, 100, 150) {
		for my $p (0.6, 0.8, 0.975, 0.995, 0.9995) {
			my $t = LMStats::t_quantile($p, $df);
			my $e = t_prob($t, $df) - $p;
			push @bad, sprintf('t(%g, %d) = %.9g: P = p %+.1e', $p, $df, $t, $e) if abs($e) > 1e-9;
			push @bad, "t(" . (1 - $p) . ", $df) is not -t($p, $df)"
				unless LMStats::t_quantile(1 - $p, $df) == -$t;
		}
	}
	is_deeply(\@bad, [], 't: P(T < t(p, df)) = p to 1e-9, df 3 to 150, p 0.6 to 0.9995');
}
ok(!eval { LMStats::t_quantile(1, 5); 1 } && !eval { LMStats::z_quantile(0); 1 },
   'p outside (0, 1): refused');

# ---- residuals and the spread from them ----------------------------------------------

{
	# Groups whose logs are known: 0 0.1 0.3 (odd: the centre 0.1 left
	# out), 0 0.2 (k = 2), 0 0.1 0.2 0.6 (median 0.15), one value (none),
	# and values that are no floors (0, undef) left out.
	my @g = ([ map { exp } 0.3, 0, 0.1 ], [ map { exp } 0, 0.2 ], [ map { exp } 0.6, 0.1, 0, 0.2 ],
		 [ exp(0.5) ], [ exp(0), 0, undef ]);
	my @r = LMStats::residuals(\@g);
	my $f3 = sqrt(3 / 2);
	my $f2 = sqrt(2);
	my $f4 = sqrt(4 / 3);
	my @want = ((0 - 0.1) * $f3, (0.3 - 0.1) * $f3, -0.1 * $f2, 0.1 * $f2,
		    map { ($_ - 0.15) * $f4 } 0, 0.1, 0.2, 0.6);
	is(scalar @r, scalar @want, 'residuals: 2 + 2 + 4, none of a group of one');
	my $bad = grep { abs($r[$_] - $want[$_]) > 1e-12 } 0 .. $#want;
	is($bad, 0, 'residuals: each log less its group\'s median, times sqrt(k / (k - 1))');
	# For two values the squares' mean is their variance.
	my ($a, $b) = (1.3, 1.1);
	my @two = LMStats::residuals([ [ $a, $b ] ]);
	my $var = (log($a) - log($b))**2 / 2;
	near(($two[0]**2 + $two[1]**2) / 2, $var, 1e-15, 'k = 2: the mean square is the variance');
	is(scalar(() = LMStats::residuals([ [1], [2], [] ])), 0, 'groups of one or none: no residuals');
}
near(LMStats::robust_sd([ -1, 0.5, 2, -3 ]), 1.4826 * 1.5, 1e-12, 'robust_sd: 1.4826 x median |r| (even)');
near(LMStats::robust_sd([ 1, -2, 3, -4, 5 ]), 1.4826 * 3, 1e-12, 'robust_sd: (odd)');
near(LMStats::robust_sd([ -1, 1, -1, 1, 100 ]), 1.4826, 1e-12, 'robust_sd: a stray residual moves it little');
is(LMStats::robust_sd([ 1, 2, 3 ]), undef, 'robust_sd: undef for fewer than 4');

# ---- one spread against another: the chi-square quantile, widen -----------------------

# The chi-square table's 0.95 and 0.99 points (e.g. Zar, table B.1):
# [p, df, x]; the Wilson-Hilferty cube is within 0.6% of them from df 3.
for my $c ([ 0.95, 3, 7.815 ], [ 0.95, 4, 9.488 ], [ 0.95, 10, 18.307 ], [ 0.95, 20, 31.410 ],
	   [ 0.95, 40, 55.758 ], [ 0.99, 5, 15.086 ], [ 0.99, 10, 23.209 ]) {
	my ($p, $df, $x) = @$c;
	near(LMStats::chi2_quantile($p, $df), $x, 0.006 * $x, "chi2_quantile($p, $df) = $x, the table's, within 0.6%");
}
ok(!eval { LMStats::chi2_quantile(0.95, 0); 1 }, 'chi2_quantile: df 0 refused');
{
	my @fam = map { $_ % 2 ? 0.01 : -0.01 } 1 .. 12;	# robust sd 0.014826
	# Four own residuals: their variance must pass chi2(0.95, 4) / 4 =
	# 2.37 times the family's, a spread 1.54 times as wide.
	near(LMStats::widen([ 0.03, -0.03, 0.03, -0.03 ], \@fam, 0.05), 3, 1e-9,
	     'widen: an own spread 3x its family\'s, shown by 4 residuals: 3');
	is(LMStats::widen([ 0.014, -0.014, 0.014, -0.014 ], \@fam, 0.05), 1,
	   'widen: 1.4x from 4 residuals (variance 1.96x, under 2.37x): not shown, 1');
	near(LMStats::widen([ map { $_ % 2 ? 0.014 : -0.014 } 1 .. 40 ], \@fam, 0.05), 1.4, 1e-9,
	     'widen: 1.4x from 40 residuals (variance 1.96x, past chi2(0.95, 40) / 40 = 1.39x): 1.4');
	is(LMStats::widen([ 0.005, -0.005, 0.005, -0.005 ], \@fam, 0.05), 1, 'widen: a narrower own spread: 1');
	is(LMStats::widen([ 0.1, -0.1, 0.1 ], \@fam, 0.05), 1, 'widen: fewer than 4 own residuals: 1');
	is(LMStats::widen([ 0.03, -0.03, 0.03, -0.03 ], [ 0, 0, 0, 0 ], 0.05), 1, 'widen: a family of no spread: 1');
}

# ---- the U test's least detectable change --------------------------------------------

{
	# Beyond m * n = 144, the large-sample formula:
	# (t(0.975, 8) + t(0.8, 8)) * sigma * sqrt(1/13 + 1/13) * sqrt(pi/3),
	# the t values from the table (2.306, 0.889).
	my $want = (2.306 + 0.889) * 0.05 * sqrt(2 / 13) * sqrt($PI / 3);
	my $got = LMStats::mde_u(0.05, 8, 13, 13, 0.05, 0.8);
	near($got, $want, 2e-4 * $want, sprintf('mde_u(0.05, df 8, 13+13) = %.5f by hand', $want));
	$want = (2.228 + 0.879) * 0.02 * sqrt(1 / 12 + 1 / 14) * sqrt($PI / 3);
	near(LMStats::mde_u(0.02, 10, 12, 14, 0.05, 0.8), $want, 5e-4 * $want,
	     sprintf('mde_u(0.02, df 10, 12+14) = %.5f by hand', $want));
	near(LMStats::mde_u(0.1, 8, 13, 13, 0.05, 0.8), 2 * $got, 1e-12, 'twice the spread: twice the change');
	near(LMStats::mde_u(0.05, 0, 5, 5, 0.05, 0.8), LMStats::mde_u(0.05, 1, 5, 5, 0.05, 0.8), 1e-12,
	     'df below 1 is taken as 1');
	ok(LMStats::mde_u(0.05, 8, 3, 3, 0.05, 0.8) == 9**9**9, '3+3: infinite, the test cannot reach 0.05');
	ok(LMStats::mde_u(0.05, 8, 4, 4, 0.05, 0.8) < 9**9**9, '4+4: finite');
	ok(LMStats::mde_u(undef, 8, 5, 5, 0.05, 0.8) == 9**9**9, 'no spread: infinite');
	# Up to 144, the exact test's shift, widened for sigma's df:
	# (t(0.975, 8) + t(0.8, 8)) / (z(0.975) + z(0.8)) = 3.195 / 2.8016.
	near(LMStats::mde_u(0.05, 8, 5, 5, 0.05, 0.8), 3.195 / 2.8016 * 0.05 * LMStats::u_shift(5, 5, 0.05, 0.8),
	     2e-4 * 0.1, 'mde_u(0.05, df 8, 5+5): the exact shift, widened for df 8');
}

# ---- the exact test's shift -------------------------------------------------------------

{
	# 4 and 4 (and 3 and 5) reach p < 0.05 only when they separate
	# completely: the power at a shift d is then P(every y + d above every
	# x) = integral of m phi(t) Phi(t)^(m-1) (1 - Phi(t - d))^n dt, here
	# by the trapezoid rule; its 0.8 by bisection.
	my $phi = sub { exp(-$_[0]**2 / 2) / sqrt(2 * $PI) };
	my $sep = sub {
		my ($m, $n, $d) = @_;
		my ($s, $h) = (0, 0.005);
		for (my $t = -8; $t < 8 + $d; $t += $h) {
			$s += $m * $phi->($t) * (1 - LMStats::upper_normal($t))**($m - 1)
				* LMStats::upper_normal($t - $d)**$n * $h;
		}
		return $s;
	};
	for my $mn ([4, 4], [3, 5]) {
		my ($lo, $hi) = (0, 10);
		for (1 .. 40) {
			my $mid = ($lo + $hi) / 2;
			($sep->(@$mn, $mid) < 0.8 ? $lo : $hi) = $mid;
		}
		near(LMStats::u_shift(@$mn, 0.05, 0.8), $lo, 0.08,
		     sprintf('u_shift %d+%d: complete separation with power 0.8 at %.3f sigma', @$mn, $lo));
	}
	# Where U may be more than 0 (5+5: U <= 2), the power at the shift
	# found, counted by the U test itself on other draws: 0.8.
	my $d = LMStats::u_shift(5, 5, 0.05, 0.8);
	my $seed = 777;
	my $r = LMStats::lcg(\$seed);
	my $normal = sub { sqrt(-2 * log($r->() || 1e-12)) * cos(2 * $PI * $r->()) };
	my $hit = 0;
	for (1 .. 2000) {
		my @x = map { $normal->() } 1 .. 5;
		my @y = map { $normal->() + $d } 1 .. 5;
		$hit++ if LMStats::mann_whitney(\@x, \@y) < 0.05;
	}
	near($hit / 2000, 0.8, 0.03, sprintf('u_shift 5+5 = %.3f: the U test rejects %.1f%% of draws shifted by it',
		$d, 100 * $hit / 2000));
	# Few invocations have far less power than the large-sample
	# efficiency says; at 12 and 12 the two are close.
	my $are = sub { (LMStats::z_quantile(0.975) + LMStats::z_quantile(0.8)) * sqrt(1 / $_[0] + 1 / $_[1])
		* sqrt($PI / 3) };
	ok(LMStats::u_shift(4, 4, 0.05, 0.8) > 1.3 * $are->(4, 4), 'u_shift 4+4: 1.3x the efficiency formula or more');
	near(LMStats::u_shift(12, 12, 0.05, 0.8) / $are->(12, 12), 1.05, 0.06,
	     'u_shift 12+12: within 10% of the efficiency formula');
	ok(LMStats::u_shift(3, 3, 0.05, 0.8) == 9**9**9, 'u_shift 3+3: infinite');
	ok(LMStats::u_shift(6, 6, 0.05, 0.8) < LMStats::u_shift(5, 5, 0.05, 0.8), 'u_shift: more invocations, less shift');
}

# ---- the bootstrap against a pool -----------------------------------------------------

{
	# A pool of two values -1 and 1, one draw a side: |D| is 0 or 2, each
	# half the time.
	my $null = LMStats::boot_null([ -1, 1 ], 1, 1, 2000, 7);
	is(scalar @$null, 2000, 'boot_null: as many draws as asked');
	is(scalar(grep { $_ != 0 && $_ != 2 } @$null), 0, 'pool -1 1: every |D| is 0 or 2');
	my $two = grep { $_ == 2 } @$null;
	near($two / 2000, 0.5, 0.04, 'pool -1 1: |D| = 2 half the time');
	is_deeply($null, [ sort { $a <=> $b } @$null ], 'sorted');
	is_deeply(LMStats::boot_null([ -1, 1 ], 1, 1, 2000, 7), $null, 'the same seed: the same draws');
	near(LMStats::boot_p($null, 2.5), 1 / 2001, 1e-15, 'a difference beyond every draw: p = 1/(draws + 1)');
	near(LMStats::boot_p($null, 2), (1 + $two) / 2001, 1e-15, 'a difference at the largest: the share at or beyond it');
	near(LMStats::boot_p($null, -2), (1 + $two) / 2001, 1e-15, 'two-sided: -2 as 2');
	is(LMStats::boot_p($null, 0), 1, 'no difference: p = 1');

	# Three values -1 0 1: |D| 0, 1, 2 in 3, 4 and 2 of 9.
	$null = LMStats::boot_null([ -1, 0, 1 ], 1, 1, 2000, 11);
	my %n;
	$n{$_}++ for @$null;
	near(($n{0} // 0) / 2000, 3 / 9, 0.04, 'pool -1 0 1: |D| = 0 in 3 of 9');
	near(($n{1} // 0) / 2000, 4 / 9, 0.04, '|D| = 1 in 4 of 9');
	near(($n{2} // 0) / 2000, 2 / 9, 0.04, '|D| = 2 in 2 of 9');

	# A constant pool: nothing but 0, so any difference is beyond it and
	# the least detectable change is 0.
	$null = LMStats::boot_null([ (0.01) x 20 ], 3, 3, 500, 1);
	near(LMStats::boot_p($null, 0.001), 1 / 501, 1e-15, 'a constant pool: any difference at p = 1/(draws + 1)');
	near(LMStats::boot_mde($null, 0.05, 0.8), 0, 1e-6, 'a constant pool: the least change 0');

	# A normal pool (sigma 1: its 1000 quantiles), one a side: D = b - a
	# is normal with sd sqrt(2); |D| > 1.96 sqrt(2) 5% of the time, and a
	# change c is found 80% of the time when c - 1.96 sqrt(2) = 0.8416
	# sqrt(2): c = 2.8016 sqrt(2) = 3.962 (the other tail adds 1e-6).
	my @normal = map { LMStats::z_quantile(($_ - 0.5) / 1000) } 1 .. 1000;
	$null = LMStats::boot_null(\@normal, 1, 1, 4000, 3);
	near(LMStats::boot_p($null, 1.959964 * sqrt(2)), 0.05, 0.01, 'normal pool: p of 1.96 sd of D = 0.05');
	my $mde1 = LMStats::boot_mde($null, 0.05, 0.8);
	near($mde1, (1.959964 + 0.841621) * sqrt(2), 0.05 * 3.962, 'normal pool: the least change 3.96 sigma');
	my $wide = LMStats::boot_null([ map { 2 * $_ } @normal ], 1, 1, 4000, 3);
	near(LMStats::boot_mde($wide, 0.05, 0.8), 2 * $mde1, 1e-6 * $mde1, 'twice the spread: twice the change');
	my $m2 = LMStats::boot_mde(LMStats::boot_null(\@normal, 2, 2, 4000, 3), 0.05, 0.8);
	my $m8 = LMStats::boot_mde(LMStats::boot_null(\@normal, 8, 8, 4000, 3), 0.05, 0.8);
	ok($m2 < $mde1 && $m8 < 0.7 * $m2,
	   sprintf('more invocations, a smaller change: 1+1 %.3f, 2+2 %.3f, 8+8 %.3f', $mde1, $m2, $m8));
}

# ---- the pooled low quantile and its test ----------------------------------------------

{
	my @inv = ([ 5, 1, 3 ], [ 4, 2 ], [ 9, 8, 7, 6 ]);
	# 9 samples: q 0.02 -> the 1st, 0.3 -> ceil(2.7) = 3rd, 0.5 -> 5th.
	is(LMStats::pool_low(\@inv, 0.02), 1, 'pool_low: q 0.02 of 9 samples is the least');
	is(LMStats::pool_low(\@inv, 0.3), 3, 'pool_low: q 0.3 of 9 is the 3rd smallest');
	is(LMStats::pool_low(\@inv, 0.5), 5, 'pool_low: q 0.5 of 9 is the 5th');
	is(LMStats::pool_low(\@inv, 1), 9, 'pool_low: q 1 is the largest');
	is(LMStats::pool_low([], 0.02), undef, 'pool_low: nothing, undef');
	is_deeply(\@inv, [ [ 5, 1, 3 ], [ 4, 2 ], [ 9, 8, 7, 6 ] ], 'the samples left in the order taken');
	# Against sorting all, for samples in no order.
	my $s = 99;
	my $r = sub { $s = ($s * 69069 + 1) % 4294967296; $s / 4294967296 };
	my @big = map { [ map { $r->() } 1 .. 5 + int(10 * $r->()) ] } 1 .. 9;
	my @all = sort { $a <=> $b } map { @$_ } @big;
	my $bad = 0;
	for my $q (0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 0.9) {
		my $k = int($q * @all);
		$k++ if $k < $q * @all;
		$k = 1 if $k < 1;
		$bad++ unless LMStats::pool_low(\@big, $q) == $all[ $k - 1 ];
	}
	is($bad, 0, 'pool_low: the ceil(q N)-th smallest of all, for seven q');
}
{
	# Five invocations of 11 samples (logs, lower better), each 1% apart
	# from the next; B the same with every sample 0.1 (10.5%) higher.
	my @a = map { my $o = 0.01 * $_; [ map { $o + 0.004 * (($_ * 7) % 11) } 0 .. 10 ] } -2 .. 2;
	my @b = map { [ map { $_ + 0.1 } @$_ ] } @a;
	my ($d, $p, $mde) = LMStats::pool_test(\@a, \@b, 0.02, 400, 5, 0.05, 0.8);
	near($d, 0.1, 1e-12, 'pool_test: the difference is the planted shift');
	near($p, 1 / 401, 1e-15, 'pool_test: a shift beyond the spread, p at its floor 1/(reps + 1)');
	ok($mde > 0 && $mde < 0.1, sprintf('pool_test: it could have seen less than the shift (%.4f)', $mde));
	my ($d2, $p2) = LMStats::pool_test(\@b, \@a, 0.02, 400, 5, 0.05, 0.8);
	ok(abs($d2 + 0.1) < 1e-12 && $p2 == $p, 'the other way: -0.1, the same p');
	my ($d0, $p0) = LMStats::pool_test(\@a, [ map { [@$_] } reverse @a ], 0.02, 400, 5, 0.05, 0.8);
	ok($d0 == 0 && $p0 > 0.8, "identical sides: d = 0, p near 1 ($p0)");
	# Every sample twice as far apart: the difference and the least
	# detectable change twice, p the same (the same draws).
	my ($dw, $pw, $mw) = LMStats::pool_test([ map { [ map { 2 * $_ } @$_ ] } @a ],
		[ map { [ map { 2 * $_ } @$_ ] } @b ], 0.02, 400, 5, 0.05, 0.8);
	ok(abs($dw - 2 * $d) < 1e-12 && $pw == $p && abs($mw - 2 * $mde) < 1e-12,
	   'twice the scale: twice the difference and the least change, the same p');
	# A shift within the invocations' spread is not significant.
	my @c = map { [ map { $_ + 0.005 } @$_ ] } reverse @a;
	my (undef, $pc) = LMStats::pool_test(\@a, \@c, 0.02, 400, 5, 0.05, 0.8);
	ok($pc > 0.05, "a shift of 0.5% among invocations 1% apart: not significant (p=$pc)");
}

done_testing();
