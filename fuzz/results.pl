#!/usr/bin/perl
# results.pl - fuzz the results-file reader (scripts/lib/LMResults.pm).
#
# Usage: perl fuzz/results.pl [-t seconds] [-n runs] [-s seed] [-o dir] FILE...
#        perl fuzz/results.pl -r FILE...
# Mutates the given results files (lines dropped, repeated, swapped or
# spliced from another file; bytes changed; numbers replaced by extreme
# ones; structural lines inserted), with srand(seed) (default 1), for
# -t seconds (default 30) or -n runs, and checks every mutant through
# parse() and metrics().  The first mutant that breaks a check is
# written to -o dir (default build/fuzz/crash) and the exit status is 1.
# -r: check each FILE once as it is (the kept inputs, under make test).
#
# The checks (what the reader promises whatever the file holds):
#   - parse() and metrics() neither die nor warn, and return within 10 s;
#   - every metric has its name, a label, a unit, and a finite value that
#     is the number printed at its source line and column;
#   - every #stats record attached to a value or a series is whole and in
#     order: finite numbers, min <= q1 <= median <= q3 <= max,
#     ci_lo <= median <= ci_hi, n the number of samples;
#   - every #stats line of the file is held exactly once: by a value, a
#     point's column, a series, or orphan_stats.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../scripts/lib";
use LMResults;
use File::Temp qw(tempfile);
use Getopt::Long qw(:config bundling no_ignore_case);
use Time::HiRes qw(time);

my ($secs, $runs, $seed, $outdir, $replay) = (30, 0, 1, 'build/fuzz/crash', 0);
GetOptions('t=i' => \$secs, 'n=i' => \$runs, 's=i' => \$seed, 'o=s' => \$outdir,
	   'r' => \$replay) && @ARGV
	or do { print STDERR "Usage: perl fuzz/results.pl [-t seconds] [-n runs] [-s seed] "
		. "[-o dir] [-r] FILE...\n"; exit 2 };

my $NUM = qr/[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/;
my $INF = 9**9**9;
my ($tfh, $tmp) = tempfile('lmfuzz_results.XXXXXX', TMPDIR => 1, UNLINK => 1);
close $tfh;

sub slurp {
	my ($f) = @_;
	open(my $fh, '<:raw', $f) or die "results.pl: $f: $!\n";
	local $/;
	my $s = <$fh> // '';
	return $s;
}

sub finite { my ($v) = @_; return defined $v && $v =~ /^$NUM$/ && abs($v) < $INF }

# What is wrong with one #stats record, or ''.
sub bad_stats {
	my ($s) = @_;
	return 'not a record' unless ref $s eq 'HASH';
	for (qw(n min q1 median q3 max ci_lo ci_hi)) {
		return "$_ missing or not finite" unless finite($s->{$_});
	}
	return 'min <= q1 <= median <= q3 <= max broken'
		unless $s->{min} <= $s->{q1} && $s->{q1} <= $s->{median}
		&& $s->{median} <= $s->{q3} && $s->{q3} <= $s->{max};
	return 'median outside [ci_lo, ci_hi]'
		unless $s->{ci_lo} <= $s->{median} && $s->{median} <= $s->{ci_hi};
	my $k = ref $s->{samples} eq 'ARRAY' ? @{ $s->{samples} } : -1;
	return "n=$s->{n} but $k samples" unless $k == $s->{n};
	return 'a sample not finite' if grep { !finite($_) } @{ $s->{samples} };
	return '';
}

# The lines as parse() reads them.
sub lines_of {
	my ($text) = @_;
	my @l = split /\n/, $text, -1;
	pop @l if @l && $l[-1] eq '';
	s/\r\z// for @l;
	return @l;
}

# What is wrong with the reader's answer for this text, or ''.
sub check {
	my ($text) = @_;
	open(my $fh, '>:raw', $tmp) or die "results.pl: $tmp: $!\n";
	print $fh $text;
	close $fh or die "results.pl: $tmp: $!\n";
	my @warn;
	my ($run, $m);
	local $SIG{__WARN__} = sub { push @warn, $_[0] };
	local $SIG{ALRM} = sub { die "timeout\n" };
	alarm 10;
	my $ok = eval { $run = LMResults::parse($tmp); $m = LMResults::metrics($run); 1 };
	alarm 0;
	return 'no answer within 10 s' if !$ok && $@ eq "timeout\n";
	return "died: $@" unless $ok;
	return "warned: $warn[0]" if @warn;
	my @lines = lines_of($text);
	for my $n (sort grep { !/^:/ } keys %$m) {
		my $r = $m->{$n};
		return "$n: named $r->{name}" unless ($r->{name} // '') eq $n;
		return "$n: no label" unless defined $r->{label};
		return "$n: no unit" unless defined $r->{unit} && $r->{unit} ne '';
		return "$n: value " . ($r->{value} // 'undef') . ' not finite'
			unless finite($r->{value});
		my $ln = $r->{line} // 0;
		return "$n: line $ln not in the file" unless $ln >= 1 && $ln <= @lines;
		my $at = $r->{at};
		return "$n: no column" unless defined $at && $at >= 0 && $at <= length $lines[ $ln - 1 ];
		my $rest = substr($lines[ $ln - 1 ], $at);
		return "$n: nothing numeric at column $at of line $ln"
			unless $rest =~ /^($NUM)/;
		return "$n: value $r->{value} but line $ln says $1" unless $1 == $r->{value};
		for my $k (qw(stats incl_overhead)) {
			next unless defined $r->{$k};
			my $why = bad_stats($r->{$k});
			return "$n: $k: $why" if $why;
		}
	}
	for my $s (@{ $m->{':series'} }) {
		next unless defined $s->{overhead_stats};
		my $why = bad_stats($s->{overhead_stats});
		return "series $s->{name}: overhead stats: $why" if $why;
	}
	# Each #stats line held once.
	my $want = grep { /^#stats\s/ } @lines;
	my $held = @{ $run->{orphan_stats} };
	for my $v (@{ $run->{values} }) {
		$held += grep { defined } @$v{qw(stats incl_stats)};
	}
	for my $s (@{ $run->{series} }) {
		$held++ if $s->{overhead_stats};
		for my $p (@{ $s->{points} }) {
			$held += grep { defined } @$p{qw(stats incl_stats)},
				@{ $p->{col_stats} // [] };
		}
	}
	return "$want #stats lines but $held held" unless $held == $want;
	return '';
}

if ($replay) {
	my $n = 0;
	for my $f (@ARGV) {
		my $why = check(slurp($f));
		if ($why) {
			print STDERR "results: $f: $why\n";
			exit 1;
		}
		$n++;
	}
	print "results: replayed $n inputs\n";
	exit 0;
}

# ---- the mutator ----
my @seeds = map { [ lines_of(slurp($_)) ] } @ARGV;
my @NUMS = ('0', '-0', '-1', '1e999', '-1e999', '1e-999', 'nan', 'inf', '9e99',
	    '', '.', '1.', '.5', '1e', '+', '-', '99999999999999999999999', '0x10',
	    '1,2', '1e+308', '4.9e-324', '1k', '8m', '2g', '-.0');
my @BYTES = ("\0", "\r", '"', '[', ']', ':', '=', '#', ' ', "\t", ',', '@', '.',
	     'k', 'm', '-', '0', '9', 'e', "\x{ff}", '(', '*', '\\');
my @LINES = (
	'', '"', '"stride=64', '"size=0k ovr=0.41', '"File system latency',
	'"numa latency', '"c2c latency', '"loaded latency rd, 2 loaders: x',
	'"Memory load latency', '[STATUS: complete]', '[INCOMPLETE: x]',
	'[PLACEMENT: spread: 0,1]', '[PLACEMENT: none]', '[PLACEMENT: :]',
	'[TOPO_NODE: a b c]', '[TOPO_NODE: 0 1 -]', '[TOPO_NODE: 0 x 5]',
	'[TOPO_CPU: 1 2 3 4 5 6]', '[TOPO_CPU: a b c d e f]',
	'[METRIC_MAP: x.y = (]', '[METRIC_MAP: x.y = .*]', '[METRIC_MAP: a = (a+)+$]',
	'[GROUP_TIME: ]', '[GROUP_TIME: g]', '[CHECK: a]', '[CHECK: ]', '[SKIPPED: ]',
	'[FAILED: x: y]', '[ Networking remote to h:  ]', '[lmbench3.0 results for ]',
	'#stats', '#stats ', '#stats label="lat_fs create" n=1',
	'#stats label="lat_fs delete" unit=files/sec',
	'#stats label="overhead per hand-over" samples=1 n=1 min=1 q1=1 median=1 q3=1 max=1 ci_lo=1 ci_hi=1',
	'#stats label="procs=2 hand-over incl. overhead" samples=1,2 n=2',
	'#stats label=x unit=microseconds parallel=2 samples=1,2,3 n=3 min=1 q1=1.5 median=2 q3=2.5 max=3 ci_lo=1 ci_hi=3 ci_level=0.75',
	'#stats samples=,,, n=3 median=5 ci_lo=9 ci_hi=1 parallel=x',
	'#stats label="a b" samples=1e999 n=1 min=1e999 q1=1e999 median=1e999 q3=1e999 max=1e999 ci_lo=1e999 ci_hi=1e999',
	'#stats {', '#stats {}', '#stats {"label":"a\\u00"}', '#stats {"ci":{"lo":{"x":[[]]}}}',
	'#stats {"label":"x","unit":"u","samples":[1,2,3],"n":3,"min":1,"q1":1.5,"median":2,"q3":2.5,"max":3,"ci":{"lo":1,"hi":3,"level":0.75}}',
	'#stats {"x":"64k","label":"bcopy","samples":[null],"n":1,"median":null}',
	'#stats {"label":"overhead per hand-over","part":"overhead","value":1,"samples":[1],"n":1,"min":1,"q1":1,"median":1,"q3":1,"max":1,"ci":{"lo":1,"hi":1}}',
	'#stats {"col":3,"label":"lat_fs create","samples":[1],"n":1}', '#stats ' . ('[' x 50),
	'#metric {"name":"a.b","unit":"u","better":"lower"}', '#metric {"name":null}',
	'#series {"name":"s","unit":"u","x_name":"size","x_unit":"MB"}', '#counters {"missing":1}',
	'#finding {"of":"c2c.stability","state":"stable","text":"x"}', '#finding {"of":"cache.l2","state":"unclear"}',
	'x: 1e999 microseconds', 'tlb: 1e999 pages', 'Memory latency: 5 nanoseconds',
	'L9 cache: 1 bytes 2 nanoseconds', 'a parallelism: 5', 'file 1 2', 'f 99999999999999999999 1',
	'MB/sec 5 MB/sec', ': 5 MB/sec', '1 2 3 4 5 6 7 8', '64k 5', '1e999 1e999',
	' 5 6', "\t1\t2", '0 0 nan', 'abc: def',
);

my $iters = 0;
my $t0 = time;
srand($seed);
sub pick { return $_[ int rand @_ ] }

sub mutate_line {
	my ($l) = @_;
	my $r = rand;
	if ($r < 0.35 && $l =~ /$NUM/) {
		my @pos;
		push @pos, [ $-[0], $+[0] - $-[0] ] while $l =~ /$NUM/g;
		my ($at, $len) = @{ pick(@pos) };
		substr($l, $at, $len) = pick(@NUMS);
	} elsif ($r < 0.55) {
		substr($l, int rand(length($l) + 1), 0) = pick(@BYTES);
	} elsif ($r < 0.7 && length $l) {
		substr($l, int rand length $l, 1) = '';
	} elsif ($r < 0.85 && length $l) {
		substr($l, int rand length $l, 1) = chr(int rand 256);
	} else {
		$l = substr($l, 0, int rand(length($l) + 1));
	}
	return $l;
}

sub mutant {
	my $s = pick(@seeds);
	my @l = @$s;
	# A window most of the time: small inputs run faster.
	if (@l > 60 && rand() < 0.98) {
		my $len = 1 + int rand 60;
		my $at = int rand(@l - $len + 1);
		@l = @l[ $at .. $at + $len - 1 ];
	}
	for (1 .. 1 + int rand 6) {
		my $r = rand;
		my $i = int rand(@l + 1);
		if ($r < 0.4 && @l) {
			$i = int rand @l;
			$l[$i] = mutate_line($l[$i]);
		} elsif ($r < 0.55) {
			splice(@l, $i, 0, pick(@LINES));
		} elsif ($r < 0.65 && @l) {
			splice(@l, int rand @l, 1);
		} elsif ($r < 0.75 && @l) {
			splice(@l, $i, 0, $l[ int rand @l ]);
		} elsif ($r < 0.85 && @l > 1) {
			my ($a, $b) = (int rand @l, int rand @l);
			@l[ $a, $b ] = @l[ $b, $a ];
		} else {
			my $o = pick(@seeds);
			splice(@l, $i, 0, $o->[ int rand @$o ]) if @$o;
		}
	}
	my $text = join("\n", @l);
	$text .= "\n" if rand() < 0.9;
	return $text;
}

# The failure kept small: drop lines while the same check still fails.
sub kind { my ($w) = @_; $w =~ s/[0-9.eE+-]+/N/g; return $w }
sub shrink {
	my ($text, $why) = @_;
	my @l = split /\n/, $text, -1;
	for (my $i = $#l; $i >= 0; $i--) {
		my @t = @l;
		splice(@t, $i, 1);
		my $w = check(join("\n", @t));
		($why, @l) = ($w, @t) if $w && kind($w) eq kind($why);
	}
	return (join("\n", @l), $why);
}

while (1) {
	last if $runs && $iters >= $runs;
	last if !$runs && time - $t0 >= $secs;
	my $text = mutant();
	$iters++;
	my $why = check($text);
	next unless $why;
	($text, $why) = shrink($text, $why);
	system('mkdir', '-p', $outdir) == 0 or die "results.pl: mkdir $outdir\n";
	my $f = "$outdir/results-s$seed-$iters";
	open(my $fh, '>:raw', $f) or die "results.pl: $f: $!\n";
	print $fh $text;
	close $fh;
	printf STDERR "results: run %d (seed %d): %s\nresults: the input is in %s\n",
		$iters, $seed, $why, $f;
	exit 1;
}
printf "fuzz: results: %d runs in %.0f s, seed %d, %d seed files\n",
	$iters, time - $t0, $seed, scalar @seeds;
exit 0;
