#!/usr/bin/perl
# lat_pagefault: "Pagefaults on <file>: X microseconds"; every timed read
# faults (no warning); -C copies; bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmFile;
use Test::More;

my $n = number_re();
for my $bytes (4096, 100000, 4 << 20) {
	my $file = data_file($bytes);
	my $r = run([bin('lat_pagefault'), '-N', 3, $file],
		    env => {quick_env()});
	is($r->{status}, 0, "$bytes bytes: exit 0") or diag($r->{err});
	like($r->{err}, qr/^Pagefaults on \Q$file\E: ($n) microseconds\n\z/,
	     "$bytes bytes: one line, no warning") or diag($r->{err});
	my ($us) = $r->{err} =~ /: ($n) micro/;
	ok(defined $us && $us > 0 && $us < 1e4, "$bytes bytes: 0 < us");
}
my $file = data_file(4 << 20);
copies_ok('lat_pagefault', [], $file,
	  qr/^Pagefaults on \Q$file\E: $n microseconds\n\z/);

bad_input_ok('lat_pagefault', [], 'no argument');
bad_input_ok('lat_pagefault', [data_file(100)], 'file below one page');
bad_input_ok('lat_pagefault', ['/nonexistent/f'], 'missing file');
bad_input_ok('lat_pagefault', ['/tmp'], 'a directory');
bad_input_ok('lat_pagefault', ['-q', $file], 'unknown option');
bad_input_ok('lat_pagefault', ['-P', 'x', $file], 'non-numeric -P');
bad_input_ok('lat_pagefault', [$file, 'x'], 'extra argument');

done_testing();
