#!/usr/bin/perl
# scripts/export: each format against its consumer's documentation, every
# metric of a sample run accounted for, and Debian's compare.py (Google
# Benchmark's tools) reading two exports: no change A/A, the planted 10%
# changes found.
#   Google Benchmark JSON: google/benchmark docs/user_guide.md, "Output
#     Formats", and the fields tools/gbench/report.py reads
#   Bencher Metric Format: https://bencher.dev/docs/reference/bencher-metric-format
#     (its JSON Schema, bmf.json)
#   github-action-benchmark: README, customSmallerIsBetter and
#     customBiggerIsBetter (name, unit, value, range?, extra?)
#   Apache Otava CSV: docs/CSV.md (a header row, time column, attributes,
#     metric columns of numbers)
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun qw(slurp);
use MiniSchema;
use Test::More;
use JSON::PP;
use File::Temp qw(tempdir);
use lib 'scripts/lib';
use LMResults;

# The first ten of a list, a line each (for diag).
sub some { my @x = @_; return join "\n", @x[0 .. ($#x < 9 ? $#x : 9)]; }

# The runs oldest first (the exports order them so): the first two.
my @samples = map { $_->[1] } sort { $a->[0] cmp $b->[0] || $a->[1] cmp $b->[1] }
	map { [ (slurp($_) =~ /^\[DATE: ([^\]]*)\]$/m)[0] // '', $_ ] }
	grep { /\.\d+$/ } glob('results/sample/*/*');
plan skip_all => 'needs two sample runs in results/sample' if @samples < 2;
my ($s0, $s1) = @samples;
my $tmp = tempdir(CLEANUP => 1);

sub export { return run([$^X, 'scripts/export', @_], timeout => 120); }
sub json_of {
	my ($r, $what) = @_;
	my $j = eval { decode_json($r->{out}) };
	ok($j, "$what is JSON") or diag($@ // $r->{err});
	return $j;
}

# Every result of a run: its metric records (counts the harness chose
# are no results).
sub results_of {
	my $m = LMResults::metrics(LMResults::parse($_[0]));
	return { map { $_ => $m->{$_} } grep { !/^:/ && !$m->{$_}{count} } keys %$m };
}
my $m0 = results_of($s0);
my $m1 = results_of($s1);
ok(keys %$m0 > 500, 'the sample run has ' . scalar(keys %$m0) . ' results');

# ---- Google Benchmark JSON ----------------------------------------------------

my $r = export('-f', 'gbench', $s0);
is($r->{status}, 0, 'gbench: exit 0') or diag($r->{err});
my $g = json_of($r, 'gbench');
my $ctx = $g->{context} // {};
ok(defined $ctx->{date} && defined $ctx->{host_name} && $ctx->{json_schema_version} == 1,
   'context: date, host_name, json_schema_version 1');
ok(!grep({ ref $ctx->{$_} } grep { !/^caches$/ } keys %$ctx), 'context fields are scalars');
my (%reps, %aggs, @bad);
for my $b (@{ $g->{benchmarks} // [] }) {
	push @bad, "$b->{name}: no $_" for grep { !defined $b->{$_} }
		qw(name run_name run_type repetitions threads real_time cpu_time time_unit);
	push @bad, "$b->{name}: time_unit $b->{time_unit}" unless ($b->{time_unit} // '') =~ /^(?:ns|us|ms|s)$/;
	push @bad, "$b->{name}: real_time not a number" unless MiniSchema::is_number($b->{real_time});
	if (($b->{run_type} // '') eq 'iteration') {
		push @{ $reps{ $b->{name} } }, $b;
		push @bad, "$b->{name}: repetition_index" unless defined $b->{repetition_index};
	} elsif (($b->{run_type} // '') eq 'aggregate') {
		$aggs{ $b->{run_name} }{ $b->{aggregate_name} } = $b;
	} else {
		push @bad, "$b->{name}: run_type";
	}
}
is(scalar @bad, 0, 'every entry has the fields compare.py reads, well typed')
	or diag(some(@bad));

# Each result is in it or named as left out, and only those the format
# cannot hold (neither a time nor a rate with a better direction).
my ($left) = $r->{err} =~ /left out: (.*)$/m;
my %left = map { $_ => 1 } split ' ', $left // '';
my (@missing, @wrong);
for my $n (sort keys %$m0) {
	my $rec = $m0->{$n};
	my $fits = ($rec->{better} eq 'lower' && $rec->{unit} =~ /^(?:micro|nano)seconds$/)
		|| ($rec->{better} eq 'higher' && $rec->{unit} =~ /^(?:MB|files)\/sec$/);
	if (!$reps{$n}) {
		push @missing, $n unless $left{$n} && !$fits;
		next;
	}
	my @v = map { $_->{real_time} } sort { $a->{repetition_index} <=> $b->{repetition_index} } @{ $reps{$n} };
	my $st = $rec->{stats};
	my @want = $st ? @{ $st->{samples} } : ($rec->{value});
	# A rate is the time per MB (or file) and the rate itself.
	my $rate = $rec->{unit} =~ /\/sec$/;
	@want = map { 1e6 / $_ } @want if $rate;
	push @wrong, "$n: " . scalar(@v) . ' repetitions, ' . scalar(@want) . ' samples'
		unless @v == @want;
	push @wrong, "$n: repetitions are not the samples in order"
		if grep { abs($v[$_] - $want[$_]) > 1e-9 * abs($want[$_]) } 0 .. $#v;
	push @wrong, "$n: unit" unless $reps{$n}[0]{time_unit} eq ($rec->{unit} eq 'nanoseconds' ? 'ns' : 'us');
	if ($rate) {
		my $c = $rec->{unit} eq 'MB/sec' ? 'bytes_per_second' : 'items_per_second';
		my $k = $rec->{unit} eq 'MB/sec' ? 1e6 : 1;
		push @wrong, "$n: no $c counter" unless grep { defined $_->{$c}
			&& abs($_->{$c} * $_->{real_time} - 1e6 * $k) < 1e-3 * $k } @{ $reps{$n} };
	}
	if (@v > 1) {
		my $med = $aggs{$n}{median};
		push @wrong, "$n: no median aggregate" unless $med;
		# The printed value is the median of the samples (rounded in print).
		push @wrong, "$n: median aggregate $med->{real_time} is not the value"
			if $med && !$rate && abs($med->{real_time} - $rec->{value}) > 0.01 * $rec->{value};
	}
}
is(scalar @missing, 0, 'every result of the sample run is there or named as left out, rightly')
	or diag(some(@missing));
is(scalar @wrong, 0, 'each metric: its samples as repetitions, in order, its unit, median aggregate')
	or diag(some(@wrong));
ok(scalar(keys %reps) > 0.8 * keys %$m0, scalar(keys %reps) . ' metrics in it');

# Several runs: one repetition per run, its value.
$r = export('-f', 'gbench', $s0, $s1);
$g = json_of($r, 'gbench of two runs');
my @sc = grep { $_->{name} eq 'syscall.null' && $_->{run_type} eq 'iteration' } @{ $g->{benchmarks} };
is_deeply([ map { $_->{real_time} } @sc ], [ $m0->{'syscall.null'}{value}, $m1->{'syscall.null'}{value} ],
	  'two runs: syscall.null has their two values as repetitions');

# A run whose intervals were tainted: its repetitions are the clean
# samples its median is over, so Google Benchmark's median is the printed
# one (to the 6 digits it is printed with).
my ($tainted) = grep { slurp($_) =~ /^#stats label="Simple syscall" [^\n]*median_of=clean/m }
	grep { /\.\d+$/ } glob('results/sample/*/*');
SKIP: {
	skip 'no sample run with tainted intervals', 3 unless $tainted;
	my $st = results_of($tainted)->{'syscall.null'}{stats};
	my @clean = LMResults::used_samples($st);
	ok(@clean > 0 && @clean < @{ $st->{samples} }, 'tainted sample: fewer clean samples than samples');
	$r = export('-f', 'gbench', $tainted);
	my $gt = json_of($r, 'gbench of a tainted run');
	my @it = grep { $_->{name} eq 'syscall.null' } @{ $gt->{benchmarks} // [] };
	my ($med) = grep { $_->{name} eq 'syscall.null_median' } @{ $gt->{benchmarks} // [] };
	ok(@it == @clean && $med && abs($med->{real_time} - $st->{median}) < 1e-5 * $st->{median},
	   'gbench: the clean samples as repetitions, their median the printed one')
		or diag(scalar(@it) . ' repetitions, ' . scalar(@clean) . " clean; median "
			. ($med ? $med->{real_time} : 'none') . " against $st->{median}");
}

# ---- compare.py on two exports ---------------------------------------------------

# A small run cut from the sample: its header and the metrics named,
# each value and its #stats multiplied by the factor given.
sub cut_run {
	my ($path, %scale) = @_;
	my ($out, $in_head, $k) = ('', 1, 0);
	for my $l (split /^/, slurp($s0)) {
		if ($in_head && $l =~ /^\[/) { $out .= $l; next; }
		$in_head = 0;
		if ($l =~ /^#stats / && $k) {
			$l =~ s/\b(samples=)([0-9.,]+)/$1 . join(',', map { $_ * $k } split ',', $2)/e;
			$l =~ s/\b(min|q1|median|q3|max|ci_lo|ci_hi)=([0-9.]+)/"$1=" . $2 * $k/ge;
			$out .= $l;
		}
		$k = 0;
		for my $label (keys %scale) {
			next unless $l =~ /^\Q$label\E: [0-9.]+ /;
			$k = $scale{$label};
			$out .= $l =~ s/([0-9.]+)/$1 * $k/er;
		}
	}
	open(my $fh, '>', $path) or die;
	print $fh $out, "[STATUS: complete]\n";
	close $fh;
}
my %base = ('Simple syscall' => 1, 'Simple read' => 1, 'STREAM copy bandwidth' => 1);
cut_run("$tmp/a.0", %base);
cut_run("$tmp/b.0", %base, 'Simple syscall' => 1.1, 'STREAM copy bandwidth' => 0.9);
my $ma = results_of("$tmp/a.0");
my $mb = results_of("$tmp/b.0");
is_deeply([ sort keys %$ma ], [qw(stream.copy.bandwidth syscall.null syscall.read)], 'the cut run: three metrics')
	or diag(join ' ', sort keys %$ma);
ok(abs($mb->{'syscall.null'}{value} / $ma->{'syscall.null'}{value} - 1.1) < 1e-6
   && abs($mb->{'syscall.null'}{stats}{samples}[3] / $ma->{'syscall.null'}{stats}{samples}[3] - 1.1) < 1e-6
   && !$mb->{'syscall.null'}{stats}{invalid},
   'planted: syscall.null and its samples 10% slower, its #stats still whole');
for (['a.0', 'ga.json'], ['a.0', 'ga2.json'], ['b.0', 'gb.json']) {
	$r = export('-f', 'gbench', '-o', "$tmp/$_->[1]", "$tmp/$_->[0]");
	is($r->{status}, 0, "gbench -o $_->[1]") or diag($r->{err});
}

sub compare_py {
	return $ENV{COMPARE_PY} if $ENV{COMPARE_PY};
	my @c = ('/usr/share/benchmark/compare.py');
	push @c, map { chomp; $_ } grep { m{/compare\.py$} } `dpkg -L libbenchmark-tools 2>/dev/null`
		if have_tool('dpkg');
	return (grep { -f } @c)[0];
}
# compare.py runs under a python with scipy and numpy (report.py's imports).
my $cpy = compare_py();
my ($py) = grep { run([ $_, '-c', 'import scipy.stats, numpy' ])->{status} == 0 }
	grep { -x $_ || have_tool($_) } '/usr/bin/python3', 'python3';
SKIP: {
	skip 'no compare.py (Debian: apt-get install libbenchmark-tools)', 8 unless $cpy;
	skip 'no python3 with scipy (Debian: apt-get install python3-scipy)', 8 unless $py;
	my %verdict;
	for ([ 'AA', "$tmp/ga.json", "$tmp/ga2.json" ], [ 'AB', "$tmp/ga.json", "$tmp/gb.json" ]) {
		my ($k, $x, $y) = @$_;
		my $c = run([ $py, $cpy, '--no-color', '-d', "$tmp/$k.json", 'benchmarks', $x, $y ],
			    timeout => 120);
		is($c->{status}, 0, "compare.py $k: exit 0") or diag($c->{err});
		diag("compare.py $k:\n$c->{out}") if $ENV{SHOW_COMPARE};
		my $d = eval { decode_json(slurp("$tmp/$k.json")) } // [];
		$verdict{$k} = { map { $_->{name} => $_ } @$d };
		$verdict{"$k text"} = $c->{out};
	}
	# A/A: nothing moved, no U test below 0.05.
	my @moved = grep { grep { $_->{time} != 0 } @{ $_->{measurements} } }
		grep { $_->{name} ne 'OVERALL_GEOMEAN' } values %{ $verdict{AA} };
	is(scalar @moved, 0, 'A/A: compare.py sees no change') or diag(join ' ', map { $_->{name} } @moved);
	my @sig = grep { $_->{utest}{time_pvalue} && $_->{utest}{time_pvalue} < 0.05 } values %{ $verdict{AA} };
	is(scalar @sig, 0, 'A/A: no U test significant');
	# The planted changes: syscall 10% slower (+0.10), STREAM copy 10%
	# lower (time per MB +0.111), each significant; syscall.read unmoved.
	my $v = $verdict{AB};
	my @t = map { $_->{time} } @{ $v->{'syscall.null'}{measurements} // [] };
	ok(@t == 11 && !grep({ abs($_ - 0.10) > 1e-6 } @t), 'planted: syscall.null +10% in every repetition')
		or diag("@t");
	ok(($v->{'syscall.null'}{utest}{time_pvalue} // 1) < 0.05, 'planted: syscall.null U test p < 0.05');
	@t = map { $_->{time} } @{ $v->{'stream.copy.bandwidth'}{measurements} // [] };
	ok(@t == 11 && !grep({ abs($_ - (1 / 0.9 - 1)) > 1e-6 } @t),
	   'planted: stream.copy.bandwidth 10% lower is time per MB +11.1%') or diag("@t");
	ok(($v->{'stream.copy.bandwidth'}{utest}{time_pvalue} // 1) < 0.05, 'planted: stream.copy.bandwidth U test p < 0.05');
	ok(!grep({ $_->{time} != 0 } @{ $v->{'syscall.read'}{measurements} // [1] })
	   && ($v->{'syscall.read'}{utest}{time_pvalue} // 0) >= 0.05, 'planted: syscall.read unmoved');
	like($verdict{'AB text'}, qr/^syscall\.null_pvalue\s+0\.0\d+\s+0\.0\d+\s+U Test, Repetitions: 11 vs 11$/m,
	     'the printed verdict: the U test line of syscall.null');
}

# ---- Bencher Metric Format ---------------------------------------------------------

# bencher.dev/bmf.json: benchmark => measure => {value, lower_value?, upper_value?}.
my $metric = { type => 'object', required => ['value'], properties => {
	value => { type => 'number' }, lower_value => { type => 'number' },
	upper_value => { type => 'number' } } };
my $bmf_schema = { type => 'object', patternProperties => { '.+' => { type => 'object',
	patternProperties => { '.+' => $metric } } } };
ok(MiniSchema::validate($bmf_schema, { b => { m => { value => '1' } } }),
   'the BMF schema refuses a value written as a string');
$r = export('-f', 'bmf', $s0);
is($r->{status}, 0, 'bmf: exit 0');
my $bm = json_of($r, 'bmf');
my @e = MiniSchema::validate($bmf_schema, $bm);
is(scalar @e, 0, 'bmf: valid against the BMF schema') or diag(some(@e));
@bad = ();
for my $n (sort keys %$m0) {
	my $rec = $m0->{$n};
	my $meas = $rec->{better} eq 'none' ? "$rec->{unit} (no direction)" : $rec->{unit};
	my $x = $bm->{$n}{$meas};
	if (!$x) { push @bad, "$n: no measure $meas"; next; }
	push @bad, "$n: value" unless $x->{value} == $rec->{value};
	push @bad, "$n: bounds" if $rec->{stats} && !($x->{lower_value} == $rec->{stats}{ci_lo}
		&& $x->{upper_value} == $rec->{stats}{ci_hi});
	push @bad, "$n: measure name over 64 characters" if length $meas > 64;
}
is(scalar @bad, 0, 'bmf: every result, measure = its unit, the interval of its median as bounds')
	or diag(some(@bad));
is(scalar keys %$bm, scalar keys %$m0, 'bmf: nothing else');
$bm = json_of(export('-f', 'bmf', $s0, $s1), 'bmf of two runs');
my ($lo, $hi) = sort { $a <=> $b } map { $_->{'syscall.null'}{value} } $m0, $m1;
is_deeply($bm->{'syscall.null'}{microseconds}, { value => ($lo + $hi) / 2, lower_value => $lo,
	  upper_value => $hi }, 'bmf of two runs: the median of their values, their range');

# ---- github-action-benchmark ------------------------------------------------------

my $entry = { type => 'object', required => [qw(name unit value)], additionalProperties => 0,
	properties => { name => { type => 'string' }, unit => { type => 'string' },
	value => { type => 'number' }, range => { type => 'string' },
	extra => { type => 'string' } } };
my %gab;
for my $dir (qw(smaller bigger)) {
	$r = export('-f', "gab-$dir", $s0);
	is($r->{status}, 0, "gab-$dir: exit 0");
	my $a = json_of($r, "gab-$dir");
	@e = MiniSchema::validate({ type => 'array', items => $entry }, $a);
	is(scalar @e, 0, "gab-$dir: an array of {name, unit, value, range?, extra?}")
		or diag(some(@e));
	$gab{$dir} = { map { $_->{name} => $_ } @$a };
}
my @lower = grep { $m0->{$_}{better} eq 'lower' } keys %$m0;
my @higher = grep { $m0->{$_}{better} eq 'higher' } keys %$m0;
is_deeply([ sort keys %{ $gab{smaller} } ], [ sort @lower ], 'customSmallerIsBetter: the lower-is-better results');
is_deeply([ sort keys %{ $gab{bigger} } ], [ sort @higher ], 'customBiggerIsBetter: the higher-is-better results');
@bad = ();
for my $x (values %{ $gab{smaller} }, values %{ $gab{bigger} }) {
	my $rec = $m0->{ $x->{name} };
	push @bad, "$x->{name}: unit or value" unless $x->{unit} eq $rec->{unit} && $x->{value} == $rec->{value};
	# The action reads a range "+- x" (or "± x") as a number it can rescale.
	if ($rec->{stats}) {
		my ($h) = ($x->{range} // '') =~ /^\+- ([0-9.e+-]+)$/;
		push @bad, "$x->{name}: range '" . ($x->{range} // '') . "'" unless defined $h
			&& $h >= $rec->{value} - $rec->{stats}{ci_lo} - 1e-9
			&& $h >= $rec->{stats}{ci_hi} - $rec->{value} - 1e-9;
	}
}
is(scalar @bad, 0, 'gab: units and values as the JSON twin, a range covering the interval')
	or diag(some(@bad));

# ---- CSV (Apache Otava) and its test configuration -------------------------------------

sub parse_csv_line {
	my ($line) = @_;
	my ($i, @f) = (0);
	while (1) {
		if (substr($line, $i, 1) eq '"') {
			my $v = '';
			$i++;
			while ($i < length $line) {
				my $c = substr($line, $i++, 1);
				if ($c eq '"') {
					last unless substr($line, $i, 1) eq '"';
					$i++;
				}
				$v .= $c;
			}
			push @f, $v;
		} else {
			my $j = index($line, ',', $i);
			$j = length $line if $j < 0;
			push @f, substr($line, $i, $j - $i);
			$i = $j;
		}
		return \@f if $i >= length $line;
		$i++;
		if ($i == length $line) { push @f, ''; return \@f; }
	}
}
sub parse_csv { return map { parse_csv_line($_) } split /\n/, $_[0]; }
$r = export('-f', 'csv', '-a', 'commit=abc,1', $s1, $s0);
is($r->{status}, 0, 'csv: exit 0');
my ($head, @rows) = parse_csv($r->{out});
is($head->[0], 'time', 'csv: the time column first');
ok((grep { $_ eq 'commit' } @$head) && (grep { $_ eq 'host' } @$head), 'csv: commit and host columns');
is(scalar @rows, 2, 'csv: one row per run');
ok(!grep({ @$_ != @$head } @rows), 'csv: every row as long as the header');
my %col = map { $head->[$_] => $_ } 0 .. $#$head;
ok($rows[0][0] =~ /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:\d\d$/ && $rows[0][0] lt $rows[1][0],
   'csv: ISO 8601 times, oldest first');
is($rows[0][ $col{commit} ], 'abc,1', 'csv: -a commit replaces the default, quoted');
@bad = ();
for my $i (0, 1) {
	my $m = $i ? $m1 : $m0;
	for my $n (keys %$m) {
		my $c = $col{$n};
		push @bad, "$n: no column" unless defined $c;
		push @bad, "$n: run $i" if defined $c && $rows[$i][$c] != $m->{$n}{value};
	}
}
is(scalar @bad, 0, 'csv: a column per result, each run\'s value in its row')
	or diag(some(@bad));
ok(!grep({ my $r = $_; grep { $_ >= $col{status} + 1 && $r->[$_] ne '' && $r->[$_] !~ /^[-+0-9.eE]+$/ } 0 .. $#$r } @rows),
   'csv: the metric columns hold numbers or nothing');

$r = export('-f', 'otava', '-c', "$tmp/runs.csv", $s0, $s1);
is($r->{status}, 0, 'otava: exit 0');
like($r->{out}, qr/^tests:\n  "lmbench-ng\.\S+":\n    type: csv\n    file: "\Q$tmp\E\/runs\.csv"\n    time_column: time\n    attributes: \[run_id, host, commit, /m,
     'otava: a csv test naming the file, time column and attributes');
my %dir = $r->{out} =~ /^      "([^"]+)": \{direction: (-?1)\}/mg;
@bad = grep { my $d = $dir{$_}; !defined $d ? $m0->{$_}{better} ne 'none' && $m1->{$_}
	: $d != ($m0->{$_}{better} eq 'higher' ? 1 : -1) } keys %$m0;
is(scalar @bad, 0, 'otava: every result of both runs with its direction') or diag(some(@bad));

# ---- all at once, bad input ----------------------------------------------------------

$r = export('-d', "$tmp/all", $s0);
is($r->{status}, 0, '-d: exit 0') or diag($r->{err});
ok(!grep({ !-s "$tmp/all/$_" } qw(gbench.json bmf.json gab-smaller.json gab-bigger.json runs.csv otava.yaml)),
   '-d: the six files');
like(slurp("$tmp/all/otava.yaml"), qr/^    file: "\Q$tmp\E\/all\/runs\.csv"$/m, '-d: otava names its CSV');
ok(!glob("$tmp/all/*.tmp*"), '-d: no temporary file left');

my $other = "$tmp/other.1";
open(my $fh, '>', $other) or die;
print $fh slurp($s1) =~ s/^\[HOSTNAME: .*\]$/[HOSTNAME: elsewhere]/mr;
close $fh;
my @refused = (
	[ [ '-f', 'gbench' ], qr/no results file/, 'no files' ],
	[ [ '-f', 'nope', $s0 ], qr/-f nope: no such format/, 'an unknown format' ],
	[ [ $s0 ], qr/-f FORMAT or -d DIR/, 'no format' ],
	[ [ '-f', 'csv', "$tmp/none" ], qr/none: no such file/, 'a missing file' ],
	[ [ '-f', 'csv', 't/lib/LmRun.pm' ], qr/t\/lib\/LmRun\.pm: not an lmbench results file/, 'a file that is no results file' ],
	[ [ '-f', 'gbench', $s0, $other ], qr/runs of 2 hosts .*elsewhere.*each host apart/,
	  'gbench of two hosts' ],
	[ [ '-f', 'csv', '-a', "x=a\nb", $s0 ], qr/on one line/, 'an attribute of two lines' ],
);
for (@refused) {
	my ($args, $why, $name) = @$_;
	$r = export(@$args);
	is($r->{status}, 2, "refused: $name: exit 2");
	like($r->{err}, qr/\Aexport: [^\n]*$why[^\n]*\nUsage: /, "refused: $name: the reason, then usage");
	is($r->{out}, '', "refused: $name: nothing on stdout");
}
$r = export('-f', 'csv', $s0, $other);
is($r->{status}, 0, 'csv takes runs of two hosts');
$r = export('-f', 'csv', '-o', "$tmp/no/such/dir/x.csv", $s0);
is($r->{status}, 1, 'an output that cannot be written: exit 1');
like($r->{err}, qr/cannot write/, 'and says so');

done_testing();
