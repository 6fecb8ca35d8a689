#!/usr/bin/perl
# lat_c2c's verdict on its matrix reaches the reports: the reader keeps it,
# the summary's notes, the JSON twin and the heat map's title say when the
# matrix was not stable ("vCPUs appear to move: matrix not a topology"),
# and say nothing of it when it was.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use MiniSchema;
use LMResults;
use Test::More;
use JSON::PP;
use File::Temp qw(tempdir);

my $dir = tempdir(CLEANUP => 1);
my $schema = decode_json(do { local (@ARGV, $/) = 'doc/results-schema.json'; <> });
my $line = 'repeat spread median 372.1% max 372.1%; asymmetry median 3.0% max 3.0% '
	. '(2 pairs; stable: medians <= 15%, maxima <= 50%)';

sub file {
	my ($name, $stable) = @_;
	my $f = "$dir/$name";
	open(my $fh, '>', $f) or die "$f: $!";
	print $fh "[lmbench3.0 results for Linux $name 6.1 x86_64]\n[HOSTNAME: $name]\n",
		"# core-to-core latency (ns, half a round trip; rows: initiating CPU, columns: responding CPU)\n",
		"             0       1\n     0       -    39.7\n     1    40.9       -\n\n",
		"c2c stability: ", ($stable ? 'stable' : 'not stable'), ": $line\n",
		($stable ? "c2c shared LLC: 40.30 nanoseconds\n"
			 : "vCPUs appear to move: matrix not a topology\n"),
		"\"c2c latency\n0 1 39.72\n1 0 40.90\n\n[STATUS: complete]\n";
	close $fh;
	return $f;
}

for my $case ([ 'moving', 0 ], [ 'fixed', 1 ]) {
	my ($name, $stable) = @$case;
	my $f = file("$name.0", $stable);
	my $run = LMResults::parse($f);
	is_deeply({ map { $_ => $run->{c2c_stability}{$_} } qw(stable text moved) },
		  { stable => $stable, text => $line, moved => $stable ? 0 : 1 }, "$name: the verdict, read");
	ok(!grep({ /stability|vCPUs/ } @{ $run->{unparsed} }), "$name: its lines not left unread");

	my $r = run([ 'scripts/summary', $f ]);
	my $note = qr/c2c: vCPUs appear to move: matrix not a topology, no figure by kind \(c2c stability: not stable: \Q$line\E\)/;
	if ($stable) {
		unlike($r->{out} . $r->{err}, qr/vCPUs appear to move/, "$name: summary: no such note");
	} else {
		like($r->{out} . $r->{err}, $note, "$name: summary: the note");
	}

	$r = run([ 'scripts/json', $f ]);
	my $j = decode_json($r->{out});
	is_deeply($j->{c2c_stability}, { stable => $stable ? JSON::PP::true : JSON::PP::false, text => $line },
		  "$name: json: c2c_stability");
	my @e = MiniSchema::validate($schema, $j);
	is(scalar @e, 0, "$name: json: valid against the schema") or diag(join("\n", @e));

	$r = run([ $^X, 'scripts/graphs', '-n', '-f', 'png', '-o', "$dir/hm_$name", $f ]);
	is($r->{status}, 0, "$name: graphs: exit 0") or diag($r->{err});
	my $gp = do { local (@ARGV, $/) = "$dir/hm_$name/c2c.gp"; <> } // '';
	my ($title) = $gp =~ /^set title (.*)$/m;
	ok(defined $title && ($stable xor $title =~ /not stable, vCPUs appear to move: matrix not a topology/),
	   "$name: heat map title " . ($stable ? 'as before' : 'says so')) or diag($title // $gp);
}
done_testing();
