#!/usr/bin/perl
# par_mem: one "<size MB> <parallelism>" line per size; -c; bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my %env = (quick_env(), ENOUGH => 500);

my $r = run([bin('par_mem'), '-N', '3', '-M', '32K', '-L', '64'],
	    env => \%env);
is($r->{status}, 0, 'exit 0') or diag($r->{err});
is($r->{out}, '', 'nothing on stdout');
my @l = split /\n/, $r->{err};
is(scalar(@l), 4, 'sizes 4K 8K 16K 32K');
is_deeply([map { (split / /)[0] } @l],
	  ['0.003906', '0.007812', '0.015625', '0.031250'], 'sizes in MB');
ok((grep { !/^\d+\.\d{6} (\d+\.\d{2})$/ || $1 < 1 || $1 > 16 } @l) == 0,
   'parallelism between 1 and 16') or diag($r->{err});

$r = run([bin('par_mem'), '-c', '-N', '3', '-M', '8K', '-L', '64'],
	 env => \%env);
is($r->{status}, 0, '-c: exit 0');
like($r->{err}, qr/^# 4096 bytes: [0-9.]+ nanoseconds per load, one chain\n0\.003906 [0-9.]+\n/,
     '-c: the one-chain latency before each size');

refused_ok('par_mem', ['-L', '0'], qr/-L 0/, '-L 0');
# Interleaved sizes each chase their own region: one chain over 8 MB
# (beyond every second-level cache) is slower than over 4 KB.
$r = run([bin('par_mem'), '-c', '-N', '3', '-M', '8M', '-L', '64'],
	 env => \%env);
my %t1 = $r->{err} =~ /^# (\d+) bytes: ([0-9.]+) nanoseconds/mg;
ok(defined $t1{4096} && defined $t1{8388608} &&
   $t1{8388608} > 2 * $t1{4096},
   "one chain: 8 MB (" . ($t1{8388608} // '?') . " ns) over twice 4 KB (" .
   ($t1{4096} // '?') . " ns)") or diag($r->{err});

bad_input_ok('par_mem', ['-x'], 'unknown option');
bad_input_ok('par_mem', ['-M', '1K'], 'len below 4K');
bad_input_ok('par_mem', ['-M', 'abc'], 'non-numeric -M');
bad_input_ok('par_mem', ['-L', '7'], 'bad line');
bad_input_ok('par_mem', ['-N', '0'], 'zero repetitions');
bad_input_ok('par_mem', ['-M', '99999999999999999999'], 'overflowing -M');
bad_input_ok('par_mem', ['extra'], 'extra argument');
done_testing();
