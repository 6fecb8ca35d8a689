#!/usr/bin/perl
# bw_udp: label, -s/-S, missing server, bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use Test::More;

my $n = number_re();
my $prog = 'bw_udp';
for my $args ([], ['-m', '16'], ['-m', '65507'], ['-m', '1000']) {
	my $r = run([bin($prog), @$args], env => {quick_env()});
	is($r->{status}, 0, "@$args: exit 0") or diag($r->{err});
	like($r->{err}, qr/^socket UDP bandwidth using 127\.0\.0\.1: ($n) MB\/sec\n\z/,
	     "@$args: label");
	my ($x) = $r->{err} =~ /: ($n) MB/;
	ok(defined $x && $x > 0 && $x < 1e6, "@$args: plausible value");
}
my $port = server_cycle($prog,
	label => qr/^socket UDP bandwidth using 127\.0\.0\.1: $n MB\/sec$/m);
missing_server_ok($prog, ['-p', free_port(), '127.0.0.1', '1M'],
		  'missing server');

bad_input_ok($prog, ['-x'], 'unknown option');
bad_input_ok($prog, ['-P', '2'], '-P is not offered');
bad_input_ok($prog, ['-m', '15'], 'message below the header');
bad_input_ok($prog, ['-m', '65508'], 'message above the UDP maximum');
bad_input_ok($prog, ['127.0.0.1', '2G'], 'size above 1 GB');
bad_input_ok($prog, ['127.0.0.1', 'abc'], 'non-numeric size');
bad_input_ok($prog, ['127.0.0.1', '1M', 'x'], 'extra argument');
done_testing();
