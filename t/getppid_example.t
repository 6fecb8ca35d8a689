#!/usr/bin/perl
# The lmbench3 paper's getppid example builds unchanged against bench.h
# (the Makefile compiles t/c/getppid_example.c as printed) and runs.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my $r = run([bin('t/getppid_example')], env => {quick_env()});
is($r->{status}, 0, 'exit 0');
like($r->{err}, qr/^getppid: ($n) nanoseconds\n\z/, 'prints through nano()');
my ($v) = $r->{err} =~ /: ($n) nano/;
ok(defined $v && $v > 0 && $v < 1e6, 'a finite positive latency');
done_testing();
