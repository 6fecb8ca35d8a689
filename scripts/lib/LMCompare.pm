# LMCompare - which metrics changed between two sides of runs, beyond the
# run-to-run noise: the engine of scripts/compare and of the HTML report's
# verdicts.
#
#   my @d = LMCompare::machine_diff(\@runs_a, \@runs_b);  # why not one machine
#   my @m = LMCompare::missing(\@runs_a, \@runs_b);       # metrics one side lacks
#   my $c = LMCompare::compare(a => \@runs_a, b => \@runs_b, history => \@runs,
#                              t => 5, p => 0.05, defaults => 0);
#     { rows => [ { name, old, new, pct, verdict, why, rec } ], sorted by
#       group, metric and numeric x; properties => [ rows not judged ];
#       groups => [ { group, n, counts => { verdict => n }, geomean } ];
#       incomparable => [ names ]; found_once => [ cache levels one side
#       lacks ]; learned => n }
#   LMCompare::gating($verdict)   # 1 if the verdict makes compare exit 1
#
# The unit of evidence is a run: each metric's value in each results file
# (the median the program printed).  The intervals inside one run (#stats)
# say nothing about how much the next run moves, so they are not used.
# Several runs a side: the Mann-Whitney U test over the per-run values when
# the runs are enough for it to reach the level (p; at least 4+4 or 3+5),
# else the range rule: the sides' ranges do not overlap and the change
# exceeds the spread the runs show (3.29 sigma, sigma from the ranges).
# One run a side: the change must exceed the metric's noise floor, learned
# from earlier runs of the same machine ($MIN_HISTORY or more), else the
# default for its kind.  In both cases the change must also reach t percent.
#
# Verdicts are categories, tried in order: the first whose test holds
# names the row.  The built-in ones come from the statistics (better,
# worse, changed, ~); a module scripts/lib/LMCompare/<Name>.pm, loaded
# when this one is, can add its own with register_category (issue 24's
# "host moved", from drift probes recorded in the run):
#   LMCompare::register_category({ name => 'host moved', order => 10,
#       gate => 0, about => 'the host drifted during one of the runs',
#       test => sub { my ($row, $ctx) = @_; ... } });
# $row is { name, old, new, pct, changed, why, rec, a => [values], b =>
# [values], where => { a => [[run, line]], b => ... } (the line each run
# measured it on) }, $ctx { a => [runs], b => [runs] }; a test that
# holds may put its reason in front of $row->{why}.  Lower order is tried
# first; the built-ins have 100 (changed rows) and 1000 (~).
package LMCompare;
use strict;
use warnings;
use LMResults;
use List::Util qw(min max);
use File::Basename qw(dirname basename);
use Cwd qw(abs_path);

# Smallest change that counts, percent.  The steadiest kind (ops: integer
# and float operations) moved at most 5.1% (98% of its metrics within
# 3.1%) between two runs of the same idle VM; a smaller change cannot be
# told from a run's noise by a run or two of even the best metric.
our $MIN_EFFECT = 5;
our $ALPHA = 0.05;
# The noise floor's coverage: 98% of the differences between two runs of
# an unchanged system stay below z(0.99) * sqrt(2) * sigma = 3.29 sigma.
my $FLOOR_SIGMAS = 3.29;
# Runs of the machine needed to learn a metric's floor from them.  The
# range of three runs says little about the spread: on two default runs of
# one idle VM (2026-11-22), floors learned from the three other runs of the
# host flagged 111 of 1063 metrics (10.4%), the stated defaults 31 (2.9%).
our $MIN_HISTORY = 5;

# Default noise floors (percent) per kind of metric, for one run a side
# without enough earlier runs: the 98th percentile of |change| per kind
# between two standard runs five minutes apart on the same otherwise idle
# 2-vCPU VM (2026-11-22 03:55 and 03:59 UTC, the sample pair of commit
# 7bba75f), rounded up to 5%.  lat_ctx was changed after that pair (rings
# kept on one CPU), so ctx takes the IPC figure.
our @KINDS = (
	[ 'ops', qr/^(?:ops|par_ops)\./, 5 ],		# p98 3.1%, max 5.1%
	[ 'cpu', qr/^(?:syscall|select|sig|rand)\./, 40 ],	# 35.1%
	[ 'proc', qr/^(?:proc\.|pagefault|mmap\.latency|cmd)/, 45 ],	# 41.0%
	[ 'fs', qr/^fs\./, 1140 ],			# 1135% (ext4's inode scan)
	[ 'ipc', qr/^(?:pipe|unix|fifo|sem|fcntl|net|http|ctx)\./, 75 ],	# 73.7%
	[ 'membw', qr/^(?:bw_mem|stream2?\.\w+\.bandwidth|file\.|mmap\.reread)/, 95 ],	# 91.0%
	[ 'memlat', qr/^(?:mem\.|cache\.|tlb\.|stream2?\.\w+\.latency)/, 50 ],	# 49.9%
	[ 'other', qr/./, 95 ],
);

# What makes two runs the same machine and settings for compare: results
# of another CPU, kernel, memory size or profile are not the same
# experiment (header key, what it is).
our @MACHINE = ([ 'CPU_MODEL', 'CPU model' ], [ 'RELEASE', 'kernel' ], [ 'MB', 'MB' ],
	[ 'PROFILE', 'profile' ]);

# d2(k): the expected range of k normal samples in sigmas (k = 2..15).
my @D2 = (0, 0, 1.128, 1.693, 2.059, 2.326, 2.534, 2.704, 2.847, 2.970,
	  3.078, 3.173, 3.258, 3.336, 3.407, 3.472);

# ---- verdict categories -----------------------------------------------------------

sub direction {
	my ($row) = @_;
	my $up = $row->{new} > $row->{old};
	my $b = $row->{rec}{better} // 'none';
	return $b eq 'lower' ? ($up ? 'worse' : 'better')
	     : $b eq 'higher' ? ($up ? 'better' : 'worse') : 'changed';
}
my @CATEGORIES;
sub register_category {
	my ($c) = @_;
	die "LMCompare: a category needs a name and a test\n" unless $c->{name} && $c->{test};
	@CATEGORIES = sort { $a->{order} <=> $b->{order} } @CATEGORIES,
		{ order => 50, gate => 1, about => '', %$c };
}
register_category({ name => $_, order => 100, gate => 1, builtin => 1,
	test => do { my $n = $_; sub { $_[0]{changed} && direction($_[0]) eq $n } },
	about => { better => 'a significant change for the better',
		   worse => 'a significant change for the worse',
		   changed => 'a significant change of a metric that is neither better higher nor lower' }->{$_} })
	for qw(better worse changed);
register_category({ name => '~', order => 1000, gate => 0, builtin => 1, test => sub { 1 },
	about => 'no significant change' });

sub categories { return @CATEGORIES; }
sub gating {
	my ($name) = @_;
	my ($c) = grep { $_->{name} eq $name } @CATEGORIES;
	return $c ? $c->{gate} : 0;
}
sub verdict {
	my ($row, $ctx) = @_;
	for my $c (@CATEGORIES) {
		return $c->{name} if $c->{test}->($row, $ctx);
	}
	return '~';
}

# The modules that add categories: scripts/lib/LMCompare/*.pm.
{
	my $dir = dirname(abs_path(__FILE__)) . '/LMCompare';
	for my $f (sort glob("$dir/*.pm")) {
		my $mod = 'LMCompare::' . basename($f, '.pm');
		eval "require $mod; 1" or die "LMCompare: $f: $@";
	}
}

# ---- machines and missing metrics ------------------------------------------------

sub machine_key {
	my ($run) = @_;
	return { map { $_->[0] => $run->{header}{ $_->[0] } } @MACHINE };
}

# Why the runs are not all one machine with one setting: "kernel:
# 6.1 (a.0) vs 6.2 (b.0)" per header that differs; a header a file lacks is
# not compared.
sub machine_diff {
	my (@runs) = map { @$_ } @_;
	my @d;
	for my $k (@MACHINE) {
		my %by;
		for my $r (@runs) {
			my $v = $r->{header}{ $k->[0] };
			next unless defined $v && $v ne '';
			push @{ $by{$v} }, basename($r->{file});
		}
		next if keys %by < 2;
		push @d, "$k->[1]: " . join(' vs ', map { "$_ (" . join(' ', @{ $by{$_} }) . ')' }
			sort keys %by);
	}
	return @d;
}

# Metrics whose presence is itself a finding: the levels `cache` found
# (one run of a machine may tell four levels apart, the next three).
my $FOUND = qr/^cache\.l\d+\.latency$/;

# Metrics some files have and others lack: [name, [files lacking it]].  A
# count the harness chose (lat_fs's files per interval) is not a result,
# and a level one run found and another did not is no missing value.
sub missing {
	my (@runs) = map { @$_ } @_;
	my @m = map { LMResults::metrics($_) } @runs;
	my %names;
	for my $m (@m) { $names{$_}++ for grep { !/^:/ && !$m->{$_}{count} && !/$FOUND/ } keys %$m; }
	my @out;
	for my $n (sort_names(grep { $names{$_} < @m } keys %names)) {
		push @out, [ $n, [ map { $runs[$_]{file} } grep { !$m[$_]{$n} } 0 .. $#m ] ];
	}
	return @out;
}

# ---- order --------------------------------------------------------------------------

# A metric's group (its first part), its name without the point, and the
# point's x as a number (sizes 64k, 8m in bytes).
sub sort_key {
	my ($n) = @_;
	my ($base, $x, $rest) = $n =~ /^([^@]*)(?:@([^#]*))?(#.*)?$/;
	my ($group) = $base =~ /^([^.]+)/;
	my $xv = defined $x ? LMResults::xbytes($x) : -1;
	$xv = -1 unless $xv =~ /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
	return ($group, $base, $xv, $rest // '');
}
sub sort_names {
	my @k = map { [ $_, sort_key($_) ] } @_;
	return map { $_->[0] } sort { $a->[1] cmp $b->[1] || $a->[2] cmp $b->[2]
		|| $a->[3] <=> $b->[3] || $a->[4] cmp $b->[4] || $a->[0] cmp $b->[0] } @k;
}

# ---- statistics -----------------------------------------------------------------


sub kind_floor {
	my ($name) = @_;
	for (@KINDS) {
		return ($_->[2], $_->[0]) if $name =~ $_->[1];
	}
}

# sigma of log values from their range (Tippett's d2), for k >= 2.
sub range_sigma {
	my @v = sort { $a <=> $b } map { log } @_;
	my $k = @v;
	return undef if $k < 2;
	return ($v[-1] - $v[0]) / ($k <= 15 ? $D2[$k] : $D2[15]);
}

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

# Two-sided p of the Mann-Whitney U test.  Exact without ties (small
# samples); with ties, the normal approximation with the tie correction.
sub mann_whitney {
	my ($x, $y) = @_;
	my ($m, $n) = (scalar @$x, scalar @$y);
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
	my $t = 1 / (1 + 0.2316419 * $z);
	my $poly = $t * (0.319381530 + $t * (-0.356563782 + $t * (1.781477937
		+ $t * (-1.821255978 + $t * 1.330274429))));
	my $p = exp(-$z * $z / 2) / sqrt(2 * 3.141592653589793) * $poly;
	return $p < 0 ? 0 : $p;
}

# ---- earlier runs of the machine (one run a side) -----------------------------------

# The other results files <host>.<n> in the directories of the files
# named, of the same machine and settings as all of them (machine_diff
# empty), and readable: the runs a floor is learned from.
sub history {
	my ($files, $runs, $good) = @_;
	my %skip = map { (abs_path($_) // $_) => 1 } @$files;
	my (%seen, @h);
	for my $f (@$files) {
		my ($host) = basename($f) =~ /^(.*)\.\d+$/ or next;
		my $dir = dirname($f);
		for my $g (glob("$dir/\Q$host\E.*")) {
			next unless $g =~ /\.\d+$/ && -f $g;
			my $abs = abs_path($g) // $g;
			next if $skip{$abs} || $seen{$abs}++;
			my $r = eval { LMResults::parse($g) } or next;
			next unless $good->($r);
			next if machine_diff($runs, [$r]);
			push @h, $r;
		}
	}
	return sort { LMResults::by_name($a->{file}, $b->{file}) } @h;
}

# ---- judge each metric ------------------------------------------------------------

sub values_of {
	my ($name, @m) = @_;
	return map { $_->{$name}{value} } grep { $_->{$name} } @m;
}

sub compare {
	my (%o) = @_;
	my ($t, $p) = ($o{t} // $MIN_EFFECT, $o{p} // $ALPHA);
	my @ma = map { LMResults::metrics($_) } @{ $o{a} };
	my @mb = map { LMResults::metrics($_) } @{ $o{b} };
	my @mh = map { LMResults::metrics($_) } @{ $o{history} // [] };
	my $ctx = { a => $o{a}, b => $o{b} };
	my %names;
	for my $m (@ma, @mb) { $names{$_}++ for grep { !/^:/ } keys %$m; }
	my $t_log = log(1 + $t / 100);
	my (@rows, @props, @incomparable, @found, $learned);
	for my $n (sort_names(keys %names)) {
		my @a = values_of($n, @ma);
		my @b = values_of($n, @mb);
		my $rec = (grep { $_->{$n} } @ma, @mb)[0]{$n};
		next if $rec->{count};		# a count the harness chose, not a result
		if (!@a || !@b) {
			# missing(): the caller's to refuse, but for levels found.
			push @found, $n if $n =~ $FOUND;
			next;
		}
		my ($old, $new) = (LMResults::median(@a), LMResults::median(@b));
		# Where each run measured it (its line): for the host's drift.
		my %where = map { my ($runs, $ms) = @$_;
			($_->[2] => [ map { [ $runs->[$_], $ms->[$_]{$n}{line} ] }
				grep { $ms->[$_]{$n} } 0 .. $#$ms ]) }
			[ $o{a}, \@ma, 'a' ], [ $o{b}, \@mb, 'b' ];
		my $row = { name => $n, old => $old, new => $new, rec => $rec, a => \@a, b => \@b,
			where => \%where,
			pct => $old > 0 && $new > 0 ? 100 * ($new / $old - 1) : undef, changed => 0 };
		if ($rec->{property}) {
			push @props, $row;
			next;
		}
		if (grep { $_ <= 0 } @a, @b) {
			# A change between zero and something is no factor.
			push @incomparable, $n unless "@a" eq "@b";
			next;
		}
		push @rows, $row;
		my $d = log($new / $old);
		my $runs = @a . '+' . @b . ' runs';
		my ($why, $sig);
		if (@a > 1 || @b > 1) {
			my $minp = 2 / choose(@a + @b, scalar @a);
			if ($minp < $p) {
				my $pv = mann_whitney(\@a, \@b);
				$sig = $pv < $p;
				$why = sprintf('U test p=%.3g %s %g (%s)', $pv, $sig ? '<' : '>=', $p, $runs);
			} else {
				my @s = grep { defined } range_sigma(@a), range_sigma(@b);
				my $sigma = 0;
				$sigma += $_ / @s for @s;
				my $floor = $FLOOR_SIGMAS * $sigma;
				my $apart = $d > 0 ? min(@b) > max(@a) : max(@b) < min(@a);
				$sig = $apart && abs($d) > $floor;
				$why = sprintf('ranges %s, %s the runs\' spread %.1f%% (%s)',
					$apart ? 'apart' : 'overlap',
					abs($d) > $floor ? 'beyond' : 'within',
					100 * (exp($floor) - 1), $runs);
			}
		} else {
			my @h = values_of($n, @mh);
			my ($floor, $src);
			if (!$o{defaults} && @h >= $MIN_HISTORY && !grep { $_ <= 0 } @h) {
				$floor = $FLOOR_SIGMAS * range_sigma(@h);
				$src = scalar(@h) . ' earlier runs';
				$learned++;
			} else {
				my ($pct, $kind) = kind_floor($n);
				$floor = log(1 + $pct / 100);
				$src = "default for $kind";
			}
			$sig = abs($d) > $floor;
			$why = sprintf('%s floor %.1f%% (%s)', $sig ? 'beyond' : 'within',
				100 * (exp($floor) - 1), $src);
		}
		$row->{changed} = $sig && abs($d) >= $t_log ? 1 : 0;
		$row->{why} = $sig && !$row->{changed} ? "$why, below -t $t%" : $why;
	}
	$_->{verdict} = verdict($_, $ctx) for @rows;
	return { rows => \@rows, properties => \@props, incomparable => \@incomparable,
		found_once => \@found,
		learned => $learned // 0, groups => [ groups(@rows) ] };
}

# Per group (a metric's first part): how many metrics, how many of each
# verdict, and the geometric mean of the factor by which its metrics got
# better (old/new for times, new/old for rates; metrics with no better
# direction left out), as a percentage: +10% better, -10% worse.
sub groups {
	my (@rows) = @_;
	my (%g, @order);
	for my $r (@rows) {
		my ($group) = sort_key($r->{name});
		push @order, $group unless $g{$group};
		my $x = $g{$group} //= { group => $group, n => 0, counts => {}, logs => [] };
		$x->{n}++;
		$x->{counts}{ $r->{verdict} }++;
		my $b = $r->{rec}{better} // 'none';
		push @{ $x->{logs} }, $b eq 'lower' ? log($r->{old} / $r->{new})
			: log($r->{new} / $r->{old}) if $b eq 'lower' || $b eq 'higher';
	}
	for my $x (values %g) {
		my @l = @{ delete $x->{logs} };
		my $s = 0;
		$s += $_ for @l;
		$x->{geomean} = @l ? 100 * (exp($s / @l) - 1) : undef;
	}
	return map { $g{$_} } @order;
}

1;
