#!/usr/bin/perl
# lat_sem: format, bad input, nothing left behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

my $n = number_re();
my $re = qr/^\QSemaphore latency\E: ($n) microseconds\n\z/;
format_ok('lat_sem', [], $re, 'one copy');
format_ok('lat_sem', ['-P', '2', '-N', '1'], $re, 'two copies');
{
	local $ENV{LMBENCH_SCHED} = 'CUSTOM 0';
	format_ok('lat_sem', [], $re, 'both ends on CPU 0');
}
cleanup_ok('lat_sem', [], sem => 1);
cleanup_ok('lat_sem', ['-P', '2'], sem => 1, groups => [0], procs => 5);
common_bad_input('lat_sem');
# A bad LMBENCH_SCHED is refused before any work: exit 2, no set made.
{
	my $r = probe([bin('lat_sem')], env => {quick_env(),
		LMBENCH_DEBUG => 1, LMBENCH_SCHED => 'BOGUS'});
	is($r->{status}, 2, 'bad LMBENCH_SCHED: exit 2');
	my @ids = sem_ids_in($r->{err});
	is(scalar @ids, 0, '... before a semaphore set is made');
	ok(!$r->{procs_left}, '... and no process left');
}
done_testing();
