#!/usr/bin/perl
# lat_rand: the four generators, lmbench3's labels, plausible values.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my @labels = map { "$_ latency" } qw(drand48 lrand48 rand random);

for my $args ([], ['-P', '2', '-N', '1']) {
	my $what = @$args ? 'with -P 2' : 'one copy';
	my $r = run([bin('lat_rand'), @$args], env => {quick_env()});
	is($r->{status}, 0, "$what: exit 0");
	is($r->{out}, '', "$what: nothing on stdout");
	my @got = $r->{err} =~ /^([a-z0-9]+ latency): $n nanoseconds$/mg;
	is(join('|', @got), join('|', @labels), "$what: all labels, in order")
		or diag($r->{err});
	my %v = $r->{err} =~ /^([a-z0-9]+ latency): ($n) nanoseconds$/mg;
	for my $l (@labels) {
		# A library call: more than nothing, less than 100 us.
		ok(defined $v{$l} && $v{$l} > 0 && $v{$l} < 1e5,
		   "$what: $l: 0 < value < 100 us");
	}
}

bad_input_ok('lat_rand', ['-x'], 'unknown option');
bad_input_ok('lat_rand', ['drand48'], 'extra argument');
bad_input_ok('lat_rand', ['-P', '0'], 'zero -P');
bad_input_ok('lat_rand', ['-P', 'abc'], 'non-numeric -P');
bad_input_ok('lat_rand', ['-N', '99999999999999999999'], 'overflowing -N');
bad_input_ok('lat_rand', ['-W'], 'missing -W value');

done_testing();
