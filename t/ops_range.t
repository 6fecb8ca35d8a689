#!/usr/bin/perl
# lib_ops.h chains stay in range; an out-of-range chain is caught.
use strict;
use warnings;
use lib 't/lib';
use LmTest;

my $prog = bindir() . '/t/ops_range';
die "$prog is not built (run make tests)\n" unless -x $prog;
exec($prog) or die "exec $prog: $!\n";
