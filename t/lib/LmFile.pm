# LmFile - test helpers for the programs that read a file
# (bw_file_rd, bw_mmap_rd, lat_mmap, lat_pagefault).
#
#   my $f = data_file($bytes)       a file of that many bytes in a temp dir
#   copies_ok('prog', [args before the file], $file, 'name')
#                                   -C -P 2 runs and leaves no copy behind;
#                                   SIGINT during a run leaves no copy and
#                                   no process behind
#   reread_ok('prog', 'mode', 'other_mode')
#                                   bw_file_rd / bw_mmap_rd: the result
#                                   line for mode and open2close at three
#                                   sizes, MB of 10^6 bytes, -C copies,
#                                   bad input (other_mode belongs to the
#                                   other program)
package LmFile;
use strict;
use warnings;
use Exporter 'import';
use File::Temp qw(tempdir);
use LmTest;
use Test::More;

our @EXPORT = qw(data_file copies_ok reread_ok);

sub data_file {
	my ($bytes) = @_;
	my $dir = tempdir(CLEANUP => 1);
	my $path = "$dir/data";
	open(my $fh, '>', $path) or die "$path: $!";
	binmode($fh);
	my $chunk = join('', map { chr($_ % 251) } 0 .. 65535);
	my $left = $bytes;
	while ($left > 0) {
		my $n = $left < length($chunk) ? $left : length($chunk);
		print $fh substr($chunk, 0, $n);
		$left -= $n;
	}
	close($fh) or die "$path: $!";
	return $path;
}

sub left_in {
	my ($dir) = @_;
	opendir(my $dh, $dir) or return ('?');
	return grep { !/^\.\.?$/ } readdir $dh;
}

sub copies_ok {
	my ($prog, $args, $file, $re) = @_;
	my $dir = tempdir(CLEANUP => 1);
	my $r = run([bin($prog), '-C', '-P', 2, '-N', 1, @$args, $file],
		    env => {quick_env(), TMPDIR => $dir});
	is($r->{status}, 0, "$prog -C -P 2: exit 0") or diag($r->{err});
	like($r->{err}, $re, "$prog -C -P 2: result line");
	is_deeply([left_in($dir)], [], "$prog -C -P 2: private copies removed");

	$r = run([bin($prog), '-C', '-P', 2, '-N', 100000, @$args, $file],
		 env => {quick_env(), TMPDIR => $dir},
		 signal_after => 0.7, signal => 'INT');
	is($r->{signal}, 2, "$prog -C -P 2: SIGINT ends it by SIGINT");
	is_deeply([left_in($dir)], [], "$prog: SIGINT leaves no copy");
	ok(!kill(0, -$r->{pid}), "$prog: SIGINT leaves no process");
	unlike($r->{err}, qr/^[0-9.]+ [0-9.]+$|microseconds/m,
	       "$prog: SIGINT: no half result");
	ok(-s $file, "$prog: the named file is left alone");
}

sub reread_ok {
	my ($prog, $mode, $other) = @_;
	my $n = number_re();
	my $file = data_file(1 << 20);
	for my $v ($mode, 'open2close') {
		for my $size (qw(1 100000 1M)) {
			# The #stats line gives the median unrounded: a pass
			# over 1 byte that takes over 200 us (a loaded
			# machine) prints 0.00 MB/s at two decimals.
			my $r = run([bin($prog), '-N', 3, $size, $v, $file],
				    env => {quick_env(), LMBENCH_STATS => 1});
			is($r->{status}, 0, "$v $size: exit 0") or diag($r->{err});
			like($r->{err}, qr/^[0-9]+\.[0-9]{6} ($n)\n(?:#counters [^\n]*\n)?#stats [^\n]*\n\z/,
			     "$v $size: one line (and its #stats)");
			my ($mb, $bw) = $r->{err} =~ /^(\S+) (\S+)$/m;
			my ($med) = map { $_->{median} } records($r->{err});
			ok(defined $med && $med > 0 && $med < 1e8,
			   "$v $size: MB/s > 0");
			# (two decimals against six significant digits)
			ok(defined $bw && defined $med &&
			   abs($bw - $med) <= 0.005 + $med * 1e-5,
			   "$v $size: the line shows that median");
		}
	}
	my $r = run([bin($prog), '-N', 1, '1M', $mode, $file],
		    env => {quick_env()});
	like($r->{err}, qr/^1\.048576 /, '1M is 1.048576 MB');
	copies_ok($prog, ['64K', $mode], $file, qr/^0\.065536 $n\n\z/);

	my @bad = (
		[[], 'no argument'],
		[['64K', $mode], 'no file'],
		[['64K', 'bogus', $file], 'unknown mode'],
		[['64K', $other, $file], "the other program's mode"],
		[['2M', $mode, $file], 'size beyond the file'],
		[['0', $mode, $file], 'zero size'],
		[['-5', $mode, $file], 'negative size'],
		[['1x', $mode, $file], 'junk size'],
		[['99999999999999999999', $mode, $file], 'overflowing size'],
		[['64K', $mode, '/nonexistent/f'], 'missing file'],
		[['64K', $mode, '/tmp'], 'a directory'],
		[['-q', '64K', $mode, $file], 'unknown option'],
		[['64K', $mode, $file, 'x'], 'extra argument'],
	);
	bad_input_ok($prog, @$_) for @bad;
}

1;
