#!/usr/bin/perl
# lib_levels: the agreement rule of cache, line and tlb on made-up
# curves (t/c/test_levels.c).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
exec(bin('t/test_levels')) or die "exec: $!";
