#!/usr/bin/perl
# Servers end by themselves after their idle timeout (also with a silent
# client connected), and an interrupted client leaves no server behind.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use File::Temp qw(tempdir);
use IO::Socket::INET;
use IO::Socket::IP;
use POSIX qw(:sys_wait_h);
use Time::HiRes qw(sleep time);
use Test::More;

my $dir = tempdir(CLEANUP => 1);
my %env = (quick_env());
my (%pids, %ports);
my @servers = (
	['lat_tcp', '-p'], ['lat_udp', '-p'], ['lat_connect', '-p'],
	['bw_tcp', '-p'], ['bw_udp', '-p'],
);
push @servers, ['lat_rpc', '-o'] if -x bindir() . '/lat_rpc';
for my $s (@servers) {
	my ($prog, $popt) = @$s;
	my $port = free_port();
	my $r = run([bin($prog), '-s', '-i', '1', $popt, $port], env => \%env);
	is($r->{status}, 0, "$prog -s -i 1: started") or diag($r->{err});
	$ports{$prog} = $port;
	$pids{$prog} = [ss_pids($port)];
}
my $hport = free_port();
my $r = run([bin('lmhttp'), '-i', '1', '-p', $hport, $dir], env => \%env);
is($r->{status}, 0, 'lmhttp -i 1: started');
my @hpids = ss_pids($hport);
$r = run([bin('lat_unix_connect'), '-s', '-i', '1', '-p', "$dir/u"],
	 env => \%env);
is($r->{status}, 0, 'lat_unix_connect -s -i 1: started');

# A client that connects, says hello and then falls silent, to a server
# of its own whose idle timeout is longer than any start-up here (a
# loaded machine took 1.9 s between a start and the connect): the
# connection child ends after idle_s of silence, the server idle_s later.
my $silent_idle = 3;
my $sport = free_port();
$r = run([bin('lat_tcp'), '-s', '-i', $silent_idle, '-p', $sport],
	 env => \%env);
is($r->{status}, 0, "lat_tcp -s -i $silent_idle: started") or diag($r->{err});
my @spids = ss_pids($sport);
my $silent = IO::Socket::INET->new(PeerAddr => '127.0.0.1',
	PeerPort => $sport, Proto => 'tcp', Timeout => 5);
ok($silent, 'silent client connected') or diag("connect: $!");
if ($silent) {
	print $silent pack('N4', 0x4c4d4e47, 1, 1, 0);
	$silent->flush;
}

sleep 1.5;
for my $prog (sort keys %ports) {
	ok(wait_gone($ports{$prog}, @{ $pids{$prog} }),
	   "$prog: gone after its idle timeout")
		or diag(listeners($ports{$prog}));
}
ok(wait_gone($hport, @hpids), 'lmhttp: gone after its idle timeout');
my $t0 = time;
sleep 0.05 while -e "$dir/u" && time - $t0 < 5;
ok(!-e "$dir/u", 'lat_unix_connect: gone, socket removed');
$t0 = time;
my $gone = 0;
$gone = wait_gone($sport, @spids) until $gone || time - $t0 > 4 * $silent_idle;
ok($gone, 'lat_tcp: gone after its idle timeout, a silent client connected')
	or diag(listeners($sport));
close $silent if $silent;

# Ctrl-C on a client running its own server: nothing survives it.
sub descendants {
	my ($pid) = @_;
	my @kids = split ' ', `pgrep -P $pid 2>/dev/null`;
	return @kids, map { descendants($_) } @kids;
}
for my $prog (qw(lat_tcp bw_tcp lat_udp lat_unix_connect)) {
	my $pid = fork() // die;
	if ($pid == 0) {
		open(STDERR, '>', '/dev/null');
		default_signals();	# a SIGINT ignored by our shell is not inherited
		$ENV{$_} = $env{$_} for keys %env;
		$ENV{ENOUGH} = 2000000;	# runs for many seconds: SIGINT ends it
		$ENV{TMPDIR} = $dir;
		exec(bin($prog)) or POSIX::_exit(127);
	}
	my @family;
	my $t1 = time;
	# Wait for the server and a connection child to exist.
	while (time - $t1 < 5) {
		@family = descendants($pid);
		last if @family >= ($prog =~ /udp|unix/ ? 1 : 2);
		sleep 0.05;
	}
	ok(@family >= 1, "$prog: own server running (@family)");
	sleep 0.2;
	@family = descendants($pid);
	kill 'INT', $pid;
	waitpid($pid, 0);
	my $st = $?;
	ok(WIFSIGNALED($st) && WTERMSIG($st) == 2, "$prog: ended by SIGINT")
		or diag("wait status $st");
	my $t2 = time;
	sleep 0.05 while grep({ alive($_) } @family) && time - $t2 < 5;
	is(scalar(grep { alive($_) } @family), 0,
	   "$prog: no process left after SIGINT");
}
# -b: another (loopback) address; IPv6 where the machine has ::1.
SKIP: {
	my $port = free_port();
	# Whether the host has ::1 is asked of the host, not of lat_tcp: a
	# server that fails where it could listen is a failure.
	my $s6 = IO::Socket::IP->new(LocalHost => '::1', LocalPort => 0,
				     Listen => 1);
	skip 'no IPv6 loopback here', 5 unless $s6;
	close $s6;
	my $r6 = run([bin('lat_tcp'), '-s', '-b', '::1', '-p', $port],
		     env => \%env);
	is($r6->{status}, 0, '-b ::1: the server starts') or diag($r6->{err});
	like(listeners($port), qr/\[::1\]:$port/, '-b ::1: listens on ::1');
	unlike(listeners($port), qr/127\.0\.0\.1:$port/, 'and only there');
	$r6 = run([bin('lat_tcp'), '-p', $port, '::1'], env => \%env);
	like($r6->{err}, qr/^TCP latency using ::1: /, 'client reaches ::1');
	my @p6 = ss_pids($port);
	run([bin('lat_tcp'), '-S', '::1', '-p', $port], env => \%env);
	ok(wait_gone($port, @p6), '-S ::1 stops it');
}

# The idle clock runs from the end of the last request, not its start:
# a request that takes longer than the idle timeout (a head finished
# after 4 s, with -i 3: longer than any start-up seen) does not end the
# server under the client queued behind it.
{
	my $port = free_port();
	my $r = run([bin('lmhttp'), '-i', '3', '-t', '10', '-p', $port, $dir],
		    env => \%env);
	is($r->{status}, 0, 'lmhttp -i 3 -t 10: started') or diag($r->{err});
	my @pids = ss_pids($port);
	my %c;
	for my $who (qw(slow queued)) {
		$c{$who} = IO::Socket::INET->new(PeerAddr => '127.0.0.1',
			PeerPort => $port, Proto => 'tcp', Timeout => 5);
	}
	ok($c{slow} && $c{queued}, 'slow and queued clients connected')
		or diag("connect: $!");
	SKIP: {
		skip 'no connection', 2 unless $c{slow} && $c{queued};
		$c{$_}->autoflush(1) for keys %c;
		print { $c{slow} } "GET /none HTTP/1.0\r\n";
		print { $c{queued} } "GET /none HTTP/1.0\r\n\r\n";
		sleep 4;
		print { $c{slow} } "\r\n";
		local $/;
		my %resp = map { $_ => readline($c{$_}) // '' } qw(slow queued);
		like($resp{slow}, qr/^HTTP\/1\.0 404 /,
		     'a request longer than the idle timeout is answered');
		like($resp{queued}, qr/^HTTP\/1\.0 404 /,
		     'and the client queued behind it too');
	}
	close $_ for grep { defined } values %c;
	ok(wait_gone($port, @pids), 'then the server ends when idle');
}

opendir(my $dh, $dir);
is_deeply([grep { !/^\./ } readdir $dh], [], 'no socket files left');
done_testing();
