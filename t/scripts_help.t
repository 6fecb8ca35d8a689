#!/usr/bin/perl
# Every script answers -h and --help: the usage line and a line per
# option on stdout, exit 0.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my %sh = map { $_ => 1 } qw(lmbench config bw_sweep bw_pipe_sweep);
for my $s (qw(lmbench config summary graphs html json compare stability bw_sweep bw_pipe_sweep)) {
	for my $h ('-h', '--help') {
		my $r = run([$sh{$s} ? 'sh' : $^X, "scripts/$s", $h]);
		is($r->{status}, 0, "$s $h: exit 0");
		like($r->{out}, qr/\AUsage: \S*\Q$s\E .*\n(.*\n)+/, "$s $h: usage and more on stdout");
	}
}
done_testing();
