#!/usr/bin/perl
# bw_unix: format, sizes, bad input, nothing left behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

my $n = number_re();
my $re = qr/^\QAF_UNIX sock stream bandwidth\E: ($n) MB\/sec\n\z/;
format_ok('bw_unix', ['-M', '1m'], $re, 'defaults, 1 MB');
format_ok('bw_unix', ['-m', '4k', '-M', '256k'], $re, '4 KB messages');
format_ok('bw_unix', ['-m', '100', '-M', '1000'], $re, 'odd sizes');
format_ok('bw_unix', ['-m', '1m', '-M', '10'], $re, 'total below one message');
cleanup_ok('bw_unix', []);
cleanup_ok('bw_unix', ['-P', '2'], groups => [0], procs => 5);
common_bad_input('bw_unix');
for my $o ('-m', '-M') {
	bad_input_ok('bw_unix', [$o, '0'], "zero $o");
	bad_input_ok('bw_unix', [$o, 'abc'], "non-numeric $o");
	bad_input_ok('bw_unix', [$o, '-4'], "negative $o");
	bad_input_ok('bw_unix', [$o, '99999999999999999999'], "overflowing $o");
	bad_input_ok('bw_unix', [$o, '64x'], "bad suffix $o");
	bad_input_ok('bw_unix', [$o], "missing $o value");
}
done_testing();
