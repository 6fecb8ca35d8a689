#!/usr/bin/perl
# The run's network group takes free ports: with bw_tcp's and lmhttp's
# fixed ports (31234, 8008) held by another program, every benchmark
# still runs, nothing FAILED, and no server is left behind.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use IpcTest;
use Test::More;
use File::Temp qw(tempdir);
use IO::Socket::INET;

bin('bw_tcp');
my @held;
for my $port (31234, 8008) {
	my $s = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => $port,
				      Listen => 1, ReuseAddr => 1);
	push @held, $s if $s;
}
plan skip_all => 'cannot hold ports 31234 and 8008 on loopback (in use?)' unless @held == 2;
my $tmp = tempdir(CLEANUP => 1);
my $cfg = tiny_config($tmp);
my $r = probe(['sh', 'scripts/lmbench', '-o', "$tmp/r", bindir(), $cfg], timeout => 240,
	      env => { quick_env(), PROFILE => 'quick', ONLY => 'lat_tcp bw_tcp lat_http lat_rpc' });
is($r->{status}, 0, 'run exits 0 with the fixed ports taken') or diag($r->{err});
my ($f) = results_files("$tmp/r");
my $text = slurp($f // '');
unlike($text, qr/^\[FAILED:/m, 'nothing failed');
like($text, qr/^TCP latency using localhost: [0-9.]+ microseconds$/m, 'lat_tcp measured');
like($text, qr/^Socket bandwidth using localhost\n[0-9.]+ [0-9.]+ MB\/sec$/m, 'bw_tcp measured');
like($text, qr/^file10k \d+ [0-9.]+$/m, 'lat_http measured');
ok(!$r->{procs_left}, 'no server left');
close $_ for @held;
done_testing();
