#!/usr/bin/perl
# The networking programs: a host or port that cannot be meant is bad
# input (exit 2, the reason on stderr), never a runtime failure (exit 1).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use File::Temp qw(tempdir);
use Socket ();
use Test::More;

my $dir = tempdir(CLEANUP => 1);
my @clients = qw(lat_tcp lat_udp lat_connect bw_tcp bw_udp);
push @clients, 'lat_rpc' if -x bindir() . '/lat_rpc';
my %popt = (lat_rpc => '-o');
for my $prog (@clients) {
	my $p = $popt{$prog} // '-p';
	bad_input_ok($prog, ['', ], 'empty host');
	bad_input_ok($prog, ['-S', ''], '-S with an empty host');
	bad_input_ok($prog, [$p, '0', '127.0.0.1'], 'client on port 0');
	bad_input_ok($prog, [$p, '0', '-S', '127.0.0.1'], '-S on port 0');
}
bad_input_ok('lat_http', [''], 'empty host');
bad_input_ok('lat_http', ['127.0.0.1', '0'], 'port 0');
bad_input_ok('lat_http', ['-S', '127.0.0.1', '0'], '-S on port 0');
# "abc" is bad input where the resolver says there is no such name; a
# machine without a resolver it can reach says "try again" (EAI_AGAIN), a
# runtime failure (exit 1) that the programs cannot tell from a bad name.
my ($gerr) = Socket::getaddrinfo('abc', undef);
my $noname = $gerr && $gerr == Socket::EAI_NONAME();
SKIP: {
	skip "the resolver cannot say whether abc is a name here ($gerr)", 2 unless $noname;
	bad_input_ok('lmhttp', ['-b', 'abc', '-p', '0', $dir], '-b abc');
	bad_input_ok('lat_tcp', ['-s', '-b', 'abc', '-p', '0'], 'lat_tcp -s -b abc');
}
bad_input_ok('lmhttp', ['-b', '', '-p', '0', $dir], 'empty -b');
bad_input_ok('lmhttp', ['-S', '-p', '0'], '-S on port 0');
bad_input_ok('lat_unix_connect', ['-p', ''], 'empty socket path');

# No server on the port asked for is still a runtime failure.
missing_server_ok('lat_http', ['127.0.0.1', free_port()], 'missing server');
done_testing();
