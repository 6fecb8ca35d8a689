#!/usr/bin/perl
# lat_sig: every variant prints its label and a plausible value (prot:
# lmbench3's line, then ours); a file can be mapped for prot; bad input
# gets usage and exit 2.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use File::Temp qw(tempdir);
use Test::More;

my $n = number_re();
# The lines each variant prints, in order.  prot's first is a difference
# of medians (lmbench3's: the returning fault less catch), which a loaded
# machine can bring to 0; every other value is a cost measured as such.
my %label = (
	install => ['Signal handler installation'],
	catch => ['Signal handler overhead'],
	prot => ['Protection fault', 'Protection fault, handler and siglongjmp'],
);

sub result_ok {
	my ($r, $labels, $name) = @_;
	subtest $name => sub {
		is($r->{status}, 0, 'exit 0');
		is($r->{signal}, 0, 'no signal');
		is($r->{out}, '', 'nothing on stdout');
		my $lines = join('', map { "\Q$_\E: $n microseconds\n" } @$labels);
		like($r->{err}, qr/^$lines\z/, 'its result lines, in order');
		my @x = $r->{err} =~ /: ($n) micro/g;
		is(scalar @x, scalar @$labels, 'a value per line');
		my $min_ok = $labels->[0] eq 'Protection fault' ? 0 : 1e-9;
		ok(@x && $x[0] >= $min_ok && $x[0] < 1000, "first value in range")
			or diag($r->{err});
		ok(!grep({ !($_ > 0 && $_ < 1000) } @x[1 .. $#x]),
		   '0 < every other value < 1 ms') or diag($r->{err});
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

# catch and lmbench3's prot are differences of medians: no #stats line,
# their identity on a #metric line; prot's own figure is a plain median
# with its #stats line, which names it.
{
	my $r = run([bin('lat_sig'), 'catch'],
		    env => {quick_env(), LMBENCH_STATS => 1});
	is($r->{status}, 0, 'catch with LMBENCH_STATS: exit 0');
	like($r->{err}, qr/^\Q$label{catch}[0]\E: $n microseconds\n#metric \{"name":"sig\.catch","unit":"microseconds","better":"lower"\}\n\z/,
	     'catch with LMBENCH_STATS: the value line and its #metric line');
	$r = run([bin('lat_sig'), 'prot'],
		 env => {quick_env(), LMBENCH_STATS => 1});
	is($r->{status}, 0, 'prot with LMBENCH_STATS: exit 0');
	my $ours = 'Protection fault, handler and siglongjmp';
	like($r->{err}, qr/^Protection fault: $n microseconds\n#metric \{"name":"sig\.prot","unit":"microseconds","better":"lower"\}\n\Q$ours\E: $n microseconds\n(?:#counters [^\n]*\n)?\#stats \{"label":"\Q$ours\E",[^\n]*"name":"sig\.prot_siglongjmp",[^\n]*\n\z/,
	     'prot with LMBENCH_STATS: #metric under the first, #stats under the second')
		or diag($r->{err});
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
