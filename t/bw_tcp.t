#!/usr/bin/perl
# bw_tcp: lmbench3's "<msg MB> <MB/s> MB/sec" line, -s/-S, missing server,
# bad input.
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
	      # lmbench3's rule: -M alone is the message size too.
	      [['-M', '4k'], '0.004096'],
	      [['-N', '3', '-m', '64k'], '0.065536']) {
	my ($args, $mb) = @$case;
	my $r = run([bin($prog), @$args], env => {quick_env()});
	is($r->{status}, 0, "@$args: exit 0") or diag($r->{err});
	like($r->{err}, qr/^\Q$mb\E ($n) MB\/sec\n\z/, "@$args: line");
	my ($x) = $r->{err} =~ / ($n) MB\/sec$/;
	ok(defined $x && $x > 0 && $x < 1e6, "@$args: plausible MB/s");
}

# Several -m: one line per size, in the order given, each with its own
# #stats line; with one copy the sizes share interleaved rounds, so each
# has the same number of samples.
{
	my $r = run([bin($prog), '-N', 4, '-m', '1k', '-m', '64k', '-m', '1m'],
		    env => {quick_env(), LMBENCH_STATS => 1});
	is($r->{status}, 0, 'three -m: exit 0') or diag($r->{err});
	my @x = $r->{err} =~ /^($n) $n MB\/sec$/mg;
	is_deeply(\@x, [ '0.001024', '0.065536', '1.048576' ], 'three -m: a line per size, in order');
	my @ns = map { $_->{n} } grep { $_->{label} eq 'bw_tcp' } records($r->{err});
	is_deeply(\@ns, [ 4, 4, 4 ], 'three -m: 4 rounds each');
	$r = run([bin($prog), '-P', 2, '-N', 2, '-m', '1k', '-m', '64k'], env => {quick_env()});
	is($r->{status}, 0, '-P 2, two -m: exit 0') or diag($r->{err});
	is_deeply([ $r->{err} =~ /^($n) $n MB\/sec$/mg ], [ '0.001024', '0.065536' ], '-P 2: a line per size');
}
bad_input_ok($prog, [ map { ('-m', '1k') } 1 .. 17 ], 'seventeen sizes');
bad_input_ok($prog, ['-M', '300M'], '-M alone above the largest message');
server_cycle($prog, label => qr/^0\.065536 $n MB\/sec$/m);
missing_server_ok($prog, ['-p', free_port(), '127.0.0.1'], 'missing server');

bad_input_ok($prog, ['-x'], 'unknown option');
bad_input_ok($prog, ['-m', '0'], 'zero message');
# The server sends what a request asks for and then nothing more, so a
# size's server is idle while other sizes are timed.
{
	use IO::Socket::INET;
	my $port = free_port();
	my $r = run([bin($prog), '-s', '-p', $port], env => {quick_env()});
	is($r->{status}, 0, 'protocol: server starts') or diag($r->{err});
	my $s = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => $port,
				      Proto => 'tcp', Timeout => 10);
	ok($s, 'protocol: connected') or diag($!);
	if ($s) {
		# hello: magic "LMNG", SRV_RUN, message size 1000; then 2500 bytes.
		print $s pack('N4', 0x4c4d4e47, 1, 1000, 0), pack('N2', 0, 2500);
		my $sel = '';
		vec($sel, fileno($s), 1) = 1;
		# What arrives: up to 60 s for the bytes asked (a busy machine),
		# then a second of silence for any more (at most 1 MB in all).
		my $drain = sub {
			my ($want) = @_;
			my ($got, $buf) = (0, '');
			while ($got < 1 << 20 &&
			       select(my $rd = $sel, undef, undef, $got < $want ? 60 : 1) > 0) {
				my $k = sysread($s, $buf, 65536);
				last unless $k;
				$got += $k;
			}
			return $got;
		};
		is($drain->(2500), 2500, 'protocol: 2500 bytes asked, 2500 sent, then silence');
		print $s pack('N2', 0, 1);
		is($drain->(1), 1, 'protocol: and 1 byte for the next request');
		close $s;
	}
	$r = run([bin($prog), '-p', $port, '-S', '127.0.0.1'], env => {quick_env()});
	is($r->{status}, 0, 'protocol: server stops') or diag($r->{err});
}
bad_input_ok($prog, ['-M', 'abc'], 'non-numeric total');
bad_input_ok($prog, ['-M', '0'], 'zero total');
bad_input_ok($prog, ['-m', '99999999999999999999999'], 'overflowing message');
bad_input_ok($prog, ['-S'], '-S without host');
done_testing();
