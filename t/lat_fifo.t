#!/usr/bin/perl
# lat_fifo: format, bad input, nothing left behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

my $n = number_re();
my $re = qr/^\QFifo latency\E: ($n) microseconds\n\z/;
format_ok('lat_fifo', [], $re, 'one copy');
{
	local $ENV{LMBENCH_SCHED} = 'CUSTOM 0';
	format_ok('lat_fifo', [], $re, 'both ends on CPU 0');
}
cleanup_ok('lat_fifo', []);
cleanup_ok('lat_fifo', ['-P', '2'], groups => [0], procs => 5);
common_bad_input('lat_fifo');
done_testing();
