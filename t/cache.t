#!/usr/bin/perl
# cache: level lines then the memory line; -c curve comments; bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmHost;
use Test::More;

my $n = number_re();
my %env = (quick_env(), ENOUGH => 500);

# cache refuses (exit 1) when a busy machine shows it no plateau, or one
# flat plateau over the whole sweep: tries again.
my $busy = qr/no plateau in the latency curve|no step in the latency curve/;
my $r = run_retry([bin('cache'), '-N', '3', '-M', '512K', '-L', '64'], $busy,
		  env => \%env);
is($r->{status}, 0, 'exit 0') or diag($r->{err});
is($r->{out}, '', 'nothing on stdout');
my @lines = grep { !/^#/ } split /\n/, $r->{err};
ok(@lines >= 1, 'some result lines');
like($lines[-1], qr/^Memory latency: ($n) nanoseconds ($n) parallelism$/,
     'last line: memory latency');
my $k = 0;
my $ok = 1;
for my $l (@lines[0 .. $#lines - 1]) {
	$k++;
	# A level the sweeps did not agree on: its line, without a figure.
	next if $l =~ /^L$k cache: no clear plateau \(.+\)$/;
	$ok = 0 unless $l =~ /^L$k cache: (\d+) bytes ($n) nanoseconds 64 linesize ($n) parallelism$/
		&& $1 > 0 && $2 > 0 && $3 >= 1;
}
ok($ok && $k >= 1, 'L1.. lines: size, latency, line, parallelism')
	or diag($r->{err});
if ($r->{err} =~ /^L1 cache: (\d+) bytes/m) {
	ok($1 >= 1024 && $1 <= 512 * 1024, 'L1 size within the sweep');
}

# L1 and L2 against what the host reports (sysfs, else getconf), where it
# does: within 2x (a VM may report one size and run on another; a level
# found at 4x its size is not that level).  A 4 MB sweep reaches an L2 of
# up to 2 MB.  Load can split a plateau (an L2 of 384K and an "L3" of
# 2.5M beside make test on a loaded 2-CPU VM), so each level must agree
# in one of up to three runs, as the oracles keep their best run.  The
# L2 may instead be "no clear plateau" in all three: on this project's VM
# the sweeps of one run disagree on its end in about half the runs
# (doc/validation/cache.md), and saying so is not a wrong size; a size
# printed outside 2x in every run still fails, as does an L1 not found.
my %host = map { $_ => host_cache($_) } 1, 2;
my @levels = grep { $host{$_} && $host{$_}{size} <= 2 * 1048576 } 1, 2;
my (%found, %agree, %unclear);
my $tries = 0;
for my $try (1 .. 3) {
	$tries++;
	$r = run_retry([bin('cache'), '-N', '3', '-M', '4M', '-L', '64'], $busy,
		       env => \%env);
	is($r->{status}, 0, "4 MB sweep $try: exit 0") or diag($r->{err});
	for my $level (@levels) {
		my $h = $host{$level};
		my ($got) = $r->{err} =~ /^L$level cache: (\d+) bytes/m;
		$unclear{$level}++ if $r->{err} =~ /^L$level cache: no clear plateau /m;
		push @{ $found{$level} }, $got // 'none';
		$agree{$level} = 1 if defined $got && $got >= $h->{size} / 2
			&& $got <= 2 * $h->{size};
	}
	last if !grep { !$agree{$_} } @levels;
}
for my $level (1, 2) {
	SKIP: {
		my $h = $host{$level};
		skip "the host reports no L$level data cache size", 1 unless $h;
		skip "the host's L$level ($h->{size} bytes) is beyond a 4 MB sweep", 1
			if $h->{size} > 2 * 1048576;
		my $unsure = $level > 1 && ($unclear{$level} // 0) == $tries;
		ok($agree{$level} || $unsure, "L$level (@{ $found{$level} } bytes) within 2x "
		   . "of the $h->{size} $h->{from} reports in one run"
		   . ($unsure ? ', or no clear plateau in every run' : ''));
	}
}

$r = run_retry([bin('cache'), '-c', '-N', '3', '-M', '128K', '-L', '128'], $busy,
	       env => \%env);
is($r->{status}, 0, '-c: exit 0') or diag($r->{err});
like($r->{err}, qr/^# page size \d+ bytes, line 128 bytes$/m,
     '-c: the page size and line');
like($r->{err}, qr/^# 0\.00098 $n$/m, '-c: the curve, from 1 KB');

# 0 is not "find the line": a left-out -L is.
refused_ok('cache', ['-L', '0'], qr/-L 0/, '-L 0');
bad_input_ok('cache', ['-x'], 'unknown option');
bad_input_ok('cache', ['-L', '12'], 'line not a multiple of 8');
bad_input_ok('cache', ['-L', 'x'], 'non-numeric -L');
bad_input_ok('cache', ['-M', '16K'], 'tiny -M');
bad_input_ok('cache', ['-M', '-1'], 'negative -M');
bad_input_ok('cache', ['-M', '99999999999999999999'], 'overflowing -M');
bad_input_ok('cache', ['-W'], 'missing -W value');
bad_input_ok('cache', ['extra'], 'extra argument');
bad_input_ok('cache', ['-M', '1000G'], 'len beyond memory');
done_testing();
