#!/usr/bin/perl
# drift: the host's drift probes.  -l lists each probe with its unit and
# which way is better; a run prints "<name> <value>" per probe asked for,
# in that order, each a positive number; a chase that fits the L1 is faster than one over 64 MB;
# a probe that does not exist is bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my @names = qw(l1 l2 llc dram stride bw syscall);
my $r = run([bin('drift'), '-l'], env => {quick_env()});
is($r->{status}, 0, '-l: exit 0');
my @l = map { [ split ' ', $_, 4 ] } split /\n/, $r->{out};
is_deeply([ map { $_->[0] } @l ], \@names, '-l: the probes, in order');
is_deeply([ map { $_->[1] } @l ], [ (('ns') x 5), 'MB/s', 'ns' ], '-l: their units');
is_deeply([ map { $_->[2] } @l ], [ (('lower') x 5), 'higher', 'lower' ],
	  '-l: which way is better');
ok(!grep({ !defined $_->[3] || $_->[3] !~ /\w/ } @l), '-l: each says what it measures');

$r = run([bin('drift'), qw(syscall l1 dram)], env => {quick_env()});
is($r->{status}, 0, 'three probes: exit 0');
is($r->{err}, '', 'nothing on stderr');
my %v = map { split ' ' } split /\n/, $r->{out};
is_deeply([ map { (split ' ')[0] } split /\n/, $r->{out} ], [qw(syscall l1 dram)],
	  'one line per probe, in the order asked');
ok(!grep({ !defined $v{$_} || $v{$_} !~ /^\d+(?:\.\d+)?(?:e[-+]?\d+)?$/ || $v{$_} <= 0 }
	 qw(syscall l1 dram)), 'each a positive number') or diag($r->{out});
# 16 KB of random loads hit the L1; 64 MB of them do not.
cmp_ok($v{l1}, '<', $v{dram}, 'l1 latency below dram latency');

bad_input_ok('drift', ['bogus'], 'a probe that does not exist');
bad_input_ok('drift', ['-x'], 'an unknown option');

done_testing();
