#!/usr/bin/perl
# bw_pipe: format, sizes, bad input, nothing left behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

my $n = number_re();
my $re = qr/^\QPipe bandwidth\E: ($n) MB\/sec\n\z/;
format_ok('bw_pipe', ['-M', '1m'], $re, 'defaults, 1 MB');
format_ok('bw_pipe', ['-m', '4k', '-M', '256k'], $re, '4 KB messages');
format_ok('bw_pipe', ['-m', '100', '-M', '1000'], $re, 'odd sizes');
format_ok('bw_pipe', ['-m', '1m', '-M', '10'], $re, 'total below one message');
format_ok('bw_pipe', ['-P', '2', '-N', '1', '-M', '1m'], $re, 'two copies');
cleanup_ok('bw_pipe', []);
cleanup_ok('bw_pipe', ['-P', '2'], groups => [0], procs => 5);
common_bad_input('bw_pipe');
for my $o ('-m', '-M') {
	bad_input_ok('bw_pipe', [$o, '0'], "zero $o");
	bad_input_ok('bw_pipe', [$o, 'abc'], "non-numeric $o");
	bad_input_ok('bw_pipe', [$o, '-4'], "negative $o");
	bad_input_ok('bw_pipe', [$o, '99999999999999999999'], "overflowing $o");
	bad_input_ok('bw_pipe', [$o, '64x'], "bad suffix $o");
	bad_input_ok('bw_pipe', [$o], "missing $o value");
}
done_testing();
