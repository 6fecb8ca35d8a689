# LmSynth - small results files of RESULTS_FORMAT 4 written from a
# description, for the tests of compare: each metric's invocations known
# exactly, so that the right verdict is known.
#
#   synth_run($path, metrics => [ { name, values => [v1, v2, ...], ... } ],
#             header => { KEY => value }, probes => \&figures, order => ...)
#   synth_values($base, $n, \@jitter)   $n values, base x (1 + jitter)
#
# A metric: name (declared on its #stats or #metric line), values (one
# per invocation, in the order run), and optionally
#   unit     'microseconds' (default), 'nanoseconds' or 'MB/sec'
#   better   'lower' (default for a time), 'higher' (MB/sec), 'none'
#   group    the plan's group its invocations belong to (default: the
#            name's first part)
#   stats    1 (default): a #stats line whose 11 samples are the value
#            times 1 + @SPREAD (their median is the value; the best, its
#            floor, 2% better: lower for a time, higher for a rate);
#            0: a #metric line, no samples (its floor is its value)
# Invocation k of a group is a block of its metrics' lines; the blocks
# run group by group, k = 1 first, then k = 2 of every group that has a
# second, and so on; order => 'spread' puts each group's later invocations
# among the first invocations of the groups after it (group i's k-th at
# place i + 2(k - 1)), as the run's plan does; or the order given: order =>
# [ [group, k], ... ].
# A block of a later invocation (k from 2) has [PASS: <k>] before it and
# its value lines behind "#+ " (a first invocation after a later one has
# [PASS: 1] before it);
# each #stats line says inv=<k> at=<s>; each block ends with
# [GROUP_TIME: <group>[/<k>] 1 at <s>].  With probes, the header declares
# the drift probes of figures() (DRIFT_PROBES) and a [DRIFT: ] point
# comes before the first block ("start", point 0) and after each block
# (point i), figures('start'|'<group>[/<k>]', i) giving probe => value.
package LmSynth;
use strict;
use warnings;
use Exporter 'import';

our @EXPORT = qw(synth_run synth_values @SPREAD);

# Each sample of an invocation, relative to its value, in the order taken:
# sorted they are -2% .. +5%, their median 0 (the value).
our @SPREAD = (0.01, -0.02, 0.03, 0, -0.01, 0.05, -0.015, 0.02, 0.005, -0.005, 0.04);

# The header of every synthetic run: one machine and setting.
our %HEADER = (HOSTNAME => 'synth', CPU_MODEL => 'Synthetic CPU', RELEASE => '6.1.0-synth',
	MB => 1024, PROFILE => 'standard', CPUS => 2);
our @HEADER_ORDER = qw(RESULTS_FORMAT HOSTNAME CPU_MODEL CPUS RELEASE MB PROFILE);

# Units of the probes LMDrift knows.
my %PROBE_UNIT = (l1 => 'ns', l2 => 'ns', llc => 'ns', dram => 'ns', stride => 'ns',
	bw => 'MB/s', syscall => 'ns', others => '%', steal => '%');
my @PROBE_ORDER = qw(l1 l2 llc dram stride bw syscall others steal);

sub g { return 0 + sprintf('%.6g', $_[0]); }

# The lines of one invocation of a metric.
sub metric_lines {
	my ($m, $k, $at, $hide) = @_;
	my $unit = $m->{unit} // 'microseconds';
	my $better = $m->{better} // ($unit eq 'MB/sec' ? 'higher' : 'lower');
	my $label = $m->{label} // $m->{name};
	my $v = g($m->{values}[ $k - 1 ]);
	my $line = $unit eq 'MB/sec' ? "$label: $v MB/sec" : "$label: $v $unit";
	my @out = (($hide ? '#+ ' : '') . $line);
	if (!($m->{stats} // 1)) {
		push @out, "#metric name=$m->{name} unit=$unit better=$better";
		return @out;
	}
	# A rate's slow samples are its low ones: the spread mirrored.
	my $sg = $better eq 'higher' ? -1 : 1;
	my @s = map { g($v * (1 + $sg * $_)) } @SPREAD;
	my @o = sort { $a <=> $b } @s;
	my $n = @o;
	push @out, sprintf('#stats label="%s" unit=%s name=%s better=%s parallel=1 samples=%s n=%d '
		. 'min=%s q1=%s median=%s q3=%s max=%s ci_lo=%s ci_hi=%s ci_level=0.9883 inv=%d at=%s',
		$label, $unit, $m->{name}, $better, join(',', @s), $n, $o[0], $o[ int(($n - 1) / 4) ],
		$o[ ($n - 1) / 2 ], $o[ int(3 * ($n - 1) / 4) ], $o[-1], $o[1], $o[-2], $k, $at);
	return @out;
}

sub point {
	my ($where, $t, $fig) = @_;
	return "[DRIFT: $where $t " . join(' ', map { "$_=" . g($fig->{$_}) }
		grep { defined $fig->{$_} } @PROBE_ORDER) . ']';
}

sub synth_run {
	my ($path, %o) = @_;
	my @metrics = @{ $o{metrics} };
	my %h = (%HEADER, RESULTS_FORMAT => 4, %{ $o{header} // {} });
	my @lines = ("[lmbench3.0 results for Linux $h{HOSTNAME} $h{RELEASE} #1 SMP x86_64 GNU/Linux]");
	push @lines, map { "[$_: $h{$_}]" } grep { defined $h{$_} } @HEADER_ORDER;
	my %in_order = map { $_ => 1 } @HEADER_ORDER;
	push @lines, map { "[$_: $h{$_}]" } grep { !$in_order{$_} } sort keys %h;
	# The groups, in the order of their metrics, and their invocations.
	my (%members, @groups);
	for my $m (@metrics) {
		my $g = $m->{group} // ($m->{name} =~ /^([^.]+)/)[0];
		push @groups, $g unless $members{$g};
		push @{ $members{$g} }, $m;
	}
	my @order = ref $o{order} ? @{ $o{order} } : ();
	if (!@order) {
		my $max = 0;
		for (@metrics) { $max = @{ $_->{values} } if @{ $_->{values} } > $max; }
		for my $k (1 .. $max) {
			push @order, map { [ $_, $k ] }
				grep { grep { @{ $_->{values} } >= $k } @{ $members{$_} } } @groups;
		}
		if (($o{order} // '') eq 'spread') {
			my %gi = map { $groups[$_] => $_ } 0 .. $#groups;
			my $at = sub { $gi{ $_[0][0] } + 2 * ($_[0][1] - 1) };
			@order = sort { $at->($a) <=> $at->($b) || $gi{ $a->[0] } <=> $gi{ $b->[0] } } @order;
		}
	}
	my ($t, $i, $pass) = (0, 0, 1);
	my $fig = $o{probes};
	if ($fig) {
		my $f0 = $fig->('start', 0);
		push @lines, '[DRIFT_PROBES: ' . join(' ', map { "$_=$PROBE_UNIT{$_}" }
			grep { exists $f0->{$_} } @PROBE_ORDER) . ']';
		push @lines, point('start', 0, $f0);
	}
	for my $b (@order) {
		my ($g, $k) = @$b;
		if ($k != $pass || $k > 1) {
			push @lines, "[PASS: $k]";
			$pass = $k;
		}
		my $where = $k > 1 ? "$g/$k" : $g;
		push @lines, metric_lines($_, $k, $t, $k > 1) for grep { @{ $_->{values} } >= $k } @{ $members{$g} };
		push @lines, "[GROUP_TIME: $where 1 at $t]";
		$t++;
		push @lines, point($where, $t, $fig->($where, ++$i)) if $fig;
	}
	push @lines, "[RUNTIME: $t s]", '[STATUS: complete]';
	open(my $fh, '>', $path) or die "$path: $!\n";
	print $fh map { "$_\n" } @lines;
	close $fh or die "$path: $!\n";
	return $path;
}

# $n values around $base: base times 1 + each of @$jitter (cycled).
sub synth_values {
	my ($base, $n, $jitter) = @_;
	return [ map { $base * (1 + $jitter->[ $_ % @$jitter ]) } 0 .. $n - 1 ];
}

1;
