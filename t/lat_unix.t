#!/usr/bin/perl
# lat_unix: format, bad input, nothing left behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use LmOracle;
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
# The figure against a plain ping-pong timed here (t/c/oracle unix), both
# pinned to one CPU: the best of three runs each, within 2x
# (doc/testing.md).
oracle_ok('lat_unix', program => [bin('lat_unix')],
	  parse => qr/^\QAF_UNIX sock stream latency\E: ($n) microseconds$/m,
	  oracle => [bin('t/oracle'), 'unix'], oparse => qr/^($n)$/,
	  prefix => [pin_prefix()], env => {quick_env(), ENOUGH => 500});
common_bad_input('lat_unix');
format_ok('lat_unix', ['-m', '64k'], $re, '64 KB messages');
bad_input_ok('lat_unix', ['-m', '0'], 'zero -m');
bad_input_ok('lat_unix', ['-m', 'abc'], 'non-numeric -m');
bad_input_ok('lat_unix', ['-m', '-5'], 'negative -m');
bad_input_ok('lat_unix', ['-m', '99999999999999999999'], 'overflowing -m');
bad_input_ok('lat_unix', ['-m'], 'missing -m value');
done_testing();
