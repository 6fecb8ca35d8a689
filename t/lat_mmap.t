#!/usr/bin/perl
# lat_mmap: "<size MB> <us>" in order and with -r; several sizes; -C copies;
# bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmFile;
use Test::More;

my $n = number_re();
my $file = data_file(1 << 20);
for my $opt ([], ['-r']) {
	for my $size (qw(1 4K 1M)) {
		my $r = run([bin('lat_mmap'), '-N', 3, @$opt, $size, $file],
			    env => {quick_env()});
		is($r->{status}, 0, "@$opt $size: exit 0") or diag($r->{err});
		like($r->{err}, qr/^[0-9]+\.[0-9]{6} ($n)\n\z/,
		     "@$opt $size: one line");
		my ($us) = $r->{err} =~ /^\S+ (\S+)$/m;
		ok(defined $us && $us > 0 && $us < 1e6, "@$opt $size: 0 < us");
	}
}
copies_ok('lat_mmap', ['-r', '256K'], $file, qr/^0\.262144 $n\n\z/);

# Several sizes: one line each, in the order given, timed in rounds.
for my $p (1, 2) {
	my $r = run([bin('lat_mmap'), '-N', 3, '-P', $p, '1M', '4K', '64K', $file],
		    env => {quick_env()});
	is($r->{status}, 0, "-P $p, three sizes: exit 0") or diag($r->{err});
	my @x = $r->{err} =~ /^([0-9]+\.[0-9]{6}) $n$/mg;
	is_deeply(\@x, [qw(1.048576 0.004096 0.065536)],
		  "-P $p, three sizes: a line each, in order") or diag($r->{err});
}
bad_input_ok('lat_mmap', [('4K') x 17, $file], 'more than 16 sizes');
bad_input_ok('lat_mmap', ['4K', '2M', $file], 'one of the sizes beyond the file');

bad_input_ok('lat_mmap', [], 'no argument');
bad_input_ok('lat_mmap', ['64K'], 'no file');
bad_input_ok('lat_mmap', ['2M', $file], 'size beyond the file');
bad_input_ok('lat_mmap', ['0', $file], 'zero size');
bad_input_ok('lat_mmap', ['-1', $file], 'negative size');
bad_input_ok('lat_mmap', ['abc', $file], 'non-numeric size');
bad_input_ok('lat_mmap', ['99999999999999999999', $file], 'overflowing size');
bad_input_ok('lat_mmap', ['64K', '/nonexistent/f'], 'missing file');
bad_input_ok('lat_mmap', ['-x', '64K', $file], 'unknown option');
bad_input_ok('lat_mmap', ['64K', $file, 'x'], 'extra argument');

done_testing();
