#!/usr/bin/perl
# The percent table (scripts/summary -p) on made-up runs whose percentages
# are worked out here: each value as a percentage of the best row in its
# column, the lowest for a time and the highest for a bandwidth.  (The
# golden file t/golden/percent.txt is the script's own output: it keeps
# the layout, not the arithmetic.)
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmSynth;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);
# host => [syscall.null us, pipe.latency us, pipe.bandwidth MB/s]
my %host = (hosta => [ 0.1, 5, 4000 ], hostb => [ 0.25, 12.5, 1000 ],
	    hostc => [ 0.15, 6, 3000 ]);
# By hand: null call best 0.1 (hosta): 100, 250, 150; pipe latency best 5:
# 100, 250, 120; pipe bandwidth best 4000 (the highest): 100, 25, 75.
my %want = (hosta => [ 100, 100, 100 ], hostb => [ 250, 250, 25 ],
	    hostc => [ 150, 120, 75 ]);
my @files;
for my $h (sort keys %host) {
	my ($null, $lat, $bw) = @{ $host{$h} };
	synth_run("$tmp/$h.0", header => { HOSTNAME => $h }, metrics => [
		{ name => 'syscall.null', values => [ $null ] },
		{ name => 'pipe.latency', values => [ $lat ] },
		{ name => 'pipe.bandwidth', unit => 'MB/sec', better => 'higher',
		  values => [ $bw ] } ]);
	push @files, "$tmp/$h.0";
}

# The cells of a host's row in the section whose title starts with $title,
# after the host and OS columns.
sub row {
	my ($text, $title, $h) = @_;
	my ($sec) = $text =~ /^\Q$title\E.*?\n-{9} -[^\n]*\n(.*?)(?:\n\n|\z)/ms;
	my ($line) = ($sec // '') =~ /^\Q$h\E +\S+ \S+ ([^\n]*)$/m;
	return [ split ' ', $line // '' ];
}

my $r = run([ $^X, 'scripts/summary', '-p', @files ]);
is($r->{status}, 0, 'summary -p: exit 0') or diag($r->{err});
for my $h (sort keys %host) {
	my ($null, $lat, $bw) = @{ $want{$h} };
	is_deeply(row($r->{out}, 'Processor, Processes', $h), [ $null ],
		  "$h: null call $null% of the best");
	# The latencies section: 2p/0K ctxsw is empty, Pipe is the first value.
	is_deeply(row($r->{out}, '*Local* Communication latencies', $h), [ $lat ],
		  "$h: pipe latency $lat% of the best");
	is_deeply(row($r->{out}, '*Local* Communication bandwidths', $h), [ $bw ],
		  "$h: pipe bandwidth $bw% of the best (the highest)");
}
like($r->{out}, qr/^Processor, Processes - times in microseconds - percent of the best row$/m,
     'the heading says percent of the best row');

# Without -p the values themselves.
$r = run([ $^X, 'scripts/summary', @files ]);
is_deeply(row($r->{out}, '*Local* Communication bandwidths', 'hostb'), [ 1000 ],
	  'summary without -p: the value');
done_testing();
