#!/usr/bin/perl
# The run's plan (scripts/lib/plan.awk) on hand-made lines of the groups'
# table (groups.sh: groups_table): how many invocations each group gets
# within the budget (its least to its most, the cheap ones more; down to
# the floor, the second sweeps first, when the budget is short, saying
# so; ROUNDS and a group's runs fix them), what each costs (the cost
# models' terms, or an earlier run's group times), the order (each
# group's first invocation in the table's order, its later ones after
# it; the seed decides the rest) and the estimate.  No benchmark runs.
use strict;
use warnings;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);

# A table line: NAME COST LATER SPAN AGAIN FLAGS (as facts.awk writes them).
sub tl {
	my ($name, $est, $later, $span, $again, $flags) = @_;
	return join ' ', $name, 'OS', 'all', 120, $est, $later // '-', $span // 0, uc $name,
		$again // '1/1', $flags // '-', "prog_$name";
}
# make_plan(LINES, VAR => value...): the plan's output, read: { group => { count
# least sweeps first later span }, runs => [ "g/k" ... ], total, notes }.
my $n = 0;
sub make_plan {
	my ($lines, %v) = @_;
	my %var = (budget => 120, fixed => 0, runs => '', span => 0, main => 1024, chase => 256,
		   mb => 1024, bwratio => 1, pairs => 2, nodes => 1, loaders => 1, seed => 1,
		   profile => 'standard', %v);
	my $in = "$tmp/in" . $n++;
	open(my $fh, '>', $in) or die;
	print $fh map { "$_\n" } @$lines;
	close $fh;
	my $cmd = join ' ', 'awk -f scripts/lib/plan.awk', (map { "-v $_='$var{$_}'" } sort keys %var), $in;
	my $out = `$cmd`;
	is($?, 0, "plan.awk exits 0 ($n)") or diag($out);
	my %p = (runs => [], notes => [], order => []);
	for (split /\n/, $out) {
		my @f = split /\t/;
		if ($f[0] eq 'group') {
			my %g;
			@g{qw(count least sweeps first later span asked pfirst floor cut)} = @f[ 2 .. 11 ];
			$p{group}{ $f[1] } = \%g;
			push @{ $p{order} }, $f[1];
		} elsif ($f[0] eq 'run') {
			push @{ $p{runs} }, "$f[1]/$f[2]";
		} elsif ($f[0] eq 'total') {
			$p{total} = $f[1];
		} elsif ($f[0] eq 'note') {
			push @{ $p{notes} }, $f[1];
		} else {
			push @{ $p{bad} }, $_;
		}
	}
	return \%p;
}
sub counts { my ($p, @g) = @_; return [ map { $p->{group}{$_}{count} } @g ] }

# ---- counts within the least and the most ------------------------------------------
# a: 0.1 s an invocation, b: 5 s, c: runs once.
my @abc = (tl('a', '0.1'), tl('b', '5'), tl('c', '2', '-', 0, '-'));
my $p = make_plan(\@abc, budget => 86400);
is_deeply(counts($p, qw(a b c)), [ 15, 15, 1 ], 'a budget that holds everything: the most (15), once for c');
is_deeply([ map { $p->{group}{$_}{least} } qw(a b c) ], [ 5, 5, 1 ], 'the least: 5 (1 for c)');
$p = make_plan(\@abc, budget => 65);
is_deeply(counts($p, qw(a b c)), [ 15, 10, 1 ], 'budget 65: the cheap group 15, the dear one what fits (10)');
$p = make_plan(\@abc, budget => 35);
is_deeply(counts($p, qw(a b c)), [ 15, 5, 1 ], 'budget 35: the cheap group 15, the dear one its least');
is_deeply($p->{notes}, [], '... nothing given up');
ok($p->{total} <= 35 * 0.88, "... within the budget's share ($p->{total} s)");
# The quick profile: 3 to 5.
$p = make_plan(\@abc, budget => 86400, profile => 'quick');
is_deeply([ map { "$p->{group}{$_}{count} $p->{group}{$_}{least}" } qw(a b) ], [ '5 3', '5 3' ],
	  'quick: 3 to 5 invocations');
# A group's runs: its least and most.
$p = make_plan([ tl('a', '0.1', '-', 0, '1/1', 'runs=2-3'), tl('b', '0.1', '-', 0, '1/1', 'runs=7-7') ],
	  budget => 86400);
is_deeply([ map { "$p->{group}{$_}{count} $p->{group}{$_}{least}" } qw(a b) ], [ '3 2', '7 7' ],
	  'runs=2-3: at most 3; runs=7-7: 7');
$p = make_plan([ tl('a', '0.1', '-', 0, '1/1', 'runs=4-6'), tl('b', '20') ], budget => 100);
is_deeply(counts($p, qw(a b)), [ 4, 4 ], 'runs=4-6 and a dear group over the budget: that one gives way, a keeps its least');

# ---- a short budget: down to the floor, saying so ------------------------------------
$p = make_plan(\@abc, budget => 22);
is_deeply(counts($p, qw(a b c)), [ 5, 3, 1 ], 'budget 22: the dear group down to 3, the cheap one at its least');
is_deeply($p->{notes}, [ 'over the budget: b 3 times' ], '... and a note says so');
$p = make_plan(\@abc, budget => 11);
is_deeply(counts($p, qw(a b c)), [ 3, 3, 1 ], 'budget 11: every group at the floor, 3');
is(scalar @{ $p->{notes} }, 2, '... two notes') or diag(join "\n", @{ $p->{notes} });
like($p->{notes}[0] // '', qr/^over the budget: (?:a 3 times, b 3 times|b 3 times, a 3 times)$/, '... the groups taken down');
is($p->{notes}[1], 'the least plan is estimated at 17 s, more than the budget of 11 s',
   '... and the least plan over the budget');
# The second sweeps go first: s sweeps twice (2 s, its second 1.5 s, the
# later ones 0.2 s); at budget 33, with b's five at 25 s, the least plan
# is 29.1 s, over 29.04 (88%): s sweeps once, and no count is taken down.
my @sw = (tl('b', '5'), tl('s', '2', '0.2', 0, '1/8', 'sweeps=2,resweep=1.5'));
$p = make_plan(\@sw, budget => 86400);
is_deeply([ map { $p->{group}{s}{$_} } qw(count sweeps first later) ], [ 15, 2, '2.00', '0.20' ],
	  'a group that sweeps twice: its sweeps, its first and later costs');
$p = make_plan(\@sw, budget => 33);
is_deeply([ map { "$p->{group}{$_}{count} $p->{group}{$_}{sweeps}" } qw(b s) ], [ '5 1', '5 1' ],
	  'budget 33: s sweeps once, the counts stay');
is_deeply($p->{notes}, [ 'over the budget: s swept once' ], '... and a note says so');
$p = make_plan(\@sw, budget => 22);
is_deeply([ map { "$p->{group}{$_}{count} $p->{group}{$_}{sweeps}" } qw(b s) ], [ '3 1', '5 1' ],
	  'budget 22: the sweep first, then the dear group\'s count');
is_deeply($p->{notes}, [ 'over the budget: s swept once, b 3 times' ], '... both said');

# Last of all, a group whose pass2 steps carry the summary's figures
# (points) goes unswept: at budget 20 (17.6 s), b at 3 x 5 s and m swept
# once and at 3 (4 + 2 x 0.5 s) are 20 s; m unswept, 3 x 0.5 s, makes
# 16.5.  A group without the flag keeps its one sweep.
my @pt = (tl('b', '5'), tl('m', '4', '0.5', 0, '1/8', 'sweeps=2,points'));
$p = make_plan(\@pt, budget => 20);
is_deeply([ map { "$p->{group}{$_}{count} $p->{group}{$_}{sweeps}" } qw(b m) ], [ '3 1', '3 0' ],
	  'budget 20: the points group unswept, last, after the counts');
is_deeply($p->{notes}, [ "over the budget: m not swept (the summary's points only), b 3 times, m 3 times" ],
	  '... and the note says so');
is($p->{total}, 17, '... the total its three later invocations, 1.5 s, and b\'s 15 s');
$p = make_plan([ tl('b', '5'), tl('m', '4', '0.5', 0, '1/8', 'sweeps=2') ], budget => 20);
is($p->{group}{m}{sweeps}, 1, 'without points: swept once, however far over');
# cut=MODEL: a later invocation's cost where the plan cut it (the run
# sets CUT and the group measures less), after the sweeps and counts; at
# budget 20 (17.6 s) b at 3 x 5 s and m swept once at 3 (4 + 2 x 0.5) are
# 20 s, cut 19.2; at budget 23 (20.24 s) the 20 s fit.
my @ct = (tl('b', '5'), tl('m', '4', '0.5', 0, '1/8', 'sweeps=2,cut=0.1'));
$p = make_plan(\@ct, budget => 20);
is_deeply([ map { $p->{group}{m}{$_} } qw(sweeps later cut) ], [ 1, '0.10', 1 ],
	  'cut=0.1, over after the sweeps and counts: its later invocations cut, 0.1 s');
like($p->{notes}[0], qr/m later at the summary's points only/, '... and the note says so');
$p = make_plan(\@ct, budget => 23);
is_deeply([ map { $p->{group}{m}{$_} } qw(sweeps later cut) ], [ 1, '0.50', 0 ],
	  '... swept once and within the budget: not cut, 0.5 s');
$p = make_plan(\@ct, budget => 86400);
is_deeply([ map { $p->{group}{m}{$_} } qw(sweeps later cut) ], [ 2, '0.50', 0 ], '... its sweeps kept: later 0.5 s');
$p = make_plan(\@pt, budget => 33);
is($p->{group}{m}{sweeps}, 1, 'budget 33: the counts and one sweep fit, it stays swept');

# A group flagged floor=1 (stream's) comes down below 3 last of all, after
# the points group went unswept: d costs 6 s an invocation, runs 2-3.  At
# budget 30 (26.4 s), b at 3 x 5 s, m unswept (3 x 0.5 s) and d twice are
# 28.5 s, with d once 22.5; at budget 34 (29.9 s) the 28.5 s fit.
my @fl = (tl('b', '5'), tl('m', '4', '0.5', 0, '1/8', 'sweeps=2,points'),
	  tl('d', '6', '-', 0, '1/1', 'runs=2-3,floor=1'));
$p = make_plan(\@fl, budget => 30);
is_deeply([ map { "$p->{group}{$_}{count} $p->{group}{$_}{sweeps}" } qw(b m d) ], [ '3 1', '3 0', '1 1' ],
	  'floor=1: the dear group once, after the counts and the unswept points group');
is($p->{notes}[0], "over the budget: m not swept (the summary's points only), b 3 times, m 3 times, d once",
   '... and the note says "once"');
is($p->{group}{d}{floor}, 1, '... its floor 1');
$p = make_plan(\@fl, budget => 34);
is_deeply([ map { "$p->{group}{$_}{count} $p->{group}{$_}{sweeps}" } qw(b m d) ], [ '3 1', '3 0', '2 1' ],
	  'where unsweeping is enough, it keeps its least, 2') or diag(explain $p);
is($p->{group}{d}{floor}, 1, '... and its floor, 1, for a run that falls behind');

# Over the plan's share (88%) but within the budget: the note says which.
$p = make_plan([ tl('b', '5'), tl('m', '4', '0.5', 0, '1/8', 'sweeps=2') ], budget => 20);
is($p->{notes}[-1], 'the least plan is estimated at 20 s, more than 88% of the budget of 20 s',
   'a least plan of 20 s in a budget of 20: over its 88% share, not over the budget');

# ---- the floor: what the run may come down to on its way past the budget --------------
# 3 (RUNS_FLOOR), never below a group's sweeps, nor above its least; a
# group that runs once: 1.
$p = make_plan([ @abc, tl('s3', '2', '0.2', 0, '1/8', 'sweeps=4,resweep=1.5'),
		 tl('r2', '0.1', '-', 0, '1/1', 'runs=2-3') ], budget => 86400);
is_deeply([ map { "$p->{group}{$_}{least} $p->{group}{$_}{floor}" } qw(a b c s3 r2) ],
	  [ '5 3', '5 3', '1 1', '5 4', '2 2' ],
	  'the floor: 3 of a least of 5, a group\'s 4 sweeps kept, a least below 3 and a single run kept');
$p = make_plan([ @abc ], runs => 5, budget => 86400);
is_deeply([ map { $p->{group}{$_}{floor} } qw(a b c) ], [ 5, 5, 1 ], 'ROUNDS=5: the floor is the count');

# ---- ROUNDS ---------------------------------------------------------------------------
$p = make_plan([ @abc, $sw[1] ], runs => 3, budget => 10);
is_deeply(counts($p, qw(a b c s)), [ 3, 3, 1, 3 ], 'ROUNDS=3: 3 of each that runs again, even over the budget');
is($p->{group}{s}{sweeps}, 2, '... the sweeps kept');
like(join("\n", @{ $p->{notes} }), qr/^the least plan is estimated at \d+ s, more than the budget of 10 s$/m,
     '... saying the plan is over the budget');
unlike(join("\n", @{ $p->{notes} }), qr/over the budget:/, '... but giving nothing up');
$p = make_plan([ @abc, $sw[1] ], runs => 1);
is_deeply([ map { "$p->{group}{$_}{count} $p->{group}{$_}{sweeps}" } qw(a b c s) ],
	  [ '1 1', '1 1', '1 1', '1 1' ], 'ROUNDS=1: everything once, one sweep');
is_deeply($p->{runs}, [ 'a/1', 'b/1', 'c/1', 's/1' ], '... in the table\'s order');

# ---- the extras: beyond the plan's count, up to the most ------------------------------------
# The run takes one only when it is ahead of its estimate (t/scripts_fill.t).
$p = make_plan([ tl('e', '2') ], budget => 15, seed => 3);
is($p->{group}{e}{count}, 6, 'budget 15, 2 s each: the plan gives 6 (88% of 15 s)');
my @ek = map { m{^e/(\d+)$} ? $1 : () } @{ $p->{runs} };
is_deeply([ sort { $a <=> $b } @ek ], [ 1 .. 15 ], '... and run lines up to its most (15): 9 extras');
is($ek[0], 1, '... the first invocation before every other');
is_deeply([ grep { $_ <= 6 } @ek ], [ 1 .. 6 ], '... the planned ones in order');
ok((grep { $ek[$_] > 6 } 1 .. 4), '... the extras among them, not all at the end');
$p = make_plan([ tl('e', '2') ], budget => 15, runs => 4);
is_deeply($p->{runs}, [ 'e/1', 'e/2', 'e/3', 'e/4' ], 'ROUNDS=4: no extras');
$p = make_plan([ tl('e', '2', '-', 0, '-') ], budget => 15);
is_deeply($p->{runs}, [ 'e/1' ], 'a group that does not run again: no extras');

# ---- the order ----------------------------------------------------------------------------
my @four = (tl('w', '1'), tl('x', '0.5'), tl('y', '3', '-', 0, '-'), tl('z', '2', '1', 0, '1/2'));
my %order;
for my $seed (1 .. 6) {
	$p = make_plan(\@four, budget => 86400, seed => $seed);
	$order{$seed} = join ' ', @{ $p->{runs} };
	my @r = @{ $p->{runs} };
	my %pos;
	@pos{@r} = 0 .. $#r;
	my $total = 0;
	$total += $p->{group}{$_}{count} for keys %{ $p->{group} };
	is(scalar @r, $total, "seed $seed: a run line per invocation ($total; all at their most: no extras)");
	is(scalar(keys %pos), scalar @r, "seed $seed: each invocation once");
	is_deeply([ grep { m{/1$} } @r ], [qw(w/1 x/1 y/1 z/1)], "seed $seed: the first invocations in the table's order");
	my @bad;
	for my $g (qw(w x z)) {
		for my $k (2 .. $p->{group}{$g}{count}) {
			push @bad, "$g/$k" unless $pos{"$g/$k"} > $pos{ "$g/" . ($k - 1) };
		}
	}
	is_deeply(\@bad, [], "seed $seed: each group's invocations in order, the first before the later ones");
}
is(join(' ', @{ make_plan(\@four, budget => 86400, seed => 1)->{runs} }), $order{1}, 'the same seed: the same order');
ok((grep { $order{$_} ne $order{1} } 2 .. 6), 'another seed: another order (one of five)');
# The later invocations spread among the first ones and to the end.
my @r = split ' ', $order{1};
my ($y1) = grep { $r[$_] eq 'y/1' } 0 .. $#r;
ok((grep { !m{/1$} } @r[ 0 .. $y1 ]), 'later invocations before the last group\'s first one');

# ---- what each invocation costs -------------------------------------------------------------
# Every term of a model: main, chase and mb in GB (at the reference
# bandwidth, bwratio times longer; mb not), pairs, nodes squared, loaders.
my $all = '1+2*main+3*chase+4*mb+5*pairs+6*nodes+7*loaders';
my %sizes = (main => 512, chase => 256, mb => 2048, pairs => 2, nodes => 3, loaders => 2);
$p = make_plan([ tl('m', $all, '-', 0, '-') ], %sizes);
is($p->{group}{m}{first}, '88.75', 'the terms: 1 + 2*0.5 + 3*0.25 + 4*2 + 5*2 + 6*3*3 + 7*2 = 88.75');
$p = make_plan([ tl('m', $all, '-', 0, '-') ], %sizes, bwratio => 2);
is($p->{group}{m}{first}, '90.50', 'half the bandwidth: the main and chase terms twice as long');
# sys: seconds per unit of the system call's cost (sysratio; 1 where
# nothing was measured).
$p = make_plan([ tl('k', '2+0.5*sys', '-', 0, '-') ]);
is($p->{group}{k}{first}, '2.50', 'sys: the reference system call, 2 + 0.5');
$p = make_plan([ tl('k', '2+0.5*sys', '-', 0, '-') ], sysratio => 10);
is($p->{group}{k}{first}, '7.00', 'sys: a system call ten times dearer, 2 + 0.5 * 10');
# A product of names: page faults over MB, each a kernel entry.
$p = make_plan([ tl('k', '1+0.5*mb*sys+2*mb', '-', 0, '-') ], mb => 2048, sysratio => 3);
is($p->{group}{k}{first}, '8.00', 'mb*sys: their product, 1 + 0.5 * 2 * 3 + 2 * 2');
$p = make_plan([ tl('m', '3+2*main', '-', 0, '-') ], profile => 'quick');
is($p->{group}{m}{first}, '2.50', 'quick: half the standard profile\'s model');
# The span is shared among the invocations, 30 ms each at least.
my $sp = tl('p', '0.1+5*span', '-', 1);
$p = make_plan([$sp], span => 150, runs => 5);
is_deeply([ @{ $p->{group}{p} }{qw(first later span)} ], [ '0.25', '0.25', 30 ],
	  '150 ms over 5 invocations: 30 ms each, 0.1 + 5 * 0.03 s');
$p = make_plan([$sp], span => 150, runs => 10);
is($p->{group}{p}{span}, 30, '150 ms over 10 invocations: 30 ms each, the least');
$p = make_plan([ tl('p', '0.1+5*span', '-', 0) ], span => 150, runs => 5);
is_deeply([ @{ $p->{group}{p} }{qw(first span)} ], [ '0.10', 0 ], 'a group without the span: none');
# "again N/D" without a later model: N/D of the first.
$p = make_plan([ tl('d', '8', '-', 0, '1/4') ], runs => 3);
is($p->{group}{d}{later}, '2.00', 'again 1/4, no later model: a quarter of the first');

# ---- the estimate ------------------------------------------------------------------------------
# The total: what the plan runs (the sweeps in full, the second ones at
# their resweep cost, the rest at the later cost) and fixed, rounded.
for my $case ([ 86400, 0 ], [ 30, 4.5 ], [ 20, 2 ], [ 60, 7.3 ]) {
	my ($budget, $fixed) = @$case;
	$p = make_plan([ @abc, $sw[1], tl('z', '2', '1', 0, '1/2') ], budget => $budget, fixed => $fixed);
	my $sum = $fixed;
	for my $g (keys %{ $p->{group} }) {
		my $e = $p->{group}{$g};
		my $sweeps = $e->{count} < $e->{sweeps} ? $e->{count} : $e->{sweeps};
		my $resweep = $g eq 's' ? 1.5 : $e->{first};
		$sum += $e->{first} + ($sweeps - 1) * $resweep + ($e->{count} - $sweeps) * $e->{later};
	}
	is($p->{total}, int($sum + 0.5), "budget $budget, fixed $fixed: the total is what the plan runs ($p->{total} s)");
}

# ---- an earlier run's group times ----------------------------------------------------------------
# They stand for the model: the first invocation's, the median of the
# second sweeps', the median of the later ones'.
my @gt = ('gt a 2.5', 'gt a/2 1.0', 'gt a/3 3.0', 'gt a/4 2.0',
	  'gt s 10', 'gt s/2 6', 'gt s/3 1', 'gt s/4 2', 'gt s/5 9', 'gt gone 99');
$p = make_plan([ tl('a', '0.1'), $sw[1], @gt ], runs => 4);
is_deeply([ @{ $p->{group}{a} }{qw(first later)} ], [ '2.50', '2.00' ],
	  'a: the first 2.5 s, the later ones the median of 1, 3, 2');
is_deeply([ @{ $p->{group}{s} }{qw(first later)} ], [ '10.00', '2.00' ],
	  's: the first 10 s, the later ones the median of 1, 2, 9 (its second sweep apart)');
is($p->{total}, int(2.5 + 3 * 2 + 10 + 6 + 2 * 2 + 0.5), '... the second sweep at its own 6 s');
is_deeply([ sort keys %{ $p->{group} } ], [qw(a s)], 'a group of the earlier run that is not in this one: ignored');
# Which invocations were sweeps: the earlier run's own plan ("gs", from its
# [PLAN: ]) and the sweeps it made again ("gm", its [SWEPT: ]).  Unswept
# there, m's first invocation was a later one: the model stays for its
# sweep.  s swept once there, its fourth made again: that is its resweep,
# not a later one.
$p = make_plan([ tl('m', '4', '0.5', 0, '1/8', 'sweeps=2,points'), $sw[1],
		 'gs m 0', 'gt m 0.6', 'gt m/2 0.4', 'gt m/3 0.5',
		 'gs s 1', 'gt s 10', 'gt s/2 1', 'gt s/3 2', 'gt s/4 7', 'gm s/4', 'gt s/5 3' ], runs => 4);
is_deeply([ @{ $p->{group}{m} }{qw(first later pfirst)} ], [ '4.00', '0.45', '0.60' ],
	  'm unswept before: its sweep from the model, its later ones the median of the other two, its unswept first its own');
is_deeply([ @{ $p->{group}{s} }{qw(first later)} ], [ '10.00', '2.00' ],
	  's: a sweep made again is no later one (the median of 1, 2, 3)');
is($p->{total}, int(4 + 4 + 2 * 0.5 + 10 + 7 + 2 * 2 + 0.5), '... and it is the resweep, 7 s')
	or diag("total $p->{total}");

# Unswept again, the plan counts its first invocation at that run's
# unswept first: 3 x 5 s of b, then m's 0.6 + 2 x 0.45 s.
$p = make_plan([ @pt, 'gs m 0', 'gt m 0.6', 'gt m/2 0.4', 'gt m/3 0.5' ], budget => 20);
is_deeply([ map { $p->{group}{m}{$_} } qw(sweeps pfirst) ], [ 0, '0.60' ], 'unswept again, from that run\'s unswept first');
is($p->{total}, int(15 + 0.6 + 2 * 0.45 + 0.5), '... which the total counts once, the later ones twice');

# A group the earlier run did not have: its model.
$p = make_plan([ tl('a', '0.1'), tl('b', '5'), 'gt a 2.5' ], runs => 3);
is_deeply([ map { $p->{group}{$_}{first} } qw(a b) ], [ '2.50', '5.00' ], 'b, not in the earlier run: its model');
ok(!$p->{bad}, 'no line of any other kind');

done_testing();
