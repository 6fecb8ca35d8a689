#!/usr/bin/perl
# lib_mem unit tests (t/c/mem_test.c prints TAP).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
exec(bin('t/mem_test')) or die "exec: $!";
