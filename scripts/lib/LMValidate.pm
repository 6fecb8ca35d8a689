# LMValidate - the report of scripts/validate: each claim checked against
# what the run wrote into its directory.
#
#   exit LMValidate::main($outdir);   # writes report.txt and report.json
#
# The directory (doc/validate.8): log/facts (KEY='value' lines of the
# runner), log/steps.tsv (step, estimate, seconds, status, note),
# estimate.tsv, results/cores and results/aa (results files, read through
# LMResults), stream_ref.txt (scripts/stream_ref's report), perf.txt
# (perf stat -x,) and compare.txt (scripts/compare's report).
#
# A claim is "ok" (checked and holds), "no" (checked and does not hold),
# "skipped" (not run, with why) or "failed" (its step failed).  main
# returns 0 when no claim is "no" or "failed" and no step failed, else 1.
package LMValidate;
use strict;
use warnings;
use LMResults;
use LMSummary;
use JSON::PP;

# A loaded-latency curve is rising or falling when its latency at the
# highest bandwidth differs from its idle point by more than this (%):
# on the quiet 2-vCPU VM the loaded points spread 2.1-4.3% around their
# idle point (doc/results.md, Where the time goes), so 10% is beyond
# that noise and below what a loaded memory controller adds (tens of %).
our $LOADED_PCT = 10;
# The A/A pair holds when compare flags at most this share of the
# metrics it could judge (%): the target of its verdicts at the level
# 0.05 (doc/results.md, What changed).
our $AA_PCT = 5;
# lat_c2c measures at most this many CPUs (doc/lat_c2c.8).
our $C2C_MAX = 32;
# The claims, in report order.
our @CLAIMS = qw(loaded c2c numa placement stream_p counters aa);

sub slurp {
	my ($f) = @_;
	open(my $fh, '<', $f) or return undef;
	local $/;
	return <$fh>;
}

sub facts {
	my ($dir) = @_;
	my %f;
	for (split /\n/, slurp("$dir/log/facts") // '') {
		$f{$1} = $2 if /^(\w+)='(.*)'$/;
	}
	return \%f;
}

# Rows of a tab-separated file as hashes of the given fields.
sub tsv {
	my ($file, @fields) = @_;
	my @rows;
	for (split /\n/, slurp($file) // '') {
		my @v = split /\t/, $_, -1;
		push @rows, { map { ($fields[$_] => $v[$_] // '') } 0 .. $#fields };
	}
	return @rows;
}

sub claim {
	my ($name, $verdict, $text, @details) = @_;
	return { name => $name, verdict => $verdict, text => $text, details => \@details };
}

# The claim of a step that left nothing to check: its step's status.
sub no_data {
	my ($name, $step, $what) = @_;
	return claim($name, 'skipped', $step->{note}) if $step && $step->{status} eq 'skipped';
	return claim($name, 'failed', "$what: step $step->{step} $step->{status}"
		. ($step->{note} ne '' ? ": $step->{note}" : '')) if $step && $step->{status} ne 'ok';
	return claim($name, 'failed', "$what: not in the results");
}

sub ns { return sprintf('%.1f ns', $_[0]); }
sub gbs { return sprintf('%.1f GB/s', $_[0] / 1000); }

# ---- loaded latency ----------------------------------------------------------------

sub loaded {
	my ($m, $f, $step) = @_;
	my @want = split ' ', $f->{LOADERS} // '';
	return claim('loaded', 'skipped', "$f->{NCPU} CPU: no CPU for a loader beside the chase")
		unless @want;
	my %curve;
	for my $s (@{ $m->{':series'} // [] }) {
		$curve{$1} = $s->{points} if $s->{name} =~ /^mem\.loaded\.rd\.loaders_(\d+)$/;
	}
	return no_data('loaded', $step, 'loaded latency') unless %curve;
	my (@d, @bad, $last);
	for my $k (@want) {
		my $p = $curve{$k};
		if (!$p || @$p < 2) {
			push @bad, "no curve with $k loader" . ($k == 1 ? '' : 's');
			next;
		}
		my $idle = $p->[0]{y};
		my ($top) = sort { $b->{x} <=> $a->{x} } @$p;
		if (!($idle > 0) || !($top->{x} > 0)) {
			push @bad, "the curve with $k loaders has no idle latency or no bandwidth";
			next;
		}
		my $rise = 100 * ($top->{y} / $idle - 1);
		my $shape = $rise > $LOADED_PCT ? 'rising' : $rise < -$LOADED_PCT ? 'falling' : 'flat';
		$last = { k => $k, idle => $idle, top => $top, rise => $rise, shape => $shape };
		push @d, sprintf('%2d loader%s: idle %s; at %s %s (%+.0f%%): %s', $k,
			$k == 1 ? ' ' : 's', ns($idle), gbs($top->{x}), ns($top->{y}), $rise, $shape);
	}
	return claim('loaded', 'no', join('; ', @bad), @d) if @bad;
	my $t = sprintf('%s: %d loader%s, idle %s, %s at %s (%+.0f%%; rising or falling beyond %d%%); curves with %s loaders',
		$last->{shape}, $last->{k}, $last->{k} == 1 ? '' : 's', ns($last->{idle}),
		ns($last->{top}{y}), gbs($last->{top}{x}), $last->{rise}, $LOADED_PCT, join(', ', @want));
	return claim('loaded', $last->{shape} eq 'falling' ? 'no' : 'ok', $t, @d);
}

# ---- the core-to-core matrix -------------------------------------------------------

sub c2c {
	my ($m, $run, $f, $step) = @_;
	my $cpus = $run ? $run->{header}{CPUS} : $f->{NCPU};
	$cpus = $f->{NCPU} unless defined $cpus && $cpus =~ /^\d+$/;
	return claim('c2c', 'skipped', 'one CPU: no pair to measure') if $cpus < 2;
	my %v;
	for (keys %$m) {
		$v{$1}{$2} = $m->{$_}{value} if /^c2c\.pair\.(\d+)_(\d+)$/;
	}
	return no_data('c2c', $step, 'the c2c matrix') unless %v;
	my %seen;
	for my $from (keys %v) { $seen{$from} = 1; $seen{$_} = 1 for keys %{ $v{$from} }; }
	my @c = sort { $a <=> $b } keys %seen;
	my $k = @c;
	my ($have, $bad) = (0, 0);
	for my $from (@c) {
		for my $to (@c) {
			next if $from == $to;
			my $x = $v{$from}{$to};
			$have++ if defined $x;
			$bad++ if defined $x && !($x > 0);
		}
	}
	my $full = $cpus <= $C2C_MAX ? $k == $cpus : $k >= 2;
	my $ok = $full && $have == $k * ($k - 1) && !$bad;
	my @d = ('rows: the initiating CPU; columns: the responding CPU; ns',
		join('', sprintf('%5s', ''), map { sprintf('%6d', $_) } @c));
	for my $from (@c) {
		push @d, join('', sprintf('%5d', $from), map { $from == $_ ? sprintf('%6s', '-')
			: defined $v{$from}{$_} ? sprintf('%6.0f', $v{$from}{$_}) : sprintf('%6s', '?') } @c);
	}
	my @kinds = map { /^c2c\.(\w+)$/ && $1 ne 'matrix' ? sprintf('%s %s', $1, ns($m->{$_}{value})) : () }
		sort grep { /^c2c\.[a-z_]+$/ } keys %$m;
	push @d, 'median per kind of pair: ' . join(', ', @kinds) if @kinds;
	my $t = sprintf('%s: %d x %d, %d of %d pairs measured%s%s', $ok ? 'complete' : 'incomplete',
		$k, $k, $have, $k * ($k - 1), $cpus > $C2C_MAX ? " (a spread $k of $cpus CPUs)"
		: $k == $cpus ? '' : " ($cpus CPUs online)", $bad ? ", $bad not positive" : '');
	return claim('c2c', $ok ? 'ok' : 'no', $t, @d);
}

# ---- the NUMA matrices -------------------------------------------------------------

sub numa {
	my ($m, $run, $f, $step) = @_;
	my (%lat, %bw);
	for (keys %$m) {
		$lat{$1}{$2} = $m->{$_}{value} if /^numa\.latency\.(\d+)_(\d+)$/;
		$bw{$1}{$2} = $m->{$_}{value} if /^numa\.read_bandwidth\.(\d+)_(\d+)$/;
	}
	return no_data('numa', $step, 'the NUMA matrices') unless %lat || %bw;
	# Expected: every node with CPUs against every node with memory, as
	# the topology found them; without it, the nodes the runner counted.
	my @nodes = @{ ($run && $run->{topology}{nodes}) // [] };
	my @cn = map { $_->{node} } grep { $_->{cpus} > 0 } @nodes;
	my @mn = map { $_->{node} } grep { !defined $_->{mem_mb} || $_->{mem_mb} > 0 } @nodes;
	@cn = @mn = (0 .. $f->{NODES} - 1) unless @nodes;
	my ($have, $want) = (0, @cn * @mn);
	for my $c (@cn) {
		for my $n (@mn) {
			$have++ if ($lat{$c}{$n} // 0) > 0 && ($bw{$c}{$n} // 0) > 0;
		}
	}
	my @d;
	for my $t ([ 'latency, ns', \%lat, '%8.1f' ], [ 'read bandwidth, GB/s', \%bw, '%8.1f', 1000 ]) {
		push @d, "$t->[0] (rows: CPU node; columns: memory node)",
			join('', sprintf('%5s', ''), map { sprintf('%8d', $_) } @mn);
		for my $c (@cn) {
			push @d, join('', sprintf('%5d', $c), map { defined $t->[1]{$c}{$_}
				? sprintf($t->[2], $t->[1]{$c}{$_} / ($t->[3] // 1)) : sprintf('%8s', '?') } @mn);
		}
	}
	for (qw(per_core_read_bandwidth all_cpu_read_bandwidth)) {
		push @d, sprintf('%s: %s', $_ =~ tr/_/ /r, gbs($m->{"numa.$_"}{value}))
			if $m->{"numa.$_"};
	}
	my $ok = $have == $want;
	my $t = sprintf('%s: %d x %d, %d of %d (CPU node, memory node) pairs with latency and bandwidth%s',
		$ok ? 'complete' : 'incomplete', scalar @cn, scalar @mn, $have, $want,
		@cn * @mn == 1 ? ' (one node: memory not bound)' : '');
	if ($ok && @cn * @mn > 1) {
		my @local = map { $lat{$_}{$_} // () } @cn;
		my @remote = map { my $c = $_; map { $_ == $c ? () : $lat{$c}{$_} // () } @mn } @cn;
		$t .= sprintf('; latency local %s, remote %s (medians)', ns(LMSummary::median(@local)),
			ns(LMSummary::median(@remote))) if @local && @remote;
	}
	return claim('numa', $ok ? 'ok' : 'no', $t, @d);
}

# ---- IPC latency by placement --------------------------------------------------------

sub placement {
	my ($m, $run, $f, $step) = @_;
	my %kinds;
	$kinds{ $_->{placement} } = 1 for grep { defined $_->{placement} }
		@{ $run ? $run->{values} : [] }, @{ $run ? $run->{series} : [] };
	return no_data('placement', $step, 'IPC latency by placement') unless %kinds;
	my @k = sort { $a eq 'same_cpu' ? -1 : $b eq 'same_cpu' ? 1 : $a cmp $b } keys %kinds;
	# Each placement: pipe, AF_UNIX and a 2-process ring; TCP where
	# taskset placed its server.
	my @what = ([ pipe => 'pipe.latency.%s' ], [ unix => 'unix.latency.%s' ],
		[ ctx => 'ctx.size_0k.%s@2' ], [ tcp => 'net.local.tcp_latency.%s' ]);
	my @d = (sprintf('%-30s %10s %10s %10s %10s', 'placement (us)', map { $_->[0] } @what));
	my @missing;
	for my $kind (@k) {
		my @v = map { $m->{ sprintf($_->[1], $kind) } } @what;
		push @d, sprintf('%-30s %10s %10s %10s %10s', $kind,
			map { $_ ? sprintf('%.2f', $_->{value}) : '-' } @v);
		push @missing, map { "$what[$_][0] $kind" } grep { $_ < 3 && !$v[$_] } 0 .. $#v;
	}
	my $cpus = $run->{header}{CPUS} // $f->{NCPU};
	my $want = $cpus >= 2 ? 2 : 1;
	my $ok = !@missing && @k >= $want;
	my $t = sprintf('%s: %d placement%s (%s)%s', $ok ? 'complete' : 'incomplete', scalar @k,
		@k == 1 ? '' : 's', join(', ', @k),
		@missing ? '; missing ' . join(', ', @missing) : @k < $want ? "; at least $want expected" : '');
	return claim('placement', $ok ? 'ok' : 'no', $t, @d);
}

# ---- -P beside STREAM -------------------------------------------------------------------

sub stream_p {
	my ($dir, $f, $step) = @_;
	my $n = $f->{NCPU};
	return claim('stream_p', 'skipped', 'no STREAM source given (-s stream.c)')
		if ($f->{SRC} // '') eq '';
	my $text = slurp("$dir/stream_ref.txt");
	return no_data('stream_p', $step, "-P $n beside STREAM") unless defined $text && $text =~ /^agree: /m;
	my @d = grep { /\S/ } split /\n/, $text;
	my ($agree) = $text =~ /^agree: (.*)$/m;
	my $ok = $agree =~ /^every kernel/;
	my $t = sprintf('%s: stream -P %d and bw_mem -P %d against STREAM with %d threads: %s', $ok ? 'within 5%' : 'not within 5%',
		$n, $n, $n, $agree);
	$t .= ' (quick: 16 MB arrays, which caches may hold)' if ($f->{MODE} // '') eq 'quick';
	return claim('stream_p', $ok ? 'ok' : 'no', $t, @d);
}

# ---- hardware counters ---------------------------------------------------------------

sub counters {
	my ($dir, $step) = @_;
	return no_data('counters', $step, 'counters') if !$step || $step->{status} ne 'ok';
	my %c;
	for (split /\n/, slurp("$dir/perf.txt") // '') {
		next if /^#/ || !/,/;
		my ($v, undef, $ev) = split /,/;
		$c{$1} = $v if defined $ev && $ev =~ /^(cycles|instructions)/;
	}
	my @d = map { "$_: " . ($c{$_} // 'not reported') } qw(cycles instructions);
	return claim('counters', 'failed', 'perf stat reported neither cycles nor instructions', @d)
		unless %c;
	if (grep { !defined || /not supported/ } @c{qw(cycles instructions)}) {
		return claim('counters', 'skipped', 'no PMU here: perf stat says <not supported> for '
			. join(' and ', grep { ($c{$_} // '') =~ /not supported/ } qw(cycles instructions)), @d);
	}
	if (grep { !/^\d+$/ } @c{qw(cycles instructions)}) {
		return claim('counters', 'no', 'perf stat did not count: '
			. join(', ', map { "$_ $c{$_}" } qw(cycles instructions))
			. ' (kernel.perf_event_paranoid?)', @d);
	}
	return claim('counters', $c{cycles} > 0 && $c{instructions} > 0 ? 'ok' : 'no',
		sprintf('counted: %s cycles, %s instructions, %.2f instructions per cycle (mhz)',
			$c{cycles}, $c{instructions}, $c{cycles} ? $c{instructions} / $c{cycles} : 0), @d);
}

# ---- the A/A pair --------------------------------------------------------------------

sub aa {
	my ($dir, $f, $step) = @_;
	my $text = slurp("$dir/compare.txt");
	return no_data('aa', $step, 'the A/A pair') unless defined $text;
	my ($c, $n, $j, $p) = $text =~ /^Changed: (\d+) of (\d+) metrics \([\d.]+%\); (\d+) judged \(([\d.]+)% of them\)/m;
	return claim('aa', 'failed', 'scripts/compare gave no verdict: ' . ((split /\n/, $text)[-1] // ''))
		unless defined $n;
	return claim('aa', 'no', 'scripts/compare found no metric in both runs') unless $n > 0;
	return claim('aa', 'no', "scripts/compare could judge none of the $n metrics") unless $j > 0;
	my ($see) = $text =~ /^Could see a change of [\d.]+% or more in (\d+) of \d+ metrics/m;
	my @d = grep { /^\S+\s+\S+\s+\S+\s+[-+][\d.]+%\s+(?:better|worse|changed)\s/ } split /\n/, $text;
	my $ok = $p <= $AA_PCT;
	my $t = sprintf('%s: scripts/compare flagged %d of the %d metrics it could judge (%s%%; %d of %d could show a 10%% change) between two quick runs of %s; at most %d%% expected',
		$ok ? 'alike' : 'too many changes', $c, $j, $p, $see // 0, $n,
		($f->{MODE} // '') eq 'quick' ? $f->{AA_ONLY} : 'the other groups', $AA_PCT);
	return claim('aa', $ok ? 'ok' : 'no', $t, @d);
}

# ---- the report ----------------------------------------------------------------------

sub main {
	my ($dir) = @_;
	my $f = facts($dir);
	my @steps = tsv("$dir/log/steps.tsv", qw(step estimate took status note));
	my @est = tsv("$dir/estimate.tsv", qw(step s what));
	my %step = map { $_->{step} => $_ } @steps;
	my ($cf) = LMResults::find_files("$dir/results/cores");
	my $run = $cf ? LMResults::parse($cf) : undef;
	my $m = $run ? LMResults::metrics($run) : {};
	my $cs = $step{cores};
	my %c = (
		loaded => loaded($m, $f, $cs),
		c2c => c2c($m, $run, $f, $cs),
		numa => numa($m, $run, $f, $cs),
		placement => placement($m, $run, $f, $cs),
		stream_p => stream_p($dir, $f, $step{stream}),
		counters => counters($dir, $step{counters}),
		aa => aa($dir, $f, $step{aa}),
	);
	my @claims = map { $c{$_} } @CLAIMS;
	my $h = $run ? $run->{header} : {};
	my $mem = $h->{MEMORY_KB} // $f->{MEM_KB};
	my @r;
	push @r, "lmbench-ng validation, $f->{START}, " . ($f->{INTERRUPTED} ? 'interrupted after ' : '')
		. (defined $f->{WALL} ? "$f->{WALL} s" : 'unfinished');
	push @r, sprintf('Machine: %s; %s CPUs (%s cores, %s threads per core), %s node(s), %s GB; %s',
		$h->{CPU_MODEL} // 'CPU unknown', $h->{CPUS} // $f->{NCPU}, $h->{CORES} || '?',
		$h->{THREADS_PER_CORE} || '?', $f->{NODES}, defined $mem && $mem =~ /^\d+$/ ? int($mem / 1048576 + 0.5) : '?',
		$h->{RELEASE} // '');
	push @r, "Caches: $h->{CACHE} ($h->{CACHE_SOURCE})" if $h->{CACHE};
	push @r, "Suite: lmbench-ng $f->{VERSION}, " . ($f->{COMPILER} // 'compiler unknown') . ", programs in " . ($f->{BINDIR} // '?');
	push @r, sprintf('Mode: %s; budget %s s; STREAM source: %s', $f->{MODE}, $f->{BUDGET},
		($f->{SRC} // '') ne '' ? $f->{SRC} : 'none');
	my ($tot) = grep { $_->{step} eq 'total' } @est;
	push @r, sprintf('Estimate before running: %s s (at %s GB/s); took: %s', $tot ? $tot->{s} : '?',
		$f->{BW}, defined $f->{WALL} ? "$f->{WALL} s" : 'unfinished');
	push @r, '', 'Claims:';
	push @r, map { "claim $_->{name}: $_->{verdict}: $_->{text}" } @claims;
	push @r, '', 'Steps (estimate, seconds taken, status):';
	for my $e (grep { $_->{step} ne 'total' } @est) {
		my $s = $step{ $e->{step} };
		push @r, sprintf('step %-9s %5s s %5s s  %s%s', $e->{step}, $e->{s}, $s ? $s->{took} : '-',
			$s ? $s->{status} : $e->{step} eq 'report' ? 'ok' : 'not reached',
			$s && $s->{note} ne '' ? ": $s->{note}" : '');
	}
	# What did not run: the steps, then the claims skipped for a reason
	# of their own (not their step's).
	my %said = map { $_->{note} => 1 } @steps;
	my @skip = (grep({ $_->{status} ne 'ok' } @steps), map { { step => "claim $_->{name}", note => $_->{text} } }
		grep { $_->{verdict} eq 'skipped' && !$said{ $_->{text} } } @claims);
	push @r, '', 'Skipped or failed, and why:';
	push @r, @skip ? map { "  $_->{step}: $_->{note}" } @skip : '  nothing';
	for my $cl (grep { @{ $_->{details} } } @claims) {
		push @r, '', "Details, $cl->{name}:", map { "  $_" } @{ $cl->{details} };
	}
	push @r, '', 'Files: results/cores and results/aa (results files and their JSON twins), graphs/ (report.html and the graphs),',
		'stream_ref.txt, perf.txt, compare.txt, estimate.txt, report.json, log/ (what each step printed).';
	my $txt = join("\n", @r) . "\n";
	my $fail = grep({ $_->{verdict} eq 'no' || $_->{verdict} eq 'failed' } @claims)
		+ grep({ $_->{status} eq 'failed' || $_->{status} eq 'interrupted' } @steps);
	my $doc = {
		schema => 'lmbench-ng-validation', schema_version => 1, facts => $f,
		host => { map { lc($_) => $h->{$_} } grep { defined $h->{$_} }
			qw(HOSTNAME CPU_MODEL CPUS CORES THREADS_PER_CORE MEMORY_KB RELEASE CACHE) },
		results => { cores => $cf, aa => [ LMResults::find_files("$dir/results/aa") ] },
		estimate => [ map { { step => $_->{step}, seconds => $_->{s} + 0, basis => $_->{what} } } @est ],
		steps => [ map { { step => $_->{step}, estimate_s => $_->{estimate} eq '' ? undef : $_->{estimate} + 0,
			took_s => $_->{took} + 0, status => $_->{status}, note => $_->{note} } } @steps ],
		claims => \@claims, holds => $fail ? JSON::PP::false : JSON::PP::true,
	};
	for ([ 'report.txt', $txt ], [ 'report.json', JSON::PP->new->canonical->pretty->encode($doc) ]) {
		open(my $o, '>', "$dir/$_->[0]") or die "validate: $dir/$_->[0]: $!\n";
		print $o $_->[1];
		close $o or die "validate: $dir/$_->[0]: $!\n";
	}
	print $txt;
	return $fail ? 1 : 0;
}

1;
