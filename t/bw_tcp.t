#!/usr/bin/perl
# bw_tcp: the "<msg MB> <MB/s>" line, -s/-S, missing server, bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use Test::More;

my $n = number_re();
my $prog = 'bw_tcp';
for my $case ([['-m', '1'], '0.000001'], [['-m', '1024'], '0.001024'],
	      [[], '0.065536'], [['-m', '1M', '-M', '4M'], '1.048576'],
	      [['-N', '3', '-m', '64k'], '0.065536']) {
	my ($args, $mb) = @$case;
	my $r = run([bin($prog), @$args], env => {quick_env()});
	is($r->{status}, 0, "@$args: exit 0") or diag($r->{err});
	like($r->{err}, qr/^\Q$mb\E ($n)\n\z/, "@$args: line");
	my ($x) = $r->{err} =~ / ($n)$/;
	ok(defined $x && $x > 0 && $x < 1e6, "@$args: plausible MB/s");
}
server_cycle($prog, label => qr/^0\.065536 $n$/m);
missing_server_ok($prog, ['-p', free_port(), '127.0.0.1'], 'missing server');

bad_input_ok($prog, ['-x'], 'unknown option');
bad_input_ok($prog, ['-m', '0'], 'zero message');
bad_input_ok($prog, ['-M', 'abc'], 'non-numeric total');
bad_input_ok($prog, ['-M', '0'], 'zero total');
bad_input_ok($prog, ['-m', '99999999999999999999999'], 'overflowing message');
bad_input_ok($prog, ['-S'], '-S without host');
done_testing();
