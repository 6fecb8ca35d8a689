#!/usr/bin/perl
# lat_pipe: format, bad input, nothing left behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use LmOracle;
use Test::More;

my $n = number_re();
my $re = qr/^\QPipe latency\E: ($n) microseconds\n\z/;
format_ok('lat_pipe', [], $re, 'one copy');
format_ok('lat_pipe', ['-P', '2', '-N', '1'], $re, 'two copies');
{
	local $ENV{LMBENCH_SCHED} = 'CUSTOM 0';
	format_ok('lat_pipe', [], $re, 'both ends on CPU 0');
}
cleanup_ok('lat_pipe', []);
cleanup_ok('lat_pipe', ['-P', '2'], groups => [0], procs => 5);
# The figure against a plain ping-pong timed here (t/c/oracle pipe), both
# pinned to one CPU: the best of three runs each, within 2x
# (doc/testing.md).
oracle_ok('lat_pipe', program => [bin('lat_pipe')],
	  parse => qr/^\QPipe latency\E: ($n) microseconds$/m,
	  oracle => [bin('t/oracle'), 'pipe'], oparse => qr/^($n)$/,
	  prefix => [pin_prefix()], env => {quick_env(), ENOUGH => 500});
common_bad_input('lat_pipe');
done_testing();
