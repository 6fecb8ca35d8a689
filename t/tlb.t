#!/usr/bin/perl
# tlb: format with and without -c, plausible page count, bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my %env = (quick_env(), ENOUGH => 500);

# tlb refuses (exit 1) when a busy machine shows it no step: tries.
my $busy = qr/no TLB step seen/;
my $r = run_retry([bin('tlb'), '-N', '5'], $busy, env => \%env);
is($r->{status}, 0, 'exit 0');
is($r->{out}, '', 'nothing on stdout');
like($r->{err}, qr/\Atlb: (\d+) pages\n\z/, 'tlb: <n> pages');
my ($p) = $r->{err} =~ /(\d+) pages/;
ok(defined $p && $p >= 8 && $p <= 4096, 'a plausible count')
	or diag($r->{err});

$r = run_retry([bin('tlb'), '-c', '-N', '5', '-M', '8M'], $busy, env => \%env);
is($r->{status}, 0, '-c: exit 0');
like($r->{err}, qr/\Atlb: \d+ pages ($n) nanoseconds\n\z/,
     '-c: the miss cost');
my ($ns) = $r->{err} =~ /pages ($n) nano/;
ok(defined $ns && $ns > 0 && $ns < 1000, '-c: 0 < cost < 1 us')
	or diag($r->{err});

bad_input_ok('tlb', ['-x'], 'unknown option');
bad_input_ok('tlb', ['-L', '3'], 'line not dividing the page');
bad_input_ok('tlb', ['-L', '0'], 'line 0');
bad_input_ok('tlb', ['-L', 'abc'], 'non-numeric -L');
bad_input_ok('tlb', ['-M', '64K'], 'too few pages');
bad_input_ok('tlb', ['-M', '-5'], 'negative -M');
bad_input_ok('tlb', ['-M', '99999999999999999999'], 'overflowing -M');
bad_input_ok('tlb', ['-N'], 'missing -N value');
bad_input_ok('tlb', ['extra'], 'extra argument');
done_testing();
