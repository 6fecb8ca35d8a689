#!/usr/bin/perl
# compare and the host's drift probes (LMCompare::HostMoved, LMDrift), on
# small synthetic runs with probe points between the invocations
# (t/lib/LmSynth.pm):
# - a memory latency 1.8 times slower while the memory probe moved the
#   same way beyond its noise is "host moved": listed apart with the
#   probe's figures, not counted, exit 0; a probe within its noise is not
#   marked moved; a share of the CPU (others) names its points;
# - a move of the probes the other way, or one stray point, is no move:
#   the change counts;
# - the "together" rule: with 6 or more invocations, the metric's own
#   invocations must move with the probe's figures around them (Spearman
#   0.5 or more, worse with worse): the same floors and the same probe
#   levels are "host moved" when each invocation tracks its probe, a
#   change when they run against it;
# - files without probes compare as before, also beside a file with them.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmSynth;
use LMDrift;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);
sub compare { return run([ $^X, 'scripts/compare', @_ ]); }

# name => verdict of the changed lines, and name => why of the host-moved
# lines.
sub verdicts {
	my ($out) = @_;
	my ($main, $moved) = split /^Host moved \(not counted as changes\).*\n/m, $out, 2;
	$moved //= '';
	$moved =~ s/\n\n.*//s;
	my (%c, %h);
	$c{$1} = $2 while $main =~ /^(\S+)\s+\S+\s+\S+\s+[-+]\d+\.\d%\s+(better|worse|changed)\s/mg;
	$h{$1} = $2 while $moved =~ /^(\S+)\s+\S+\s+\S+\s+[-+]\d+\.\d%\s+(probe .*)$/mg;
	return (\%c, \%h);
}
sub changed { return $_[0] =~ /^Changed: (\d+) of (\d+) metrics/m ? $1 : undef; }

# The probes of the VM they were measured on (doc/validation/drift.md),
# and the shares (others, steal) in percent of the CPU time.
my %BASE = (l1 => 1.23, l2 => 5.1, llc => 36, dram => 150, stride => 12, bw => 15500, syscall => 76,
	others => 5, steal => 0);
# Every probe at its base figure times %k (others and steal: set to %k's).
sub probes {
	my (%k) = @_;
	return sub { +{ map { $_ => /^(?:others|steal)$/ ? $k{$_} // $BASE{$_} : $BASE{$_} * ($k{$_} // 1) } keys %BASE } };
}

my @JA = (-0.01, 0.005, 0, 0.01, -0.005);
my @JB = (0.008, -0.007, 0.002, -0.012, 0.004);
# A memory latency, a system call and an operation, five invocations
# each with samples, each times its factor in %f.
sub metrics {
	my ($J, %f) = @_;
	return [ { name => 'mem.rand.latency', unit => 'nanoseconds', values => synth_values(90 * ($f{mem} // 1), 5, $J) },
		 { name => 'syscall.null', values => synth_values(0.1 * ($f{syscall} // 1), 5, $J) },
		 { name => 'ops.integer.add', unit => 'nanoseconds',
		   values => synth_values(0.35 * ($f{ops} // 1), 5, $J) } ];
}
my $n = 0;
sub run_of {
	my ($metrics, $probes) = @_;
	my $d = "$tmp/r" . $n++;
	mkdir $d or die "$d: $!";
	return synth_run("$d/synth.0", metrics => $metrics, order => 'spread', $probes ? (probes => $probes) : ());
}

# The probes that speak for a metric: its kind's and the shares.
is_deeply([ LMDrift::probes_for('mem.loaded.rd.loaders_1.bandwidth@3') ],
	  [qw(bw llc stride others steal)], 'the loaders\' bandwidth: the bandwidth probes');
is_deeply([ LMDrift::probes_for('mem.loaded.rd.loaders_1@3') ],
	  [qw(l1 l2 llc dram stride others steal)], 'a loaded latency: the latency probes');
is_deeply([ LMDrift::probes_for('syscall.null') ], [qw(syscall others steal)], 'a system call: its probe');

my $pa = run_of(metrics(\@JA), probes());

# ---- (a) the host moved ------------------------------------------------------------

# B: the memory latency 1.8 times, and the memory probes 1.8 times.
my $pb = run_of(metrics(\@JB, mem => 1.8), probes(llc => 1.8, dram => 1.8, stride => 1.8));
my $r = compare($pa, $pb);
my ($c, $h) = verdicts($r->{out});
is_deeply([ keys %$h ], ['mem.rand.latency'], 'host moved: the memory latency, nothing else');
like($h->{'mem.rand.latency'} // '', qr/^probe dram 150 -> 270 ns \(\+80%, its noise 50%\); \S/,
     'host moved: the probe, its figures and its noise, then why the metric changed');
is_deeply($c, {}, 'host moved: nothing counted as changed');
is(changed($r->{out}), 0, 'host moved: Changed: 0');
is($r->{status}, 0, 'host moved: exit 0');
like($r->{out}, qr/^  dram\s+150\.0\s+270\.0 ns\s+\+80%\s+noise 50%\s+moved  \(A 150\.0\.\.150\.0, B 270\.0\.\.270\.0\)$/m,
     'the probe lines: both sides\' figures, the move, its noise, moved');
# llc's noise (170%) is wider than 80%: the same move is none.
like($r->{out}, qr/^  llc\s+36\.000\s+64\.800 ns\s+\+80%\s+noise 170%\s+\(A /m,
     'a move within the probe\'s noise: not marked moved');

# The share of other processes: 5% of the CPU time on A, 60% on B in
# the intervals that held the system call's invocations (a share's point
# speaks for the interval before it), and the system call 1.3 times: host
# moved by the share, named in points.
$pb = run_of(metrics(\@JB, syscall => 1.3), sub { probes(others => $_[0] =~ /^syscall/ ? 60 : 5)->() });
($c, $h) = verdicts(compare($pa, $pb)->{out});
like($h->{'syscall.null'} // '', qr/^probe others 5 -> 60 % \(\+55 points, its noise 25 points\); /,
     'others 5% -> 60%: the system call host moved, the share in points');
is_deeply($c, {}, 'others: nothing counted');

# ---- (b) no move: the other way, one stray point ------------------------------------

$pb = run_of(metrics(\@JB, mem => 1.8), probes(llc => 0.5, dram => 0.5, stride => 0.5));
($c, $h) = verdicts(compare($pa, $pb)->{out});
is_deeply([ $c, $h ], [ { 'mem.rand.latency' => 'worse' }, {} ],
	  'the probes faster while the metric got slower: a change, not the host');
{
	my $steady = probes();
	my $stray = sub {
		my ($where, $i) = @_;
		my $f = $steady->();
		$f->{$_} *= 3 for $i == 3 ? qw(dram llc stride) : ();
		return $f;
	};
	$pb = run_of(metrics(\@JB, mem => 1.8), $stray);
	$r = compare($pa, $pb);
	($c, $h) = verdicts($r->{out});
	is_deeply([ $c, $h ], [ { 'mem.rand.latency' => 'worse' }, {} ], 'one stray point of the probes: no move, a change');
	is($r->{status}, 1, 'a change: exit 1');
}
# llc 1.8 times alone: within its noise (170%), no move.
$pb = run_of(metrics(\@JB, mem => 1.8), probes(llc => 1.8));
($c, $h) = verdicts(compare($pa, $pb)->{out});
is_deeply([ $c, $h ], [ { 'mem.rand.latency' => 'worse' }, {} ], 'a probe moved within its noise: a change');
$pb = run_of(metrics(\@JB, ops => 1.1), probes());
($c, $h) = verdicts(compare($pa, $pb)->{out});
is_deeply([ $c, $h ], [ { 'ops.integer.add' => 'worse' }, {} ], 'a planted 10% with the probes steady: worse');

# ---- (c) together: the invocations move with the probe, or not ----------------------

# Eight invocations a side, floors only (no samples), B 10% slower with
# one overlap: A 108 107 ... 101, B 118 117 ... 112 107.5 (U = 1, p =
# 4/12870).  The memory probe is 150-158 ns on A, 300-308 on B (a move of
# 2x, beyond its noise), in both cases below.
my @fa = map { 109 - $_ } 1 .. 8;
my @fb = ((map { 119 - $_ } 1 .. 7), 107.5);
my $walk = sub { [ { name => 'mem.walk.latency', unit => 'nanoseconds', stats => 0, values => $_[0] } ] };
# Point k is after invocation k: invocation k sees points k-1 and k.
my $line = sub { my ($base, $step) = @_; sub { my ($where, $i) = @_; +{ %{ probes()->() }, dram => $base + $step * $i } } };
# Spearman of the floors and the probe around each, worked by hand: with
# the probe falling as the floors do within each side, the ranks differ
# only at the overlap (d = 1 twice): 1 - 6 * 2 / (16 * 255) = 0.997; with
# it rising against them, sum d^2 = 366: 1 - 6 * 366 / 4080 = 0.462.
{
	my (@x, @yt, @ya);
	for my $i (1 .. 8) {
		push @x, $fa[ $i - 1 ];
		push @yt, sqrt((158 - ($i - 1)) * (158 - $i));
		push @ya, sqrt((150 + ($i - 1)) * (150 + $i));
	}
	for my $i (1 .. 8) {
		push @x, $fb[ $i - 1 ];
		push @yt, sqrt((308 - ($i - 1)) * (308 - $i));
		push @ya, sqrt((300 + ($i - 1)) * (300 + $i));
	}
	ok(abs(LMDrift::spearman(\@x, \@yt) - (1 - 12 / 4080)) < 1e-12, 'Spearman, tracking: 0.997 as worked out');
	ok(abs(LMDrift::spearman(\@x, \@ya) - (1 - 6 * 366 / 4080)) < 1e-12, 'Spearman, against: 0.462 as worked out');
	is(LMDrift::spearman([ 1, 2, 3 ], [ 3, 2, 1 ]), -1, 'Spearman of reversed ranks: -1');
}
my $ta = run_of($walk->(\@fa), $line->(158, -1));
my $tb = run_of($walk->(\@fb), $line->(308, -1));
$r = compare($ta, $tb);
($c, $h) = verdicts($r->{out});
like($h->{'mem.walk.latency'} // '', qr/^probe dram \S+ -> \S+ ns /,
     'together: 16 invocations that track the probe, host moved');
is($r->{status}, 0, 'together: exit 0');
$ta = run_of($walk->(\@fa), $line->(150, 1));
$tb = run_of($walk->(\@fb), $line->(300, 1));
$r = compare($ta, $tb);
($c, $h) = verdicts($r->{out});
is_deeply([ $c, $h ], [ { 'mem.walk.latency' => 'worse' }, {} ],
	  'not together: the same floors and probe levels, each invocation against its probe: a change');
is($r->{status}, 1, 'not together: exit 1');
like($r->{out}, qr/^  dram\s+\S+\s+\S+ ns\s+\+\d+%\s+noise 50%\s+moved/m, 'though the probe moved');
# Five invocations in all: too few to ask; the sides' probes decide.
{
	my $runs = sub {
		my ($base) = @_;
		return { drift => [ map { { line => 10 * $_, values => { dram => $base + $_ } } } 0 .. 8 ] };
	};
	my ($ra, $rb) = ($runs->(150), $runs->(300));
	my @wa = map { [ $ra, 10 * $_ + 5, $fa[$_] ] } 0 .. 7;
	my @wb = map { [ $rb, 10 * $_ + 5, $fb[$_] ] } 0 .. 7;
	ok(!LMDrift::together(\@wa, \@wb, 'dram', 'lower'), 'together(): 16 against their probe, no');
	ok(LMDrift::together([ reverse @wa ], [ reverse @wb ], 'dram', 'lower')
	   == LMDrift::together(\@wa, \@wb, 'dram', 'lower'), 'together(): the order of the invocations does not matter');
	is(LMDrift::together([ @wa[ 0 .. 2 ] ], [ @wb[ 5 .. 6 ] ], 'dram', 'lower'), 1,
	   'together(): 5 invocations in all, not asked');
	ok(!LMDrift::together([ @wa[ 0 .. 2 ] ], [ @wb[ 5 .. 7 ] ], 'dram', 'lower'),
	   'together(): 6, asked (against: no)');
	my @wt = map { [ $ra, 10 * $_ + 5, 100 + $_ ] } 0 .. 7;
	ok(LMDrift::together(\@wt, \@wb, 'dram', 'lower'), 'together(): floors that rise with the probe, yes');
}

# Measured twice a side (judged against its series' spread, the other
# points measured five times): 4 invocations in all, too few to ask
# whether they move together; the sides' probes decide, the way they
# moved included.
{
	my $curve = sub {
		my ($J, $f) = @_;
		return [ (map { { name => "mem.curve\@$_", unit => 'nanoseconds', values => synth_values(10 * $_, 5, $J) } }
			  1 .. 4),
			 { name => 'mem.curve@8', unit => 'nanoseconds', values => synth_values(80 * $f, 2, $J) } ];
	};
	my $oa = run_of($curve->(\@JA, 1), probes());
	$r = compare($oa, run_of($curve->(\@JB, 1.8), probes(dram => 1.8)));
	($c, $h) = verdicts($r->{out});
	like($h->{'mem.curve@8'} // '',
	     qr/^probe dram 150 -> 270 ns .*against the spread of mem\.curve \(2\+2 invocations\)/,
	     '2+2 invocations, the probe moved the same way: host moved');
	($c, $h) = verdicts(compare($oa, run_of($curve->(\@JB, 1.8), probes(dram => 0.5)))->{out});
	is_deeply([ $c, $h ], [ { 'mem.curve@8' => 'worse' }, {} ],
		  '2+2 invocations, the probe moved the other way: a change');
}

# ---- (d) files without probes ---------------------------------------------------------

my $qa = run_of(metrics(\@JA));
my $qb = run_of(metrics(\@JB, mem => 1.8));
$r = compare($qa, $qb);
unlike($r->{out}, qr/host moved|Host drift/i, 'no probes: no host-moved lines, no probe lines');
($c) = verdicts($r->{out});
is_deeply($c, { 'mem.rand.latency' => 'worse' }, 'no probes: the change counts');
my $mixed = compare($pa, $qb);
like($mixed->{out}, qr/^Host drift probes: not in every file.*\Q$qb\E: none \(an older file\)/m,
     'one side without probes: said so');
($c, $h) = verdicts($mixed->{out});
is_deeply([ $c, $h ], [ { 'mem.rand.latency' => 'worse' }, {} ], 'one side without probes: the same verdicts');
is(changed($mixed->{out}), changed($r->{out}), 'one side without probes: the same count');

done_testing();
