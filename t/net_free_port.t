#!/usr/bin/perl
# -p 0 with -s: a server takes any free port and prints it (one line, the
# number, on stdout) before going to the background, so a run script can
# start it even when the default port is taken, and hand the port to the
# client and to -S.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use File::Temp qw(tempdir);
use IO::Socket::INET;
use Test::More;

my $dir = tempdir(CLEANUP => 1);
my %env = (quick_env());
my $n = number_re();
# prog, port option, client arguments, result label, stop command.
my @servers = (
	['lat_tcp', '-p', ['-m', '64'], qr/^TCP latency using /m],
	['lat_udp', '-p', ['-m', '64'], qr/^UDP latency using /m],
	['lat_connect', '-p', [], qr/^TCP\/IP connection cost to /m],
	['bw_tcp', '-p', ['-m', '64k', '-M', '1m'], qr/^0\.065536 $n MB\/sec\n/],
	['bw_udp', '-p', [], qr/MB\/sec/],
);
push @servers, ['lat_rpc', '-o', ['-p', 'udp'], qr/^RPC\/udp latency /m]
	if -x bindir() . '/lat_rpc';

# A port taken by someone else: the server says so and suggests -p 0.
my $busy = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => 0,
	Proto => 'tcp', Listen => 1) or die "listen: $!";
my $r = run([bin('bw_tcp'), '-s', '-p', $busy->sockport], env => \%env);
is($r->{status}, 1, 'bw_tcp -s on a busy port: exit 1');
like($r->{err}, qr/already in use.*-p 0/, 'and it suggests -p 0')
	or diag($r->{err});
close $busy;

for my $s (@servers) {
	my ($prog, $popt, $cargs, $label) = @$s;
	subtest "$prog -s $popt 0" => sub {
		my $r = run([bin($prog), '-s', '-i', '20', $popt, '0'],
			    timeout => 10, env => \%env);
		is($r->{status}, 0, 'starts') or diag($r->{err});
		like($r->{out}, qr/^[1-9][0-9]*\n\z/, 'prints its port')
			or return;
		my ($port) = $r->{out} =~ /(\d+)/;
		my @pids = ss_pids($port);
		ok(@pids >= 1, "listens on port $port")
			or diag(listeners($port));
		$r = run([bin($prog), @$cargs, $popt, $port, '127.0.0.1'],
			 timeout => 60, env => \%env);
		is($r->{status}, 0, 'a client on that port: exit 0')
			or diag($r->{err});
		like($r->{err}, $label, 'its result');
		$r = run([bin($prog), $popt, $port, '-S', '127.0.0.1'],
			 timeout => 20, env => \%env);
		is($r->{status}, 0, '-S on that port: exit 0')
			or diag($r->{err});
		ok(wait_gone($port, @pids), 'gone');
	};
}

subtest 'lmhttp -p 0' => sub {
	open(my $f, '>', "$dir/a.txt") or die;
	print $f "hello\n";
	close $f;
	my $r = run([bin('lmhttp'), '-i', '20', '-p', '0', $dir], timeout => 10,
		    env => \%env);
	is($r->{status}, 0, 'starts') or diag($r->{err});
	like($r->{out}, qr/^[1-9][0-9]*\n\z/, 'prints its port') or return;
	my ($port) = $r->{out} =~ /(\d+)/;
	my @pids = ss_pids($port);
	open($f, '>', "$dir/list") or die;
	print $f "a.txt\n";
	close $f;
	$r = run([bin('lat_http'), '127.0.0.1', $port], env => \%env,
		 stdin => "$dir/list");
	is($r->{status}, 0, 'lat_http on that port: exit 0') or diag($r->{err});
	like($r->{err}, qr/^a\.txt \d+ $n\n/, 'its result');
	$r = run([bin('lat_http'), '-S', '127.0.0.1', $port], env => \%env);
	is($r->{status}, 0, 'lat_http -S on that port: exit 0');
	ok(wait_gone($port, @pids), 'gone');
};

# A fixed port prints nothing, as before.
my $port = free_port();
$r = run([bin('lat_tcp'), '-s', '-p', $port], env => \%env);
is($r->{status} . $r->{out}, '0', 'a fixed port: starts, prints nothing');
run([bin('lat_tcp'), '-p', $port, '-S', '127.0.0.1'], env => \%env);
done_testing();
