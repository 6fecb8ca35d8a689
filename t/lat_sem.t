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
# Bad input found after the set was made: exit 2, and the set is gone.
{
	my $r = probe([bin('lat_sem')], env => {quick_env(),
		LMBENCH_DEBUG => 1, LMBENCH_SCHED => 'BOGUS'});
	is($r->{status}, 2, 'bad LMBENCH_SCHED: exit 2');
	my @ids = sem_ids_in($r->{err});
	is(scalar @ids, 1, '... after making a set');
	my $e = @ids ? sem_exists($ids[0]) : undef;
	SKIP: {
		skip 'no ipcs', 1 unless defined $e;
		ok(!$e, '... which is removed');
	}
	ok(!$r->{procs_left}, '... and no process left');
}
done_testing();
