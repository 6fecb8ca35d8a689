#!/usr/bin/perl
# The harness's own tests (t/c/test_harness.c): autosizing, callbacks,
# enough, parallel copies released together and combined per round.
# Short intervals, no probing.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
my %env = quick_env();
@ENV{keys %env} = values %env;
exec(bin('t/test_harness')) or die "exec: $!";
