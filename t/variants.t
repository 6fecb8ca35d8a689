#!/usr/bin/perl
# Variant tables (t/c/test_variants.c): lookup by name, the generated
# usage line, exit 2 for an unknown name.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
exec(bin('t/test_variants')) or die "exec: $!";
