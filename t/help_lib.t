#!/usr/bin/perl
# The harness's --help (t/c/test_help.c): the lines, their order, -h and
# the common options.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
exec(bin('t/test_help')) or die "exec: $!";
