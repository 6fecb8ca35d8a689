#!/usr/bin/perl
# scripts/stability: per-metric median, CV and range across runs, and the
# fraction with CV <= 3%, from results files (-f) and from runs it makes
# (two tiny runs of one program, never the full suite).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use LmScaled;
use Test::More;
use File::Temp qw(tempdir);

my @samples = sort grep { /\.\d+$/ } glob('results/sample/x86_64-linux/vm.*');
plan skip_all => 'no sample runs in results/sample/x86_64-linux' unless @samples >= 2;
my $tmp = tempdir(CLEANUP => 1);
my $NUM = number_re();

sub stab { return run([ $^X, 'scripts/stability', @_ ], timeout => 120); }
# metric => [runs, median, cv or undef] of each line printed.
sub rows {
	my ($out) = @_;
	my %r;
	for (split /\n/, $out) {
		my @f = /^(.+?)\s+(\d+)\s+(-?$NUM)\s+(-|$NUM%)\s+(-?$NUM)\.\.(-?$NUM)$/
			or next;
		$f[3] = $f[3] eq '-' ? undef : substr($f[3], 0, -1);
		$r{ shift @f } = \@f;
	}
	return \%r;
}
sub fraction {
	my ($out) = @_;
	return $out =~ /^CV <= 3%: (\d+) of (\d+) metrics \((\d+\.\d)%\)/m ? ($1, $2, $3) : ();
}

# The sample pair: the summary's columns.
my $r = stab('-f', @samples);
is($r->{status}, 0, '-f samples: exit 0');
my $rows = rows($r->{out});
ok(keys %$rows >= 50, 'a line per summary column (' . scalar(keys %$rows) . ')');
ok($rows->{'Processor, Processes: null call'}, 'null call listed');
is($rows->{'Processor, Processes: null call'}[0], scalar @samples, 'in every run');
my ($st, $of, $pct) = fraction($r->{out});
ok(defined $of, 'the fraction with CV <= 3% is printed');
is($of, scalar(grep { defined $_->[2] } values %$rows), 'over every metric with a CV');
is($st, scalar(grep { defined $_->[2] && $_->[2] <= 3 } values %$rows),
   'counting those at or below 3%');
my @bad = grep { my $x = $rows->{$_}; !($x->[3] <= $x->[1] && $x->[1] <= $x->[4]) } keys %$rows;
is(scalar @bad, 0, 'every median within its min..max') or diag("@bad");
diag("sample pair: $st of $of summary metrics with CV <= 3% ($pct%)");

# Three copies 10% apart: every metric's CV is 10% (sd of 0.9, 1, 1.1);
# three identical copies: 0, and all of them count as stable.
my @spread = map { scaled_copy($samples[0], "$tmp/s.$_", $_) } 0.9, 1.0, 1.1;
$r = stab('-a', '-f', @spread);
is($r->{status}, 0, '-a -f, 10% apart: exit 0');
$rows = rows($r->{out});
ok(keys %$rows > 1000, '-a: every metric of the runs');
my @off = grep { defined $rows->{$_}[2] && ($rows->{$_}[2] < 8 || $rows->{$_}[2] > 12) } keys %$rows;
is(scalar @off, 0, 'CV 10% (+-2% for printed rounding) for every metric') or diag("@off[0..9]");
($st, $of) = fraction($r->{out});
is($st, 0, 'none at or below 3%');
my @same = map { scaled_copy($samples[0], "$tmp/c.$_", 1) } 0 .. 2;
$r = stab('-f', @same);
$rows = rows($r->{out});
ok(!grep({ defined $_->[2] && $_->[2] != 0 } values %$rows), 'identical runs: CV 0.0%');
($st, $of) = fraction($r->{out});
ok($of > 0 && $st == $of, 'identical runs: all stable');

# Runs it makes itself: two runs of lat_syscall on a tiny configuration.
SKIP: {
	skip 'lat_syscall is not built', 4 unless -x bindir() . '/lat_syscall';
	my $cfg = tiny_config($tmp);
	$r = run([ $^X, 'scripts/stability', '-o', "$tmp/results", '-b', bindir(),
		   '-c', $cfg, 2, 'ONLY=lat_syscall', 'PROFILE=quick' ],
		 timeout => 240, env => { quick_env() });
	is($r->{status}, 0, 'stability 2 ONLY=lat_syscall: exit 0') or diag($r->{err});
	my @rf = results_files("$tmp/results");
	is(scalar @rf, 2, 'two results files written');
	like($r->{out}, qr/^2 runs: /m, 'over the two runs');
	is(rows($r->{out})->{'Processor, Processes: null call'}[0], 2, 'null call from both');
}

# The command line.
$r = stab('--help');
is($r->{status}, 0, '--help: exit 0');
like($r->{out}, qr/^\s+\Q$_\E\s/m, "--help: a line for $_") for 'N', '-f', '-a', '-o DIR', '-b BINDIR', '-c CONFIG';
for my $bad ([ [], qr/number of runs/ ], [ ['1'], qr/2 or more/ ], [ ['x'], qr/x: a number/ ],
	     [ ['2', 'only=x'], qr/not NAME=value/ ], [ ['-f'], qr/no results files/ ],
	     [ ['-f', "$tmp/none.0"], qr/no such file/ ], [ ['-x'], qr/unknown option: x/ ],
	     [ ['-c', "$tmp/none", '2'], qr/no saved answers/ ]) {
	my ($args, $why) = @$bad;
	$r = stab(@$args);
	is($r->{status}, 2, "stability @$args: exit 2");
	like($r->{err}, $why, "stability @$args: says what was wrong");
	like($r->{err}, qr/^Usage: scripts\/stability/m, "stability @$args: usage");
}

done_testing();
