#!/usr/bin/perl
# line: prints a plausible cache line size; -v wording; bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmHost;
use Test::More;

# line refuses (exit 1, no figure) when the machine is too busy to show
# a step; with another test running beside it that happens now and then,
# so each run gets up to five tries: a real fault fails all five.
sub line_run {
	return run_retry([bin('line'), @_], qr/no line size step seen/,
			 env => {quick_env(), ENOUGH => 500});
}
my $r = line_run('-N', '5');
is($r->{status}, 0, 'exit 0') or diag($r->{err});
like($r->{out}, qr/\A(\d+)\n\z/, 'stdout: one number');
my ($line) = $r->{out} =~ /(\d+)/;
ok(defined $line && $line >= 16 && $line <= 512 &&
   ($line & ($line - 1)) == 0, 'a power of two in 16..512')
	or diag("$r->{out}$r->{err}");

# Against what the host reports (sysfs, else getconf), where it does: the
# line the program finds within 2x of the L1 data cache's (an adjacent-
# line prefetcher may pair lines).
SKIP: {
	my $h = host_cache(1);
	skip 'the host reports no L1 data cache line size', 1
		unless $h && $h->{line};
	ok(defined $line && $line >= $h->{line} / 2 && $line <= 2 * $h->{line},
	   "line " . ($line // '?') . " within 2x of the $h->{line} bytes "
	   . "$h->{from} reports");
}

$r = line_run('-v', '-N', '5', '-M', '1M');
is($r->{status}, 0, '-v: exit 0');
like($r->{out}, qr/\Acache line size: \d+ bytes\n\z/, '-v: wording');
like($r->{err}, qr/^# pair +8 bytes apart: [0-9.]+ nanoseconds per load$/m,
     '-v: the pair costs on stderr');

bad_input_ok('line', ['-x'], 'unknown option');
bad_input_ok('line', ['-M'], 'missing -M value');
bad_input_ok('line', ['-M', 'abc'], 'non-numeric -M');
bad_input_ok('line', ['-M', '-1'], 'negative -M');
bad_input_ok('line', ['-M', '99999999999999999999'], 'overflowing -M');
bad_input_ok('line', ['-M', '4K'], 'tiny -M');
bad_input_ok('line', ['-P', '2'], '-P is not an option here');
bad_input_ok('line', ['extra'], 'extra argument');
done_testing();
