# LmEvery - one short run of every program the build makes: the command
# line, what it needs first (a file, a server) and after, and whether it
# reports results.  For tests that go over every program (t/json_every_program.t).
#
#   my @runs = LmEvery::runs($tmpdir);   # [{prog, args, results, before, after}]
#   LmEvery::missing($bindir)            # built programs with no run here
package LmEvery;
use strict;
use warnings;
use lib 't/lib';
use LmTest;

# Short, small runs: the fewest intervals the program takes, small sizes.
sub runs {
	my ($tmp) = @_;
	my $file = "$tmp/data";
	my $usock = "$tmp/unix.sock";
	my $www = "$tmp/www";
	my $port;
	my $make_file = sub {
		return if -s $file;
		open(my $fh, '>', $file) or die "$file: $!";
		print $fh "\0" x (1 << 20);
		close($fh) or die "$file: $!";
	};
	my @r = (
		[ 'bw_file_rd', [ '-N', 2, '512k', 'io_only', $file ], 1, $make_file ],
		[ 'bw_mem', [ '-N', 2, '64k', '128k', 'frd' ], 1 ],
		[ 'bw_mmap_rd', [ '-N', 2, '512k', 'mmap_only', $file ], 1, $make_file ],
		[ 'bw_pipe', [ '-N', 2, '-M', '1m' ], 1 ],
		[ 'bw_tcp', [ '-N', 2, '-m', '1k', '-m', '64k' ], 1 ],
		[ 'bw_udp', [ '-N', 2 ], 1 ],
		[ 'bw_unix', [ '-N', 2, '-M', '1m' ], 1 ],
		[ 'cache', [ '-N', 2, '-M', '1m' ], 1 ],
		[ 'disk', [ '-B', '-z', 2, '-N', 2, '-n', 4, $file ], 1, $make_file ],
		[ 'drift', [ 'syscall', 'l1' ], 1 ],
		[ 'enough', [], 1 ],
		[ 'lat_c2c', [ '-N', 2 ], 1 ],
		[ 'lat_cmd', [ '-N', 2, '/bin/true' ], 1 ],
		[ 'lat_connect', [ '-N', 2 ], 1 ],
		[ 'lat_ctx', [ '-N', 2, '-s', 0, 2 ], 1 ],
		[ 'lat_dram_page', [ '-N', 2, '-M', '8M' ], 1 ],
		[ 'lat_fcntl', [ '-N', 2 ], 1 ],
		[ 'lat_fifo', [ '-N', 2 ], 1 ],
		[ 'lat_fs', [ '-N', 2, '-s', 0, $tmp ], 1 ],
		[ 'lat_http', [ '127.0.0.1', \$port ], 1, sub {
			mkdir $www;
			open(my $fh, '>', "$www/f10k") or die "$www/f10k: $!";
			print $fh 'x' x 10240;
			close($fh) or die "$www/f10k: $!";
			open($fh, '>', "$tmp/urls") or die "$tmp/urls: $!";
			print $fh "f10k\n";
			close($fh) or die "$tmp/urls: $!";
			my $r = run([ bin('lmhttp'), '-i', 60, '-p', 0, $www ], timeout => 20);
			($port) = $r->{out} =~ /^(\d+)$/m;
		  }, sub { run([ bin('lat_http'), '-S', '127.0.0.1', $port ]) if $port },
		  "$tmp/urls" ],
		[ 'lat_mem_load', [ '-N', 2, '-M', '8M', 'rd' ], 1 ],
		[ 'lat_mem_rd', [ '-N', 2, 1, 64 ], 1 ],
		[ 'lat_mmap', [ '-N', 2, '512k', $file ], 1, $make_file ],
		[ 'lat_ops', [ '-N', 2 ], 1 ],
		[ 'lat_pagefault', [ '-N', 2, $file ], 1, $make_file ],
		[ 'lat_pipe', [ '-N', 2 ], 1 ],
		[ 'lat_pmake', [ '-N', 2, 1, 10 ], 1 ],
		[ 'lat_proc', [ '-N', 2, 'fork' ], 1 ],
		[ 'lat_rand', [ '-N', 2 ], 1 ],
		[ 'lat_rpc', [ '-N', 2, '-p', 'udp' ], 1 ],
		[ 'lat_select', [ '-N', 2, '-n', 10, 'file' ], 1 ],
		[ 'lat_sem', [ '-N', 2 ], 1 ],
		[ 'lat_sig', [ '-N', 2, 'catch' ], 1 ],
		[ 'lat_sig', [ '-N', 2, 'prot' ], 1 ],
		[ 'lat_syscall', [ '-N', 2, 'null' ], 1 ],
		[ 'lat_tcp', [ '-N', 2 ], 1 ],
		[ 'lat_ucontext', [ '-N', 2 ], 1 ],
		[ 'lat_udp', [ '-N', 2 ], 1 ],
		[ 'lat_unix', [ '-N', 2 ], 1 ],
		[ 'lat_unix_connect', [ '-N', 2, '-p', $usock ], 1,
		  sub { run([ bin('lat_unix_connect'), '-s', '-p', $usock ], timeout => 20) },
		  sub { run([ bin('lat_unix_connect'), '-S', '-p', $usock ], timeout => 20) } ],
		[ 'lat_usleep', [ '-N', 2, 100 ], 1 ],
		[ 'line', [ '-N', 2, '-M', '1m' ], 1 ],
		[ 'lmdd', [ "of=$tmp/lmdd.out", 'move=1m', 'print=1' ], 1,
		  sub { unlink "$tmp/lmdd.out" } ],
		[ 'loop_o', [], 1 ],
		[ 'memsize', [ 16 ], 1 ],
		[ 'mhz', [], 1 ],
		[ 'msleep', [ 1 ], 0 ],
		[ 'numa_mem', [ '-N', 2, '-M', '4m' ], 1 ],
		[ 'par_mem', [ '-N', 2, '-M', '1m' ], 1 ],
		[ 'par_ops', [ '-N', 2 ], 1 ],
		[ 'stream', [ '-N', 2, '-M', '1m' ], 1 ],
		[ 'timing_o', [], 1 ],
		[ 'tlb', [ '-N', 2, '-M', '8m' ], 1 ],
		[ 'topology', [], 0 ],
	);
	return map { { prog => $_->[0], args => $_->[1], results => $_->[2],
		before => $_->[3], after => $_->[4], stdin => $_->[5] } } @r;
}

# Programs with no run above: lat_proc's hello (no library, no options)
# and the servers that the runs above start themselves.
my %ELSEWHERE = (hello => 1, lmhttp => 1);

sub missing {
	my ($dir) = @_;
	my %have = map { $_->{prog} => 1 } runs('/nonexistent');
	opendir(my $dh, $dir) or die "$dir: $!";
	my @p = sort grep { -f "$dir/$_" && -x _ && !$have{$_} && !$ELSEWHERE{$_} }
		readdir($dh);
	closedir($dh);
	return grep { $_ ne 'lmbench' } @p;
}

1;
