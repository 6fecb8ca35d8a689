#!/usr/bin/perl
# A copy that dies is reported by number and cause, the others are killed
# and reaped, the program exits 1, and nothing of it is left running.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my %want = (
	kill    => qr/copy 2 of 3 \(pid \d+\) was killed by signal 9/,
	exit    => qr/copy 2 of 3 \(pid \d+\) exited with status 3/,
	init    => qr/copy 2 of 3 \(pid \d+\) exited with status 5/,
	cleanup => qr/copy 2 of 3 \(pid \d+\) exited with status 6\n.*final cleanup/s,
);
for my $mode (sort keys %want) {
	# Each copy runs 100 ms intervals (the parallel minimum); the limit
	# only ends a hang, so it is far beyond a loaded machine's run.
	my $r = run([bin('t/test_child_death'), $mode, 3], timeout => 300,
		    env => {quick_env()});
	ok(!$r->{timed_out}, "$mode: no hang");
	is($r->{status}, 1, "$mode: exit status 1");
	like($r->{err}, $want{$mode}, "$mode: says which copy and how");
	unlike($r->{out}, qr/survived/, "$mode: benchmp did not return");
	# The test runs in its own process group; nothing may remain in it.
	ok(!kill(0, -$r->{pid}), "$mode: no process left in its group");
}
done_testing();
