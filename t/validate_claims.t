#!/usr/bin/perl
# LMValidate's claims (scripts/lib/LMValidate.pm) on made-up inputs whose
# verdict is worked out here, each both ways: a case that holds ("ok")
# and one that does not ("no"), or is not judged ("skipped"); and main's
# exit status, 0 when every claim holds and 1 when one does not.
# (t/scripts_validate.t runs scripts/validate itself, where speeds decide
# a verdict either way.)
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use Test::More;
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use LMValidate;

my $tmp = tempdir(CLEANUP => 1);
sub put {
	my ($f, $text) = @_;
	(my $d = $f) =~ s{/[^/]+$}{};
	make_path($d);
	open(my $fh, '>', $f) or die "$f: $!";
	print $fh $text;
	close $fh or die "$f: $!";
}
sub verdict_is {
	my ($c, $want, $text_re, $name) = @_;
	is($c->{verdict}, $want, "$name: $want") or diag($c->{text});
	like($c->{text}, $text_re, "$name: the text") if $text_re;
}
my $ok_step = { step => 'cores', status => 'ok', note => '' };

# ---- loaded: the latency at the highest bandwidth against the idle one,
# beyond 10% rising or falling: 100 -> 130 ns is +30% (rising, holds),
# 100 -> 104 +4% (flat, holds), 100 -> 80 -20% (falling: does not).
sub curve {
	my (@y) = @_;
	my @p = map { { x => 1000 * $_, y => $y[$_] } } 0 .. $#y;
	return { ':series' => [ { name => 'mem.loaded.rd.loaders_1', points => \@p } ] };
}
my $f1 = { LOADERS => '1', NCPU => 2 };
verdict_is(LMValidate::loaded(curve(100, 115, 130), $f1, $ok_step), 'ok',
	   qr/^rising: .*\(\+30%;/, 'loaded +30%');
verdict_is(LMValidate::loaded(curve(100, 102, 104), $f1, $ok_step), 'ok',
	   qr/^flat: .*\(\+4%;/, 'loaded +4%');
verdict_is(LMValidate::loaded(curve(100, 90, 80), $f1, $ok_step), 'no',
	   qr/^falling: .*\(-20%;/, 'loaded -20%');
verdict_is(LMValidate::loaded({}, { LOADERS => '', NCPU => 1 }, $ok_step),
	   'skipped', qr/no CPU for a loader/, 'loaded on one CPU');

# ---- c2c: every ordered pair of 3 CPUs (6) measured and positive holds;
# one missing (5 of 6) or one at 0 does not.
sub c2c_m {
	my (%drop) = @_;
	my %m;
	for my $a (0 .. 2) {
		for my $b (0 .. 2) {
			next if $a == $b || $drop{"${a}_$b"} && $drop{"${a}_$b"} eq 'gone';
			$m{"c2c.pair.${a}_$b"} = { value => $drop{"${a}_$b"} ? 0 : 50 + $a + $b };
		}
	}
	return \%m;
}
my $run3 = { header => { CPUS => 3 } };
verdict_is(LMValidate::c2c(c2c_m(), $run3, {}, $ok_step), 'ok',
	   qr/^complete: 3 x 3, 6 of 6 pairs/, 'c2c whole');
verdict_is(LMValidate::c2c(c2c_m('2_1' => 'gone'), $run3, {}, $ok_step), 'no',
	   qr/^incomplete: 3 x 3, 5 of 6 pairs/, 'c2c one pair missing');
verdict_is(LMValidate::c2c(c2c_m('0_2' => 'zero'), $run3, {}, $ok_step), 'no',
	   qr/, 1 not positive$/, 'c2c one pair at 0');

# ---- numa: 2 nodes, latency and bandwidth for all 4 pairs holds; 3 of 4
# does not.
sub numa_m {
	my ($skip) = @_;
	my %m;
	for my $c (0, 1) {
		for my $n (0, 1) {
			next if defined $skip && $skip eq "${c}_$n";
			$m{"numa.latency.${c}_$n"} = { value => $c == $n ? 90 : 140 };
			$m{"numa.read_bandwidth.${c}_$n"} = { value => 10000 };
		}
	}
	return \%m;
}
my $f2 = { NODES => 2 };
verdict_is(LMValidate::numa(numa_m(), undef, $f2, $ok_step), 'ok',
	   qr/^complete: 2 x 2, 4 of 4 .*; latency local 90\.0 ns, remote 140\.0 ns/,
	   'numa whole');
verdict_is(LMValidate::numa(numa_m('1_0'), undef, $f2, $ok_step), 'no',
	   qr/^incomplete: 2 x 2, 3 of 4 /, 'numa one pair missing');

# ---- placement: two placements on 2 CPUs, each with pipe, unix and ctx,
# holds; one placement only, or one without ctx, does not.
sub place_m {
	my ($kinds, $drop) = @_;
	my (%m, @values);
	for my $k (@$kinds) {
		for my $t ('pipe.latency.%s', 'unix.latency.%s', 'ctx.size_0k.%s@2') {
			my $name = sprintf($t, $k);
			next if defined $drop && $name eq $drop;
			$m{$name} = { value => 5 };
			push @values, { placement => $k };
		}
	}
	return (\%m, { header => { CPUS => 2 }, values => \@values, series => [] });
}
verdict_is(LMValidate::placement(place_m([qw(same_cpu other_cpu)]), { NCPU => 2 }, $ok_step),
	   'ok', qr/^complete: 2 placements \(same_cpu, other_cpu\)$/, 'placement two');
verdict_is(LMValidate::placement(place_m(['same_cpu']), { NCPU => 2 }, $ok_step),
	   'no', qr/^incomplete: 1 placement .*at least 2 expected/, 'placement one of two');
verdict_is(LMValidate::placement(place_m([qw(same_cpu other_cpu)], 'ctx.size_0k.other_cpu@2'),
				 { NCPU => 2 }, $ok_step),
	   'no', qr/missing ctx other_cpu/, 'placement without a ring');

# ---- stream_p: scripts/stream_ref's "agree:" line decides.
my %fs = (NCPU => 2, SRC => '/x/stream.c', MODE => 'full');
put("$tmp/sp1/stream_ref.txt", "copy 20000.0\nagree: every kernel within 5%\n");
put("$tmp/sp2/stream_ref.txt", "copy 20000.0\nagree: copy 12.0% apart\n");
verdict_is(LMValidate::stream_p("$tmp/sp1", \%fs, $ok_step), 'ok',
	   qr/^within 5%: stream -P 2/, 'stream_p agreeing');
verdict_is(LMValidate::stream_p("$tmp/sp2", \%fs, $ok_step), 'no',
	   qr/^not within 5%: .*copy 12\.0% apart/, 'stream_p apart');
verdict_is(LMValidate::stream_p("$tmp/sp1", { %fs, SRC => '' }, $ok_step),
	   'skipped', qr/no STREAM source/, 'stream_p without a source');

# ---- counters: perf stat -x, lines; 3000 cycles and 6000 instructions
# counted hold (2.00 per cycle); <not counted> does not; <not supported>
# is no PMU (skipped).
my $cs = { step => 'counters', status => 'ok', note => '' };
put("$tmp/c1/perf.txt", "3000,,cycles,1,100.00\n6000,,instructions,1,100.00\n");
put("$tmp/c2/perf.txt", "<not counted>,,cycles,0,0\n<not counted>,,instructions,0,0\n");
put("$tmp/c3/perf.txt", "<not supported>,,cycles,0,0\n<not supported>,,instructions,0,0\n");
verdict_is(LMValidate::counters("$tmp/c1", $cs), 'ok',
	   qr/^counted: 3000 cycles, 6000 instructions, 2\.00 instructions per cycle/,
	   'counters counted');
verdict_is(LMValidate::counters("$tmp/c2", $cs), 'no', qr/^perf stat did not count/,
	   'counters not counted');
verdict_is(LMValidate::counters("$tmp/c3", $cs), 'skipped', qr/^no PMU here/,
	   'counters without a PMU');

# ---- aa: compare's count; at most 5% of the judged metrics flagged holds:
# 2 of 40 (5.0%) holds, 3 of 40 (7.5%) does not, 0 judged does not.
sub aa_dir {
	my ($name, $c, $n, $j) = @_;
	my $p = $j ? sprintf('%.1f', 100 * $c / $j) : '0.0';
	put("$tmp/$name/compare.txt", sprintf("Could see a change of 10.0%% or more in %d of %d metrics; 0 too noisy to judge\n"
		. "Changed: %d of %d metrics (%.1f%%); %d judged (%s%% of them)\n", $j, $n, $c, $n, 100 * $c / $n, $j, $p));
	return "$tmp/$name";
}
my $fa = { MODE => 'quick', AA_ONLY => 'lat_syscall' };
verdict_is(LMValidate::aa(aa_dir('aa1', 2, 40, 40), $fa, $ok_step), 'ok',
	   qr/^alike: scripts\/compare flagged 2 of the 40 metrics it could judge \(5\.0%/, 'aa 2 of 40');
verdict_is(LMValidate::aa(aa_dir('aa2', 3, 40, 40), $fa, $ok_step), 'no',
	   qr/^too many changes: scripts\/compare flagged 3 of the 40 .*\(7\.5%/, 'aa 3 of 40');
verdict_is(LMValidate::aa(aa_dir('aa3', 0, 40, 0), $fa, $ok_step), 'no',
	   qr/could judge none of the 40/, 'aa none judged');

# ---- main: the exit status and report.json's holds, both ways.  Every
# step skipped but the A/A pair's: the report holds exactly when aa does.
sub main_dir {
	my ($name, $changed) = @_;
	my $d = aa_dir($name, $changed, 40, 40);
	put("$d/log/facts", join('', map { "$_->[0]='$_->[1]'\n" } [ START => '2026-11-28 10:00' ],
		[ WALL => 60 ], [ NCPU => 2 ], [ NODES => 1 ], [ MODE => 'quick' ], [ BUDGET => 480 ],
		[ BW => 10 ], [ VERSION => 'test' ], [ LOADERS => '1' ], [ SRC => '' ], [ AA_ONLY => 'lat_syscall' ]));
	put("$d/log/steps.tsv", join('', map { "$_\t10\t1\tskipped\t$_ not run here\n" } qw(cores stream counters))
		. "aa\t10\t1\tok\t\n");
	put("$d/estimate.tsv", "cores\t10\tx\naa\t10\tx\ntotal\t20\tx\n");
	return $d;
}
for my $case ([ 'holds', 1, 0 ], [ 'fails', 3, 1 ]) {
	my ($name, $changed, $want) = @$case;
	my $d = main_dir("main_$name", $changed);
	my $got;
	{
		open(my $null, '>', \my $buf) or die;
		my $old = select($null);
		$got = LMValidate::main($d);
		select($old);
	}
	is($got, $want, "main, aa with $changed of 40 changed: returns $want");
	open(my $fh, '<', "$d/report.json") or die "$d/report.json: $!";
	my $j = JSON::PP::decode_json(do { local $/; <$fh> });
	is($j->{holds} ? 1 : 0, 1 - $want, "main, aa with $changed of 40: report.json holds = " . (1 - $want));
}

done_testing();
