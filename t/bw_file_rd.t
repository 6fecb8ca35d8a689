#!/usr/bin/perl
# bw_file_rd: "<size MB> <MB/s>" for io_only and open2close; -C copies;
# bad input (the checks are shared with its twin, in t/lib/LmFile.pm).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmFile;
use Test::More;

reread_ok('bw_file_rd', 'io_only', 'mmap_only');
done_testing();
