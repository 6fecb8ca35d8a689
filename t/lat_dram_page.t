#!/usr/bin/perl
# lat_dram_page: a number (or a clear refusal without huge pages); bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my %env = (quick_env(), ENOUGH => 500);

for my $v ([], ['-v']) {
	my $r = run([bin('lat_dram_page'), @$v, '-N', '3', '-M', '8M'],
		    env => \%env);
	is($r->{out}, '', "@$v: nothing on stdout");
	if ($r->{status} == 1) {
		like($r->{err}, qr/huge pages/, "@$v: refuses without huge pages");
		next;
	}
	is($r->{status}, 0, "@$v: exit 0");
	my $re = @$v
	    ? qr/\A# \d+-byte pages; pair with the second load near: ($n) ns, far: ($n) ns\n-?$n\n\z/
	    : qr/\A-?$n\n\z/;
	like($r->{err}, $re, "@$v: format") or diag($r->{err});
	if (@$v && $r->{err} =~ $re) {
		ok($1 > 0 && $2 > 0, '-v: both pair times positive');
	}
}

bad_input_ok('lat_dram_page', ['-x'], 'unknown option');
bad_input_ok('lat_dram_page', ['-M', '1M'], 'less than a huge page');
bad_input_ok('lat_dram_page', ['-M', 'x'], 'non-numeric -M');
bad_input_ok('lat_dram_page', ['-M', '-4M'], 'negative -M');
bad_input_ok('lat_dram_page', ['-M', '99999999999999999999'], 'overflowing -M');
bad_input_ok('lat_dram_page', ['-P', '2'], '-P is not an option');
bad_input_ok('lat_dram_page', ['extra'], 'extra argument');
done_testing();
