#!/usr/bin/perl
# lat_rpc: needs no portmapper; own server, -s/-S, missing server.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use Test::More;

plan skip_all => 'lat_rpc not built (no libtirpc)'
	unless -x LmTest::bindir() . '/lat_rpc';
my $n = number_re();
my $prog = 'lat_rpc';
my $r = run([bin($prog)], env => {quick_env()});
is($r->{status}, 0, 'both protocols: exit 0') or diag($r->{err});
like($r->{err}, qr/^RPC\/udp latency using 127\.0\.0\.1: $n microseconds\nRPC\/tcp latency using 127\.0\.0\.1: $n microseconds\n\z/,
     'both protocols: two lines, udp first');
for my $p (qw(tcp udp)) {
	$r = run([bin($prog), '-p', $p], env => {quick_env()});
	is($r->{status}, 0, "-p $p: exit 0") or diag($r->{err});
	like($r->{err}, qr/^RPC\/$p latency using 127\.0\.0\.1: ($n) microseconds\n\z/,
	     "-p $p: label");
	my ($x) = $r->{err} =~ /: ($n) micro/;
	ok(defined $x && $x > 0 && $x < 100000, "-p $p: plausible value");
}
my $port = server_cycle($prog, port_opt => '-o', client => ['-p', 'tcp'],
	label => qr/^RPC\/tcp latency using 127\.0\.0\.1: $n microseconds$/m);
missing_server_ok($prog, ['-o', free_port(), '-p', 'tcp', '127.0.0.1'],
		  'missing TCP server');
missing_server_ok($prog, ['-o', free_port(), '-p', 'udp', '127.0.0.1'],
		  'missing UDP server');

bad_input_ok($prog, ['-p', 'sctp'], 'unknown protocol');
bad_input_ok($prog, ['-x'], 'unknown option');
bad_input_ok($prog, ['-o', '65536'], 'port out of range');
bad_input_ok($prog, ['-S'], '-S without host');
bad_input_ok($prog, ['127.0.0.1', 'extra'], 'two hosts');
done_testing();
