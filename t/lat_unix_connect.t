#!/usr/bin/perl
# lat_unix_connect: own server, -s/-S at a path, nothing left behind.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use NetTest;
use File::Temp qw(tempdir);
use Test::More;
use IO::Socket::UNIX;
use Socket qw(SOCK_STREAM);
use Time::HiRes qw(sleep time);

my $n = number_re();
my $prog = 'lat_unix_connect';
my $dir = tempdir(CLEANUP => 1);
my %env = (quick_env(), TMPDIR => $dir);
my $label = qr/^UNIX connection cost: ($n) microseconds\n\z/;

for my $args ([], ['-N', '3']) {
	my $r = run([bin($prog), @$args], env => \%env);
	is($r->{status}, 0, "@$args: exit 0") or diag($r->{err});
	like($r->{err}, $label, "@$args: label");
	my ($x) = $r->{err} =~ /: ($n) micro/;
	ok(defined $x && $x > 0 && $x < 100000, "@$args: plausible value");
}
opendir(my $dh, $dir);
is_deeply([grep { !/^\./ } readdir $dh], [], 'own server left no socket');

sub unix_listeners {
	my ($path) = @_;
	return grep { /\Q$path\E/ } `ss -Hlxp 2>/dev/null`;
}

# The default path (in TMPDIR), used by a client given no path.
my $default = "$dir/lmbench-ng-unix.$<";
my $r = run([bin($prog), '-s'], env => \%env);
is($r->{status}, 0, '-s exits 0') or diag($r->{err});
ok(-S $default, 'socket at the default path');
my @l = unix_listeners($default);
SKIP: {
	skip 'no ss here to name the listener', 1 unless have_ss();
	is(scalar @l, 1, 'one server listens there');
}
my ($pid) = join('', @l) =~ /pid=(\d+)/;
$r = run([bin($prog), '-s'], env => \%env);
is($r->{status}, 1, 'second -s: exit 1');
like($r->{err}, qr/already in use/, 'second -s: says the path is in use');
$r = run([bin($prog)], env => \%env);
is($r->{status}, 0, 'client uses the running server');
like($r->{err}, $label, 'client label');
$r = run([bin($prog), '-S'], env => \%env);
is($r->{status}, 0, '-S exits 0') or diag($r->{err});
ok(!-e $default, 'socket file removed');
SKIP: {
	skip 'no ss here to find the server process', 2 unless have_ss();
	ok(wait_gone(1, $pid), 'server process gone');
	is(scalar unix_listeners($default), 0, 'nothing listens');
}

# A stop hello sent well after connecting still stops the server.
$r = run([bin($prog), '-s'], env => \%env);
($pid) = join('', unix_listeners($default)) =~ /pid=(\d+)/;
my $s = IO::Socket::UNIX->new(Peer => $default, Type => SOCK_STREAM);
ok($s, 'late stop: connected');
$SIG{PIPE} = "IGNORE";
sleep 0.3;
syswrite($s, pack('N4', 0x4c4d4e47, 2, 0, 0)) if $s;
SKIP: {
	skip 'no ss here to find the server process', 1 unless have_ss();
	ok(defined $pid && wait_gone(1, $pid), 'late stop: the server went');
}
my $t0 = time;
sleep 0.05 while -e $default && time - $t0 < 30;
ok(!-e $default, 'late stop: socket file removed');
$r = run([bin($prog), '-S'], env => \%env);
is($r->{status}, 1, '-S with no server: exit 1');
like($r->{err}, qr/no server/, '-S with no server: says so');

# An explicit path that nobody serves is an error, not a silent fallback.
$r = run([bin($prog), '-p', "$dir/none"], env => \%env);
is($r->{status}, 1, 'missing server at -p path: exit 1');
like($r->{err}, qr/cannot connect/, 'missing server: says so');
# A plain file at the path is never replaced.
open(my $fh, '>', "$dir/plain") or die;
close($fh);
$r = run([bin($prog), '-s', '-p', "$dir/plain"], env => \%env);
is($r->{status}, 1, 'refuses to replace a plain file');
ok(-f "$dir/plain", 'plain file still there');

bad_input_ok($prog, ['-x'], 'unknown option');
bad_input_ok($prog, ['extra'], 'an argument');
bad_input_ok($prog, ['-s', '-S'], '-s with -S');
bad_input_ok($prog, ['-p', 'x' x 200], 'path too long');
bad_input_ok($prog, ['-N', 'abc'], 'non-numeric -N');
done_testing();
