#!/usr/bin/perl
# cache, line and tlb print a figure only where their sweeps agreed
# (cache: to the nearest power of two where a sweep found an edge gradual):
# each program's own account of its sweeps (cache -c, line -v, tlb with
# LMBENCH_DEBUG) is held against what it printed.  The rule itself, on
# made-up curves, is t/levels.t's.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my %env = (quick_env(), ENOUGH => 500);

# The grid cache's curve is timed on: four sizes per power of two.
my @grid = (1024);
while ($grid[-1] < (1 << 30)) {
	my $s = $grid[-1];
	my $q = 1;
	$q *= 2 while $q <= $s / 2;
	push @grid, $s + $q / 4;
}
my %place = map { $grid[$_] => $_ } 0 .. $#grid;
sub median { my @v = sort { $a <=> $b } @_; return $v[$#v / 2] }

# ---- cache ---------------------------------------------------------------
my $busy = qr/no plateau in the latency curve|no step in the latency curve/;
my $r = run_retry([bin('cache'), '-c', '-N', '3', '-M', '2M', '-L', '64'],
		  $busy, env => { %env, LMBENCH_JSON => 1 });
is($r->{status}, 0, 'cache: exit 0') or diag($r->{err});
my @sweeps;
for ($r->{err} =~ /^# sweep \d+:(.*)$/mg) {
	my %lv;
	$lv{$1} = [ $2, $3, defined $4 ] while /L(\d+) (\d+) bytes ($n) ns( \(gradual, \d+-\d+\))?;/g;
	push @sweeps, \%lv;
}
is(scalar @sweeps, 3, 'cache -c: what each of three sweeps found');
my ($clear, $unclear, $ok) = (0, 0, 1);
my %printed;
for my $l (grep { /^L\d+ cache: / } split /\n/, $r->{err}) {
	my ($k) = $l =~ /^L(\d+)/;
	my @found = grep { defined } map { $_->{$k} } @sweeps;
	my @at = map { $place{ $_->[0] } // -99 } @found;
	my @lat = sort { $a <=> $b } map { $_->[1] } @found;
	# A gradual edge in one sweep: every sweep's size to its nearest
	# power of two (1.5x rounds up), and those the same.
	my $gradual = grep { $_->[2] } @found;
	@at = map { $_ < 0 ? $_ : 4 * int(log($grid[$_] / 1024) / log(2) + 0.5) } @at
		if $gradual;
	my $alike = @found == 3 && (sort { $b <=> $a } @at)[0] - (sort { $a <=> $b } @at)[0] <= ($gradual ? 0 : 1)
		&& $lat[-1] <= 1.25 * $lat[0];
	if ($l =~ /^L$k cache: (\d+) bytes ($n) nanoseconds/) {
		my ($bytes, $ns) = ($1, $2);
		$clear++;
		$printed{"cache.l$k.latency"} = $ns;
		$ok &&= $alike && $bytes == $grid[ median(@at) ]
			&& abs($ns - median(@lat)) <= 0.011
			&& (!$gradual || $r->{err} =~ /^# L${k}'s edge is gradual: /m);
	} elsif ($l =~ /^L$k cache: no clear plateau \(((?:sysfs|getconf) says \d+ [KM]B|the host reports no L$k)\)$/) {
		$unclear++;
		$ok &&= !$alike;
	} else {
		$ok = 0;
	}
	diag("not as the sweeps say: $l") unless $ok;
}
ok($ok && $clear + $unclear >= 1,
   "cache: $clear level(s) printed where all sweeps agreed (median size and latency), "
   . "$unclear without a figure where they did not") or diag($r->{err});
my %json = map { /"name":"(cache\.l\d+\.latency)".*"value":($n)/ ? ($1 => $2) : () }
	split /\n/, $r->{out};
is_deeply([ sort keys %json ], [ sort keys %printed ],
	  'cache --json: a figure for each level printed, none for the others');

# ---- line ----------------------------------------------------------------
$r = run([bin('line'), '-v', '-N', '5'], env => \%env);
my @runs = $r->{err} =~ /^# run \d+: (\d+) bytes/mg;
my @mid = $r->{err} =~ /^# pair +\d+ bytes apart: ([0-9.]+) nano/mg;
# The size most runs found (no step does not count), and how many did.
my %votes;
$votes{$_}++ for grep { $_ > 0 } @runs;
my ($mode) = sort { $votes{$b} <=> $votes{$a} || $a <=> $b } keys %votes;
my $most = defined $mode ? $votes{$mode} : 0;
# lib_probe.c's rule on the per-distance medians: the first distance
# 1.2x dearer than 8 bytes that stays 1.15x dearer to the end; 0: none.
my $step = 0;
for my $i (1 .. $#mid) {
	next unless $mid[$i] > 1.2 * $mid[0];
	next if grep { $mid[$_] <= 1.15 * $mid[0] } $i .. $#mid;
	$step = 8 << $i;
	last;
}
my $alike = @runs >= 3 && $runs[0] > 0 && !grep { $_ != $runs[0] } @runs[1, 2];
ok(@runs == 3 && $alike || @runs == 5 && !$alike,
   'line -v: three runs, or five where the first three differ') or diag($r->{err});
is(scalar @mid, 7, 'line -v: the medians of the seven distances');
if ($r->{status} == 0) {
	my ($size) = $r->{out} =~ /(\d+)/;
	ok(defined $size && defined $mode && $size == $mode &&
	   (@runs == 3 ? $most == 3 : $most >= 3 && $step == $size),
	   'line: ' . ($size // '?') . ' bytes, found by every one of three runs, '
	   . 'or by most of five and their medians') or diag($r->{err});
} else {
	like($r->{err}, qr/no line size step seen alike in 5 runs: not clear \((sysfs says \d+ bytes|the host reports none)\)/,
	     'line: not clear, says so');
	ok($most < 3 || $step != $mode, 'line: no size had most runs and the medians')
		or diag($r->{err});
}

# ---- tlb -----------------------------------------------------------------
my @count = (4);
push @count, $count[-1] < 8 ? 2 * $count[-1]
	: do { my ($p, $q) = ($count[-1], 1); $q *= 2 while $q <= $p / 2; $p + $q / 4 }
	while $count[-1] < 65536;
my %cplace = map { $count[$_] => $_ } 0 .. $#count;
$r = run([bin('tlb'), '-N', '5'], env => { %env, LMBENCH_DEBUG => 1 });
my @got = $r->{err} =~ /^tlb: debug: sweep \d+: (\d+) pages$/mg;
is(scalar @got, 3, 'tlb: what each of three sweeps found');
my @at = map { $_ ? $cplace{$_} // -99 : -99 } @got;
my $spread = (sort { $b <=> $a } @at)[0] - (sort { $a <=> $b } @at)[0];
if ($r->{status} == 0) {
	my ($p) = $r->{err} =~ /^tlb: (\d+) pages$/m;
	ok(defined $p && !grep({ $_ < 0 } @at) && $spread <= 1
	   && $p == $count[ median(@at) ],
	   'tlb: the median sweep\'s count, all within one step') or diag($r->{err});
} else {
	like($r->{err}, qr/no TLB step seen/, 'tlb: no count, says so');
	ok(grep({ $_ < 0 } @at) || $spread > 1, 'tlb: the sweeps did differ')
		or diag($r->{err});
}
done_testing();
