#!/usr/bin/perl
# compare and the host's drift probes (LMCompare::HostMoved), on the
# sample runs with probes written in (LmProbes):
# - an A/A pair whose probes moved: its memory metrics that compare flags
#   are reported apart as "host moved", with the probe's figure, and not
#   counted as changes; a move the other way from the metric's is none;
# - a planted 10% change in five metrics with steady probes (each time
#   other jitter within the probes' noise) is reported changed every
#   time, and so is a planted memory change while the probes hold still,
#   and one stray point of the probes does not make a move;
# - files without probes compare as before, also beside a file with them.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmScaled;
use LmProbes;
use LMDrift;
use LMResults;
use Test::More;
use File::Temp qw(tempdir);

my ($v0, $v1) = sort grep { /\.\d+$/ } glob('results/sample/x86_64-linux/vm.*');
plan skip_all => 'no sample pair vm.0, vm.1 in results/sample/x86_64-linux'
	unless $v0 && $v1;
my $tmp = tempdir(CLEANUP => 1);

sub compare { return run([ $^X, 'scripts/compare', @_ ]); }
# name => verdict of the changed lines, and of the host-moved lines.
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
sub counts { return $_[0] =~ /^Changed: (\d+) of (\d+) metrics/m ? ($1, $2) : (undef, undef); }
sub steady { my %b = %BASE; return sub { \%b }; }
# Every probe at its base figure times f, the figures of %only times theirs.
sub probes_times {
	my (%k) = @_;
	return sub { +{ map { $_ => $BASE{$_} * ($k{$_} // 1) } keys %BASE } };
}

# The probes that speak for a metric: its kind's and the shares.
is_deeply([ LMDrift::probes_for('mem.loaded.rd.loaders_1.bandwidth@3') ],
	  [qw(bw llc stride others steal)], 'the loaders\' bandwidth: the bandwidth probes');
is_deeply([ LMDrift::probes_for('mem.loaded.rd.loaders_1@3') ],
	  [qw(l1 l2 llc dram stride others steal)], 'a loaded latency: the latency probes');

# The pair without probes: what compare flags, and which of it is memory.
my $r = compare($v0, $v1);
my ($plain) = verdicts($r->{out});
my ($n0, $of) = counts($r->{out});
my @mem = grep { /^(?:mem|cache)\./ } keys %$plain;
ok(@mem >= 3, scalar(@mem) . " memory metrics among the $n0 flagged of the pair");

# (a) A/A, the host moved: B is A with every memory latency 1.8 times
# (beyond the floor of their kind, as in a slower host state), and B's
# memory probes 1.8 times too.
my $m0 = LMResults::metrics(LMResults::parse($v0));
my %slow = map { $_ => 1.8 } grep { /^(?:mem|cache)\./ && ($m0->{$_}{better} // '') eq 'lower' }
	grep { !/^:/ } keys %$m0;
my $pa = with_probes($v0, "$tmp/a.0", steady());
my $pb = with_probes(scaled_copy($v0, "$tmp/slow", \%slow), "$tmp/b.0",
	probes_times(llc => 1.8, dram => 1.8, stride => 1.8));
$r = compare($pa, $pb);
my ($c, $h) = verdicts($r->{out});
ok(keys(%$h) > 100, scalar(keys %$h) . ' memory latencies reported as host moved');
is_deeply([ sort keys %$h ], [ sort grep { $m0->{$_}{value} > 0 } keys %slow ],
	  'host moved: every slower memory latency, nothing else');
is_deeply($c, {}, 'host moved: nothing counted as changed');
is($r->{status}, 0, 'host moved: exit 0');
like($h->{'cache.l3.latency'} // '',
     qr/^probe (?:llc|dram|stride) [\d.]+ -> [\d.]+ ns \(\+80%, its noise \d+%\); beyond floor 50\.0%/,
     'host moved: the probe, its figures, its noise, then the floor');
like($r->{out}, qr/^  dram\s+150\.0\s+270\.0 ns\s+\+80%\s+noise \d+%\s+moved/m,
     'the probes of both sides, side by side');
# llc's own noise (LMDrift) is wider than 80%: the same move is none.
like($r->{out}, qr/^  llc\s+36\.000\s+64\.800 ns\s+\+80%\s+noise \d+%\s+\(/m,
     'a move within the probe\'s noise: not marked moved');

# The share of other processes: B's memlat group ran while other work
# took 60% of the CPU time, A's with 5%; its latencies are host moved,
# the probe named with its figures in points.
{
	my $share = sub { my ($o) = @_; sub { my ($where) = @_;
		+{ %BASE, $where eq 'start' ? () : (others => $where eq 'memlat' ? $o : 5, steal => 0) } } };
	my $sa = with_probes($v0, "$tmp/e.0", $share->(5));
	my $sb = with_probes(scaled_copy($v0, "$tmp/slow3", \%slow), "$tmp/f.0", $share->(60));
	($c, $h) = verdicts(compare($sa, $sb)->{out});
	my @ml = grep { /^mem\.(?:load|random)_latency\./ && $c->{$_} || $h->{$_} } keys %slow;
	ok(@ml && !grep({ !$h->{$_} } @ml), 'others 5% -> 60% in the memlat group: its latencies host moved');
	like($h->{ $ml[0] // '' } // '', qr/^probe others 5 -> 60 % \(\+55 points, its noise \d+ points\)/,
	     'the share named, in points');
	ok($c->{'cache.l3.latency'} && !$h->{'cache.l3.latency'},
	   'a metric of another group (cache, in tlb) is still a change');
}

# One stray point is no move: B's probes steady but after memlat, where
# they are 3 times: the memory latencies of B are still changes.
$pb = with_probes(scaled_copy($v0, "$tmp/slow2", \%slow), "$tmp/d.0",
	sub { my ($where) = @_; probes_times(map { $where eq 'memlat' ? ($_ => 3) : () }
		qw(l1 l2 llc dram stride))->() });
($c, $h) = verdicts(compare($pa, $pb)->{out});
ok(!%$h && keys(%$c) > 100, 'one stray point: nothing host moved, ' . scalar(keys %$c) . ' changed');

# The real pair vm.0, vm.1: with B's memory probes faster, its memory
# latencies that got better are host moved; those that got worse (the host
# did not) are still changes.
$pb = with_probes($v1, "$tmp/c.0", probes_times(llc => 0.5, dram => 0.5, stride => 0.5,
	l1 => 0.8, l2 => 0.8, bw => 2));
$r = compare($pa, $pb);
($c, $h) = verdicts($r->{out});
my @better = grep { $plain->{$_} eq 'better' } @mem;
my @worse = grep { $plain->{$_} eq 'worse' } @mem;
ok(@better && !grep({ !$h->{$_} } @better), 'vm pair: the memory latencies that got better: host moved');
ok(!grep({ $h->{$_} || !$c->{$_} } @worse), 'vm pair: those that got worse: still changed');
my ($n) = counts($r->{out});
is($n, scalar(keys %$c), 'vm pair: Changed counts the changes only');
is($n + keys(%$h), $n0, 'vm pair: the changes and the host-moved lines are what was flagged');

# (b) A planted 10% change in five metrics, the probes steady (within a
# third of their noise, other jitter each time): changed every time.
my %plant = ('ops.integer.add' => 1.10, 'ops.int64.mul' => 0.90,
	     'ops.float.mul' => 1.10, 'ops.double.div' => 0.90,
	     'ops.double.add' => 1.10);
my $planted = scaled_copy($v0, "$tmp/planted", \%plant);
my $all_found = 1;
srand(24);
for my $k (1 .. 10) {
	my $jit = sub { +{ map { my $nz = $LMDrift::PROBE{$_}{noise} / 100;
		$_ => $BASE{$_} * (1 + $nz / 3 * (2 * rand() - 1)) } keys %BASE } };
	mkdir "$tmp/j$k" or die "$tmp/j$k: $!";
	my $b = with_probes($planted, "$tmp/j$k/p.1", $jit);
	my $a = with_probes($v0, "$tmp/j$k/p.0", $jit);
	$r = compare($a, $b);
	($c, $h) = verdicts($r->{out});
	$all_found &&= $r->{status} == 1 && join(' ', sort keys %$c) eq join(' ', sort keys %plant)
		&& !%$h;
}
ok($all_found, 'planted 10% in five metrics, steady probes: found, and nothing else, 10 times of 10');
# A memory metric that doubled while the probes held still is a change.
my $m2 = scaled_copy($v0, "$tmp/m2", { 'mem.random_latency.stride_16@8.00000' => 2 });
($c, $h) = verdicts(compare(with_probes($v0, "$tmp/s.0", steady()),
	with_probes($m2, "$tmp/s.1", steady()))->{out});
is($c->{'mem.random_latency.stride_16@8.00000'}, 'worse', 'a memory change, probes steady: worse');

# (c) Files without probes compare as before; beside a file with probes,
# too, and compare says why it puts nothing down to the host.
my $before = $r = compare($v0, $v1);
unlike($r->{out}, qr/host moved|Host drift/i, 'no probes: no host-moved column, no probe lines');
my $mixed = compare($pa, $v1);
is_deeply([ counts($mixed->{out}) ], [ counts($before->{out}) ], 'one side without probes: the same count');
like($mixed->{out}, qr/^Host drift probes: not in every file.*\Q$v1\E: none \(an older file\)/m,
     'one side without probes: said so');
($c) = verdicts($mixed->{out});
is_deeply([ sort keys %$c ], [ sort keys %$plain ], 'one side without probes: the same verdicts');

done_testing();
