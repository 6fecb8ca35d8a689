#!/usr/bin/perl
# bw_mmap_rd: "<size MB> <MB/s>" for mmap_only and open2close; -C copies;
# bad input (the checks are shared with its twin, in t/lib/LmFile.pm).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmFile;
use Test::More;

reread_ok('bw_mmap_rd', 'mmap_only', 'io_only');
done_testing();
