#!/usr/bin/perl
# scripts/compare as a regression gate, on small synthetic results files
# (RESULTS_FORMAT 4, t/lib/LmSynth.pm) whose invocations are known, so
# that each verdict is known.  The engine tries five tests in order
# (LMCompare::compare): the best state (3+ invocations a side, each
# side's floors within a factor 1.03 of its least confirmed by three or
# more), the pooled 2% quantile (3+ invocations a side with samples), the
# U test over the floors, the family's spread (2+ invocations a side),
# none.  Here:
# - an A/A pair (other jitter of the same figures) exits 0, nothing
#   flagged, each metric judged by the test its invocations allow: best
#   state (steady floors; one metric with four of seven invocations in a
#   slower state), pooled (floors 4-6% apart, so no side confirms a best
#   state, with samples), U (the same without samples), family (measured
#   twice, its group five times), none (measured once, nothing of its
#   family twice; measured once, its group five times: a side's one
#   floor has no spread: "noisy", never "~", whatever -d); the header
#   names the tests;
# - a planted 10% change is flagged in the right direction by each test,
#   with the figures worked out here (the change of the median confirming
#   floor, the pooled quantile's change, the floors' medians), and p where
#   it is known: 1/2001 (no draw of the best states' spread reaches 10%),
#   1/401 (no draw of the pooled bootstrap crosses 0), 2/252 (the exact U
#   p of two separated sides); not where no test can see it;
# - -d moves a metric between "~" and "noisy" at the change it could see;
#   -t keeps a smaller change from counting;
# - several runs a side pool their invocations (2+2 each: no test; 4+4:
#   found, by the pooled test: runs of two invocations give the best
#   state no spread to judge by); three runs a side must also stand
#   against the spread between runs; earlier runs of the machine (history)
#   give metrics measured twice a run the family's spread their two runs
#   lack, never one measured once a run a test, and -N goes without;
# - --power prints its table and finds a planted change;
# - the old sample pair (one invocation a run) and an old two-pass file
#   are read and judged: a verdict line per metric, those measured once
#   "noisy";
# - the command line: usage errors exit 2 with the reason and the usage.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmSynth;
use Test::More;
use File::Temp qw(tempdir);
use List::Util qw(min max);

my $tmp = tempdir(CLEANUP => 1);
sub compare { return run([ $^X, 'scripts/compare', @_ ]); }
sub dir { my $d = "$tmp/$_[0]"; mkdir $d or die "$d: $!"; return $d; }

# The metric lines: name => { old, new, pct, verdict, why }.
sub rows {
	my ($out) = @_;
	my ($table) = $out =~ /^metric\s+old\s+new\s+change\s+why\n(.*?)(?:\n\n|\z)/ms;
	my %r;
	for (split /\n/, $table // '') {
		/^(\S+)\s+(\S+)\s+(\S+)\s+([-+]\d+\.\d)%\s+(\S+)\s+(.*)$/ or next;
		$r{$1} = { old => $2, new => $3, pct => $4, verdict => $5, why => $6 };
	}
	return \%r;
}
# name => verdict of the flagged lines (better, worse, changed).
sub flagged {
	my ($r) = @_;
	return { map { $_ => $r->{$_}{verdict} } grep { $r->{$_}{verdict} =~ /^(?:better|worse|changed)$/ } keys %$r };
}
# (changed, of, judged) from "Changed: k of N metrics (p%); J judged".
sub counts {
	my ($out) = @_;
	return $out =~ /^Changed: (\d+) of (\d+) metrics \([\d.]+%\); (\d+) judged \([\d.]+% of them\)$/m
		? ($1, $2, $3) : ();
}
# (d, see, of, noisy) from "Could see a change of d% or more in X of N
# metrics; Y too noisy to judge".
sub seen {
	my ($out) = @_;
	return $out =~ /^Could see a change of (\S+)% or more in (\d+) of (\d+) metrics; (\d+) too noisy to judge/m
		? ($1, $2, $3, $4) : ();
}
# Which test a why names: best, pool, U, family, none (the forms
# doc/results.md gives), or '?'.
sub test_of {
	my ($why) = @_;
	my $pct = qr/[-+]\d+\.\d%/;
	my $p = qr/p=\S+ (?:<|>=) 0\.05/;
	my $inv = qr/\(\d+\+\d+ invocations\)/;
	return 'best' if $why =~ /^best state $pct \(\d+\+\d+ of \d+\+\d+ invocations\), $p against the spread in best states of \S+, sees (?:\d+\.\d%|nothing)/;
	return 'pool' if $why =~ /^pooled 2% $pct, $p $inv, sees (?:\d+\.\d%|nothing)/;
	return 'U' if $why =~ /^floor $pct, U test $p $inv, sees/;
	return 'family' if $why =~ /^floor $pct, $p against the spread of \S+(?: widened \d+\.\d\dx to its own)? $inv, sees/;
	return 'none' if $why =~ /^floor $pct, no test: \d+\+\d+ invocations and (?:nothing|\d+ residuals) of its family measured twice in a run(?:, \d+ needed)?, sees nothing$/
		|| $why =~ /^floor $pct, no test: \d+\+\d+ invocations, a side measured once has no spread of its own, sees nothing$/;
	return '?';
}
sub sees { return $_[0] =~ /sees (\d+\.\d)%/ ? $1 : undef; }

# ---- the synthetic runs -------------------------------------------------------------

# Each invocation's jitter, A's and B's (the same machine, other moments):
# within 2.2%, so every floor of a side is in its best state.
my @JA = (-0.01, 0.005, 0, 0.01, -0.005);
my @JB = (0.008, -0.007, 0.002, -0.012, 0.004);
# Four of seven invocations in a slower state (12-25% slower): the best
# state is the other three, 1% apart, and the median floor a slow one.
my %SLOW = (a => [ 0, 0.12, 0.01, 0.15, 0.13, 0.005, 0.14 ], b => [ 0.2, 0.002, 0.25, 0.008, 0.22, 0, 0.21 ]);
# One invocation 4% or more faster than the rest: no side confirms a
# best state (pooled with samples, U without).
my %POOLED = (a => [ 0, 0.05, 0.04, 0.06, 0.045 ], b => [ 0.045, 0, 0.06, 0.04, 0.05 ]);
my %SPREAD = (a => [ 0, 0.05, 0.035, 0.065, 0.04 ], b => [ 0.04, 0.07, 0, 0.035, 0.055 ]);
# The metrics of side a or b, each times its factor in %$f: five
# invocations with samples (two times, two rates, two of the select group
# at twice the jitter; sig.catch with its one fast invocation), seven
# (syscall.read with its slow state), five without (pipe: floors only,
# spread), one measured twice and one once whose group (select) is
# measured five times, one measured once alone (proc).
sub metrics {
	my ($side, $f) = @_;
	my $J = $side eq 'a' ? \@JA : \@JB;
	my $x = sub { $f->{ $_[0] } // 1 };
	my @J2 = map { 2 * $_ } @$J;
	return [
		{ name => 'syscall.null', values => synth_values(0.1 * $x->('syscall.null'), 5, $J) },
		{ name => 'syscall.read', values => synth_values(0.2 * $x->('syscall.read'), 7, $SLOW{$side}) },
		{ name => 'stream.copy.bandwidth', unit => 'MB/sec',
		  values => synth_values(5000 * $x->('stream.copy.bandwidth'), 5, $J) },
		{ name => 'stream.scale.bandwidth', unit => 'MB/sec',
		  values => synth_values(4000 * $x->('stream.scale.bandwidth'), 5, $J) },
		{ name => 'sig.catch', values => synth_values(2 * $x->('sig.catch'), 5, $POOLED{$side}) },
		{ name => 'pipe.latency', stats => 0, values => synth_values(4 * $x->('pipe.latency'), 5, $SPREAD{$side}) },
		{ name => 'select.file.10', values => synth_values($x->('select.file.10'), 5, \@J2) },
		{ name => 'select.file.100', values => synth_values(3 * $x->('select.file.100'), 5, [ reverse @J2 ]) },
		{ name => 'select.file.500', values => synth_values(10 * $x->('select.file.500'), 2, $J) },
		{ name => 'select.file.1000', values => [ 20 * $x->('select.file.1000') * (1 + $J->[2]) ] },
		{ name => 'proc.exec', values => [ 300 * $x->('proc.exec') * (1 + $J->[1]) ] },
	];
}
sub metric_of {
	my ($side, $name, $f) = @_;
	my ($m) = grep { $_->{name} eq $name } @{ metrics($side, $f) };
	return $m;
}
my @ALL = map { $_->{name} } @{ metrics('a') };
my @BEST = qw(syscall.null syscall.read stream.copy.bandwidth stream.scale.bandwidth select.file.10
	select.file.100);
my %TEST = ((map { $_ => 'best' } @BEST), 'sig.catch' => 'pool', 'pipe.latency' => 'U',
	'select.file.500' => 'family', 'select.file.1000' => 'none', 'proc.exec' => 'none');
# The planted change: 10% slower, faster, more and less bandwidth
# (select.file.500 12%, for -t below).
my %PLANT = ('syscall.null' => 1.1, 'syscall.read' => 1 / 1.1, 'stream.copy.bandwidth' => 1.1,
	'stream.scale.bandwidth' => 1 / 1.1, 'sig.catch' => 1.1, 'pipe.latency' => 1.1,
	'select.file.500' => 1.12, 'select.file.1000' => 1.1, 'proc.exec' => 1.1);
my %FOUND = ('syscall.null' => 'worse', 'syscall.read' => 'better', 'stream.copy.bandwidth' => 'better',
	'stream.scale.bandwidth' => 'worse', 'sig.catch' => 'worse', 'pipe.latency' => 'worse',
	'select.file.500' => 'worse');

my $d1 = dir('one');
my $fa = synth_run("$d1/a.0", metrics => metrics('a'), order => 'spread');
my $fb = synth_run("$d1/b.0", metrics => metrics('b'), order => 'spread');
my $fp = synth_run("$d1/p.0", metrics => metrics('b', \%PLANT), order => 'spread');

# ---- the figures, worked out here ------------------------------------------------------

sub g6 { return 0 + sprintf('%.6g', $_[0]); }
sub med {
	my @v = sort { $a <=> $b } @_;
	return @v % 2 ? $v[ $#v / 2 ] : ($v[ @v / 2 - 1 ] + $v[ @v / 2 ]) / 2;
}
sub better_of { return ($_[0]{unit} // '') eq 'MB/sec' ? 'higher' : 'lower'; }
# An invocation's samples as LmSynth writes them (its value and each
# sample to six figures; a rate's spread mirrored).
sub samples {
	my ($m, $v) = @_;
	my $sg = better_of($m) eq 'higher' ? -1 : 1;
	$v = g6($v);
	return map { g6($v * (1 + $sg * $_)) } @SPREAD;
}
# Each invocation's floor: the best of its samples (the least time, the
# most bandwidth), its value where it has none.
sub floors {
	my ($m) = @_;
	return map { g6($_) } @{ $m->{values} } unless $m->{stats} // 1;
	my $hi = better_of($m) eq 'higher';
	return map { $hi ? max(samples($m, $_)) : min(samples($m, $_)) } @{ $m->{values} };
}
# A side's best state: the logs of its floors (negated for a rate: lower
# better) within log 1.03 of the best.
sub best_state {
	my ($m) = @_;
	my $sg = better_of($m) eq 'higher' ? -1 : 1;
	my @l = sort { $a <=> $b } map { $sg * log } floors($m);
	return grep { $_ <= $l[0] + log(1.03) + 1e-12 } @l;
}
# The best-state change from A to B in percent (of the median confirming
# floor), and how many floors confirm each side.
sub best_change {
	my ($name, $f) = @_;
	my ($ma, $mb) = (metric_of('a', $name), metric_of('b', $name, $f));
	my ($ba, $bb) = ([ best_state($ma) ], [ best_state($mb) ]);
	my $sg = better_of($ma) eq 'higher' ? -1 : 1;
	return (100 * (exp($sg * (med(@$bb) - med(@$ba))) - 1), scalar @$ba, scalar @$bb);
}
# The pooled 2% quantile of a side's samples (55: the 2nd best).
sub pooled {
	my ($m) = @_;
	my $sg = better_of($m) eq 'higher' ? -1 : 1;
	my @o = sort { $sg * ($a <=> $b) } map { samples($m, $_) } @{ $m->{values} };
	my $k = int(0.02 * @o);
	$k++ if $k < 0.02 * @o;
	return $o[ $k - 1 ];
}
sub pooled_change {
	my ($name, $f) = @_;
	return 100 * (pooled(metric_of('b', $name, $f)) / pooled(metric_of('a', $name)) - 1);
}
# The change of the median floor (the U and family tests' figure).
sub floor_change {
	my ($name, $f) = @_;
	return 100 * (med(floors(metric_of('b', $name, $f))) / med(floors(metric_of('a', $name))) - 1);
}

# What the fixture is meant to be, before any verdict rests on it: every
# side of the best-state metrics confirms (three or more floors), no side
# of sig.catch and pipe.latency does.
for my $n (@ALL) {
	my $m = metric_of('a', $n);
	next if @{ $m->{values} } < 3;
	for my $s ($m, metric_of('b', $n), metric_of('b', $n, \%PLANT)) {
		my $k = () = best_state($s);
		die "fixture: $n confirms with $k floors\n" if ($TEST{$n} eq 'best') != ($k >= 3);
	}
}

# ---- (a) A/A: nothing flagged, each metric by its test -------------------------------

my $r = compare($fa, $fb);
is($r->{status}, 0, 'A/A: exit 0') or diag($r->{err});
is_deeply([ (counts($r->{out}))[ 0, 1 ] ], [ 0, scalar @ALL ], 'A/A: Changed: 0 of 10 metrics');
is_deeply(flagged(rows($r->{out})), {}, 'A/A: no metric line flagged');
like($r->{out}, qr/^-a lists every metric\.$/m, 'without -a: says -a lists them');
like($r->{out}, qr/^Old and new: .*\bbest state\b.*\bpooled\b.*\bU test\b.*\bfamily\b.*\n"sees": /ms,
     'the header names the four tests, in their order');
$r = compare('-a', $fa, $fb);
my $rows = rows($r->{out});
is_deeply([ sort keys %$rows ], [ sort @ALL ], '-a: a line for every metric');
is_deeply({ map { $_ => test_of($rows->{$_}{why}) } keys %$rows }, \%TEST,
	  'each metric judged by the first test its invocations allow');
is_deeply({ map { $_ => $rows->{$_}{verdict} } keys %$rows },
	  { map { $_ => $_ =~ /^(?:proc\.exec|sig\.catch|select\.file\.1000)$/ ? 'noisy' : '~' } @ALL },
	  'A/A: "~" where a test could see 10%, "noisy" where none could');
is_deeply([ seen($r->{out}) ], [ 10, 8, 11, 3 ], 'A/A: could see 10% in 8 of 11 metrics; 3 too noisy');
is_deeply([ counts($r->{out}) ], [ 0, 11, 9 ], 'A/A: 0 of 11 changed, 9 judged');
# The confirming floors of each side, and whose spread in best states
# judges them: syscall's and stream's own (stream: 2 metrics x 2 runs x
# 4 residuals, 16 of 12 needed; syscall: 8 + 2 x 2 from syscall.read's
# best states of 3), select's from all metrics (its best states of 3
# give 2 residuals each: 8).
for my $n (@BEST) {
	my (undef, $ka, $kb) = best_change($n);
	my $fam = $n =~ /^select/ ? 'all' : ($n =~ /^([^.]+)/)[0];
	my $k = @{ metric_of('a', $n)->{values} };
	like($rows->{$n}{why} // '', qr/^best state [-+]\d+\.\d% \(\Q$ka+$kb\E of $k\+$k invocations\), .* best states of \Q$fam\E,/,
	     "A/A $n: $ka+$kb of $k+$k confirm its best state, judged against $fam");
}
# sig.catch: each side's 2% quantile is its one fast invocation's, and a
# third of the draws ((4/5)^5) miss it: the quantile moves 4-6% and the
# test cannot see 10%.
{
	my $s = sees($rows->{'sig.catch'}{why} // '');
	ok(defined $s && $s > 10, 'A/A sig.catch (pooled, one fast invocation a side): sees ' . ($s // '?')
	   . '%, more than 10%: noisy');
}
like($rows->{'proc.exec'}{why} // '',
     qr/no test: 1\+1 invocations and nothing of its family measured twice in a run, sees nothing$/,
     'measured once, nothing of its family twice: no test, sees nothing');
like($rows->{'select.file.500'}{why} // '', qr/against the spread of select \(2\+2 invocations\)/,
     'measured twice, its group five times: judged against the group\'s spread');
like($rows->{'select.file.1000'}{why} // '',
     qr/no test: 1\+1 invocations, a side measured once has no spread of its own, sees nothing$/,
     'measured once, its group five times: no test, its group\'s spread is not its own');
like($r->{out}, qr/^group select\s+4 metrics\s+0 better\s+0 worse\s+0 changed\s+1 noisy\s+geomean [-+]\d+\.\d%$/m,
     'a line per group, with its noisy column');
like($r->{out}, qr/^group proc\s+1 metrics\s+0 better\s+0 worse\s+0 changed\s+1 noisy\s+geomean [-+]\d+\.\d%$/m,
     'the noisy metric counted in its group');
$r = compare('-a', '-d', 1000, $fa, $fb);
is(rows($r->{out})->{'proc.exec'}{verdict}, 'noisy', '-d 1000: a metric no test could judge is still noisy, never ~');

# ---- (b) a planted 10% change ---------------------------------------------------------

$r = compare('-a', $fa, $fp);
is($r->{status}, 1, 'planted 10%: exit 1');
$rows = rows($r->{out});
is_deeply(flagged($rows), \%FOUND, 'planted 10%: each metric a test can see flagged, in its direction');
is($rows->{'proc.exec'}{verdict}, 'noisy', 'planted 10% where no test can see it: noisy, not ~');
is_deeply([ counts($r->{out}) ], [ 7, 11, 9 ], 'Changed: 7 of 11 metrics, 9 judged');
# Best state: the change of the median confirming floor (syscall.read:
# -9.1% where the median of all its floors moved -2.6%).  p = 1/2001: a
# best state's floors lie within log 1.03 of its least, so each residual
# of the pool within log(1.03) x sqrt(2) (k = 2 the widest) = 0.042 of 0,
# and a difference of two draws' medians within 0.084, short of the
# log 1.1 = 0.095 of each change planted: no draw reaches it.
for my $n (qw(syscall.null syscall.read stream.copy.bandwidth stream.scale.bandwidth)) {
	my ($want, $ka, $kb) = best_change($n, \%PLANT);
	my $fam = ($n =~ /^([^.]+)/)[0];
	my $i = @{ metric_of('a', $n)->{values} };
	my ($got, $k) = ($rows->{$n}{why} // '')
		=~ /^best state ([-+]\d+\.\d)% \((\d+\+\d+) of $i\+$i invocations\), p=0\.0005 < 0\.05 against the spread in best states of \Q$fam\E, sees \d+\.\d%$/;
	ok(defined $got && abs($got - $want) < 0.06 && $k eq "$ka+$kb",
	   sprintf('%s: best state %+.1f%% (%d+%d, worked out here), p=0.0005 = 1/2001 (got %s)', $n, $want,
		   $ka, $kb, $rows->{$n}{why} // 'no line'));
}
ok(abs((best_change('syscall.read', \%PLANT))[0] - floor_change('syscall.read', \%PLANT)) > 5,
   'syscall.read: the best state\'s change is not that of all its floors (the check above tells them apart)');
# Pooled: p = 1/401, the least the 400 draws give: a draw's 2% quantile
# (the 2nd best of 55 samples) lies between the best floor and the 2nd
# best sample of the slowest invocation, and B's least (planted) is above
# A's most: no draw's difference reaches 0.
{
	my ($ma, $mb) = (metric_of('a', 'sig.catch'), metric_of('b', 'sig.catch', \%PLANT));
	my $a_most = max(map { (sort { $a <=> $b } samples($ma, $_))[1] } @{ $ma->{values} });
	die "fixture: sig.catch's bootstraps overlap\n" unless min(floors($mb)) > $a_most;
	my $want = pooled_change('sig.catch', \%PLANT);
	my ($got) = ($rows->{'sig.catch'}{why} // '')
		=~ /^pooled 2% ([-+]\d+\.\d)%, p=0\.00249 < 0\.05 \(5\+5 invocations\), sees \d+\.\d%$/;
	ok(defined $got && abs($got - $want) < 0.06,
	   sprintf('sig.catch: pooled 2%% %+.1f%% (worked out here), p=0.00249 = 1/401 (got %s)', $want,
		   $rows->{'sig.catch'}{why} // 'no line'));
}
# U test: every floor of B above every floor of A: p = 2/252; the change
# of the floors' medians.
{
	my $want = sprintf('%+.1f', floor_change('pipe.latency', \%PLANT));
	like($rows->{'pipe.latency'}{why} // '', qr/^floor \Q$want\E%, U test p=0\.00794 < 0\.05 \(5\+5 invocations\), sees \d+\.\d%$/,
	     "pipe: the U test of two separated sides, p = 2/252, floor $want%");
}
# -p, the level, both ways on the same pair: pipe's U p of 2/252 = 0.0079
# (the least two sides of 5 can give) is below 0.01: flagged; at 0.005 no
# outcome of the U test could be significant, so pipe is not flagged and
# is "noisy" (it could see nothing).  The best states' 1/2001 = 0.0005
# stays below both.
for my $c ([ '0.01', 1, qr/^floor [-+][\d.]+%, U test p=0\.00794 < 0\.01 / ],
	   [ '0.005', 0, qr/, sees nothing$/ ]) {
	my ($alpha, $flag, $why) = @$c;
	my $rp = compare('-a', '-p', $alpha, $fa, $fp);
	my $rr = rows($rp->{out});
	is(exists flagged($rr)->{'pipe.latency'} ? 1 : 0, $flag,
	   "-p $alpha: pipe (p = 2/252) " . ($flag ? 'flagged' : 'not flagged'));
	like($rr->{'pipe.latency'}{why} // '', $why, "-p $alpha: pipe's why")
		or diag($rr->{'pipe.latency'}{why} // 'no line');
	is($rr->{'pipe.latency'}{verdict}, 'noisy', "-p $alpha: pipe noisy") unless $flag;
	ok(exists flagged($rr)->{'syscall.null'}, "-p $alpha: syscall.null (p = 1/2001) flagged");
}
# select.file.500: two floors a side, planted 12%; its group's residuals
# (twice the jitter, 2.4% at most) put the difference of two draws'
# medians of two within 0.054, short of log 1.12 = 0.113: p = 1/2001.
{
	my $want = sprintf('%+.1f', floor_change('select.file.500', \%PLANT));
	like($rows->{'select.file.500'}{why} // '',
	     qr/^floor \Q$want\E%, p=0\.0005 < 0\.05 against the spread of select \(2\+2 invocations\)/,
	     "select.file.500: floor $want%, beyond every draw of its group's spread, p = 1/2001");
}
like($rows->{'select.file.1000'}{why} // '', qr/^floor \+\d+\.\d%, no test: /,
     'select.file.1000: its floor moved, no test');
like($rows->{'proc.exec'}{why} // '', qr/^floor \+8\.7%, no test: /, 'proc.exec: its floor moved, no test');
like($r->{out}, qr/^syscall\.null\s+0\.1\s+0\.1102\s+\+10\.2%\s+worse\s/m,
     'old and new: each side\'s median value, the change in percent');
$r = compare($fa, $fp);
is_deeply(flagged(rows($r->{out})), \%FOUND, 'without -a: the changed metrics listed');
ok(!rows($r->{out})->{'select.file.10'}, 'without -a: not the unchanged ones');

# ---- (c) -d and -t ----------------------------------------------------------------------

{
	my $aa = rows(compare('-a', $fa, $fb)->{out});
	my $s = sees($aa->{'pipe.latency'}{why} // '');
	ok(defined $s && $s > 5.5 && $s < 10, "pipe.latency sees " . ($s // '?') . '%: between -t and the default -d');
	$s //= 8;
	# The metrics that could see the lower -d: those whose sees is no more.
	my $below = grep { my $x = sees($_->{why}); defined $x && $x <= $s - 0.5 } values %$aa;
	my $hi = rows(compare('-a', '-d', $s + 0.5, $fa, $fb)->{out});
	my $lo = compare('-a', '-d', $s - 0.5, $fa, $fb);
	my $lr = rows($lo->{out});
	is($hi->{'pipe.latency'}{verdict}, '~', '-d just above what it could see: ~');
	is($lr->{'pipe.latency'}{verdict}, 'noisy', '-d just below: noisy');
	is($lr->{'syscall.null'}{verdict}, '~', '-d just below: a metric that sees 5% is still ~');
	is((seen($lo->{out}))[1], $below, "-d just below: could see it in the $below metrics that see that much");
	ok($below < 8, '... fewer than at -d 10');
	is($lo->{status}, 0, '-d: no change counted either way');
}
$r = compare('-a', '-t', 15, $fa, $fp);
is($r->{status}, 0, '-t 15: a 10% change does not count');
$rows = rows($r->{out});
is_deeply(flagged($rows), {}, '-t 15: nothing flagged');
like($rows->{'syscall.null'}{why} // '', qr/, sees 15\.0%, below -t 15%$/,
     '-t 15: significant, said to be below -t; what it sees is never below -t');
# What a test sees is at least -t: with -t above -d no metric could see
# the change -d asks about, and each is noisy; with -d above -t, ~.
is($rows->{'syscall.null'}{verdict}, 'noisy', '-t 15 (above -d 10): such a change is noisy');
is(rows(compare('-a', '-t', 15, '-d', 20, $fa, $fp)->{out})->{'syscall.null'}{verdict}, '~',
   '-t 15 -d 20: such a change is ~');
$r = compare('-t', 11, $fa, $fp);
is_deeply(flagged(rows($r->{out})), { 'select.file.500' => 'worse' }, '-t 11: only the 12% change counts');

# ---- (c2) one run a side: a group that moved as a whole -----------------------------------

# Six metrics of one group (ctx), five invocations each without samples
# (the U test), B's 8% slower: all six flagged, and the line that says
# no test within a run tells a whole group's move from the host's.  Two
# of the six moved: no such line; two runs a side: none either (the test
# between runs is made).
{
	my $d = dir('whole');
	# The first $moved times $f with jitter $J, the rest with $rest.
	my $ctx = sub {
		my ($J, $f, $moved, $rest) = @_;
		return [ map { { name => "ctx.size_0k\@$_", stats => 0,
				 values => $_ <= $moved + 1 ? synth_values(2 * $_ * $f, 5, $J)
					 : synth_values(2 * $_, 5, $rest) } } 2 .. 7 ];
	};
	my $ga = synth_run("$d/a.0", metrics => $ctx->(\@JA, 1, 6));
	my $gb = synth_run("$d/b.0", metrics => $ctx->(\@JB, 1.08, 6));
	$r = compare($ga, $gb);
	is(scalar(keys %{ flagged(rows($r->{out})) }), 6, 'a group 8% slower: its six metrics flagged');
	like($r->{out}, qr/^One run a side: group ctx moved as a whole \(6 of 6 metrics worse, geomean -7\.\d%\): no test within a run tells that from the host's moment; 2 or more runs a side test it between runs$/m,
	     '... and the line that one run a side cannot tell that from the host');
	my $g2 = synth_run("$d/c.0", metrics => $ctx->(\@JB, 1.08, 2, \@JA));
	$r = compare($ga, $g2);
	is(scalar(keys %{ flagged(rows($r->{out})) }), 2, 'two of the six 8% slower: those two flagged');
	unlike($r->{out}, qr/^One run a side/m, '... and no line: the group did not move as a whole');
	my $ga2 = synth_run("$d/a.1", metrics => $ctx->([ reverse @JA ], 1, 6));
	my $gb2 = synth_run("$d/b.1", metrics => $ctx->([ reverse @JB ], 1.08, 6));
	$r = compare($ga, $ga2, '--', $gb, $gb2);
	unlike($r->{out}, qr/^One run a side/m, 'two runs a side: no such line');
}

# ---- (d) several runs a side pool their invocations -------------------------------------

{
	my $d = dir('runs');
	# Two runs a side, each with two invocations of each: A's are JA's
	# first four, B's JB's, planted 10% slower.
	my $two = sub {
		my ($J, $f) = @_;
		return [ { name => 'syscall.null', values => synth_values(0.1 * $f, 2, $J) },
			 { name => 'pipe.latency', stats => 0, values => synth_values(4 * $f, 2, $J) } ];
	};
	my @ra = (synth_run("$d/a.1", metrics => $two->([ @JA[ 0, 1 ] ], 1)),
		  synth_run("$d/a.2", metrics => $two->([ @JA[ 2, 3 ] ], 1)));
	my @rb = (synth_run("$d/b.1", metrics => $two->([ @JB[ 0, 1 ] ], 1.1)),
		  synth_run("$d/b.2", metrics => $two->([ @JB[ 2, 3 ] ], 1.1)));
	$r = compare('-a', $ra[0], $rb[0]);
	$rows = rows($r->{out});
	is_deeply({ map { $_ => $rows->{$_}{verdict} } keys %$rows },
		  { 'syscall.null' => 'noisy', 'pipe.latency' => 'noisy' },
		  'one run a side, 2+2 invocations: no test, noisy');
	like($rows->{'syscall.null'}{why} // '', qr/no test: 2\+2 invocations/, 'and says 2+2');
	is($r->{status}, 0, 'one run a side: exit 0');
	$r = compare('-a', @ra, '--', @rb);
	$rows = rows($r->{out});
	is($r->{status}, 1, 'two runs a side, planted: exit 1');
	is_deeply(flagged($rows), { 'syscall.null' => 'worse', 'pipe.latency' => 'worse' }, 'two runs a side: both found');
	# Its floors confirm a best state on each side, but runs of two
	# invocations add nothing to the spread in best states (a run's best
	# state counts from three): the pooled test judges it.
	is(test_of($rows->{'syscall.null'}{why} // ''), 'pool',
	   'syscall.null: pooled over 4+4, no spread in best states from runs of two');
	like($rows->{'syscall.null'}{why} // '', qr/\(4\+4 invocations\)/, 'the invocations of both runs a side');
	like($rows->{'pipe.latency'}{why} // '', qr/^floor \+\d+\.\d%, U test p=0\.0286 < 0\.05 \(4\+4 invocations\)/,
	     'pipe: the U test over 4+4 floors, p = 2/70');
	$r = compare(@ra, '--', reverse @ra);
	is($r->{status}, 0, 'the same runs on both sides: exit 0');
}
# Three runs a side whose invocations agree within 1% but whose runs lie
# 0-14% apart (the host's state of each run): four metrics of one group.
# The best state over 15+15 floors (10 a side within 3%) finds A and B 6%
# apart; the spread between runs (each run's median floor: 2 residuals a
# side and metric, 16 in the group) does not, and the verdict takes the
# larger p.  Planted 30%: found against both.
{
	my $d = dir('runs3');
	my %at = (a => [ 0, 0.01, 0.08 ], b => [ 0.06, 0.07, 0.14 ]);
	my $three = sub {
		my ($side, $i, $f) = @_;
		return [ map { { name => "pipe.$_", stats => 0,
				 values => synth_values(4 * ($f // 1) * (1 + $at{$side}[$i]), 5, [ map { $_ / 2 } @JA ]) } }
			qw(a b c d) ];
	};
	my @ra = map { synth_run("$d/a.$_", metrics => $three->('a', $_)) } 0 .. 2;
	my @rb = map { synth_run("$d/b.$_", metrics => $three->('b', $_)) } 0 .. 2;
	my @rp = map { synth_run("$d/p.$_", metrics => $three->('b', $_, 1.3)) } 0 .. 2;
	$r = compare('-a', '-N', @ra, '--', @rb);
	$rows = rows($r->{out});
	is($r->{status}, 0, 'three runs a side, runs 6% apart: exit 0') or diag($r->{out});
	like($rows->{'pipe.a'}{why} // '',
	     qr/^best state \+\d+\.\d% \(10\+10 of 15\+15 invocations\), p=0\.0005 < 0\.05 against the spread in best states of pipe, between runs p=\S+ >= 0\.05 against the spread of pipe \(3\+3 runs\), sees/,
	     'the best state over the invocations is significant, against the spread between runs not');
	is_deeply(flagged($rows), {}, 'nothing flagged');
	$r = compare('-a', '-N', @ra, '--', @rp);
	$rows = rows($r->{out});
	is_deeply(flagged($rows), { map { ("pipe.$_" => 'worse') } qw(a b c d) }, 'planted 30%: all four found');
	like($rows->{'pipe.a'}{why} // '', qr/, between runs p=\S+ < 0\.05 against the spread of pipe \(3\+3 runs\)/,
	     'planted: significant between runs too');
}

# ---- (e) earlier runs of the machine: history ---------------------------------------------

{
	my $d = dir('hist');
	# Two process metrics twice a run, and one once a run; five earlier
	# runs within +-1%.  The two runs compared give the family (proc) 8
	# residuals, short of the 12 its test needs; with the earlier runs,
	# 28.
	my $proc = sub {
		my ($j, $f) = @_;
		$f //= {};
		return [ (map { my ($n, $v) = @$_; { name => "proc.$n", values => [ map { $v * (1 + $_) * ($f->{$n} // 1) } $j, -$j ] } }
			[ 'exec', 300 ], [ 'fork', 100 ]),
			 { name => 'proc.shell', values => [ 1000 * (1 + $j) ] } ];
	};
	my $i = 0;
	synth_run("$d/h." . $i++, metrics => $proc->($_)) for -0.01, 0.005, 0, 0.01, -0.005;
	my $ha = synth_run("$d/h." . $i++, metrics => $proc->(0.002));
	my $hb = synth_run("$d/h." . $i++, metrics => $proc->(-0.003, { exec => 1.1 }));
	$r = compare('-a', $ha, $hb);
	$rows = rows($r->{out});
	like($r->{out}, qr/\(5 earlier runs of the same machine and settings add their spread\)/,
	     'five earlier runs found and said so');
	like($rows->{'proc.fork'}{why} // '', qr/ against the spread of proc \(2\+2 invocations\), /,
	   'with history: a metric measured twice a run judged by its family\'s spread');
	is($rows->{'proc.fork'}{verdict}, '~', 'with history: an unchanged one is ~');
	is($rows->{'proc.exec'}{verdict}, 'worse', 'with history: a 10% change found');
	like($rows->{'proc.shell'}{why} // '', qr/no test: 1\+1 invocations, a side measured once has no spread of its own/,
	     'with history: a metric measured once a run still has no test');
	is($r->{status}, 1, 'with history: exit 1');
	$r = compare('-a', '-N', $ha, $hb);
	$rows = rows($r->{out});
	unlike($r->{out}, qr/earlier runs/, '-N: no earlier runs');
	is_deeply({ map { $_ => $rows->{$_}{verdict} } keys %$rows },
		  { map { ("proc.$_" => 'noisy') } qw(exec fork shell) },
		  '-N: every metric is noisy (no test), none required');
	like($rows->{'proc.exec'}{why} // '', qr/no test: 2\+2 invocations and 8 residuals of its family measured twice in a run, 12 needed/,
	     '-N: the family\'s 8 residuals named, short of 12');
	is($r->{status}, 0, '-N: exit 0');
}

# ---- (f) --power ---------------------------------------------------------------------------

# "kind metrics sees as-it-is found..." rows: kind => [numbers].
sub power_rows {
	my ($out) = @_;
	my %k;
	while ($out =~ /^(\w+)\s+(\d+)((?:\s+\d+\s+\d+\.\d%)+)$/mg) {
		my ($kind, $n, $cells) = ($1, $2, $3);
		$k{$kind} = [ $n, $cells =~ /(\d+)\s+\d+\.\d%/g ];
	}
	return \%k;
}
$r = compare('--power', $fa, $fb);
is($r->{status}, 0, '--power: exit 0') or diag($r->{err});
like($r->{out}, qr/^kind\s+metrics\s+sees\s+as it is\s+\+10%$/m, '--power: its table, +10% by default');
my $pw = power_rows($r->{out});
# [metrics, sees 10%, flagged as it is, found +10%]: the planted 10%
# found in the 8 that see it, and in sig.catch, which cannot promise to
# (sees 11.5%) but whose draws do not cross 0 here (as in (b)).
is_deeply($pw, { cpu => [ 7, 5, 0, 6 ], membw => [ 2, 2, 0, 2 ], ipc => [ 1, 1, 0, 1 ], proc => [ 1, 0, 0, 0 ],
		 all => [ 11, 8, 0, 9 ] },
	  '--power: per kind, the metrics, those that see 10%, none flagged A/A, the planted 10% found in 9');
$r = compare('--power=5,20', $fa, $fb);
like($r->{out}, qr/^kind\s+metrics\s+sees\s+as it is\s+\+5%\s+\+20%$/m, '--power=5,20: a column each');
$pw = power_rows($r->{out});
ok($pw->{all} && $pw->{all}[4] == 9 && $pw->{all}[3] <= $pw->{all}[4],
   '--power=5,20: +20% found in the 9 judged, +5% in no more');
$r = compare('--power', $fa, $fp);
is(power_rows($r->{out})->{all}[2], 7, '--power on a changed pair: the 7 changes flagged as it is');

# ---- (g) older files ---------------------------------------------------------------------

my ($v0, $v1) = sort grep { /\.\d+$/ } glob('results/sample/x86_64-linux/vm.*');
SKIP: {
	skip 'no sample pair vm.0, vm.1 in results/sample/x86_64-linux', 6 unless $v0 && $v1;
	$r = compare('-a', $v0, $v1);
	is($r->{status}, 0, 'the old pair (one invocation a run): exit 0, nothing can count') or diag($r->{err});
	my ($n, $of) = counts($r->{out});
	ok(defined $of && $of > 1000, "a verdict over the whole run (" . ($of // '?') . ' metrics)');
	$rows = rows($r->{out});
	is(scalar keys %$rows, $of, '-a: a line per metric');
	is(scalar(grep { $_->{verdict} ne 'noisy' } values %$rows), 0, 'every metric, measured once a side, noisy');
	is(scalar(grep { test_of($_->{why}) ne 'none' } values %$rows), 0, 'each with no test');
	is_deeply([ seen($r->{out}) ], [ 10, 0, $of, $of ], "could see 10% in 0 of $of; $of too noisy");
}
SKIP: {
	my $old = 'results/sample/x86_64-linux-gnu/vm.0';
	skip "no $old", 3 unless -f $old;
	# A format-3 file with a second pass ([PASS: 2]) against itself.
	$r = compare('-a', $old, $old);
	is($r->{status}, 0, 'an old two-pass file against itself: exit 0') or diag($r->{err});
	$rows = rows($r->{out});
	ok(grep({ $_->{why} =~ /\(2\+2 invocations\)/ } values %$rows), 'its second pass read: metrics of 2+2 invocations');
	is(scalar(grep { test_of($_->{why}) eq '?' } values %$rows), 0, 'each metric judged by a test the engine names');
}

# ---- (h) the command line -------------------------------------------------------------------

for my $h ('-h', '--help') {
	$r = compare($h);
	is($r->{status}, 0, "$h: exit 0");
	like($r->{out}, qr/^Usage: scripts\/compare/m, "$h: usage on stdout");
	like($r->{out}, qr/^\s+\Q$_\E\s/m, "$h: a line for $_")
		for '-a', '-t PERCENT', '-p ALPHA', '-d PERCENT', '-N', '--power', '-h, --help';
	unlike($r->{err}, qr/version|paranoia/i, "$h: no Getopt noise");
}
for my $bad ([ [ '-x', $fa, $fb ], qr/unknown option: x/ ],
	     [ [$fa], qr/two results files/ ],
	     [ [ $fa, $fb, $fa ], qr/two results files/ ],
	     [ [ $fa, '--' ], qr/no results file after --/ ],
	     [ [ '--', $fa ], qr/no results file before --/ ],
	     [ [ '-t', 'ten', $fa, $fb ], qr/-t ten/ ],
	     [ [ '-p', '2', $fa, $fb ], qr/-p 2/ ],
	     [ [ '-d', '0', $fa, $fb ], qr/-d 0: a percentage, more than 0/ ],
	     [ [ '--power=ten', $fa, $fb ], qr/--power ten: percentages above 0/ ],
	     [ [ '--power=5,0', $fa, $fb ], qr/--power 5,0: percentages above 0/ ],
	     [ [ "$tmp/none.0", $fb ], qr/none\.0: no such file/ ]) {
	my ($args, $why) = @$bad;
	$r = compare(@$args);
	my $what = 'compare ' . join(' ', map { s/^\Q$tmp\E\///r } @$args);
	is($r->{status}, 2, "$what: exit 2");
	like($r->{err}, $why, "$what: says what was wrong");
	like($r->{err}, qr/^Usage: scripts\/compare/m, "$what: usage");
	is($r->{out}, '', "$what: nothing on stdout");
}

# ---- a curve's point measured once a run ---------------------------------------------
# bw_mem.rd and bw_mem.wr at 545 MB five times a run make the group's
# pool (2 metrics x 2 runs x 5 residuals); bw_mem.rd at 512 bytes,
# measured once, is no part of that spread, and its series has fewer
# than twelve residuals: no test, noisy, even halved.  A metric of no
# curve measured once (select.file.500 above) is still judged by its
# group.
{
	my $dc = dir('curve');
	my $curve = sub {
		my ($side, $f) = @_;
		my $J = $side eq 'a' ? \@JA : \@JB;
		return [
			{ name => 'bw_mem.rd@545.259520', unit => 'MB/sec',
			  values => synth_values(9000, 5, $J) },
			{ name => 'bw_mem.wr@545.259520', unit => 'MB/sec',
			  values => synth_values(8000, 5, [ reverse @$J ]) },
			{ name => 'bw_mem.rd@0.000512', unit => 'MB/sec',
			  values => [ 150000 * ($f // 1) * (1 + $J->[0]) ] },
		];
	};
	my $ca = synth_run("$dc/a.0", metrics => $curve->('a'), order => 'spread');
	my $cb = synth_run("$dc/b.0", metrics => $curve->('b', 0.5), order => 'spread');
	my $c = compare('-a', '-N', $ca, $cb);
	my $cr = rows($c->{out});
	like($cr->{'bw_mem.rd@0.000512'}{why} // '', qr/, no test: 1\+1 invocations/,
	     'a curve\'s point measured once a run: not judged by its group\'s other points')
		or diag($c->{out}, $c->{err});
	is($cr->{'bw_mem.rd@0.000512'}{verdict}, 'noisy', '... noisy, even halved');
	like($cr->{'bw_mem.rd@545.259520'}{why} // '', qr/invocations/,
	     'the points measured five times are judged');
}

# A c2c figure per kind of pair comes only from a stable matrix, a cache
# level only from sweeps that agree: a run that lacks one is no missing
# metric (compare judges the rest, says which, and does not refuse),
# whereas any other metric one side lacks still makes it exit 2.
{
	my $d = dir('found');
	my $c2c = { name => 'c2c.shared_llc', unit => 'nanoseconds', values => [ 180, 181, 179 ] };
	my $fa2 = synth_run("$d/a.0", metrics => [ @{ metrics('a') }, $c2c ], order => 'spread');
	my $fb2 = synth_run("$d/b.0", metrics => metrics('b'), order => 'spread');
	my $r = compare('-N', $fa2, $fb2);
	is($r->{status}, 0, 'a c2c kind on one side only: judged, exit 0') or diag($r->{err});
	like($r->{out}, qr/^Found on one side only \(cache levels, c2c kinds of a stable matrix\): c2c\.shared_llc$/m,
	     'and named as found on one side only');
	my $other = { name => 'unix.latency', values => [ 10, 10.1, 9.9 ] };
	my $fa3 = synth_run("$d/a.1", metrics => [ @{ metrics('a') }, $other ], order => 'spread');
	is(compare('-N', $fa3, $fb2)->{status}, 2, 'another metric on one side only: exit 2');
}

# The same files, the same verdicts: nothing may depend on the order perl
# walks a hash in (the families' pools are drawn from in their order).
# The old two-pass sample against itself, planted: family tests over
# pools of many metrics, whose order three hash seeds did change.
SKIP: {
	my $old = 'results/sample/x86_64-linux-gnu/vm.0';
	skip "no $old", 1 unless -f $old;
	my @out = map { run([ $^X, 'scripts/compare', '-N', '-a', '--power=10', $old, $old ],
		env => { PERL_HASH_SEED => $_, PERL_PERTURB_KEYS => 2 })->{out} } 1, 2, 3;
	ok($out[0] ne '' && $out[0] eq $out[1] && $out[1] eq $out[2],
	   'three hash orders: the same output, --power included');
}

# A memory curve's point judged by the family test (measured twice a run)
# counts only at 10% or more: its spread inside runs is all that test
# knows, and such points move more between runs.  Eight points of a
# bandwidth curve, two invocations a run 1% apart; on side b one point
# 7% lower (significant, below 10%: "~" with the reason) and one 20%
# lower (flagged worse).
{
	my $d = dir('memfam');
	my $curve = sub {
		my ($side) = @_;
		my @m;
		for my $i (1 .. 8) {
			my $f = $side eq 'b' && $i == 4 ? 0.93 : $side eq 'b' && $i == 6 ? 0.8 : 1;
			my $j = $side eq 'a' ? [ 0, 0.01 ] : [ 0.01, 0 ];
			push @m, { name => "bw_mem.rd\@$i", unit => 'MB/sec', group => 'mem',
				   values => synth_values(1000 * $i * $f, 2, $j) };
		}
		return \@m;
	};
	my $ca = synth_run("$d/a.0", metrics => $curve->('a'), order => 'spread');
	my $cb = synth_run("$d/b.0", metrics => $curve->('b'), order => 'spread');
	my $r = compare('-N', '-a', $ca, $cb);
	my $rows = rows($r->{out});
	is(test_of($rows->{'bw_mem.rd@4'}{why} // ''), 'family', 'a memory curve point: the family test');
	like($rows->{'bw_mem.rd@4'}{why} // '', qr/p=\S+ < 0\.05 .*below the family test's 10%/,
	     'a significant 7% change of it: below the family test\'s 10%');
	is($rows->{'bw_mem.rd@4'}{verdict}, '~', 'so no verdict') or diag($rows->{'bw_mem.rd@4'}{why});
	is($rows->{'bw_mem.rd@6'}{verdict}, 'worse', 'a 20% change of it: worse') or diag($rows->{'bw_mem.rd@6'}{why});
}

done_testing();
