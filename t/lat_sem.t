#!/usr/bin/perl
# lat_sem: format, bad input, nothing left behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

my $n = number_re();
my $re = qr/^\QSemaphore latency\E: ($n) microseconds\n\z/;
format_ok('lat_sem', [], $re, 'one copy');
format_ok('lat_sem', ['-P', '2', '-N', '1'], $re, 'two copies');
{
	local $ENV{LMBENCH_SCHED} = 'CUSTOM 0';
	format_ok('lat_sem', [], $re, 'both ends on CPU 0');
}
cleanup_ok('lat_sem', [], sem => 1);
cleanup_ok('lat_sem', ['-P', '2'], sem => 1, groups => [0]);
common_bad_input('lat_sem');
done_testing();
