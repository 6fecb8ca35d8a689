#!/usr/bin/perl
# lat_usleep: every method prints its line, a sleep is never shorter than
# asked, -r succeeds or fails clearly, bad input is refused.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;
use POSIX ();

my $n = number_re();
for my $m (qw(usleep nanosleep select pselect itimer)) {
	my $r = run([bin('lat_usleep'), '-N', '3', '-u', $m, '500'],
		    env => {quick_env()});
	is($r->{status}, 0, "$m: exit 0");
	like($r->{err}, qr/^\Q$m\E 500 microseconds: ($n) microseconds\n\z/,
	     "$m: line");
	my ($x) = $r->{err} =~ /: ($n) microseconds\n/;
	# Never shorter than asked (a little slack for the subtracted
	# overheads); the upper bound only catches gross errors.
	ok(defined $x && $x >= 495 && $x < 500000, "$m: 495 <= $x us < 0.5 s")
		or diag($r->{err});
}

my $r = run([bin('lat_usleep'), '-N', '3', '20000'], env => {quick_env()});
like($r->{err}, qr/^usleep 20000 microseconds: ($n) microseconds\n\z/,
     'default method is usleep');
my ($x) = $r->{err} =~ /: ($n) micro/;
ok(defined $x && $x >= 19900, "20 ms sleep lasts >= 20 ms ($x)");

$r = run([bin('lat_usleep'), '-N', '3', '-u', 'nanosleep', '0'],
	 env => {quick_env()});
is($r->{status}, 0, 'usecs 0 is allowed for nanosleep');

# -r: a result, or exit 1 with a reason - never a number without it.
$r = run([bin('lat_usleep'), '-r', '-N', '3', '-u', 'nanosleep', '100'],
	 env => {quick_env()});
if ($r->{status} == 0) {
	like($r->{err}, qr/^nanosleep 100 microseconds: $n microseconds\n\z/,
	     '-r: permitted, a line');
} else {
	is($r->{status}, 1, '-r: not permitted, exit 1');
	like($r->{err}, qr/SCHED_FIFO.*not permitted/, '-r: reason given');
}
SKIP: {
	skip 'not root: cannot test an unprivileged -r', 3 if $> != 0;
	# As nobody without RLIMIT_RTPRIO, SCHED_FIFO must be refused.
	my $rr = run(['sh', '-c', 'ulimit -r 0 2>/dev/null; exec setpriv '
		      . '--reuid=65534 --regid=65534 --clear-groups "$@"', 'x',
		      bin('lat_usleep'), '-r', '100'], env => {quick_env()});
	skip 'setpriv not available', 3 if $rr->{status} == 127 ||
		$rr->{err} =~ /setpriv: /;
	is($rr->{status}, 1, 'unprivileged -r: exit 1');
	like($rr->{err}, qr/^lat_usleep: -r: SCHED_FIFO .*not permitted/m,
	     'unprivileged -r: clear message');
	unlike($rr->{err}, qr/microseconds: /, 'unprivileged -r: no result');
}

bad_input_ok('lat_usleep', [], 'no usecs');
bad_input_ok('lat_usleep', ['abc'], 'non-numeric usecs');
bad_input_ok('lat_usleep', ['-5'], 'negative usecs');
bad_input_ok('lat_usleep', ['99999999999999999999'], 'overflowing usecs');
bad_input_ok('lat_usleep', ['2000000000'], 'usecs above 1000 s');
bad_input_ok('lat_usleep', ['-u', 'bogus', '10'], 'unknown method');
bad_input_ok('lat_usleep', ['-u'], 'missing method');
bad_input_ok('lat_usleep', ['-x', '10'], 'unknown option');
bad_input_ok('lat_usleep', ['-u', 'itimer', '0'], 'itimer of 0');
bad_input_ok('lat_usleep', ['10', '20'], 'extra argument');

done_testing();
