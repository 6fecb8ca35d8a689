#!/usr/bin/perl
# lat_udp: own loopback server, -s/-S, busy port, missing server, bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use Test::More;

my $n = number_re();
my $prog = 'lat_udp';
for my $args ([], ['-m', '4'], ['-m', '8k'], ['-P', '2']) {
	my $r = run([bin($prog), @$args], env => {quick_env()});
	is($r->{status}, 0, "@$args: exit 0") or diag($r->{err});
	like($r->{err}, qr/^UDP latency using 127\.0\.0\.1: ($n) microseconds\n\z/,
	     "@$args: label");
	my ($x) = $r->{err} =~ /: ($n) micro/;
	ok(defined $x && $x > 0 && $x < 100000, "@$args: plausible value");
}
server_cycle($prog, label => qr/^UDP latency using 127\.0\.0\.1: $n microseconds$/m);
missing_server_ok($prog, ['-p', free_port(), '127.0.0.1'], 'missing server');

bad_input_ok($prog, ['-x'], 'unknown option');
bad_input_ok($prog, ['-m', '3'], 'message below 4 bytes');
bad_input_ok($prog, ['-m', '70000'], 'message above the UDP maximum');
bad_input_ok($prog, ['-m', 'abc'], 'non-numeric message');
bad_input_ok($prog, ['-p', '-1', '127.0.0.1'], 'negative port');
bad_input_ok($prog, ['-S'], '-S without host');
bad_input_ok($prog, ['127.0.0.1', 'extra'], 'two hosts');
done_testing();
