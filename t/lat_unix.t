#!/usr/bin/perl
# lat_unix: format, bad input, nothing left behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

my $n = number_re();
my $re = qr/^\QAF_UNIX sock stream latency\E: ($n) microseconds\n\z/;
format_ok('lat_unix', [], $re, 'one copy');
{
	local $ENV{LMBENCH_SCHED} = 'CUSTOM 0';
	format_ok('lat_unix', [], $re, 'both ends on CPU 0');
}
cleanup_ok('lat_unix', []);
cleanup_ok('lat_unix', ['-P', '2'], groups => [0], procs => 5);
common_bad_input('lat_unix');
format_ok('lat_unix', ['-m', '64k'], $re, '64 KB messages');
bad_input_ok('lat_unix', ['-m', '0'], 'zero -m');
bad_input_ok('lat_unix', ['-m', 'abc'], 'non-numeric -m');
bad_input_ok('lat_unix', ['-m', '-5'], 'negative -m');
bad_input_ok('lat_unix', ['-m', '99999999999999999999'], 'overflowing -m');
bad_input_ok('lat_unix', ['-m'], 'missing -m value');
done_testing();
