#!/usr/bin/perl
# The results reader (scripts/lib/LMResults.pm) against the lines it read:
# every metric of every sample run, checked against the source line it
# names.  The value is the number printed at that place of the line; the
# unit is the one the program printed (after the number, at the end of
# the label, or on the #stats line); a median lies inside its interval and
# agrees with the value to the printed precision; every #stats line of the
# file belongs to exactly one value.  The JSON twin must carry the same
# values, and every number of the summary must be the metric (or the
# simple function of metrics) its column names.  A metric measured in
# several invocations has its median invocation's value and line, and
# each invocation's value is a number its own line shows.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LMResults;
use LMSummary;
use LMCaches;
use LmTest;
use Test::More;
use JSON::PP;

my $NUM = qr/[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/;
my $UNIT = qr{microseconds|nanoseconds|MB/sec|pages|parallelism|files/sec|bytes};
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
	# (a full run at MB 1040 has over 1100; at MAIN 72 MB, 750)
	ok(@names > 600, "$f: a full run's metrics (" . scalar(@names) . ')');
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
	# A metric measured in several invocations keeps its median one's
	# #stats: the other invocations' values hold theirs.
	$stats_seen += held_by_dropped_pass($run, $m);
	is(scalar(keys %bad), 0, "$f: all " . scalar(@names)
	   . ' metrics agree with their source lines')
		or diag(join "\n", map { "$_: $bad{$_}" } (sort keys %bad)[0 .. 19]);
	is($stats_seen, scalar(grep { /^#stats / } @lines),
	   "$f: each #stats line is held by one value");

	# The invocations: in the order run; the value and line the median
	# invocation's (of an even count the better middle one); each value
	# a number its line shows, each floor no worse than its value.
	my (@badinv, $several);
	for my $n (@names) {
		my $r = $m->{$n};
		my @iv = @{ $r->{invocations} // [] };
		push(@badinv, "$n: no invocations"), next unless @iv;
		my @k = map { $_->{inv} } @iv;
		push @badinv, "$n: invocations @k not in order"
			if grep { $k[$_] <= $k[ $_ - 1 ] } 1 .. $#k;
		for my $i (@iv) {
			my $text = ($lines[ $i->{line} - 1 ] // '') =~ s/^#\+ //r;
			my ($printed) = grep { $_ == $i->{value} } $text =~ /($NUM)/g;
			push(@badinv, "$n: invocation $i->{inv}: $i->{value} not on line $i->{line}: $text"), next
				unless defined $printed;
			# (the value as printed: within half its last digit)
			my $tol = 0.5 * 10**-($printed =~ /\.(\d+)/ ? length $1 : 0);
			my $dir = $r->{better} // 'none';
			push @badinv, "$n: invocation $i->{inv}: floor $i->{floor} worse than $i->{value}"
				if ($dir eq 'lower' && $i->{floor} > $i->{value} + $tol)
				|| ($dir eq 'higher' && $i->{floor} < $i->{value} - $tol);
		}
		next unless @iv > 1;
		$several++;
		my $hi = ($r->{better} // '') eq 'higher';
		my @by = sort { $hi ? $b->{value} <=> $a->{value} : $a->{value} <=> $b->{value} } @iv;
		my $mid = $by[ int($#by / 2) ];
		# (the line of an invocation with that value: two may have it)
		my ($own) = grep { $_->{line} == $r->{line} } @iv;
		push @badinv, "$n: $r->{value} (line $r->{line}) is not the median invocation's "
			. "$mid->{value} (line $mid->{line})"
			unless $r->{value} == $mid->{value} && $own && $own->{value} == $r->{value};
	}
	is_deeply(\@badinv, [], "$f: every metric's invocations, " . ($several // 0) . ' of them measured more than once')
		or diag(join "\n", grep { defined } @badinv[0 .. 19]);
	ok($no_unit < 0.05 * @names, "$f: few points without a printed unit ($no_unit)");

	# lat_fs: one line per size, the rates in their own metrics with the
	# intervals of their own #stats lines (they used to be mixed up).
	my @fs = grep { /^fs\.create\@/ } @names;
	ok(@fs >= 4, "$f: lat_fs create rates per size");
	for my $c (@fs) {
		(my $d = $c) =~ s/create/delete/;
		my ($x) = $c =~ /\@(.*)$/;
		# Each from its own line (of its pass, "#+ " for the second).
		my @tok = map { [ split ' ', $lines[ $m->{$_}{line} - 1 ] =~ s/^#\+ //r ] }
			"fs.latency\@$x", $c, $d;
		is_deeply([ $m->{"fs.latency\@$x"}{value}, $m->{$c}{value}, $m->{$d}{value} ],
			  [ $tok[0][1], $tok[1][2], $tok[2][3] ], "$f: lat_fs $x: files, created/s, deleted/s");
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

# What each summary column is made of: [section, column, sub(metrics,
# run) giving the expected value, optional].  Series columns take the
# point at the largest size.
# The kinds of CPU pair of the placement group, closest first.
my @KINDS = qw(smt_siblings shared_llc different_llcs_same_package same_package
	       same_node different_nodes);
# The loaded group's curve with the most loaders: how many, the idle
# latency (pause level 0), the highest bandwidth and the latency there.
sub loaded_figure {
	my ($m, $what) = @_;
	my ($n) = sort { $b <=> $a } map { /^mem\.loaded\.rd\.loaders_(\d+)\@0$/ ? $1 : () } keys %$m;
	return undef unless defined $n;
	return $n if $what eq 'loaders';
	my $c = "mem.loaded.rd.loaders_$n";
	return val($m, "$c\@0") if $what eq 'idle';
	my ($top) = sort { val($m, "$c.bandwidth\@$b") <=> val($m, "$c.bandwidth\@$a") }
		map { /^\Q$c\E\.bandwidth\@(\d+)$/ ? $1 : () } keys %$m;
	return $what eq 'bw' ? val($m, "$c.bandwidth\@$top") : val($m, "$c\@$top");
}
sub largest {
	my ($m, $series) = @_;
	my ($best, $bx);
	for my $n (grep { /^\Q$series\E\@/ } keys %$m) {
		my ($x) = $n =~ /\@(.*)$/;
		my $b = LMResults::xbytes($x);
		($best, $bx) = ($m->{$n}{value}, $b) if !defined $bx || $b > $bx;
	}
	return $best;
}
sub val { my ($m, $n) = @_; return $m->{$n} ? $m->{$n}{value} : undef; }
sub med {
	my @v = sort { $a <=> $b } @_;
	return @v % 2 ? $v[$#v / 2] : ($v[@v / 2 - 1] + $v[@v / 2]) / 2;
}
# Columns that are one metric each.
sub direct {
	my ($sec, @pairs) = @_;
	return map { my ($c, $n) = @$_; [ $sec, $c, sub { val($_[0], $n) } ] } @pairs;
}
my @SUMMARY = (
	direct('Basic system', [ 'tlb pages', 'tlb.pages' ],
	       [ 'mem par', 'cache.memory.parallelism' ]),
	direct('Processor', [ 'null call', 'syscall.null' ], [ 'stat', 'syscall.stat' ],
	       [ 'open clos', 'syscall.open_close' ], [ 'slct TCP', 'select.tcp.100' ],
	       [ 'sig inst', 'sig.install' ], [ 'sig hndl', 'sig.catch' ],
	       [ 'fork proc', 'proc.fork' ], [ 'exec proc', 'proc.exec' ],
	       [ 'sh proc', 'proc.shell' ]),
	[ 'Processor', 'null I/O',
	  sub { (val($_[0], 'syscall.read') + val($_[0], 'syscall.write')) / 2 } ],
	(map { my ($t, $c) = @$_; map { my $op = $_;
		[ 'Basic ' . ($t eq 'int64' ? 'uint64' : $t), "$c $op",
		  sub { val($_[0], "ops.$t.$op") } ] }
		$t =~ /int/ ? qw(bit add mul div mod) : qw(add mul div bogo) }
		[ 'integer', 'intgr' ], [ 'int64', 'int64' ], [ 'float', 'float' ],
		[ 'double', 'double' ]),
	direct('Context switching', map { my ($p, $k) = m{^(\d+)p/(\d+)K};
		[ "$_ ctxsw", "ctx.size_${k}k\@$p" ] } qw(2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K)),
	direct('Communication latencies', [ '2p/0K ctxsw', 'ctx.size_0k@2' ],
	       [ 'Pipe', 'pipe.latency' ], [ 'AF UNIX', 'unix.latency' ],
	       [ 'UDP', 'net.local.udp_latency' ], [ 'RPC/UDP', 'net.local.rpc_udp_latency' ],
	       [ 'TCP', 'net.local.tcp_latency' ], [ 'RPC/TCP', 'net.local.rpc_tcp_latency' ],
	       [ 'TCP conn', 'net.local.tcp_connect' ]),
	(map { my ($c, $n) = @$_; [ 'File & VM', $c, sub { 1e6 / val($_[0], $n) } ] }
		[ '0K File Create', 'fs.create@0k' ], [ '0K File Delete', 'fs.delete@0k' ],
		[ '10K File Create', 'fs.create@10k' ], [ '10K File Delete', 'fs.delete@10k' ]),
	[ 'File & VM', 'Mmap Latency', sub { largest($_[0], 'mmap.latency') } ],
	direct('File & VM', [ 'Prot Fault', 'sig.prot' ], [ 'Page Fault', 'pagefault' ],
	       [ '100fd selct', 'select.file.100' ]),
	direct('Communication bandwidths', [ 'Pipe', 'pipe.bandwidth' ],
	       [ 'AF UNIX', 'unix.bandwidth' ]),
	(map { my ($c, $n) = @$_; [ 'Communication bandwidths', $c, sub { largest($_[0], $n) } ] }
		[ 'TCP', 'net.local.tcp_bandwidth' ], [ 'File reread', 'file.reread' ],
		[ 'Mmap reread', 'mmap.reread' ], [ 'Bcopy (libc)', 'bw_mem.bcopy' ],
		[ 'Bcopy (hand)', 'bw_mem.fcp' ], [ 'Mem read', 'bw_mem.frd' ],
		[ 'Mem write', 'bw_mem.fwr' ]),
	direct('Memory latencies', [ 'L1 $', 'cache.l1.latency' ]),
	# cache's L2, or where it found no clear plateau, the median of the
	# stride-128 curve from twice L1d to half L2 (the levels the run
	# believes).
	[ 'Memory latencies', 'L2 $', sub {
		my ($m, $run) = @_;
		return val($m, 'cache.l2.latency') if defined val($m, 'cache.l2.latency');
		my %c;
		for (grep { $_->{type} ne 'instruction' } LMCaches::believed($run)) {
			$c{ $_->{level} } = $_->{bytes} if $_->{bytes} > ($c{ $_->{level} } // 0);
		}
		return undef unless $c{1} && $c{2};
		med(map { $m->{$_}{value} } grep { /^mem\.load_latency\.stride_128\@(.*)$/
			&& $1 * 1048576 >= 2 * $c{1} && $1 * 1048576 <= $c{2} / 2 } keys %$m) } ],
	# The stride-128 and the random-order curve from twice the last
	# cache level the run believes up.
	# Rand mem: the random chase over huge pages where the run took one,
	# else over 4 KB pages.
	(map { my ($c, @s) = @$_; [ 'Memory latencies', $c, sub {
		my ($m, $run) = @_;
		my $from = LMCaches::memory_from($run) // 0;
		my ($s) = grep { my $s = $_; grep { /^\Q$s\E\@/ } keys %$m } @s;
		med(map { $m->{$_}{value} } grep { /^\Q$s\E\@(.*)$/ && $1 * 1048576 >= 2 * $from } keys %$m) } ] }
		[ 'Main mem', 'mem.load_latency.stride_128' ],
		[ 'Rand mem', 'mem.random_latency_huge.stride_64', 'mem.random_latency.stride_16' ]),
	# The placement group's and the loaded group's, where a run has them
	# (the 4th field: blank or absent where nothing was measured).
	(map { my ($c, $n, $i, $any) = @$_; [ 'IPC latency by placement', $c, sub {
		my @v = grep { defined } map { val($_[0], $n =~ s/KIND/$_/r) } @KINDS;
		@v && ($i == 0 || @v >= 2 || $any) ? $v[$i] : undef }, 1 ] }
		[ 'Pipe near', 'pipe.latency.KIND', 0 ], [ 'Pipe far', 'pipe.latency.KIND', -1 ],
		[ 'UNIX near', 'unix.latency.KIND', 0 ], [ 'UNIX far', 'unix.latency.KIND', -1 ],
		[ '2p/0K far', 'ctx.size_0k.KIND@2', -1, 1 ],
		[ 'c2c near', 'c2c.KIND', 0 ], [ 'c2c far', 'c2c.KIND', -1 ]),
	(map { my ($c, $n) = @$_; [ 'IPC latency by placement', $c, sub { val($_[0], $n) }, 1 ] }
		[ 'Pipe same', 'pipe.latency.same_cpu' ], [ 'UNIX same', 'unix.latency.same_cpu' ],
		[ '2p/0K same', 'ctx.size_0k.same_cpu@2' ]),
	(map { my $what = $_->[1]; [ 'Loaded memory latency', $_->[0], sub { loaded_figure($_[0], $what) }, 1 ] }
		[ 'loaders', 'loaders' ], [ 'idle lat', 'idle' ], [ 'max load', 'bw' ],
		[ 'lat at max load', 'lat' ]),
);

for my $f (@samples) {
	my $run = LMResults::parse($f);
	my $m = LMResults::metrics($run);
	my %col;
	for my $t (LMSummary::tables([$run])) {
		my ($title) = grep { /\S/ } split /\n/, $t->{head};
		for my $c (0 .. $#{ $t->{names} }) {
			$col{"$title\t$t->{names}[$c]"} = $t->{rows}[0]{values}[$c];
		}
	}
	my (@bad, $checked);
	for my $e (@SUMMARY) {
		my ($sec, $name, $how, $optional) = @$e;
		my @k = grep { /^[^\t]*\Q$sec\E[^\t]*\t\Q$name\E$/ } keys %col;
		# An optional column: nothing measured, nothing shown.
		next if $optional && !defined $how->($m, $run) && (!@k || !defined $col{ $k[0] });
		if (@k != 1) { push @bad, "$sec / $name: " . scalar(@k) . ' columns'; next; }
		my ($got, $want) = ($col{ $k[0] }, $how->($m, $run));
		if (!defined $got || !defined $want
		    || abs($got - $want) > 1e-9 * abs($want)) {
			push @bad, "$sec / $name: summary " . ($got // 'blank')
				. ', metrics ' . ($want // 'none');
		}
		$checked++;
	}
	is(scalar @bad, 0, "$f: $checked summary columns are the metrics they name")
		or diag(join "\n", @bad);
	my @numeric = grep { defined $col{$_} && $col{$_} =~ /^[-+]?[\d.]+(?:e[-+]?\d+)?$/i
		&& !/\t(?:Mhz|cache line bytes|scal load)$/ } keys %col;
	is(scalar @numeric, $checked, "$f: every measured summary number is checked");
}

# #stats lines held by values of the invocations metrics() did not keep
# (a metric measured more than once).
sub held_by_dropped_pass {
	my ($run, $m) = @_;
	my %kept = map { ($_->{stats} // 0) => 1 } grep { ref eq 'HASH' } values %$m;
	my $n = 0;
	for my $v (@{ $run->{values} }) {
		$n++ if $v->{stats} && !$kept{ $v->{stats} };
	}
	for my $s (@{ $run->{series} }) {
		next unless $s->{pass};
		$n++ if $s->{overhead_stats};
		for my $p (@{ $s->{points} }) {
			$n += grep { $_ } $p->{stats}, $p->{incl_stats}, @{ $p->{col_stats} // [] };
		}
	}
	return $n;
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
	} elsif ($r->{name} !~ $NO_UNIT && !$r->{declared}) {
		# (a declared value's unit is on its declaration line)
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
