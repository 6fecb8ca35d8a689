#!/usr/bin/perl
# The results reader (scripts/lib/LMResults.pm) against the lines it read:
# every metric of every sample run, checked against the source line it
# names.  The value is the number printed at that place of the line; the
# unit is the one the program printed (after the number, at the end of
# the label, or on the #stats line); a median lies inside its interval and
# agrees with the value to the printed precision; every #stats line of the
# file belongs to exactly one value.  JSON, compare and summary all read
# these records, so a column mixed up here shows up here.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LMResults;
use LmTest;
use Test::More;
use JSON::PP;

my $NUM = qr/[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/;
my $UNIT = qr{microseconds|nanoseconds|MB/sec|pages|parallelism|files/sec};
# Points whose program prints no unit anywhere (no #stats line either).
my $NO_UNIT = qr/^(?:mem\.parallelism|fs\.latency)\@/;

my @samples = sort grep { /\.\d+$/ } glob('results/sample/*/*');
ok(@samples >= 2, 'at least two sample results files') or BAIL_OUT('no samples');

for my $f (@samples) {
	open(my $fh, '<', $f) or die "$f: $!";
	my @lines = <$fh>;
	close $fh;
	chomp @lines;
	my $run = LMResults::parse($f);
	my $m = LMResults::metrics($run);
	my @names = sort grep { !/^:/ } keys %$m;
	ok(@names > 1000, "$f: a full run's metrics (" . scalar(@names) . ')');
	is(scalar @{ $run->{orphan_stats} }, 0, "$f: every #stats line belongs to a value")
		or diag(join "\n", map { "line $_->{line}: $_->{label}" } @{ $run->{orphan_stats} });

	my (%bad, $stats_seen, $no_unit);
	for my $n (@names) {
		my $r = $m->{$n};
		my $why = check_metric($r, \@lines);
		$bad{$n} = $why if $why;
		$stats_seen++ if $r->{stats};
		$stats_seen++ if $r->{incl_overhead};
		$no_unit++ if $n =~ $NO_UNIT;
	}
	$stats_seen += grep { $_->{overhead_stats} } @{ $m->{':series'} };
	is(scalar(keys %bad), 0, "$f: all " . scalar(@names)
	   . ' metrics agree with their source lines')
		or diag(join "\n", map { "$_: $bad{$_}" } (sort keys %bad)[0 .. 19]);
	is($stats_seen, scalar(grep { /^#stats / } @lines),
	   "$f: each #stats line is held by one value");
	ok($no_unit < 0.05 * @names, "$f: few points without a printed unit ($no_unit)");

	# lat_fs: one line per size, the rates in their own metrics with the
	# intervals of their own #stats lines (they used to be mixed up).
	my @fs = grep { /^fs\.create\@/ } @names;
	ok(@fs >= 4, "$f: lat_fs create rates per size");
	for my $c (@fs) {
		(my $d = $c) =~ s/create/delete/;
		my ($x) = $c =~ /\@(.*)$/;
		my @tok = split ' ', $lines[ $m->{$c}{line} - 1 ];
		is_deeply([ $m->{"fs.latency\@$x"}{value}, $m->{$c}{value}, $m->{$d}{value} ],
			  [ @tok[1 .. 3] ], "$f: lat_fs $x: files, created/s, deleted/s");
		is($m->{$c}{stats}{label}, 'lat_fs create', "$f: $c has the create #stats");
		is($m->{$d}{stats}{label}, 'lat_fs delete', "$f: $d has the delete #stats");
		ok(!$m->{"fs.latency\@$x"}{stats}, "$f: the file count has no interval");
	}

	# The JSON twin carries the same values, medians and intervals.
	my $r = run([$^X, 'scripts/json', $f]);
	is($r->{status}, 0, "json $f: exit 0");
	my $doc = eval { decode_json($r->{out}) } // {};
	my %jv = map { $_->{name} => $_ } @{ $doc->{values} // [] };
	is_deeply([ sort keys %jv ], \@names, "json $f: the same metric names");
	my @jbad;
	for my $n (@names) {
		my ($j, $v) = ($jv{$n}, $m->{$n});
		next unless $j;
		push @jbad, "$n: value" unless $j->{value} == $v->{value};
		push @jbad, "$n: unit" unless $j->{unit} eq $v->{unit};
		if ($j->{ci}) {
			push @jbad, "$n: median outside ci"
				unless $j->{ci}{lo} <= $j->{median} && $j->{median} <= $j->{ci}{hi};
		} else {
			push @jbad, "$n: median" unless $j->{median} == $v->{value};
		}
	}
	is(scalar @jbad, 0, "json $f: every value as read, median inside its interval")
		or diag(join "\n", @jbad[0 .. 9]);
}

# Returns what is wrong with one metric record, or '' when nothing is.
sub check_metric {
	my ($r, $lines) = @_;
	return 'no source line' unless $r->{line} && defined $r->{at};
	my $l = $lines->[ $r->{line} - 1 ];
	my $rest = substr($l, $r->{at});
	return "nothing numeric at $r->{at} of line $r->{line}: $l"
		unless $rest =~ /^($NUM)/;
	my $printed = $1;
	return "value $r->{value} but line $r->{line} says $printed"
		unless $printed == $r->{value};
	my $after = substr($rest, length $printed);
	my $unit;
	if ($after =~ /^ ($UNIT)/) {
		$unit = $1;
	} elsif ($l =~ /^[^:]* (parallelism): $NUM\s*$/) {
		$unit = $1;
	} elsif ($r->{stats}) {
		$unit = $r->{stats}{unit};
	} elsif ($r->{incl_overhead}) {
		$unit = $r->{incl_overhead}{unit};
	}
	if (defined $unit) {
		return "unit $r->{unit}, printed $unit" unless $unit eq $r->{unit};
	} elsif ($r->{name} !~ $NO_UNIT) {
		return "no unit printed for line $r->{line}";
	}
	my $s = $r->{stats} or return '';
	return 'stats without an interval' unless defined $s->{ci_lo} && defined $s->{ci_hi};
	return "median $s->{median} outside [$s->{ci_lo}, $s->{ci_hi}]"
		unless $s->{ci_lo} <= $s->{median} && $s->{median} <= $s->{ci_hi};
	return "median $s->{median} outside [min, max]"
		unless $s->{min} <= $s->{median} && $s->{median} <= $s->{max};
	return "n=$s->{n} but " . scalar(@{ $s->{samples} }) . ' samples'
		unless $s->{n} == @{ $s->{samples} };
	# The value is the median as printed: within half its last digit
	# (the #stats line has 6 significant digits of its own).
	my $dec = $printed =~ /\.(\d+)/ ? length $1 : 0;
	my $tol = 0.5 * 10**-$dec + 5e-6 * abs($s->{median});
	my $median = $s->{median} * ($s->{parallel} // 1);
	return "value $printed is not the median $s->{median}"
		unless abs($r->{value} - $median) <= $tol;
	return '';
}

done_testing();
