#!/usr/bin/perl
# lib_chain unit tests (t/c/chain_test.c prints TAP).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
exec(bin('t/chain_test')) or die "exec: $!";
