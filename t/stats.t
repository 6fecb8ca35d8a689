#!/usr/bin/perl
# lib_stats on known data (t/c/test_stats.c).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
exec(bin('t/test_stats')) or die "exec: $!";
