#!/usr/bin/perl
# LMBENCH_SCHED: each policy places processes where it says; bad values
# are refused with exit 2.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

plan skip_all => 'CPU affinity is Linux-only here' unless $^O eq 'linux';

sub cpus {
	my ($sched, @args) = @_;
	my $r = run([bin('t/test_sched'), @args],
		    env => {LMBENCH_SCHED => $sched});
	return undef unless $r->{status} == 0;
	my ($list) = $r->{out} =~ /^cpus:(.*)$/m;
	return [split ' ', $list];
}

my $all = cpus('DEFAULT', 0, 0, 0);
ok($all && @$all >= 1, 'DEFAULT leaves the affinity alone: ' .
   join(',', @{$all // []}));
my @c = @{$all // []};
my $n = @c;

is_deeply(cpus('BALANCED', 0, 0, 0), [$c[0]], 'BALANCED: copy 0 on the first CPU');
is_deeply(cpus('BALANCED', 1, 0, 0), [$c[1 % $n]], 'BALANCED: copy 1 on the next');
is_deeply(cpus('BALANCED', 1, 1, 1), [$c[1 % $n]],
	  'BALANCED: a helper shares its copy\'s CPU');
is_deeply(cpus('UNIQUE', 0, 1, 1), [$c[1 % $n]],
	  'UNIQUE: a helper gets a CPU of its own');
is_deeply(cpus('UNIQUE', 1, 0, 1), [$c[2 % $n]],
	  'UNIQUE: copy 1 after copy 0 and its helper');
is_deeply(cpus('BALANCED_SPREAD', 0, 0, 0), [$c[0]], 'BALANCED_SPREAD: copy 0');
is_deeply(cpus('CUSTOM 0', 3, 0, 0), [0], 'CUSTOM 0: everything on CPU 0');
is_deeply(cpus("CUSTOM $c[-1] $c[0]", 1, 0, 0), [$c[0]],
	  'CUSTOM list: copy 1 on the second listed CPU');
is_deeply(cpus("CUSTOM_SPREAD $c[0] $c[-1]", 0, 1, 1), [$c[-1]],
	  'CUSTOM_SPREAD: the helper on the next listed CPU');

for my $bad ('BOGUS', 'CUSTOM', 'CUSTOM x', 'CUSTOM -1', 'UNIQUE 3',
	     'CUSTOM 99999') {
	my $r = run([bin('t/test_sched'), 0, 0, 0],
		    env => {LMBENCH_SCHED => $bad});
	is($r->{status}, 2, "\"$bad\" refused with exit 2");
	like($r->{err}, qr/LMBENCH_SCHED/, "\"$bad\": says why");
}

# A benchmark runs under every policy.
for my $p ('DEFAULT', 'BALANCED', 'UNIQUE_SPREAD', 'CUSTOM 0') {
	my $r = run([bin('lat_syscall'), '-P', 2, 'null'],
		    env => {quick_env(), LMBENCH_SCHED => $p});
	is($r->{status}, 0, "lat_syscall -P 2 under $p");
}
done_testing();
