# NetTest - helpers for the networking tests (loopback only).
#
#   free_port()                a port free for TCP and UDP on 127.0.0.1
#   listeners($port)           ss lines of sockets bound to that port
#                              (from /proc where ss is missing)
#   wait_gone($port, @pids)    1 once nothing listens there and the
#                              processes have exited (waits up to 30 s)
#   have_ss()                  1 if ss works here (unix sockets)
#   port_in_use($port)         1 if the port is bound on 127.0.0.1
#   server_cycle($prog, %o)    start with -s, measure, stop with -S and
#                              check that nothing is left, as subtests
package NetTest;
use strict;
use warnings;
use Exporter 'import';
use IO::Socket::INET;
use Socket ();
use Time::HiRes qw(sleep time);
use Test::More;
use lib 't/lib';
use LmTest;

our @EXPORT = qw(free_port listeners ss_pids wait_gone alive server_cycle
		 missing_server_ok have_ss port_in_use);

# Below the kernel's ephemeral range: a port taken from that range and
# closed again can be handed out as the source port of any connect()
# (lat_connect makes thousands a second) before the server binds it.
# Never the same port twice in one test; free for TCP and UDP now.
my %given;
sub free_port {
	my ($lo) = (slurp_first('/proc/sys/net/ipv4/ip_local_port_range')
		    // '32768') =~ /(\d+)/;
	$lo = 32768 if !$lo || $lo < 12000;
	for (1 .. 500) {
		my $port = 10000 + int(rand($lo - 10000));
		next if $given{$port} || port_in_use($port);
		$given{$port} = 1;
		return $port;
	}
	die "no free port";
}

sub slurp_first {
	open(my $fh, '<', $_[0]) or return undef;
	return scalar <$fh>;
}

# 1 if a TCP or UDP socket on 127.0.0.1 holds the port.
sub port_in_use {
	my ($port) = @_;
	for my $proto (qw(tcp udp)) {
		my $s = IO::Socket::INET->new(LocalAddr => '127.0.0.1',
			LocalPort => $port, Proto => $proto,
			$proto eq 'tcp' ? (ReuseAddr => 1) : ());
		return 1 if !$s && $!{EADDRINUSE};
	}
	return 0;
}

# ss (iproute2) names the process listening on a port; without it the
# tests that need that skip, and wait_gone() tries to bind the port.
my $have_ss;
sub have_ss {
	$have_ss //= system('sh', '-c', 'ss -Htln >/dev/null 2>&1') == 0;
	return $have_ss;
}

sub listeners {
	my ($port) = @_;
	return proc_listeners($port) unless have_ss();
	my $out = `ss -Htulnp '( sport = :$port )' 2>/dev/null`;
	return $out // '';
}

# Without ss (a minimal image has no iproute2): the same facts from
# /proc/net/{tcp,tcp6,udp,udp6} and the processes' socket descriptors,
# a line per socket as ss writes the parts the tests read: the address
# ("127.0.0.1:P", "[::1]:P") and "pid=N" for each process holding it.
sub proc_listeners {
	my ($port) = @_;
	my %sock;
	for my $f (qw(tcp tcp6 udp udp6)) {
		open(my $fh, '<', "/proc/net/$f") or next;
		<$fh>;
		while (my $l = <$fh>) {
			my @x = split ' ', $l;
			my ($a, $p) = split /:/, $x[1];
			next unless defined $p && hex($p) == $port;
			next if $f =~ /^tcp/ && $x[3] ne '0A';	# LISTEN only
			$sock{ $x[9] } = "$f " . addr_of($a) . ":$port";
		}
	}
	return '' unless %sock;
	my %pids;
	for my $fd (glob '/proc/[0-9]*/fd/*') {
		my $t = readlink($fd) // next;
		my ($ino) = $t =~ /^socket:\[(\d+)\]$/ or next;
		next unless $sock{$ino};
		my ($pid) = $fd =~ m{^/proc/(\d+)/};
		$pids{$ino}{$pid} = 1;
	}
	return join '', map { "$sock{$_} users:(" . join(',', map { "pid=$_" } sort keys %{ $pids{$_} // {} }) . ")\n" }
		sort keys %sock;
}

# /proc/net's hex address: 32-bit words in the host's byte order.
sub addr_of {
	my ($hex) = @_;
	my $bytes = join '', map { pack('L', hex $_) } $hex =~ /(.{8})/g;
	return length($bytes) == 4 ? Socket::inet_ntop(Socket::AF_INET(), $bytes)
		: '[' . Socket::inet_ntop(Socket::AF_INET6(), $bytes) . ']';
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
	while (time - $t0 < 30) {
		my $free = have_ss() ? listeners($port) eq '' :
			   !port_in_use($port);
		return 1 if $free && !grep { alive($_) } @pids;
		sleep 0.05;
	}
	return 0;
}

sub missing_server_ok {
	my ($prog, $args, $name) = @_;
	my $r = run([bin($prog), @$args], env => {LmTest::quick_env()});
	subtest "$prog: $name" => sub {
		is($r->{status}, 1, 'exit status 1');
		is($r->{timed_out}, 0, 'no hang: gives up by itself');
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
		my $r = run([bin($prog), '-s', @p], env => $env);
		is($r->{status}, 0, '-s exits 0') or diag($r->{err});
		ok(!$r->{timed_out}, '-s returns (the server runs on)');
		is($r->{err} . $r->{out}, '', '-s prints nothing');
		ok(port_in_use($port), 'the port is taken');
		my @pids = ss_pids($port);
		SKIP: {
			skip 'no ss here to name the listener', 2 unless have_ss();
			ok(@pids >= 1, 'a process listens on the port')
				or diag(listeners($port));
			like(listeners($port), qr/127\.0\.0\.1:$port/,
			     'bound to the loopback address only');
		}
		$r = run([bin($prog), '-s', @p], env => $env);
		is($r->{status}, 1, 'second -s on a busy port: exit 1');
		like($r->{err}, qr/port $port is already in use/,
		     'busy port named') or diag($r->{err});
		$r = run([bin($prog), @{ $o{client} // [] }, @p, '127.0.0.1'],
			 env => $env);
		is($r->{status}, 0, 'client exits 0') or diag($r->{err});
		like($r->{err}, $o{label}, 'client result line');
		$r = run([bin($prog), @p, '-S', '127.0.0.1'], env => $env);
		is($r->{status}, 0, '-S exits 0') or diag($r->{err});
		ok(wait_gone($port, @pids), 'nothing left listening, '
		   . 'server process gone') or diag(listeners($port));
		$r = run([bin($prog), @p, '-S', '127.0.0.1'], env => $env);
		is($r->{status}, 1, '-S with no server: exit 1');
		like($r->{err}, qr/no .*server/i, '-S with no server: says so');
	};
	return $port;
}

1;
