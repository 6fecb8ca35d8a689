#!/usr/bin/perl
# bw_file_rd: "<size MB> <MB/s>" for io_only and open2close; -C copies;
# bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmFile;
use Test::More;

my $n = number_re();
my $file = data_file(1 << 20);
for my $v (qw(io_only open2close)) {
	for my $size (qw(1 100000 1M)) {
		my $r = run([bin('bw_file_rd'), '-N', 3, $size, $v, $file],
			    env => {quick_env()});
		is($r->{status}, 0, "$v $size: exit 0") or diag($r->{err});
		like($r->{err}, qr/^[0-9]+\.[0-9]{6} ($n)\n\z/,
		     "$v $size: one line");
		my ($mb, $bw) = $r->{err} =~ /^(\S+) (\S+)$/m;
		ok(defined $bw && $bw > 0 && $bw < 1e8, "$v $size: MB/s > 0");
	}
}
my $r = run([bin('bw_file_rd'), '-N', 1, '1M', 'io_only', $file],
	    env => {quick_env()});
like($r->{err}, qr/^1\.048576 /, '1M is 1.048576 MB');
copies_ok('bw_file_rd', ['64K', 'io_only'], $file, qr/^0\.065536 $n\n\z/);

bad_input_ok('bw_file_rd', [], 'no argument');
bad_input_ok('bw_file_rd', ['64K', 'io_only'], 'no file');
bad_input_ok('bw_file_rd', ['64K', 'bogus', $file], 'unknown mode');
bad_input_ok('bw_file_rd', ['64K', 'mmap_only', $file], 'bw_mmap_rd mode');
bad_input_ok('bw_file_rd', ['2M', 'io_only', $file], 'size beyond the file');
bad_input_ok('bw_file_rd', ['0', 'io_only', $file], 'zero size');
bad_input_ok('bw_file_rd', ['-5', 'io_only', $file], 'negative size');
bad_input_ok('bw_file_rd', ['1x', 'io_only', $file], 'junk size');
bad_input_ok('bw_file_rd', ['99999999999999999999', 'io_only', $file],
	     'overflowing size');
bad_input_ok('bw_file_rd', ['64K', 'io_only', '/nonexistent/f'],
	     'missing file');
bad_input_ok('bw_file_rd', ['64K', 'io_only', '/tmp'], 'a directory');
bad_input_ok('bw_file_rd', ['-q', '64K', 'io_only', $file], 'unknown option');
bad_input_ok('bw_file_rd', ['64K', 'io_only', $file, 'x'], 'extra argument');

done_testing();
