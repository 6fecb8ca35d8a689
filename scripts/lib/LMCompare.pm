# LMCompare - which metrics changed between two sides of runs, beyond the
# run-to-run noise: the engine of scripts/compare and of the HTML report's
# verdicts.
#
#   my @d = LMCompare::machine_diff(\@runs_a, \@runs_b);  # why not one machine
#   my @m = LMCompare::missing(\@runs_a, \@runs_b);       # metrics one side lacks
#   my $c = LMCompare::compare(a => \@runs_a, b => \@runs_b, history => \@runs,
#                              t => 5, p => 0.05, d => 10, plant => 1.10);
#     { rows => [ { name, old, new, pct, fpct, p, test, m, n, mde, judged,
#       verdict, why, rec } ], sorted by group, metric and numeric x;
#       properties => [ rows not judged ]; groups => [ { group, n, counts =>
#       { verdict => n }, geomean, up, down (metrics better, worse) } ];
#       incomparable => [ names ]; found_once => [ cache levels, c2c kinds
#       one side lacks ]; see => n (metrics
#       whose least detectable change is d or less); judged => n }
#   LMCompare::gating($verdict)   # 1 if the verdict makes compare exit 1
#   LMCompare::kind($name)        # the kind of a metric (ops, cpu, ipc, ...)
#
# The unit of evidence is an invocation: each time a run ran a metric's
# group, a separate process at another moment of the run (LMResults:
# {invocations}); several runs a side pool theirs.  What is compared is
# each invocation's floor, its best interval (LMResults::invocation_floor):
# on a shared host a slow phase moves a whole invocation's median by
# 10-50% between invocations 100 ms apart, and the host runs a short
# latency in a few states a factor apart for a second or two each.  The
# spread between invocations decides, never a default per kind; the
# first test a metric's invocations allow:
#   - best state: a better direction, $POOL_MIN or more invocations a
#     side, each side's best state confirmed ($BEST_MIN or more floors
#     within a factor 1 + $BEST_W of its best, LMStats::best_set): the
#     change of the median confirming floor, against the spread inside
#     every run's best states (of the metric's group, else of all
#     metrics): a bootstrap of the difference of medians;
#   - pooled: the same where a side did not confirm its best state and
#     every invocation has samples: the pooled $POOL_Q quantile of all
#     samples, a bootstrap over invocations (LMStats::pool_test);
#   - U test: the exact Mann-Whitney U over the floors, where the
#     invocations are enough for it to reach the level p;
#   - family: $FAMILY_SIDE or more invocations a side, against the
#     spread its family shows between invocations (its series, else its
#     group: the residuals of every metric of it measured twice or more
#     in a run, LMStats::residuals; a curve's point without residuals of
#     its own by its series only), widened to the metric's own spread
#     where its residuals show that wider (LMStats::widen): a bootstrap
#     of the difference of the sides' median floors from that pool;
#   - else (a side measured once, or too little of its family measured
#     twice) no test can be made: "noisy", never "unchanged".
# Where both sides have $RUNS_SIDE or more runs, the change must also
# stand against the spread between runs: the difference of the sides'
# medians of each run's median floor, a bootstrap from the residuals of
# the run medians of each side (and of the earlier runs) in the metric's
# family; the larger p and the larger least detectable change decide.
# A change counts when it is significant at p and the floors moved by t
# percent or more.  Each verdict says what it could not see: the metric's
# least detectable change at p with 80% power (LMStats::mde_u for the U
# test, the bootstraps' draws for the rest), and one not significant is
# "~" (unchanged) only where that is d percent or less, else "noisy".
# Earlier runs of the same machine and settings (history) add their
# invocations' spread to the pools (tightening an estimate); no verdict
# needs them.
#
# Verdicts are categories, tried in order: the first whose test holds
# names the row.  The built-in ones come from the statistics (better,
# worse, changed, noisy, ~); a module scripts/lib/LMCompare/<Name>.pm,
# loaded when this one is, can add its own with register_category (issue
# 24's "host moved", from drift probes recorded in the run):
#   LMCompare::register_category({ name => 'host moved', order => 10,
#       gate => 0, about => 'the host drifted during one of the runs',
#       test => sub { my ($row, $ctx) = @_; ... } });
# $row is { name, old, new, pct, changed, why, rec, a => [floors], b =>
# [floors], where => { a => [[run, line, floor]], b => ... } (each
# invocation's run, line and floor) }, $ctx { a => [runs], b => [runs] };
# a test that holds may put its reason in front of $row->{why}.  Lower
# order is tried first; the built-ins have 100 (changed rows), 500
# (noisy) and 1000 (~).
package LMCompare;
use strict;
use warnings;
use LMResults;
use LMStats;
use List::Util qw(min max);
use File::Basename qw(dirname basename);
use Cwd qw(abs_path);

# Smallest change that counts, percent: a significant change smaller than
# this is no verdict (the steadiest kind, ops, moved up to 5.1% between
# two runs of one idle VM).
our $MIN_EFFECT = 5;
our $ALPHA = 0.05;
# The change a "~" must have been able to see, percent: a metric whose
# least detectable change is larger is "noisy".
our $SEE = 10;
# The power the least detectable change is stated at.
our $POWER = 0.8;
# Runs a side from which a change must also stand against the spread
# between runs (several runs a side pool their invocations, but a run's
# invocations share its moment: A/A with three runs a side flagged 10%
# of the judged metrics against the spread between invocations alone).
our $RUNS_SIDE = 2;
# Residuals a family's pool needs to judge by it; draws of the bootstraps.
our $FAMILY_MIN = 12;
# The least change a verdict by the family test counts for a memory
# metric (kinds membw and memlat), percent (-t where larger).  That test
# knows only the spread inside runs, of the metric's curve or group;
# between runs a memory curve's points measured twice a run moved 5-14%
# where its sweeps within a run moved 1-2% (A/A pairs of a 32 MB-L3 VM,
# doc/validation/compare.md): at -t alone those pairs flagged up to 6.5%
# of the judged metrics.  Several runs a side give such a metric the U
# test, which this does not touch.
our $FAMILY_EFFECT = 10;
our $DRAWS = 2000;
our $POOL_DRAWS = 400;
# The quantile of the pooled samples the invocations' test compares: the
# cost in the host's fastest state, where a side spent at least this share
# of its time.
our $POOL_Q = 0.02;
# Invocations a side needs for that test, and samples each.
our $POOL_MIN = 3;
# The best state: the floors within this factor of a side's least
# (LMStats::best_set), and how many of them confirm it.
our $BEST_W = 0.03;
our $BEST_MIN = 3;
# Invocations a side needs for the family test: one floor a side tells
# the difference of two moments, and the family's spread inside runs is
# not the spread between them (a memory curve's point measured once a
# run, judged by its series' spread from two earlier runs, flagged 26 of
# 241 in an A/A pair; doc/validation/compare.md).
our $FAMILY_SIDE = 2;

# The kinds of metric (for --power's table and the reports), by name.
our @KINDS = (
	[ 'ops', qr/^(?:ops|par_ops)\./ ],
	[ 'cpu', qr/^(?:syscall|select|sig|rand)\./ ],
	[ 'proc', qr/^(?:proc\.|pagefault|mmap\.latency|cmd)/ ],
	[ 'fs', qr/^(?:fs\.|lmdd)/ ],
	[ 'ipc', qr/^(?:pipe|unix|fifo|sem|fcntl|ucontext|net|http|ctx)\./ ],
	[ 'membw', qr/^(?:bw_mem|stream2?\.\w+\.bandwidth|file\.|mmap\.reread)/ ],
	[ 'memlat', qr/^(?:mem\.|cache\.|tlb\.|stream2?\.\w+\.latency|par_mem)/ ],
	[ 'other', qr/./ ],
);
sub kind {
	my ($name) = @_;
	for (@KINDS) {
		return $_->[0] if $name =~ $_->[1];
	}
	return 'other';
}

# What makes two runs the same machine and settings for compare: results
# of another CPU, kernel, memory size or profile are not the same
# experiment (header key, what it is).
our @MACHINE = ([ 'CPU_MODEL', 'CPU model' ], [ 'RELEASE', 'kernel' ], [ 'MB', 'MB' ],
	[ 'PROFILE', 'profile' ]);

# ---- verdict categories -----------------------------------------------------------

sub direction {
	my ($row) = @_;
	# The change judged (the floors'), else the values'.
	my $up = defined $row->{fpct} ? $row->{fpct} > 0 : $row->{new} > $row->{old};
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
register_category({ name => 'noisy', order => 500, gate => 0, builtin => 1,
	test => sub { !$_[0]{changed} && !$_[0]{sees} },
	about => 'too noisy to judge: the change asked about (-d) could not have been seen' });
register_category({ name => '~', order => 1000, gate => 0, builtin => 1, test => sub { 1 },
	about => 'no significant change, where the change asked about could have been seen' });

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
# and their sizes (one run of a machine may tell four levels apart, the
# next three), and lat_c2c's figure per kind of pair, which a run gives
# only where its matrix was stable (the vCPUs of a VM may move in one
# run, not the next).
my $FOUND = qr/^(?:cache\.l\d+\.(?:latency|size)|c2c\.(?!pair\.|stability\.)\w+(?:\.\w+)*)$/;

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

# ---- statistics (LMStats) ------------------------------------------------------

# The older names, for the callers that had them here.
*mann_whitney = \&LMStats::mann_whitney;
*upper_normal = \&LMStats::upper_normal;
*choose = \&LMStats::choose;

# ---- earlier runs of the machine (one run a side) -----------------------------------

# The other results files <host>.<n> in the directories of the files
# named, of the same machine and settings as all of them (machine_diff
# empty), and readable: the runs whose spread tightens the pools.
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

# An invocation's samples on the log scale, lower better (LMStats::pool_*):
# the intervals its statistics are over, planted with the factor; its
# floor alone where it has fewer than three.
sub samples_of {
	my ($inv, $rec, $f) = @_;
	my @s = $inv->{stats} ? LMResults::used_samples($inv->{stats}) : ();
	@s = ($inv->{floor}) unless @s >= 3 && !grep { !LMResults::finite($_) || $_ <= 0 } @s;
	my $sg = ($rec->{better} // '') eq 'higher' ? -1 : 1;
	return [ map { $sg * log(planted($_, $rec, $f)) } grep { $_ > 0 } @s ];
}
sub rich {
	my ($inv) = @_;
	return 0 unless $inv->{stats};
	my @u = LMResults::used_samples($inv->{stats});
	return @u >= 3;
}

# The invocations of a metric in one run: [ { floor, value, line } ].
sub invocations_of {
	my ($rec) = @_;
	return () unless $rec;
	my @i = @{ $rec->{invocations} // [] };
	@i = ({ value => $rec->{value}, floor => $rec->{value}, line => $rec->{line} }) unless @i;
	return grep { LMResults::finite($_->{floor}) } @i;
}

# A run's median floor of a metric (its invocations').
sub run_median {
	my ($rec) = @_;
	my @f = map { $_->{floor} } invocations_of($rec);
	return @f ? LMResults::median(@f) : ();
}

# A metric's families, closest first: its series (the name without the
# point), and its group (the name's first part).
sub families {
	my ($n) = @_;
	my $base = $n =~ s/#\d+$//r;
	my @f;
	push @f, "series:$1" if $base =~ /^([^@]+)@/;
	push @f, 'group:' . ($base =~ /^([^.@]+)/)[0];
	return @f;
}

# Scale a planted side: a factor that makes the metric worse (more time,
# less bandwidth; a metric with no better direction grows).
sub planted {
	my ($v, $rec, $f) = @_;
	return $v if !defined $f || $f == 1;
	return ($rec->{better} // '') eq 'higher' ? $v / $f : $v * $f;
}

sub compare {
	my (%o) = @_;
	my ($t, $alpha, $see) = ($o{t} // $MIN_EFFECT, $o{p} // $ALPHA, $o{d} // $SEE);
	my $power = $o{power} // $POWER;
	my @ma = map { LMResults::metrics($_) } @{ $o{a} };
	my @mb = map { LMResults::metrics($_) } @{ $o{b} };
	my @mh = map { LMResults::metrics($_) } @{ $o{history} // [] };
	my $ctx = { a => $o{a}, b => $o{b} };
	my %names;
	for my $m (@ma, @mb) { $names{$_}++ for grep { !/^:/ } keys %$m; }
	my $t_log = log(1 + $t / 100);
	my (@rows, @props, @incomparable, @found);
	# Each metric's groups of floors (a run's invocations), for its own
	# spread and its families' pools; history runs measured once each
	# make one group of their own (the spread between those runs).
	my (%groups, %pool, %bpool, %rec0, %rgroups, %rpool);
	for my $m (@ma, @mb) { $rec0{$_} //= $m->{$_} for grep { !/^:/ } keys %$m; }
	for my $n (sort keys %names) {
		my @g;
		for my $m (@ma, @mb) {
			my @f = map { $_->{floor} } invocations_of($m->{$n});
			push @g, \@f if @f > 1;
		}
		my @once;
		for my $m (@mh) {
			my @f = map { $_->{floor} } invocations_of($m->{$n});
			if (@f > 1) { push @g, \@f } elsif (@f) { push @once, $f[0] }
		}
		push @g, \@once if @once > 1;
		$groups{$n} = \@g;
		my @r = LMStats::residuals(\@g);
		push @{ $pool{$_} }, @r for families($n);
		# The spread inside each run's best state (its confirming
		# floors), for the best-state test of every metric of the group.
		my $bs = (($rec0{$n} // {})->{better} // '') eq 'higher' ? -1 : 1;
		my @b = map { [ map { exp($bs * $_) } LMStats::best_set([ map { $bs * log } grep { $_ > 0 } @$_ ],
			$BEST_W) ] } grep { @$_ >= $POOL_MIN } @g;
		my @br = LMStats::residuals([ grep { @$_ >= $BEST_MIN } @b ]);
		push @{ $bpool{$_} }, @br for (families($n))[-1], 'all';
		# Each run's median floor, in groups of the runs of a side (and
		# of the earlier runs): the spread between runs.
		my @rg;
		for my $side (\@ma, \@mb, \@mh) {
			my @med = map { run_median($_->{$n}) } grep { $_->{$n} } @$side;
			push @rg, \@med if @med > 1;
		}
		$rgroups{$n} = \@rg;
		push @{ $rpool{$_} }, LMStats::residuals(\@rg) for families($n);
	}
	my %null;
	for my $n (sort_names(keys %names)) {
		my @ra = grep { $_ } map { $_->{$n} } @ma;
		my @rb = grep { $_ } map { $_->{$n} } @mb;
		my $rec = (grep { $_->{$n} } @ma, @mb)[0]{$n};
		next if $rec->{count};		# a count the harness chose, not a result
		if (!@ra || !@rb) {
			# missing(): the caller's to refuse, but for levels found.
			push @found, $n if $n =~ $FOUND;
			next;
		}
		my $f = $o{plant};
		my @ia = map { invocations_of($_) } @ra;
		my @ib = map { invocations_of($_) } @rb;
		my @fa = map { $_->{floor} } @ia;
		my @fb = map { planted($_->{floor}, $rec, $f) } @ib;
		my ($old, $new) = (LMResults::median(map { $_->{value} } @ra),
			LMResults::median(map { planted($_->{value}, $rec, $f) } @rb));
		# Where each invocation was measured (its run and line) and its
		# floor: for the host's drift.
		my %where;
		for my $side ([ 'a', $o{a}, \@ma, undef ], [ 'b', $o{b}, \@mb, $f ]) {
			my ($k, $runs, $ms, $pf) = @$side;
			for my $i (0 .. $#$ms) {
				next unless $ms->[$i]{$n};
				push @{ $where{$k} }, map { [ $runs->[$i], $_->{line}, planted($_->{floor}, $rec, $pf) ] }
					invocations_of($ms->[$i]{$n});
			}
		}
		my $row = { name => $n, old => $old, new => $new, rec => $rec, a => \@fa, b => \@fb,
			where => \%where, m => scalar @fa, n => scalar @fb,
			pct => defined $old && defined $new && $old > 0 && $new > 0
				? 100 * ($new / $old - 1) : undef, changed => 0 };
		if ($rec->{property}) {
			push @props, $row;
			next;
		}
		if (!@fa || !@fb || grep { $_ <= 0 } @fa, @fb) {
			# A change between zero and something is no factor.
			push @incomparable, $n unless "@fa" eq "@fb";
			next;
		}
		push @rows, $row;
		my ($m, $k) = (scalar @fa, scalar @fb);
		my $d = log(LMResults::median(@fb) / LMResults::median(@fa));
		$row->{fpct} = 100 * (exp($d) - 1);
		my @own = LMStats::residuals($groups{$n});
		# A curve's point measured once a run is judged by its series'
		# spread (a curve swept twice a run), never by its group's alone:
		# there the main-memory points, measured more often, make the
		# pool, and they are steadier than the cached sizes (a 512-byte
		# bw_mem moved 20-60% between two runs, its 272 MB points 5%:
		# doc/validation/compare.md).
		my @fams = grep { /^series:/ || @own || $n !~ /@/ } families($n);
		my ($fam) = grep { @{ $pool{$_} // [] } >= $FAMILY_MIN } @fams;
		my $inv = "$m+$k invocations";
		my ($p, $mde, $how);
		my $dir = $rec->{better} // 'none';
		my $sg = $dir eq 'higher' ? -1 : 1;
		my @ba = LMStats::best_set([ map { $sg * log } @fa ], $BEST_W);
		my @bb = LMStats::best_set([ map { $sg * log } @fb ], $BEST_W);
		my ($bfam) = grep { @{ $bpool{$_} // [] } >= $FAMILY_MIN } (families($n))[-1], 'all';
		if (($dir eq 'lower' || $dir eq 'higher') && $m >= $POOL_MIN && $k >= $POOL_MIN
		    && @ba >= $BEST_MIN && @bb >= $BEST_MIN && $bfam) {
			# Both sides confirmed their best state: its floors, against
			# the spread inside best states.
			$d = $sg * (LMResults::median(@bb) - LMResults::median(@ba));
			my $null = $null{"best $bfam " . @ba . ' ' . @bb} //= LMStats::boot_null($bpool{$bfam},
				scalar @ba, scalar @bb, $DRAWS, length($bfam) * 7919 + @ba * 31 + @bb);
			$p = LMStats::boot_p($null, $d);
			$mde = LMStats::boot_mde($null, $alpha, $power);
			$row->{fpct} = 100 * (exp($d) - 1);
			$how = sprintf('best state %+.1f%% (%d+%d of %s), p=%.3g %s %g against the spread in best states of %s',
				$row->{fpct}, scalar @ba, scalar @bb, $inv, $p, $p < $alpha ? '<' : '>=', $alpha,
				$bfam =~ s/^\w+://r);
			$row->{test} = 'best';
		} elsif (($dir eq 'lower' || $dir eq 'higher') && $m >= $POOL_MIN && $k >= $POOL_MIN
		    && !grep { !rich($_) } @ia, @ib) {
			# Invocations with their samples: the pooled low quantile.
			my ($dq, $pq, $mq) = LMStats::pool_test([ map { samples_of($_, $rec, undef) } @ia ],
				[ map { samples_of($_, $rec, $f) } @ib ], $POOL_Q, $POOL_DRAWS,
				length($n) * 7919 + $m * 31 + $k, $alpha, $power);
			($d, $p, $mde) = ($dir eq 'higher' ? -$dq : $dq, $pq, $mq);
			$row->{fpct} = 100 * (exp($d) - 1);
			$how = sprintf('pooled %g%% %+.1f%%, p=%.3g %s %g (%s)', 100 * $POOL_Q, $row->{fpct},
				$p, $p < $alpha ? '<' : '>=', $alpha, $inv);
			$row->{test} = 'pool';
		} elsif (LMStats::u_min_p($m, $k) < $alpha) {
			$p = LMStats::mann_whitney(\@fa, \@fb);
			# The spread: the metric's own where it has enough, else its
			# family's.
			my ($sd, $df) = (LMStats::robust_sd(\@own), @own - 1);
			($sd, $df) = (LMStats::robust_sd($pool{$fam}), @{ $pool{$fam} } - 1)
				if (!defined $sd || @own < 8) && $fam;
			$mde = defined $sd ? LMStats::mde_u($sd, $df, $m, $k, $alpha, $power) : 9**9**9;
			$how = sprintf('U test p=%.3g %s %g (%s)', $p, $p < $alpha ? '<' : '>=', $alpha, $inv);
		} elsif ($fam && $m >= $FAMILY_SIDE && $k >= $FAMILY_SIDE) {
			# The family's spread, widened to the metric's own where that
			# is shown to be wider (a point at a cache's edge).
			my $w = LMStats::widen(\@own, $pool{$fam}, $alpha);
			my $key = sprintf('%s %d %d %.6g', $fam, $m, $k, $w);
			my $null = $null{$key} //= LMStats::boot_null([ map { $_ * $w } @{ $pool{$fam} } ],
				$m, $k, $DRAWS, length($fam) * 7919 + $m * 31 + $k);
			$p = LMStats::boot_p($null, $d);
			$mde = LMStats::boot_mde($null, $alpha, $power);
			$how = sprintf('p=%.3g %s %g against the spread of %s%s (%s)', $p,
				$p < $alpha ? '<' : '>=', $alpha, $fam =~ s/^\w+://r,
				$w > 1 ? sprintf(' widened %.2fx to its own', $w) : '', $inv);
		} elsif ($fam) {
			$mde = 9**9**9;
			$how = "no test: $inv, a side measured once has no spread of its own";
		} else {
			$mde = 9**9**9;
			my $have = max(0, map { scalar @{ $pool{$_} // [] } } @fams);
			$how = $have ? "no test: $inv and $have residuals of its family measured twice in a run, $FAMILY_MIN needed"
				: "no test: $inv and nothing of its family measured twice in a run";
		}
		# Several runs a side: the change must also stand against the
		# spread between runs (each run's median floor), not only
		# between invocations, which a run's own moment binds together.
		if (defined $p && @ra >= $RUNS_SIDE && @rb >= $RUNS_SIDE) {
			my @ro = LMStats::residuals($rgroups{$n});
			my ($rf) = grep { @{ $rpool{$_} // [] } >= $FAMILY_MIN } grep { /^series:/ || @ro || $n !~ /@/ }
				families($n);
			if ($rf) {
				my @meda = map { run_median($_) } @ra;
				my @medb = map { planted(run_median($_), $rec, $f) } @rb;
				my $dr = log(LMResults::median(@medb) / LMResults::median(@meda));
				my $key = sprintf('runs %s %d %d', $rf, scalar @ra, scalar @rb);
				my $null = $null{$key} //= LMStats::boot_null($rpool{$rf}, scalar @ra, scalar @rb, $DRAWS,
					length($rf) * 7919 + @ra * 31 + @rb + 7);
				my $pr = LMStats::boot_p($null, $dr);
				my $mr = LMStats::boot_mde($null, $alpha, $power);
				$how .= sprintf(', between runs p=%.3g %s %g against the spread of %s (%d+%d runs)', $pr,
					$pr < $alpha ? '<' : '>=', $alpha, $rf =~ s/^\w+://r, scalar @ra, scalar @rb);
				$p = $pr if $pr > $p;
				$mde = $mr if $mr > $mde;
			}
		}
		my $sig = defined $p && $p < $alpha;
		$row->{p} = $p;
		$row->{test} //= defined $p ? ($fam && LMStats::u_min_p($m, $k) >= $alpha ? 'family' : 'U') : 'none';
		$row->{judged} = defined $p ? 1 : 0;
		# The change that counts: -t, and at least $FAMILY_EFFECT where
		# only the family's spread inside runs judged a memory metric.
		my $te = $row->{test} eq 'family' && kind($n) =~ /^mem/ ? max($t, $FAMILY_EFFECT) : $t;
		my $mde_pct = $mde < 50 ? 100 * (exp($mde) - 1) : 9**9**9;
		$mde_pct = $te if $mde_pct < $te;
		$row->{mde} = $mde_pct;
		$row->{sees} = $mde_pct <= $see ? 1 : 0;
		$row->{changed} = $sig && abs($d) >= log(1 + $te / 100) ? 1 : 0;
		my $sees = $mde_pct < 9**9**9 ? sprintf('sees %.1f%%', $mde_pct) : 'sees nothing';
		$row->{why} = ($row->{test} =~ /^(?:pool|best)$/ ? "$how, $sees" : sprintf('floor %+.1f%%, %s, %s', $row->{fpct}, $how, $sees))
			. ($sig && !$row->{changed} ? ($te > $t ? ", below the family test's $te%" : ", below -t $t%") : '');
	}
	$_->{verdict} = verdict($_, $ctx) for @rows;
	return { rows => \@rows, properties => \@props, incomparable => \@incomparable,
		found_once => \@found, see => scalar(grep { $_->{sees} } @rows),
		judged => scalar(grep { $_->{judged} } @rows), groups => [ groups(@rows) ] };
}

# Per group (a metric's first part): how many metrics, how many of each
# verdict, the geometric mean of the factor by which its metrics got
# better (old/new for times, new/old for rates; metrics with no better
# direction left out), as a percentage: +10% better, -10% worse; and of
# those with a direction, how many got better (up) and worse (down).
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
		$x->{up} = grep { $_ > 0 } @l;
		$x->{down} = grep { $_ < 0 } @l;
	}
	return map { $g{$_} } @order;
}

1;
