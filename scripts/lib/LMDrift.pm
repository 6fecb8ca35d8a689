# LMDrift - the host's drift, measured in the run: the drift program's
# probes at the start, between groups and at the end (scripts/lib/drift.sh
# writes [DRIFT_PROBES: ] and [DRIFT: ] lines; LMResults keeps the points
# in $run->{drift}).
#
#   my @p = LMDrift::probes($run);      # [ { name, unit, noise } ], in order
#   my $s = LMDrift::state($run);       # 'measured', why not, or undef (older file)
#   my @s = LMDrift::spread($run);      # per probe: how far it moved in the run
#   my $m = LMDrift::moved(\@where_a, \@where_b, $metric_record, $went_up);
#       # undef, or the probe of the metric's kind that moved most beyond
#       # its noise between the two sides where that metric was measured:
#       # { probe, unit, old, new, pct, noise }
#
# A probe's noise (percent) is how far two of its figures taken back to
# back stay apart: the 99th percentile of that difference in a series on
# this project's VM (doc/validation/drift.md).  A move beyond it is the
# host's; within it, the probe's own.
package LMDrift;
use strict;
use warnings;

# Each probe: its noise, which way is better, what it measures (drift -l
# says the same at more length).  Most are figures of the host's state at
# the point, whose noise is a factor (percent): the 99th percentile of the
# difference between two points taken back to back, in 150 such pairs on
# this project's VM with other work running (doc/validation/drift.md,
# 2026-11-26: l1 16.7%, l2 41%, llc 165%, dram 45%, stride 109%, bw 129%,
# syscall 9.3%), rounded up.  others and steal (the scripts', from
# /proc/stat) are shares of the machine's CPU time over the interval
# before the point ("share": in percent of it, their noise in points):
# others' is above the 99th percentile of the change between consecutive
# 10 s intervals (22 points), steal's a floor (its 99th percentile was 0.9
# points, with almost no steal at all).
our %PROBE = (
	l1 => { noise => 20, better => 'lower', what => 'L1 data cache latency' },
	l2 => { noise => 45, better => 'lower', what => 'second-level cache latency' },
	llc => { noise => 170, better => 'lower', what => 'last-level cache latency' },
	dram => { noise => 50, better => 'lower', what => 'memory latency' },
	stride => { noise => 110, better => 'lower', what => 'memory latency, prefetched' },
	bw => { noise => 130, better => 'higher', what => 'memory read bandwidth' },
	syscall => { noise => 10, better => 'lower', what => 'system call cost' },
	others => { noise => 25, better => 'lower', share => 1,
		    what => 'CPU time of other processes, % of all CPUs' },
	steal => { noise => 5, better => 'lower', share => 1,
		   what => 'CPU time given to other guests, % of all CPUs' },
);
# Invocations of both sides a metric needs before its own figures must
# move with the probe's (fewer: the sides' probes alone decide, as for a
# run of one invocation a side), and how closely (moved).
our $TOGETHER_MIN = 6;
our $TOGETHER_RHO = 0.5;

# The shares speak for every metric: a run that shared the machine with
# more work, or with more of other guests' work, measured that too.
our @SHARES = qw(others steal);

# Which probes speak for a metric: the first row whose pattern matches
# its name, and the shares.  The bandwidths come first: the loaders'
# bandwidth of lat_mem_load (mem.loaded.*.bandwidth) is one.
our @KINDS = (
	[ qr/^(?:bw_mem\.|stream2?\.\w+\.bandwidth|file\.|mmap\.reread|numa\.\w*bandwidth
	      |mem\.loaded\.[\w.]*\.bandwidth)/x,
	  [qw(bw llc stride)] ],
	[ qr/^(?:mem\.|cache\.|tlb\.|stream2?\.\w+\.latency|numa\.latency|c2c\.)/,
	  [qw(l1 l2 llc dram stride)] ],
	[ qr/^(?:syscall|select|sig|proc|pagefault|mmap\.latency|pipe|unix|fifo|sem|fcntl|net|http|ctx)\b/,
	  [qw(syscall)] ],
	[ qr/^(?:ops|par_ops)\./, [qw(l1)] ],
);

sub probes_for {
	my ($name) = @_;
	for my $k (@KINDS) {
		return (@{ $k->[1] }, @SHARES) if $name =~ $k->[0];
	}
	return @SHARES;
}

# How far a probe moved from $old to $new, in multiples of its noise
# (signed): a factor for a figure, a difference for a share.
sub distance {
	my ($probe, $old, $new) = @_;
	my $pr = $PROBE{$probe} or return 0;
	return ($new - $old) / $pr->{noise} if $pr->{share};
	return 0 unless $old > 0 && $new > 0;
	return log($new / $old) / log(1 + $pr->{noise} / 100);
}

# A move as text: "+80%" for a figure, "+33 points" for a share.
sub change_text {
	my ($probe, $old, $new) = @_;
	return sprintf('%+.0f points', $new - $old) if $PROBE{$probe} && $PROBE{$probe}{share};
	return $old > 0 ? sprintf('%+.0f%%', 100 * ($new / $old - 1)) : '';
}
sub noise_text {
	my ($probe) = @_;
	my $pr = $PROBE{$probe} or return '?';
	return $pr->{share} ? "$pr->{noise} points" : "$pr->{noise}%";
}

# The probes the run declared ([DRIFT_PROBES: l1=ns ...]), with their
# noise; () when there were none (an older file, DRIFT=0, not built).
sub probes {
	my ($run) = @_;
	my $h = $run->{header}{DRIFT_PROBES} // '';
	return () unless $h =~ /^\w+=/;
	return map { my ($n, $u) = split /=/, $_, 2;
		{ name => $n, unit => $u, noise => $PROBE{$n} ? $PROBE{$n}{noise} : undef,
		  what => $PROBE{$n} ? $PROBE{$n}{what} : $n } } split ' ', $h;
}

# 'measured' when the run has points, else the header's reason ('off
# (DRIFT=0)', 'not measured: ...'); undef for a file from before the
# probes.
sub state {
	my ($run) = @_;
	my $h = $run->{header}{DRIFT_PROBES};
	return undef unless defined $h;
	return 'measured' if probes($run) && @{ $run->{drift} // [] };
	return $h =~ /^\w+=/ ? 'no point measured' : $h;
}

sub median {
	my @v = sort { $a <=> $b } @_;
	return undef unless @v;
	return @v % 2 ? $v[$#v / 2] : sqrt($v[@v / 2 - 1] * $v[@v / 2]);
}

# How far each probe moved during the run: { name, unit, noise, n, first,
# last, min, max, median, range (text: "208%", or "33 points" for a
# share), pct (the same as a number), beyond (the range above the noise) }.
sub spread {
	my ($run) = @_;
	my @out;
	for my $p (probes($run)) {
		my @v = map { $_->{values}{ $p->{name} } // () } @{ $run->{drift} };
		next unless @v;
		my @s = sort { $a <=> $b } @v;
		my $share = $PROBE{ $p->{name} } && $PROBE{ $p->{name} }{share};
		my $pct = $share ? $s[-1] - $s[0] : $s[0] > 0 ? 100 * ($s[-1] / $s[0] - 1) : 0;
		push @out, { %$p, n => scalar @v, first => $v[0], last => $v[-1], min => $s[0],
			max => $s[-1], median => median(@v), pct => $pct,
			range => sprintf($share ? '%.0f points' : '%.0f%%', $pct),
			beyond => abs(distance($p->{name}, $s[0], $s[-1])) > 1 ? 1 : 0 };
	}
	return @out;
}

# The probe's figures where line $line of the run was measured: the last
# point before it and the first after it (one where the other is missing);
# for a share, the first after it alone (its interval held the line).
sub around {
	my ($run, $line, $probe) = @_;
	my ($before, $after);
	for my $pt (@{ $run->{drift} // [] }) {
		my $v = $pt->{values}{$probe} // next;
		if ($pt->{line} < $line) { $before = $v; }
		elsif (!defined $after) { $after = $v; }
	}
	return grep { defined } $after if $PROBE{$probe} && $PROBE{$probe}{share};
	return grep { defined } $before, $after;
}

# Do the metric's invocations move with the probe (see moved)?
sub together {
	my ($wa, $wb, $probe, $mb) = @_;
	my @w = grep { defined $_->[2] && $_->[2] > 0 } @$wa, @$wb;
	return 1 if @w < $TOGETHER_MIN;
	my (@x, @y);
	for my $w (@w) {
		my @p = around($w->[0], $w->[1], $probe);
		next unless @p && !grep { $_ <= 0 } @p;
		push @x, log($w->[2]) * ($mb eq 'higher' ? -1 : 1);
		push @y, log(geomean(@p)) * (($PROBE{$probe}{better} // 'lower') eq 'higher' ? -1 : 1);
	}
	return 1 if @x < $TOGETHER_MIN;
	my $rho = spearman(\@x, \@y);
	return $mb eq 'none' ? abs($rho) >= $TOGETHER_RHO : $rho >= $TOGETHER_RHO;
}

sub geomean {
	my $s = 0;
	$s += log for @_;
	return @_ ? exp($s / @_) : undef;
}
sub mean {
	my $s = 0;
	$s += $_ for @_;
	return @_ ? $s / @_ : undef;
}

# Spearman's rank correlation of two lists of numbers (ties: mean ranks).
sub spearman {
	my ($x, $y) = @_;
	my $rank = sub {
		my @v = @_;
		my @i = sort { $v[$a] <=> $v[$b] } 0 .. $#v;
		my @r;
		my $k = 0;
		while ($k < @i) {
			my $j = $k;
			$j++ while $j + 1 < @i && $v[ $i[ $j + 1 ] ] == $v[ $i[$k] ];
			$r[ $i[$_] ] = ($k + $j) / 2 for $k .. $j;
			$k = $j + 1;
		}
		return @r;
	};
	my @rx = $rank->(@$x);
	my @ry = $rank->(@$y);
	my $n = @rx;
	return 0 if $n < 3;
	my $m = ($n - 1) / 2;
	my ($s, $sx, $sy) = (0, 0, 0);
	for (0 .. $n - 1) {
		$s += ($rx[$_] - $m) * ($ry[$_] - $m);
		$sx += ($rx[$_] - $m)**2;
		$sy += ($ry[$_] - $m)**2;
	}
	return $sx && $sy ? $s / sqrt($sx * $sy) : 0;
}

# Did the host move between the two sides where a metric was measured?
# $wa and $wb: [ [ run, line, floor ], ... ], where each invocation of a
# side measured it (floor: the figure compared);
# $rec: the metric's record (its name, which way is better), $up: whether
# it went up from a to b.  For each probe of the metric's kind (and the
# shares), a side's figures are those around that line in each of its
# runs.  The host moved when the two sides' figures are apart by more than
# the probe's noise (the least of one side above the most of the other by
# that much: one stray point does not make a move), and the same way as
# the metric (the host got worse where the metric got worse, or better
# where better; for a metric with no better direction either way), and,
# where the metric was measured $TOGETHER_MIN times or more, its own
# invocations moved with the probe: over all of them, the rank
# correlation of the invocation's figure and the probe's figures around
# it (their geometric mean) is $TOGETHER_RHO or more, worse with worse
# (a host that moved between the sides moves each invocation with it; a
# change of the software moves them all while the probes stay).
# Returns the probe that moved most (in multiples of its noise) as
# { probe, unit, old, new (the sides' geometric means; for a share the
# means), change (text), noise (text) }, or undef: no probe moved so, or a
# side has no probes (older files compare as before).
sub moved {
	my ($wa, $wb, $rec, $up) = @_;
	my $mb = $rec->{better} // 'none';
	my $best;
	for my $probe (probes_for($rec->{name})) {
		my $pr = $PROBE{$probe} or next;
		my @a = sort { $a <=> $b } map { around($_->[0], $_->[1], $probe) } @$wa;
		my @b = sort { $a <=> $b } map { around($_->[0], $_->[1], $probe) } @$wb;
		next unless @a && @b;
		my $gap = $b[0] > $a[-1] ? distance($probe, $a[-1], $b[0])
			: $b[-1] < $a[0] ? distance($probe, $a[0], $b[-1]) : 0;
		next unless abs($gap) > 1;
		if ($mb eq 'lower' || $mb eq 'higher') {
			my $metric_worse = ($mb eq 'lower') == ($up ? 1 : 0);
			my $probe_worse = ($pr->{better} eq 'lower') == ($gap > 0 ? 1 : 0);
			next unless $metric_worse == $probe_worse;
		}
		next unless together($wa, $wb, $probe, $mb);
		next if $best && $best->{r} >= abs($gap);
		my ($u) = map { $_->{unit} } grep { $_->{name} eq $probe } probes($wa->[0][0]);
		my ($old, $new) = $pr->{share} ? (mean(@a), mean(@b)) : (geomean(@a), geomean(@b));
		$best = { probe => $probe, unit => $u // '', old => $old, new => $new,
			change => change_text($probe, $old, $new), noise => noise_text($probe),
			r => abs($gap) };
	}
	return $best;
}

1;
