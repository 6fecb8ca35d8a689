# NetTest - helpers for the networking tests (loopback only).
#
#   free_port()                a port free for TCP and UDP on 127.0.0.1
#   listeners($port)           ss lines of sockets bound to that port
#   wait_gone($port, @pids)    1 once nothing listens there and the
#                              processes have exited (waits up to 5 s)
#   server_cycle($prog, %o)    start with -s, measure, stop with -S and
#                              check that nothing is left, as subtests
package NetTest;
use strict;
use warnings;
use Exporter 'import';
use IO::Socket::INET;
use Time::HiRes qw(sleep time);
use Test::More;
use lib 't/lib';
use LmTest;

our @EXPORT = qw(free_port listeners ss_pids wait_gone alive server_cycle
		 missing_server_ok);

sub free_port {
	for (1 .. 50) {
		my $t = IO::Socket::INET->new(LocalAddr => '127.0.0.1',
			LocalPort => 0, Proto => 'tcp', Listen => 1) or next;
		my $port = $t->sockport;
		my $u = IO::Socket::INET->new(LocalAddr => '127.0.0.1',
			LocalPort => $port, Proto => 'udp');
		close($t);
		next unless $u;
		close($u);
		# Below the ephemeral range is not guaranteed: any free one.
		return $port;
	}
	die "no free port";
}

sub listeners {
	my ($port) = @_;
	my $out = `ss -Htulnp '( sport = :$port )' 2>/dev/null`;
	return $out // '';
}

sub ss_pids {
	my ($port) = @_;
	my %p = map { $_ => 1 } listeners($port) =~ /pid=(\d+)/g;
	return sort keys %p;
}

# A zombie waiting for init to reap it has exited: count it as gone.
sub alive {
	my ($pid) = @_;
	open(my $fh, '<', "/proc/$pid/stat") or return 0;
	my $s = <$fh> // '';
	return $s !~ /^\d+ \(.*\) [ZX] /;
}

sub wait_gone {
	my ($port, @pids) = @_;
	my $t0 = time;
	while (time - $t0 < 5) {
		return 1 if listeners($port) eq '' && !grep { alive($_) } @pids;
		sleep 0.05;
	}
	return 0;
}

sub missing_server_ok {
	my ($prog, $args, $name) = @_;
	my $r = run([bin($prog), @$args], timeout => 30,
		    env => {LmTest::quick_env()});
	subtest "$prog: $name" => sub {
		is($r->{status}, 1, 'exit status 1');
		is($r->{timed_out}, 0, 'no hang');
		ok($r->{wall} < 15, 'gives up within 15 s');
		like($r->{err}, qr/^\Q$prog\E: .*(no |cannot connect|refused)/im,
		     'says there is no server') or diag($r->{err});
		unlike($r->{err}, qr/microseconds|MB\/sec/, 'no result');
	};
}

# o: label (regex), port_opt ('-p'), client (extra client args),
#    stop_host (1: -S takes the host; 0: -S alone).
sub server_cycle {
	my ($prog, %o) = @_;
	my $popt = $o{port_opt} // '-p';
	my $port = free_port();
	my @p = ($popt, $port);
	my $env = {LmTest::quick_env()};
	subtest "$prog: -s, client, -S on port $port" => sub {
		my $r = run([bin($prog), '-s', @p], timeout => 10, env => $env);
		is($r->{status}, 0, '-s exits 0') or diag($r->{err});
		ok($r->{wall} < 3, '-s returns at once');
		is($r->{err} . $r->{out}, '', '-s prints nothing');
		my @pids = ss_pids($port);
		ok(@pids >= 1, 'a process listens on the port')
			or diag(listeners($port));
		like(listeners($port), qr/127\.0\.0\.1:$port/,
		     'bound to the loopback address only');
		$r = run([bin($prog), '-s', @p], timeout => 10, env => $env);
		is($r->{status}, 1, 'second -s on a busy port: exit 1');
		like($r->{err}, qr/port $port is already in use/,
		     'busy port named') or diag($r->{err});
		$r = run([bin($prog), @{ $o{client} // [] }, @p, '127.0.0.1'],
			 timeout => 60, env => $env);
		is($r->{status}, 0, 'client exits 0') or diag($r->{err});
		like($r->{err}, $o{label}, 'client result line');
		$r = run([bin($prog), @p, '-S', '127.0.0.1'], timeout => 20,
			 env => $env);
		is($r->{status}, 0, '-S exits 0') or diag($r->{err});
		ok(wait_gone($port, @pids), 'nothing left listening, '
		   . 'server process gone') or diag(listeners($port));
		$r = run([bin($prog), @p, '-S', '127.0.0.1'], timeout => 20,
			 env => $env);
		is($r->{status}, 1, '-S with no server: exit 1');
		like($r->{err}, qr/no .*server/i, '-S with no server: says so');
	};
	return $port;
}

1;
