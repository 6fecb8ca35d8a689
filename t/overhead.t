#!/usr/bin/perl
# The overhead correction against known costs (t/c/test_overhead.c): the
# test sets TIMING_O and LOOP_O itself and checks the corrected figures.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
my %env = (quick_env(), LMBENCH_SCHED => 'DEFAULT');
delete @env{qw(ENOUGH TIMING_O LOOP_O)};
@ENV{keys %env} = values %env;
exec(bin('t/test_overhead')) or die "exec: $!";
