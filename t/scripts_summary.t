#!/usr/bin/perl
# Golden tests: the summary, the percent table and the JSON twin, from the
# checked-in sample results (results/sample/, made by real runs); compare
# has t/scripts_compare.t.
# When the sample files are regenerated, regenerate t/golden/ with:
#   perl scripts/summary results/sample/*/*.[0-9] > t/golden/summary.txt
#   perl scripts/summary -p results/sample/*/*.[0-9] > t/golden/percent.txt
#   for f in results/sample/*/*.[0-9]; do perl scripts/json $f > $f.json; done
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;

my @samples = sort grep { /\.\d+$/ } glob('results/sample/*/*');
plan skip_all => 'no sample results in results/sample/ (a tree without them)'
	unless @samples;
ok(@samples >= 2, 'at least two sample results files');

my $r = run([$^X, 'scripts/summary', @samples]);
is($r->{status}, 0, 'summary: exit 0');
is($r->{out}, slurp('t/golden/summary.txt'), 'summary matches t/golden/summary.txt');
$r = run([$^X, 'scripts/summary', '-p', @samples]);
is($r->{status}, 0, 'percent: exit 0');
is($r->{out}, slurp('t/golden/percent.txt'), 'percent matches t/golden/percent.txt');

# The layout of seed 000: every section, in order, with its header.
my $s = slurp('t/golden/summary.txt');
my @sections = ('Basic system parameters', 'Processor, Processes', 'Basic integer operations',
	'Basic uint64 operations', 'Basic float operations', 'Basic double operations',
	'Context switching', '*Local* Communication latencies', 'File & VM system latencies',
	'*Local* Communication bandwidths', 'Memory latencies');
my $pos = 0;
for my $t (@sections) {
	my $i = index($s, "\n$t", $pos);
	ok($i > $pos, "section '$t' present and in order");
	$pos = $i if $i > 0;
}
like($s, qr/^\s+L M B E N C H  3 \. 0   S U M M A R Y$/m, 'title');
unlike($s, qr/\*Remote\*/, 'no remote section without remote results');
# One row per results file in every section (the 11 of lmbench3 and those
# of the groups some sample ran); blank, never zero, when not measured.
my @rows = $s =~ /^(vm\.\d+(?:#\d+)?\s+Linux.*)$/mg;
my $tables = () = $s =~ /^-{9} -/mg;
ok($tables >= 11, "$tables sections");
is(scalar @rows, $tables * @samples, 'one row per file in each section');
unlike($s, qr/^vm\S* .*\s0\.0+(\s|$)/m, 'no zero standing in for a missing value');
like($s, qr/^Notes\n-----\n/m, 'notes follow the tables');
# The samples are full runs with every program built: every column of every
# section holds a number in every row (the Guesses column of the memory
# latencies excepted, which lmbench3 too leaves blank).
my %cols = ('Basic system parameters' => 5, 'Processor, Processes' => 11,
	'Basic integer operations' => 5, 'Basic uint64 operations' => 5,
	'Basic float operations' => 4, 'Basic double operations' => 4,
	'Context switching' => 7, '*Local* Communication latencies' => 8,
	'File & VM system latencies' => 8, '*Local* Communication bandwidths' => 9,
	'Memory latencies' => 5);
for my $t (sort keys %cols) {
	my ($body) = $s =~ /^\Q$t\E.*?\n-{9} -.*?\n(.*?)\n\n/ms;
	ok(defined $body, "section '$t' has rows") or next;
	my @r = grep { /^vm\.\d+(?:#\d+)?\s/ } split /\n/, $body;
	is(scalar @r, scalar @samples, "section '$t': one row per file");
	for my $row (@r) {
		my $n = grep { /^\d+(\.\d*)?[KM]?$/ } split ' ', $row;
		is($n, $cols{$t}, "section '$t': $cols{$t} values in a row");
	}
}
unlike($s, qr/not measured/, 'nothing reported as not measured');

# Several files of one host: each row is labelled host.n after its file's
# suffix, so that the rows can be told apart (host.n#<place> where two
# files share a suffix); in every section the labels follow the files' order.
my @sfx = map { /\.(\d+)$/ ? "vm.$1" : () } @samples;
my %twice;
$twice{$_}++ for @sfx;
@sfx = map { $twice{ $sfx[$_] } > 1 ? "$sfx[$_]#" . ($_ + 1) : $sfx[$_] } 0 .. $#sfx;
for my $t (sort keys %cols) {
	my ($body) = $s =~ /^\Q$t\E.*?\n-{9} -.*?\n(.*?)\n\n/ms;
	is_deeply([ map { (split ' ')[0] } split /\n/, $body // '' ], \@sfx,
		  "section '$t': rows labelled @sfx");
}
{
	use File::Temp qw(tempdir);
	my $tmp = tempdir(CLEANUP => 1);
	my @f;
	# A long host name is cut before the suffix, never through it; a
	# host with one file keeps its plain name.
	for (['averylonghostname', 3], ['averylonghostname', 12], ['other', 0]) {
		my ($h, $n) = @$_;
		my $d = "$tmp/$h-$n";
		mkdir $d or die;
		open(my $fh, '>', "$d/$h.$n") or die;
		print $fh "[lmbench3.0 results for Linux $h 6.1]\n[HOSTNAME: $h]\n",
			"[SYSNAME: Linux]\nSimple syscall: 0.1000 microseconds\n[STATUS: complete]\n";
		close $fh;
		push @f, "$d/$h.$n";
	}
	# The same name and suffix in two directories: numbered in order.
	mkdir "$tmp/again" or die;
	system('cp', $f[0], "$tmp/again/") == 0 or die;
	$r = run([$^X, 'scripts/summary', @f, "$tmp/again/averylonghostname.3"]);
	is($r->{status}, 0, 'summary of one host twice and another: exit 0');
	my ($body) = $r->{out} =~ /^Processor, Processes.*?\n-{9} -.*?\n(.*?)\n\n/ms;
	is_deeply([ map { (split ' ')[0] } split /\n/, $body // '' ],
		  [ 'avery.3#1', 'averyl.12', 'other', 'avery.3#4' ],
		  'rows told apart: host.n cut before the suffix, a lone host plain');
}

# Numbers as a person reads them: no trailing zeros (9.53000) or point
# (758.), large values in K and M; and no "do not distribute" banner (the
# licence is MIT).
unlike($s, qr/Alpha software|do not distribute/, 'no Alpha-software banner');
my @cells = map { split ' ', length > 24 ? substr($_, 24) : '' } grep { /^vm\.\d+(?:#\d+)?\s/ } split /\n/, $s;
ok(@cells > 100, 'the cells of every section');
is(scalar(grep { /^\d+\.$/ || /\.\d*0$/ } @cells), 0, 'no number ends in a point or a zero decimal')
	or diag(join(' ', grep { /^\d+\.$/ || /\.\d*0$/ } @cells));
ok((grep { /^\d+(?:\.\d+)?K$/ } @cells), 'values from 10000 up in K');

# The tables as VirtualClient reads them (its LMbenchMetricsParser.cs:
# sections between blank lines, rows with these words dropped, cells cut
# at fixed columns, K and M multiplied out): every cell it reads is blank
# or the number the summary means, within the digits shown.
my %VC = (
	'Processor, Processes' => [ map { [ $_, 4 ] } 24, 29, 34, 39, 44, 49, 54, 59, 64, 69, 74 ],
	'Basic integer operations' => [ map { [ $_, 6 ] } 24, 31, 38, 45, 52 ],
	'Basic float operations' => [ map { [ $_, 6 ] } 24, 31, 38, 45 ],
	'Basic double operations' => [ map { [ $_, 6 ] } 24, 31, 38, 45 ],
	'Context switching' => [ [ 24, 6 ], [ 31, 6 ], [ 38, 6 ], [ 45, 6 ], [ 52, 6 ], [ 59, 7 ], [ 67, 7 ] ],
	'*Local* Communication latencies' => [ [ 24, 5 ], [ 30, 5 ], [ 36, 4 ], [ 41, 5 ], [ 47, 5 ],
		[ 53, 5 ], [ 59, 5 ], [ 65, 4 ] ],
	'File & VM system latencies' => [ [ 24, 6 ], [ 31, 6 ], [ 38, 6 ], [ 45, 6 ], [ 52, 7 ],
		[ 60, 5 ], [ 66, 7 ], [ 74, 5 ] ],
	'*Local* Communication bandwidths' => [ [ 24, 4 ], [ 29, 4 ], [ 34, 4 ], [ 39, 6 ], [ 46, 6 ],
		[ 53, 6 ], [ 60, 6 ], [ 67, 4 ], [ 72, 5 ] ],
	'Memory latencies' => [ [ 24, 5 ], [ 30, 6 ], [ 37, 6 ], [ 44, 11 ], [ 56, 11 ] ],
);
{
	use lib 'scripts/lib';
	require LMResults;
	require LMSummary;
	my @runs = map { LMResults::parse($_) } @samples;
	my %want;	# title => [ rows of raw values ]
	for my $t (LMSummary::tables(\@runs)) {
		my ($title) = $t->{head} =~ /^(.*?)(?: -|\n| in )/;
		$want{$title} = [ map { $_->{values} } @{ $t->{rows} } ];
	}
	my $text = $s =~ s/^.*(?:-{2,}|ctxsw|Create|reread|WARNING|hndl|add).*\n//mgr;
	my ($bad, $read) = (0, 0);
	for my $sec (split /\n\s*\n/, $text) {
		my ($name, $head, @rows) = split /\n/, $sec;
		next unless defined $name;
		my ($t) = grep { index($name, $_) == 0 } keys %VC or next;
		my $key = (grep { index($name, $_) == 0 } keys %want)[0];
		for my $i (0 .. $#rows) {
			my @cols = @{ $VC{$t} };
			for my $c (0 .. $#cols) {
				my $cell = length($rows[$i]) > $cols[$c][0] ? substr($rows[$i], $cols[$c][0], $cols[$c][1]) : '';
				$cell =~ s/^\s+|\s+$//g;
				next if $cell eq '';
				my $v = $cell =~ /^([\d.]+)([KM]?)$/ ? $1 * { '' => 1, K => 1e3, M => 1e6 }->{$2} : undef;
				my $w = $want{$key}[$i][ $t eq 'Basic system parameters' ? $c : $c ];
				$read++;
				$bad++, diag("$t row $i col $c: '$cell' for $w")
					unless defined $v && defined $w && abs($v - $w) <= 0.05 * abs($w) + 0.001;
			}
		}
	}
	ok($read > 100, "VirtualClient's columns read ($read cells)");
	is($bad, 0, 'each the number the summary means');
}

# A file that does not exist, and bad options.
$r = run([$^X, 'scripts/summary', '/nonexistent/results.0']);
is($r->{status}, 2, 'missing file: exit 2');
$r = run([$^X, 'scripts/summary', '-x']);
is($r->{status}, 2, 'bad option: exit 2');
like($r->{err}, qr/^Usage: scripts\/summary/m, 'usage line');

# The JSON twins are what scripts/json makes of the samples, byte for byte
# (its output is canonical: keys sorted; decoding megabytes with JSON::PP
# would take seconds a file).
for my $f (@samples) {
	$r = run([$^X, 'scripts/json', $f]);
	is($r->{status}, 0, "json $f: exit 0");
	my ($got, $want) = map { [ split /\n/ ] } $r->{out}, slurp("$f.json");
	my ($i) = grep { ($got->[$_] // '') ne ($want->[$_] // '') } 0 .. ($#$got > $#$want ? $#$got : $#$want);
	ok(!defined $i && @$got > 100, "json $f matches its twin")
		or diag(defined $i ? 'line ' . ($i + 1) . ': ' . ($got->[$i] // '(none)') . ' for '
			. ($want->[$i] // '(none)') : 'empty');
}

done_testing();
