#!/usr/bin/perl
# lat_sig: every variant prints its label and a plausible value; a file
# can be mapped for prot; bad input gets usage and exit 2.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use File::Temp qw(tempdir);
use Test::More;

my $n = number_re();
my %label = (
	install => 'Signal handler installation',
	catch => 'Signal handler overhead',
	prot => 'Protection fault',
);

sub result_ok {
	my ($r, $label, $name) = @_;
	subtest $name => sub {
		is($r->{status}, 0, 'exit 0');
		is($r->{signal}, 0, 'no signal');
		is($r->{out}, '', 'nothing on stdout');
		like($r->{err}, qr/^\Q$label\E: ($n) microseconds\n\z/,
		     'one result line');
		my ($x) = $r->{err} =~ /: ($n) micro/;
		ok(defined $x && $x > 0 && $x < 1000, '0 < value < 1 ms')
			or diag($r->{err});
	};
}

for my $v (sort keys %label) {
	result_ok(run([bin('lat_sig'), $v], env => {quick_env()}),
		  $label{$v}, $v);
}

# prot on a named file: mapped read-only, left as it was.
my $dir = tempdir(CLEANUP => 1);
my $file = "$dir/data";
open(my $fh, '>', $file) or die;
print $fh "x" x 100;
close($fh);
result_ok(run([bin('lat_sig'), 'prot', $file], env => {quick_env()}),
	  $label{prot}, 'prot on a file');
is(-s $file, 100, 'the file is unchanged in size');
open($fh, '<', $file) or die;
is(scalar(<$fh>), 'x' x 100, 'the file is unchanged in content');
close($fh);

# catch is a difference of two medians: its line, no #stats line, its
# identity on a #metric line.
{
	my $r = run([bin('lat_sig'), 'catch'],
		    env => {quick_env(), LMBENCH_STATS => 1});
	is($r->{status}, 0, 'catch with LMBENCH_STATS: exit 0');
	like($r->{err}, qr/^\Q$label{catch}\E: $n microseconds\n#metric name=sig\.catch unit=microseconds better=lower\n\z/,
	     'catch with LMBENCH_STATS: the value line and its #metric line');
}

# Copies in parallel each install their own handlers.
for my $v (qw(catch prot)) {
	result_ok(run([bin('lat_sig'), '-P', '2', '-N', '3', $v],
		      env => {quick_env()}), $label{$v}, "-P 2 $v");
}

open($fh, '>', "$dir/empty") or die;
close($fh);
bad_input_ok('lat_sig', [], 'no argument');
bad_input_ok('lat_sig', ['bogus'], 'unknown variant');
bad_input_ok('lat_sig', ['-x', 'catch'], 'unknown option');
bad_input_ok('lat_sig', ['-P', 'abc', 'catch'], 'non-numeric -P');
bad_input_ok('lat_sig', ['-N', '-1', 'catch'], 'negative -N');
bad_input_ok('lat_sig', ['-W', '99999999999999999999', 'catch'],
	     'overflowing -W');
bad_input_ok('lat_sig', ['-N'], 'missing -N value');
bad_input_ok('lat_sig', ['catch', $file], 'file with a variant without one');
bad_input_ok('lat_sig', ['prot', $file, 'extra'], 'extra argument');
bad_input_ok('lat_sig', ['prot', "$dir/missing"], 'missing file');
bad_input_ok('lat_sig', ['prot', $dir], 'directory as file');
bad_input_ok('lat_sig', ['prot', "$dir/empty"], 'empty file');

done_testing();
