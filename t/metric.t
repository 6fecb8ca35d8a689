#!/usr/bin/perl
# lib_metric unit tests (t/c/test_metric.c prints TAP): names built the
# way the results reader builds them.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
exec(bin('t/test_metric')) or die "exec: $!";
