#!/usr/bin/perl
# scripts/compare as a regression gate: an A/A pair of real runs is
# mostly quiet, a planted 10% change is always found (one run a side with
# the default floors, with floors learned from earlier runs, several runs
# a side by the range rule and by the U test), an unchanged copy exits 0,
# and the command line behaves (usage exit 2, --help exit 0).
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmScaled;
use LMResults;
use Test::More;
use File::Temp qw(tempdir);

my ($v0, $v1) = sort grep { /\.\d+$/ } glob('results/sample/x86_64-linux/vm.*');
plan skip_all => 'no sample pair vm.0, vm.1 in results/sample/x86_64-linux'
	unless $v0 && $v1;
my $tmp = tempdir(CLEANUP => 1);

sub compare { return run([ $^X, 'scripts/compare', @_ ]); }
# "name -> verdict" of each metric line printed.
sub flagged {
	my ($out) = @_;
	my %f;
	while ($out =~ /^(\S+)\s+\S+\s+\S+\s+[-+]\d+\.\d%\s+(better|worse|changed)\s/mg) {
		$f{$1} = $2;
	}
	return \%f;
}
sub counts {
	my ($out) = @_;
	return $out =~ /^Changed: (\d+) of (\d+) metrics/m ? ($1, $2) : (undef, undef);
}

# (a) A/A: two runs of the same idle machine five minutes apart.
my $r = compare($v0, $v1);
my ($n, $of) = counts($r->{out});
ok(defined $n && $of > 1000, "A/A: a verdict over the whole run ($of metrics)");
my $f = flagged($r->{out});
is(scalar keys %$f, $n, 'A/A: one line per changed metric');
ok($n <= 0.05 * $of, sprintf('A/A vm.0 vs vm.1: %d of %d flagged (%.1f%%), at most 5%%',
	$n, $of, 100 * $n / $of));
is($r->{status}, $n ? 1 : 0, 'A/A: exit status says whether something changed');
$r = compare('-a', $v0, $v1);
like($r->{out}, qr/^syscall\.null\s+\S+\s+\S+\s+[-+]\d+\.\d%\s+~\s+within floor/m,
     '-a: an unchanged metric is listed with ~');
($n) = counts($r->{out});
is(scalar(() = $r->{out} =~ /^\S+\s+\S+\s+\S+\s+[-+]\d+\.\d%\s+~\s/mg) + $n, $of,
   '-a: every metric listed');

# (b) One run a side: 10% up or down planted in five low-noise metrics
# (integer and float operations), values and #stats samples alike.
my %plant = ('ops.integer.add' => 1.10, 'ops.int64.mul' => 0.90,
	     'ops.float.mul' => 1.10, 'ops.double.div' => 0.90,
	     'ops.double.add' => 1.10);
my $pb = scaled_copy($v0, "$tmp/planted.0", \%plant);
my $same = scaled_copy($v0, "$tmp/same.0", 1);
$r = compare($v0, $pb);
is($r->{status}, 1, 'planted 10%: exit 1');
$f = flagged($r->{out});
is_deeply([ sort keys %$f ], [ sort keys %plant ], 'planted 10%: each planted metric flagged, nothing else');
is($f->{'ops.integer.add'}, 'worse', 'a slower operation is worse');
is($f->{'ops.int64.mul'}, 'better', 'a faster operation is better');
like($r->{out}, qr/^ops\.integer\.add\s+0\.3537\s+0\.3891\s+\+10\.0%\s+worse\s+beyond floor 5\.0% \(default for ops\)$/m,
     'old, new, change, verdict and why');
$r = compare($v0, $same);
is($r->{status}, 0, 'unchanged copy: exit 0');
is((counts($r->{out}))[0], 0, 'unchanged copy: nothing flagged');
$r = compare("-t", 15, $v0, $pb);
is($r->{status}, 0, '-t 15: a 10% change is below the threshold');

# Floors learned from the host's earlier runs: five runs of "h" within
# +-1% of each other; a 10% change in metrics of noisy kinds is found,
# which the default floors would not find.
my $hist = "$tmp/hist";
mkdir $hist or die "$hist: $!";
my $i = 0;
scaled_copy($v0, "$hist/h." . $i++, $_) for 1.00, 1.01, 0.99, 1.005, 0.995;
my $ha = scaled_copy($v0, "$hist/h." . $i++, 1);
my %noisy = ('syscall.null' => 1.10, 'pipe.latency' => 0.90,
	     'mem.load_latency.stride_128@0.00049' => 1.10,
	     'bw_mem.rd@0.524288' => 0.90, 'fs.create@1k' => 0.90);
my $hb = scaled_copy($v0, "$tmp/noisy.0", \%noisy);
$r = compare($ha, $hb);
is($r->{status}, 1, 'learned floors: exit 1');
$f = flagged($r->{out});
is_deeply([ sort keys %$f ], [ sort keys %noisy ], 'learned floors: each planted metric flagged, nothing else');
like($r->{out}, qr/^syscall\.null\s.*beyond floor \d+\.\d% \(5 earlier runs\)$/m,
     'the floor is said to come from 5 earlier runs');
$r = compare('-N', $ha, $hb);
is((counts($r->{out}))[0], 0, '-N: the default floors do not resolve 10% in noisy kinds');

# (c) Several runs a side.  Range rule (2+2): the five ops metrics that
# moved least between vm.0 and vm.1, planted in copies of both.
my ($m0, $m1) = map { LMResults::metrics(LMResults::parse($_)) } $v0, $v1;
my @calm = (sort { abs(log($m1->{$a}{value} / $m0->{$a}{value}))
		   <=> abs(log($m1->{$b}{value} / $m0->{$b}{value})) }
	    grep { /^ops\./ && $m1->{$_} } keys %$m0)[0 .. 4];
my %p2 = map { $_ => 1.10 } @calm;
my @b2 = (scaled_copy($v0, "$tmp/p2.0", \%p2), scaled_copy($v1, "$tmp/p2.1", \%p2));
$r = compare($v0, $v1, '--', @b2);
is($r->{status}, 1, '2+2 runs, planted: exit 1');
$f = flagged($r->{out});
is_deeply([ sort keys %$f ], [ sort @calm ], '2+2 runs: each planted metric flagged, nothing else');
like($r->{out}, qr/ranges apart, beyond the runs' spread \d+\.\d% \(2\+2 runs\)/, 'range rule named');
$r = compare($v0, $v1, '--', $v1, $v0);
is($r->{status}, 0, '2+2 runs, the same runs: exit 0');

# U test (5+5): five copies of vm.0 within +-2%, and the same five with
# 10% planted in five metrics of different kinds.
my @jit = (0.98, 0.99, 1.00, 1.01, 1.02);
my (@ja, @jb);
for my $k (0 .. $#jit) {
	push @ja, scaled_copy($v0, "$tmp/ja.$k", $jit[$k]);
	my %pl = map { $_ => $jit[$k] * ($noisy{$_}) } keys %noisy;
	my %all = map { $_ => $jit[$k] } grep { !/^:/ } keys %$m0;
	push @jb, scaled_copy($v0, "$tmp/jb.$k", { %all, %pl });
}
$r = compare(@ja, '--', @jb);
is($r->{status}, 1, '5+5 runs, planted: exit 1');
$f = flagged($r->{out});
is_deeply([ sort keys %$f ], [ sort keys %noisy ], '5+5 runs: each planted metric flagged, nothing else');
like($r->{out}, qr/^syscall\.null\s.*U test p=0\.00794 < 0\.05 \(5\+5 runs\)$/m,
     'U test: exact p of two separated samples of 5, 2/252');
$r = compare(@ja, '--', reverse @ja);
is($r->{status}, 0, '5+5 runs, the same runs: exit 0');

# (d) The command line.
for my $h ('-h', '--help') {
	$r = compare($h);
	is($r->{status}, 0, "$h: exit 0");
	like($r->{out}, qr/^Usage: scripts\/compare/m, "$h: usage on stdout");
	like($r->{out}, qr/^\s+\Q$_\E\s/m, "$h: a line for $_") for '-a', '-t PERCENT', '-p ALPHA', '-N', '-h, --help';
	unlike($r->{err}, qr/version|paranoia/i, "$h: no Getopt noise");
}
for my $bad ([ ['-x', $v0, $v1], qr/unknown option: x/ ],
	     [ [$v0], qr/two results files/ ],
	     [ [$v0, $v1, $v0], qr/two results files/ ],
	     [ [$v0, '--'], qr/no results file after --/ ],
	     [ ['--', $v0], qr/no results file before --/ ],
	     [ ['-t', 'ten', $v0, $v1], qr/-t ten/ ],
	     [ ['-p', '2', $v0, $v1], qr/-p 2/ ],
	     [ ["$tmp/none.0", $v1], qr/none\.0: no such file/ ]) {
	my ($args, $why) = @$bad;
	$r = compare(@$args);
	is($r->{status}, 2, "compare @$args: exit 2");
	like($r->{err}, $why, "compare @$args: says what was wrong");
	like($r->{err}, qr/^Usage: scripts\/compare/m, "compare @$args: usage");
	is($r->{out}, '', "compare @$args: nothing on stdout");
}

done_testing();
