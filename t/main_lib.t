#!/usr/bin/perl
# bench_main (t/c/test_main.c): a program as a table of options.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
exec(bin('t/test_main')) or die "exec: $!";
