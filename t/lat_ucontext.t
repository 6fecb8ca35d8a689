#!/usr/bin/perl
# lat_ucontext: format and bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

my $n = number_re();
my $re = qr/^ucontext swap latency: ($n) microseconds\n\z/;
my $r = format_ok('lat_ucontext', [], $re, 'one copy');
my ($x) = $r->{err} =~ /: ($n) micro/;
ok(defined $x && $x < 1000, 'a swap takes less than a millisecond');
common_bad_input('lat_ucontext');
done_testing();
