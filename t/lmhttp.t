#!/usr/bin/perl
# lmhttp and lat_http: files served, every escape attempt refused,
# latency lines, -S, nothing left listening.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use File::Temp qw(tempdir);
use IO::Socket::INET;
use POSIX ();
use Time::HiRes qw(sleep time);
use Test::More;

my $n = number_re();
my $dir = tempdir(CLEANUP => 1);
my $root = "$dir/root";
mkdir $root or die;
mkdir "$root/sub" or die;
sub put { open(my $f, '>', $_[0]) or die "$_[0]: $!"; print $f $_[1]; close $f }
put("$root/a.html", 'x' x 1000);
put("$root/sub/b.txt", "hello\n");
put("$dir/secret", "SECRET-CONTENT\n");
symlink('../secret', "$root/out") or die;
symlink('..', "$root/updir") or die;
symlink('a.html', "$root/inside") or die;

our $port = free_port();
my %env = (quick_env());
# -t 2: the unfinished head below waits 2 s, not the default 5.
my $r = run([bin('lmhttp'), '-t', '2', '-p', $port, $root], env => \%env);
is($r->{status}, 0, 'lmhttp starts') or diag($r->{err});
ok(!$r->{timed_out}, 'and returns (the server runs on)');
ok(port_in_use($port), 'the port is taken');
my @pids = ss_pids($port);
SKIP: {
	skip 'no ss here to name the listener', 2 unless have_ss();
	ok(@pids == 1, 'one process listens') or diag(listeners($port));
	like(listeners($port), qr/127\.0\.0\.1:$port/, 'on the loopback address');
}
$r = run([bin('lmhttp'), '-p', $port, $root], env => \%env);
is($r->{status}, 1, 'busy port: exit 1');
like($r->{err}, qr/port $port is already in use/, 'busy port named');

sub request {
	my ($raw) = @_;
	my $s = IO::Socket::INET->new(PeerAddr => '127.0.0.1',
		PeerPort => $port, Proto => 'tcp', Timeout => 60)
		or return "cannot connect: $!";
	print $s $raw;
	local $/;
	my $resp = <$s> // '';
	close $s;
	return $resp;
}

my $ok = request("GET /a.html HTTP/1.0\r\n\r\n");
like($ok, qr/^HTTP\/1\.0 200 /, 'a file is served');
like($ok, qr/Content-Length: 1000\r\n\r\nx{1000}\z/, 'whole file, length given');
like(request("GET /sub/b.txt HTTP/1.1\r\nHost: x\r\n\r\n"),
     qr/^HTTP\/1\.0 200 .*hello\n\z/s, 'a file in a subdirectory');

my $long = 'GET /' . ('a' x 2000) . " HTTP/1.0\r\n\r\n";
my @refused = (
	["GET /../secret HTTP/1.0\r\n\r\n", 403, '..'],
	["GET /sub/../../secret HTTP/1.0\r\n\r\n", 403, 'inner ..'],
	["GET /./a.html HTTP/1.0\r\n\r\n", 403, '. segment'],
	["GET /%2e%2e/secret HTTP/1.0\r\n\r\n", 400, '%2e%2e'],
	["GET /..%2fsecret HTTP/1.0\r\n\r\n", 400, '%2f'],
	["GET /%2E%2E%2Fsecret HTTP/1.0\r\n\r\n", 400, 'upper-case encoding'],
	["GET $dir/secret HTTP/1.0\r\n\r\n", 404, 'absolute path (stays under the root)'],
	["GET secret HTTP/1.0\r\n\r\n", 400, 'path without /'],
	["GET http://127.0.0.1/../secret HTTP/1.0\r\n\r\n", 400, 'absolute URL'],
	["GET /out HTTP/1.0\r\n\r\n", 403, 'symlink leading out'],
	["GET /updir/secret HTTP/1.0\r\n\r\n", 403, 'symlinked directory leading out'],
	["GET /inside HTTP/1.0\r\n\r\n", 403, 'symlink inside (never followed)'],
	["GET /sub HTTP/1.0\r\n\r\n", 403, 'a directory'],
	["GET / HTTP/1.0\r\n\r\n", 403, 'the root'],
	["GET /nothing HTTP/1.0\r\n\r\n", 404, 'missing file'],
	["GET /a.html\\..\\..\\secret HTTP/1.0\r\n\r\n", 400, 'backslashes'],
	[$long, 414, 'over-long request line'],
	["GET /a.html HTTP/1.0\r\nX: " . ('y' x 9000) . "\r\n\r\n", 400, 'over-long head'],
	["\x00\x01\x02garbage\r\n\r\n", 400, 'binary garbage'],
	["garbage\r\n\r\n", 400, 'one word'],
	["GET /a.html\r\n\r\n", 400, 'no version'],
	["GET /a.html FTP/1.0\r\n\r\n", 400, 'bad version'],
	["GET /a.html HTTP/1.0 extra\r\n\r\n", 400, 'extra words'],
	["POST /a.html HTTP/1.0\r\n\r\n", 501, 'POST'],
	["GET /a.\x01html HTTP/1.0\r\n\r\n", 400, 'control character'],
	["GET /a.html HTTP/1.0\r\n", 408, 'unfinished head (-t 2)'],
);
for my $t (@refused) {
	my ($raw, $code, $name) = @$t;
	my $resp = request($raw);
	like($resp, qr/^HTTP\/1\.0 $code /, "$name: $code");
	unlike($resp, qr/SECRET|x{1000}/, "$name: no file data");
}

my $list = "$dir/list";
put($list, "a.html\n/sub/b.txt\n\n");
$r = run([bin('lat_http'), '127.0.0.1', $port], env => \%env, stdin => $list);
is($r->{status}, 0, 'lat_http: exit 0') or diag($r->{err});
like($r->{err}, qr/^a\.html (\d+) ($n)\nsub\/b\.txt (\d+) ($n)\n\z/,
     'lat_http: one line per file');
my ($bytes) = $r->{err} =~ /^a\.html (\d+)/;
ok(defined $bytes && $bytes > 1000, 'bytes include the head');
put("$dir/bad", "out\n");
$r = run([bin('lat_http'), '127.0.0.1', $port], env => \%env,
	 stdin => "$dir/bad");
is($r->{status}, 1, 'lat_http: refused file: exit 1');
like($r->{err}, qr/403 Forbidden/, 'lat_http: says what the server said');
unlike($r->{err}, qr/^out \d/m, 'lat_http: no number for it');

$r = run([bin('lat_http'), '-S', '127.0.0.1', $port], env => \%env);
is($r->{status}, 0, 'lat_http -S: exit 0') or diag($r->{err});
ok(wait_gone($port, @pids), 'nothing left listening, lmhttp gone');
$r = run([bin('lat_http'), '127.0.0.1', $port], env => \%env, stdin => $list);
is($r->{status}, 1, 'lat_http with no server: exit 1');
like($r->{err}, qr/cannot connect/, 'lat_http with no server: says so');
$r = run([bin('lmhttp'), '-S', '-p', $port], env => \%env);
is($r->{status}, 1, 'lmhttp -S with no server: exit 1');

# A client that trickles bytes (one every 0.2 s, for up to 15 s) never
# holds the server past its limit (-t 1): a normal GET made meanwhile is
# answered within a few limits, and the trickler gets 408 if its head
# never ends.  Once while the head trickles, once after a whole head.
sub trickle {
	my ($first, $out) = @_;
	my $pid = fork() // die;
	return $pid if $pid;
	my $s = IO::Socket::INET->new(PeerAddr => '127.0.0.1',
		PeerPort => $port, Proto => 'tcp', Timeout => 5)
		or POSIX::_exit(1);
	$s->autoflush(1);
	local $SIG{PIPE} = 'IGNORE';
	print $s $first;
	# Trickle until the server closes (a write fails) or 15 s pass,
	# collecting whatever it answers meanwhile.
	my ($t0, $resp, $eof, $rin) = (time, '', 0, '');
	vec($rin, fileno($s), 1) = 1;
	while (time - $t0 < 15) {
		if (!$eof && select(my $r = $rin, undef, undef, 0.2)) {
			my $n = sysread($s, $resp, 65536, length $resp);
			$eof = 1 unless $n;
		} else {
			sleep 0.2;
		}
		syswrite($s, 'a') or last;
	}
	if (open(my $f, ">", $out)) { print $f $resp; close $f; }
	POSIX::_exit(0);
}
for my $case (
	["GET /a.html HTTP/1.0\r\nX-Slow: ", 'head', qr/^HTTP\/1\.0 408 /],
	["GET /a.html HTTP/1.0\r\n\r\n", 'body', qr/^HTTP\/1\.0 200 /],
) {
	my ($first, $what, $want) = @$case;
	my $tport = free_port();
	$r = run([bin('lmhttp'), '-t', '1', '-p', $tport, $root],
		 env => \%env);
	is($r->{status}, 0, "trickling $what: lmhttp -t 1 starts");
	my @tpids = ss_pids($tport);
	local $port = $tport;
	my $pid = trickle($first, "$dir/trickle.$what");
	sleep 0.3;
	my $t0 = time;
	my $resp = request("GET /sub/b.txt HTTP/1.0\r\n\r\n");
	my $wait = time - $t0;
	like($resp, qr/^HTTP\/1\.0 200 .*hello\n\z/s,
	     "trickling $what: a normal GET is answered");
	ok($wait < 5, "trickling $what: within a few limits (${wait}s)");
	# It stops once the server has closed on it (or after 15 s).
	my $t1 = time;
	sleep 0.05
		while waitpid($pid, POSIX::WNOHANG()) == 0 && time - $t1 < 20;
	kill 'KILL', $pid and waitpid($pid, 0);
	my $got = -e "$dir/trickle.$what"
		? do { local (@ARGV, $/) = "$dir/trickle.$what"; <> } : '';
	like($got, $want, "trickling $what: the trickler's answer")
		or diag("got: [$got]");
	run([bin('lmhttp'), '-S', '-p', $tport], env => \%env);
	ok(wait_gone($tport, @tpids), "trickling $what: server stopped");
}

# lmhttp -S stops it too.
$r = run([bin('lmhttp'), '-p', $port, $root], env => \%env);
is($r->{status}, 0, 'lmhttp starts again');
@pids = ss_pids($port);
$r = run([bin('lmhttp'), '-S', '-p', $port], env => \%env);
is($r->{status}, 0, 'lmhttp -S: exit 0');
ok(wait_gone($port, @pids), 'lmhttp -S: gone');

bad_input_ok('lmhttp', ["$dir/nonexistent"], 'missing document root');
bad_input_ok('lmhttp', ['-x'], 'unknown option');
bad_input_ok('lmhttp', ['-p', 'abc'], 'non-numeric port');
bad_input_ok('lmhttp', [$root, 'extra'], 'extra argument');
bad_input_ok('lat_http', [], 'no host');
bad_input_ok('lat_http', ['-x', '127.0.0.1'], 'unknown option');
bad_input_ok('lat_http', ['127.0.0.1', 'port'], 'non-numeric port');
bad_input_ok('lat_http', ['127.0.0.1', '1', '2'], 'too many arguments');
done_testing();
