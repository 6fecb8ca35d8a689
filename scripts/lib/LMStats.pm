# LMStats - the statistics compare's verdicts rest on, as plain functions
# of numbers (no results files here; LMCompare brings the invocations).
#
#   LMStats::mann_whitney(\@x, \@y)     two-sided p of the U test
#   LMStats::u_min_p($m, $n)            the least p the exact test can give
#   LMStats::t_quantile($p, $df)        Student's t, lower-tail probability p
#   LMStats::z_quantile($p)             the standard normal's
#   LMStats::residuals(\@groups)        each group's logs less its median,
#                                       scaled for its size (below)
#   LMStats::robust_sd(\@residuals)     sigma from the median |residual|
#   LMStats::mde_u($sigma, $df, $m, $n, $alpha, $power)
#                                       the U test's least detectable change
#   LMStats::u_shift($m, $n, $alpha, $power)
#                                       the exact test's, in units of sigma
#   LMStats::boot_null(\@pool, $m, $n, $draws, $seed)
#                                       the null distribution of a difference
#                                       of medians: sorted |D*|
#   LMStats::boot_p(\@null, $d)         its p for an observed difference
#   LMStats::boot_mde(\@null, $alpha, $power)
#                                       its least detectable change
#   LMStats::best_set(\@floors, $w)   the floors within a factor 1 + w of
#                                       the least (logs, lower better)
#   LMStats::pool_low(\@invocations, $q)
#                                       the q-quantile of all their samples
#   LMStats::pool_test(\@inv_a, \@inv_b, $q, $reps, $seed, $alpha, $power)
#                                       a bootstrap over invocations of the
#                                       difference of the pooled quantiles
#
# Everything is on the log scale: a change is log(new / old), and a
# detectable change of d is a factor exp(d) (percent: 100 * (exp(d) - 1)).
package LMStats;
use strict;
use warnings;

# ---- the Mann-Whitney U test -------------------------------------------------

# The number of orderings of m+n ranks giving each U, memoised.
my %ucount;
sub u_counts {
	my ($m, $n) = @_;
	return $ucount{"$m,$n"} //= do {
		# c[j][u] for the current i: arrangements of i x's and j y's.
		my @c = map { [1] } 0 .. $n;
		for my $i (1 .. $m) {
			my @d = ([1]);
			for my $j (1 .. $n) {
				my @row;
				# the largest is an x (U grows by j) or a y.
				my ($px, $py) = ($c[$j], $d[$j - 1]);
				for my $u (0 .. $i * $j) {
					$row[$u] = ($u >= $j ? $px->[$u - $j] // 0 : 0)
						 + ($py->[$u] // 0);
				}
				$d[$j] = \@row;
			}
			@c = @d;
		}
		$c[$n];
	};
}

sub choose {
	my ($n, $k) = @_;
	my $r = 1;
	$r = $r * ($n - $k + $_) / $_ for 1 .. $k;
	return $r;
}

# The least two-sided p of the exact test for m and n values: all of one
# side below all of the other.  3 and 3 give 0.1: no such test reaches
# 0.05; 4 and 4 give 0.029, 5 and 5 0.0079.
sub u_min_p {
	my ($m, $n) = @_;
	return 1 unless $m >= 1 && $n >= 1;
	my $p = 2 / choose($m + $n, $m);
	return $p > 1 ? 1 : $p;
}

# Two-sided p of the Mann-Whitney U test.  Exact without ties (small
# samples); with ties, the normal approximation with the tie correction.
sub mann_whitney {
	my ($x, $y) = @_;
	my ($m, $n) = (scalar @$x, scalar @$y);
	return 1 unless $m && $n;
	my @all = sort { $a->[0] <=> $b->[0] } (map { [ $_, 0 ] } @$x), (map { [ $_, 1 ] } @$y);
	my ($i, $rx, $ties) = (0, 0, 0);
	while ($i < @all) {
		my $j = $i;
		$j++ while $j + 1 < @all && $all[$j + 1][0] == $all[$i][0];
		my $rank = ($i + $j) / 2 + 1;
		my $t = $j - $i + 1;
		$ties += $t**3 - $t;
		$rx += $rank for grep { $_->[1] == 0 } @all[$i .. $j];
		$i = $j + 1;
	}
	my $u = $rx - $m * ($m + 1) / 2;
	if (!$ties && $m * $n <= 400) {
		my $c = u_counts($m, $n);
		my $total = choose($m + $n, $m);
		my ($lo, $hi) = (0, 0);
		for my $k (0 .. $#$c) {
			$lo += $c->[$k] if $k <= $u;
			$hi += $c->[$k] if $k >= $u;
		}
		my $p = 2 * ($lo < $hi ? $lo : $hi) / $total;
		return $p > 1 ? 1 : $p;
	}
	my $N = $m + $n;
	my $var = $m * $n / 12 * (($N + 1) - $ties / ($N * ($N - 1)));
	return 1 if $var <= 0;
	my $z = (abs($u - $m * $n / 2) - 0.5) / sqrt($var);
	return 1 if $z <= 0;
	return 2 * upper_normal($z);
}

# P(Z > z) for the standard normal (Abramowitz and Stegun 26.2.17).
sub upper_normal {
	my ($z) = @_;
	return 1 - upper_normal(-$z) if $z < 0;
	my $t = 1 / (1 + 0.2316419 * $z);
	my $poly = $t * (0.319381530 + $t * (-0.356563782 + $t * (1.781477937
		+ $t * (-1.821255978 + $t * 1.330274429))));
	my $p = exp(-$z * $z / 2) / sqrt(2 * 3.141592653589793) * $poly;
	return $p < 0 ? 0 : $p;
}

# ---- quantiles ------------------------------------------------------------------

# The standard normal's quantile: P(Z < z) = p (Acklam's rational
# approximation, relative error below 1.2e-9).
sub z_quantile {
	my ($p) = @_;
	die "z_quantile: p must be in (0, 1)\n" unless $p > 0 && $p < 1;
	my @a = (-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
		1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00);
	my @b = (-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
		6.680131188771972e+01, -1.328068155288572e+01);
	my @c = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
		-2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00);
	my @d = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
		3.754408661907416e+00);
	my $lo = 0.02425;
	if ($p < $lo) {
		my $q = sqrt(-2 * log($p));
		return ((((($c[0] * $q + $c[1]) * $q + $c[2]) * $q + $c[3]) * $q + $c[4]) * $q + $c[5])
			/ (((($d[0] * $q + $d[1]) * $q + $d[2]) * $q + $d[3]) * $q + 1);
	}
	if ($p > 1 - $lo) {
		return -z_quantile(1 - $p);
	}
	my $q = $p - 0.5;
	my $r = $q * $q;
	return ((((($a[0] * $r + $a[1]) * $r + $a[2]) * $r + $a[3]) * $r + $a[4]) * $r + $a[5]) * $q
		/ ((((($b[0] * $r + $b[1]) * $r + $b[2]) * $r + $b[3]) * $r + $b[4]) * $r + 1);
}

# Student's t quantile for df degrees of freedom: P(T < t) = p.  For a
# whole df up to $T_EXACT, Newton's method on the exact distribution
# function (Abramowitz and Stegun 26.7.3-4: a finite series in
# cos(atan(t / sqrt(df)))), from the expansion below, to 1e-12: the
# tables to all their places (t(0.975, 3) = 3.182446, t(0.995, 3) =
# 5.840909).  Above it, and for a df that is not whole (no caller has
# one), the Cornish-Fisher expansion in the normal quantile (Abramowitz
# and Stegun 26.7.5): within 3e-8 from df 100 for p up to 0.9995, but
# coarse for a small df (t(0.975, 3) = 3.1786, t(0.995, 3) = 5.795).
# df 1 and 2 have closed forms.
our $T_EXACT = 100;
my %tq;
sub t_quantile {
	my ($p, $df) = @_;
	die "t_quantile: p must be in (0, 1)\n" unless $p > 0 && $p < 1;
	die "t_quantile: df must be positive\n" unless $df > 0;
	return -t_quantile(1 - $p, $df) if $p < 0.5;
	return 0 if $p == 0.5;
	if ($df == 1) {
		return sin(3.141592653589793 * ($p - 0.5)) / cos(3.141592653589793 * ($p - 0.5));
	}
	if ($df == 2) {
		my $a = 4 * $p * (1 - $p);
		return (2 * $p - 1) * sqrt(2 / $a);
	}
	return $tq{"$p $df"} //= do {
		my $t = t_expansion($p, $df);
		if ($df == int($df) && $df <= $T_EXACT) {
			for (1 .. 100) {
				my $step = (t_cdf($t, $df) - $p) / t_density($t, $df);
				$t -= $step;
				last if abs($step) <= 1e-12 * $t;
			}
		}
		$t;
	};
}

sub t_expansion {
	my ($p, $df) = @_;
	my $z = z_quantile($p);
	my $z2 = $z * $z;
	my $g1 = ($z2 + 1) * $z / 4;
	my $g2 = ((5 * $z2 + 16) * $z2 + 3) * $z / 96;
	my $g3 = (((3 * $z2 + 19) * $z2 + 17) * $z2 - 15) * $z / 384;
	my $g4 = ((((79 * $z2 + 776) * $z2 + 1482) * $z2 - 1920) * $z2 - 945) * $z / 92160;
	return $z + $g1 / $df + $g2 / $df**2 + $g3 / $df**3 + $g4 / $df**4;
}

# P(T < t) for t >= 0 and a whole df (A and S 26.7.3-4, A(t|df) = 2P - 1):
# theta = atan(t / sqrt(df)), c = cos(theta);
#   odd df:  A = 2/pi (theta + sin(theta) (c + 2/3 c^3 + 2*4/(3*5) c^5
#            + ... up to c^(df - 2)))
#   even df: A = sin(theta) (1 + 1/2 c^2 + 1*3/(2*4) c^4 + ... up to
#            c^(df - 2))
sub t_cdf {
	my ($t, $df) = @_;
	my $th = atan2($t, sqrt($df));
	my $c2 = cos($th)**2;
	my ($k, $term, $sum) = $df % 2 ? (3, cos($th), 0) : (2, 1, 0);
	for (; $k <= $df; $k += 2) {
		$sum += $term;
		$term *= $c2 * ($k - 1) / $k;
	}
	my $a = $df % 2 ? 2 / 3.141592653589793 * ($th + sin($th) * $sum) : sin($th) * $sum;
	return (1 + $a) / 2;
}

# The density of t for a whole df: Gamma((df + 1) / 2) / Gamma(df / 2)
# by its recurrence (times (df + 1) / df for df + 2), over sqrt(df pi),
# times (1 + t^2 / df)^-((df + 1) / 2).
sub t_density {
	my ($t, $df) = @_;
	my $pi = 3.141592653589793;
	my $g = $df % 2 ? 1 / sqrt($pi) : sqrt($pi) / 2;
	for (my $v = $df % 2 ? 1 : 2; $v < $df; $v += 2) { $g *= ($v + 1) / $v; }
	return $g / sqrt($df * $pi) * (1 + $t * $t / $df)**(-($df + 1) / 2);
}

# ---- the spread between invocations ----------------------------------------------

# Residuals of groups of values (each group: one run's invocations of one
# metric): the log of each value less the median of its group's logs,
# times sqrt(k / (k - 1)) for a group of k (a value's distance from its
# own group's centre understates its spread; for k = 2 this makes the
# squares' mean the variance).  A group of one gives none, and the
# median of an odd group (its own centre, always 0) is left out.
sub residuals {
	my ($groups) = @_;
	my @r;
	for my $g (@$groups) {
		my @l = sort { $a <=> $b } map { log } grep { defined && $_ > 0 } @$g;
		my $k = @l;
		next if $k < 2;
		my $med = $k % 2 ? $l[ ($k - 1) / 2 ] : ($l[ $k / 2 - 1 ] + $l[ $k / 2 ]) / 2;
		my $f = sqrt($k / ($k - 1));
		for my $i (0 .. $#l) {
			next if $k % 2 && $i == ($k - 1) / 2;
			push @r, ($l[$i] - $med) * $f;
		}
	}
	return @r;
}

# sigma from residuals: 1.4826 times their median absolute value (a
# stray invocation moves it little, as it moves the U test little);
# undef for fewer than 4.
sub robust_sd {
	my ($r) = @_;
	my @a = sort { $a <=> $b } map { abs } @$r;
	return undef if @a < 4;
	my $mid = @a % 2 ? $a[ $#a / 2 ] : ($a[ @a / 2 - 1 ] + $a[ @a / 2 ]) / 2;
	return 1.4826 * $mid;
}

# The chi-square quantile for df degrees of freedom: P(X < x) = p (the
# Wilson-Hilferty cube: within 0.6% of the tables from df 3, e.g.
# chi2(0.95, 4) = 9.46 against 9.488, chi2(0.95, 10) = 18.29 against
# 18.307).
sub chi2_quantile {
	my ($p, $df) = @_;
	die "chi2_quantile: df must be positive\n" unless $df > 0;
	my $c = 2 / (9 * $df);
	my $x = 1 - $c + z_quantile($p) * sqrt($c);
	return $df * ($x > 0 ? $x ** 3 : 0);
}

# How much wider than its family's a metric's own spread is, as a factor
# of the family's residuals (1: not wider): only where the own residuals
# show it, their variance beyond the family's at level $level (the
# chi-square test of one variance against a known one, its df the count
# of own residuals).  A point at a cache's edge spreads far wider than the
# steady curve around it; a spread drawn from few residuals must be well
# past the family's before it counts.
sub widen {
	my ($own, $family, $level) = @_;
	my ($so, $sf) = (robust_sd($own), robust_sd($family));
	return 1 unless defined $so && $sf && $so > $sf;
	my $df = @$own;
	my $r = ($so / $sf) ** 2;
	return $r > chi2_quantile(1 - ($level // 0.05), $df) / $df ? $so / $sf : 1;
}

# The least change (log) the U test over m and n invocations finds with
# the given power at level alpha (two-sided), when the invocations spread
# with sigma (estimated with df degrees of freedom).  For m * n up to
# $U_EXACT_MN, the exact test's own (u_shift): few invocations leave it
# far less power than its large-sample efficiency says (4 and 4 must
# separate completely: 2.88 sigma, not 2.03).  Beyond, the t test's,
# widened by the U test's efficiency against it on normal data (3/pi):
#   (t(1 - alpha/2, df) + t(power, df)) * sigma * sqrt(1/m + 1/n) * sqrt(pi/3)
# Either is widened by (t(1 - alpha/2, df) + t(power, df)) / (z(..) +
# z(..)) for a sigma estimated from few residuals.  Infinite where the
# exact test cannot reach alpha at all.
our $U_EXACT_MN = 144;
sub mde_u {
	my ($sigma, $df, $m, $n, $alpha, $power) = @_;
	return 9**9**9 unless defined $sigma && $m >= 1 && $n >= 1;
	return 9**9**9 if u_min_p($m, $n) >= $alpha;
	$df = 1 if $df < 1;
	my $t = t_quantile(1 - $alpha / 2, $df) + t_quantile($power, $df);
	return $t / (z_quantile(1 - $alpha / 2) + z_quantile($power)) * $sigma * u_shift($m, $n, $alpha, $power)
		if $m * $n <= $U_EXACT_MN;
	return $t * $sigma * sqrt(1 / $m + 1 / $n) * sqrt(3.141592653589793 / 3);
}

# The shift, in units of the spread, at which the exact two-sided U test
# over m and n normal values rejects at alpha with the given power: the
# test rejects where U, the pairs in which the shifted side is the lower,
# is c or less (c the largest U whose p is below alpha), that is where the
# (c+1)-th largest difference x - y of the unshifted draws is below the
# shift; the shift is that difference's power-quantile over
# $U_SHIFT_DRAWS draws (a fixed seed: the same figure every time).
# Cached per (m, n, alpha, power).
our $U_SHIFT_DRAWS = 4000;
my %u_shift;
sub u_shift {
	my ($m, $n, $alpha, $power) = @_;
	return $u_shift{"$m $n $alpha $power"} //= do {
		my $cnt = u_counts($m, $n);
		my $total = choose($m + $n, $m);
		my ($c, $lo) = (-1, 0);
		for my $u (0 .. $#$cnt) {
			$lo += $cnt->[$u];
			last if 2 * $lo / $total >= $alpha;
			$c = $u;
		}
		if ($c < 0) {
			9**9**9;
		} else {
			my $s = 20240917;
			my $r = lcg(\$s);
			my $normal = sub {
				my $u1 = $r->() || 1e-12;
				return sqrt(-2 * log($u1)) * cos(6.283185307179586 * $r->());
			};
			my @k;
			for (1 .. $U_SHIFT_DRAWS) {
				my @x = map { $normal->() } 1 .. $m;
				my @y = map { $normal->() } 1 .. $n;
				my @d = sort { $b <=> $a } map { my $x = $_; map { $x - $_ } @y } @x;
				push @k, $d[$c];
			}
			@k = sort { $a <=> $b } @k;
			$k[ int($power * @k) ];
		}
	};
}

# ---- the bootstrap over pooled residuals ------------------------------------------

# A small linear congruential generator of our own: the same draws for the
# same seed on every perl (rand's differs between builds).
sub lcg {
	my ($state) = @_;
	return sub {
		$$state = ($$state * 1103515245 + 12345) % 2147483648;
		return $$state / 2147483648;
	};
}

sub median_of {
	my @v = sort { $a <=> $b } @_;
	return @v % 2 ? $v[ $#v / 2 ] : ($v[ @v / 2 - 1 ] + $v[ @v / 2 ]) / 2;
}

# The null distribution of D = median(B) - median(A) for m values of A
# and n of B drawn from the pool of residuals (with replacement): the
# |D*| of $draws draws, sorted.  A metric measured too few times for a
# rank test of its own is judged against the spread its family (its
# series, else its group) shows between invocations.
sub boot_null {
	my ($pool, $m, $n, $draws, $seed) = @_;
	$draws //= 2000;
	my $s = $seed // 12345;
	my $u = lcg(\$s);
	my $k = @$pool;
	my @d;
	for (1 .. $draws) {
		my @a = map { $pool->[ int($u->() * $k) ] } 1 .. $m;
		my @b = map { $pool->[ int($u->() * $k) ] } 1 .. $n;
		push @d, abs(median_of(@b) - median_of(@a));
	}
	return [ sort { $a <=> $b } @d ];
}

# Two-sided p of an observed difference d against the null: the share of
# draws at least as far from 0 (counting the observation itself).
sub boot_p {
	my ($null, $d) = @_;
	my $x = abs($d);
	my ($lo, $hi) = (0, scalar @$null);
	# The first draw >= x (binary search).
	while ($lo < $hi) {
		my $mid = int(($lo + $hi) / 2);
		if ($null->[$mid] < $x - 1e-12) { $lo = $mid + 1 } else { $hi = $mid }
	}
	return (1 + @$null - $lo) / (1 + @$null);
}

# How many of the sorted values are above x (binary search).
sub above {
	my ($v, $x) = @_;
	my ($lo, $hi) = (0, scalar @$v);
	while ($lo < $hi) {
		my $mid = int(($lo + $hi) / 2);
		if ($v->[$mid] <= $x) { $lo = $mid + 1 } else { $hi = $mid }
	}
	return @$v - $lo;
}

# The least change the bootstrap test finds with the given power: the
# draws' (1 - alpha) quantile q is where a difference becomes
# significant; a true change c is found when |c + D| > q, D the null's
# difference (taken as symmetric about 0: +-|D*| alike), so the least c
# found in that share of the draws.
sub boot_mde {
	my ($null, $alpha, $power) = @_;
	my $N = @$null;
	return 9**9**9 unless $N;
	my $q = $null->[ int((1 - $alpha) * ($N - 1) + 0.5) ];
	# For c >= 0: |c + d| > q when d > q - c; |c - d| > q when d > c + q
	# or d < c - q (d >= 0).
	my $found = sub {
		my ($c) = @_;
		my $k = $q - $c < 0 ? $N : above($null, $q - $c);
		$k += above($null, $c + $q);
		$k += $N - above($null, $c - $q - 1e-15) if $c - $q > 0;
		return $k / (2 * $N);
	};
	my ($lo, $hi) = (0, $q + 2 * ($null->[-1] + 1e-9));
	for (1 .. 40) {
		my $mid = ($lo + $hi) / 2;
		if ($found->($mid) >= $power) { $hi = $mid } else { $lo = $mid }
	}
	return $hi;
}

# ---- the host's best state ----------------------------------------------------------

# A shared host runs a short latency in a few states, each a factor apart
# (on this project's VM a system call costs 0.091, 0.105, 0.12 or 0.145 us
# for a second or two at a time); within a state its invocations' floors
# agree to 1-2%.  The floors (logs, lower better) within a factor 1 + w of
# the least are the invocations that ran in the best state the side saw;
# two or more of them confirm that state.  Sorted.
sub best_set {
	my ($floors, $w) = @_;
	my @f = sort { $a <=> $b } @$floors;
	return () unless @f;
	my $lim = $f[0] + log(1 + $w);
	return grep { $_ <= $lim + 1e-12 } @f;
}

# ---- the pooled low quantile, bootstrapped over invocations ----------------------

# An invocation is a list of samples on the log scale, oriented so that
# lower is better (the logs of times; minus the logs of rates).  A side's
# figure is the q-quantile of all its invocations' samples pooled: where
# the host spends part of the run in slower states, each invocation of a
# short latency lands in one or two of them, and its median or even its
# best interval moves with them (by 10-50% on this project's VM), while
# the low quantile of the samples of every invocation, spread over the
# run, is the cost in the host's fastest state, which most runs visit.

# The k-th smallest of the pooled samples, k = ceil(q * all), at least 1.
sub pool_low {
	my ($inv, $q) = @_;
	my $n = 0;
	$n += @$_ for @$inv;
	return undef unless $n;
	my $k = int($q * $n + 0.999999);
	$k = 1 if $k < 1;
	my @all = sort { $a <=> $b } map { @$_[ 0 .. ($k <= @$_ ? $k - 1 : $#$_) ] }
		map { [ sort { $a <=> $b } @$_ ] } @$inv;
	return $all[ $k - 1 ];
}

# The bootstrap of one side: $reps draws of as many invocations as it has,
# with replacement; each draw's pooled quantile.  Each invocation's
# samples are sorted and cut to the most a draw's quantile can reach.
sub pool_boot {
	my ($inv, $q, $reps, $u) = @_;
	my $m = @$inv;
	my $maxn = 0;
	$maxn < @$_ and $maxn = @$_ for @$inv;
	my $cap = int($q * $m * $maxn + 0.999999);
	$cap = 1 if $cap < 1;
	my @cut = map { my @s = sort { $a <=> $b } @$_; [ @s[ 0 .. ($cap <= @s ? $cap - 1 : $#s) ] ] } @$inv;
	my @len = map { scalar @$_ } @$inv;
	my @out;
	for (1 .. $reps) {
		my ($n, @pick) = (0);
		for (1 .. $m) {
			my $i = int($u->() * $m);
			push @pick, $i;
			$n += $len[$i];
		}
		my $k = int($q * $n + 0.999999);
		$k = 1 if $k < 1;
		my @all = sort { $a <=> $b } map { @{ $cut[$_] } } @pick;
		push @out, $all[ $k - 1 ];
	}
	return \@out;
}

# The test: d = B's pooled quantile less A's; the sides bootstrapped apart
# (over their invocations), p the two-sided share of differences on the
# other side of 0 (at least 1 / (reps + 1)), the least detectable change
# (z(1 - alpha/2) + z(power)) times the differences' spread (half their
# 16th-84th percentile range).  Returns (d, p, mde).
sub pool_test {
	my ($ia, $ib, $q, $reps, $seed, $alpha, $power) = @_;
	$reps //= 400;
	my $s = $seed // 4242;
	my $u = lcg(\$s);
	my ($ta, $tb) = (pool_low($ia, $q), pool_low($ib, $q));
	my $ba = pool_boot($ia, $q, $reps, $u);
	my $bb = pool_boot($ib, $q, $reps, $u);
	my @d = sort { $a <=> $b } map { $bb->[$_] - $ba->[$_] } 0 .. $reps - 1;
	my $d = $tb - $ta;
	my ($le, $ge) = (0, 0);
	for (@d) { $le++ if $_ <= 0; $ge++ if $_ >= 0; }
	my $p = 2 * ($le < $ge ? $le : $ge) / $reps;
	$p = 1 / ($reps + 1) if $p < 1 / ($reps + 1);
	$p = 1 if $p > 1;
	my $sd = ($d[ int(0.8413 * ($reps - 1) + 0.5) ] - $d[ int(0.1587 * ($reps - 1) + 0.5) ]) / 2;
	my $mde = (z_quantile(1 - $alpha / 2) + z_quantile($power)) * $sd;
	return ($d, $p, $mde);
}

1;
