#!/usr/bin/perl
# use_int() must not overflow a signed int, whatever it is fed (UBSan
# found `int_sink += result` overflowing under bw_mem rd, lat_ops, mhz...):
# lib_sink.c built with -fsanitize=undefined and fed INT_MAX repeatedly.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use File::Temp qw(tempdir);
use Test::More;

my $cc = $ENV{CC} || 'cc';
my $dir = tempdir(CLEANUP => 1);
open(my $fh, '>', "$dir/main.c") or die "$dir/main.c: $!";
print $fh <<'C';
#include <limits.h>
#include "bench.h"
int main(void)
{
	int i;

	for (i = 0; i < 4; i++)
		use_int(INT_MAX);
	use_int(INT_MIN);
	use_int(INT_MIN);
	return 0;
}
C
close($fh);
my @build = ($cc, '-std=c11', '-D_XOPEN_SOURCE=700', '-O1', '-Isrc', '-Isrc/harness',
	     '-fsanitize=undefined', '-fno-sanitize-recover=all',
	     '-o', "$dir/sink", "$dir/main.c", 'src/harness/lib_sink.c');
my $b = run(\@build, timeout => 60);
SKIP: {
	skip("$cc cannot build with -fsanitize=undefined: " .
	     (split /\n/, $b->{err})[0] // 'no reason given', 2)
		if $b->{status} != 0;
	my $r = run(["$dir/sink"], timeout => 30);
	is($r->{status}, 0, 'use_int(INT_MAX) x4, INT_MIN x2: exit 0');
	unlike($r->{err}, qr/runtime error/, 'no undefined behaviour reported')
		or diag($r->{err});
}
done_testing();
