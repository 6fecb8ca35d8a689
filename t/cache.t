#!/usr/bin/perl
# cache: level lines then the memory line; -c curve comments; bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
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
