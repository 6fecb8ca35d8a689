#!/usr/bin/perl
# lat_connect: its two lines (lmbench3's, then with accept), own loopback
# server, -s/-S, busy port, missing server, bad input.  (lmbench3's line
# closes in order, as lmbench3 did, and so leaves sockets in TIME_WAIT.)
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use Test::More;
use IO::Socket::INET;
use Time::HiRes qw(sleep);

my $n = number_re();
my $prog = 'lat_connect';
my $r = run([bin($prog)], env => {quick_env()});
is($r->{status}, 0, 'exit 0') or diag($r->{err});
like($r->{err}, qr/^TCP\/IP\ connection\ cost\ to\ 127\.0\.0\.1:\ $n\ microseconds\n
		   TCP\/IP\ connection\ with\ accept\ to\ 127\.0\.0\.1:\ $n\ microseconds\n\z/x,
     'the two lines, lmbench3\'s first');
my @x = $r->{err} =~ /: ($n) micro/g;
ok(@x == 2 && !grep({ !($_ > 0 && $_ < 100000) } @x), 'plausible values')
	or diag($r->{err});

# Each line declares its own name: lmbench3's quantity keeps lmbench3's.
$r = run([bin($prog), '-N', 2], env => {quick_env(), LMBENCH_STATS => 1});
is_deeply([ map { ($_->{label}, $_->{name}) } records($r->{err}) ],
	  [ 'TCP/IP connection cost to 127.0.0.1', 'net.local.tcp_connect',
	    'TCP/IP connection with accept to 127.0.0.1',
	    'net.local.tcp_connect_accept' ],
	  'each line its #stats record and its own name') or diag($r->{err});

server_cycle($prog,
	label => qr/^TCP\/IP\ connection\ cost\ to\ 127\.0\.0\.1:\ $n\ microseconds\n
		    TCP\/IP\ connection\ with\ accept\ to\ 127\.0\.0\.1:\ $n\ microseconds$/mx);
missing_server_ok($prog, ['-p', free_port(), '127.0.0.1'], 'missing server');

# A stop hello sent well after the handshake (as when the control client
# is preempted between connect and send) still stops the server.
{
	my $p = free_port();
	my $r = run([bin($prog), '-s', '-p', $p], env => {quick_env()});
	my @pids = ss_pids($p);
	my $s = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => $p,
				      Proto => 'tcp');
	ok($s, 'late stop: connected');
	local $SIG{PIPE} = "IGNORE";
	sleep 0.3;
	syswrite($s, pack('N4', 0x4c4d4e47, 2, 0, 0)) if $s;
	ok(wait_gone($p, @pids), 'late stop: the server went')
		or diag(listeners($p));
}

bad_input_ok($prog, ['-x'], 'unknown option');
bad_input_ok($prog, ['-P', '2'], '-P is not offered');
bad_input_ok($prog, ['-N', '0'], 'zero repetitions');
bad_input_ok($prog, ['-p', '99999'], 'port out of range');
bad_input_ok($prog, ['127.0.0.1', 'extra'], 'two hosts');
done_testing();
