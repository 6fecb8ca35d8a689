#!/usr/bin/perl
# benchmp_rounds(), the interleaved series (t/c/test_rounds.c): order of
# the rounds, calibration, callbacks, one and two copies, estimates.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
my %env = quick_env();
@ENV{keys %env} = values %env;
exec(bin('t/test_rounds')) or die "exec: $!";
