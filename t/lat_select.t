#!/usr/bin/perl
# lat_select: labels for file and tcp, counts, cleanup, bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use File::Temp qw(tempdir);
use Test::More;

my $n = number_re();
my $dir = tempdir(CLEANUP => 1);
my %env = (quick_env(), TMPDIR => $dir);
for my $case ([[qw(file)], "Select on 200 fd's"],
	      [[qw(-n 10 file)], "Select on 10 fd's"],
	      [[qw(-n 500 file)], "Select on 500 fd's"],
	      [[qw(-n 100 tcp)], "Select on 100 tcp fd's"],
	      [[qw(-n 250 -N 3 tcp)], "Select on 250 tcp fd's"]) {
	my ($args, $label) = @$case;
	my $r = run([bin('lat_select'), @$args], env => \%env);
	is($r->{status}, 0, "@$args: exit 0") or diag($r->{err});
	like($r->{err}, qr/^\Q$label\E: ($n) microseconds\n\z/, "@$args: label");
	my ($x) = $r->{err} =~ /: ($n) micro/;
	ok(defined $x && $x > 0 && $x < 10000, "@$args: plausible value");
}
opendir(my $dh, $dir);
is_deeply([grep { !/^\./ } readdir $dh], [], 'temporary file removed');

bad_input_ok('lat_select', [], 'no variant');
bad_input_ok('lat_select', ['pipe'], 'unknown variant');
bad_input_ok('lat_select', ['-n', '0', 'file'], 'zero descriptors');
bad_input_ok('lat_select', ['-n', '5000', 'file'], 'beyond FD_SETSIZE');
bad_input_ok('lat_select', ['-n', 'x', 'file'], 'non-numeric -n');
bad_input_ok('lat_select', ['file', 'tcp'], 'two variants');
bad_input_ok('lat_select', ['-x', 'file'], 'unknown option');
done_testing();
