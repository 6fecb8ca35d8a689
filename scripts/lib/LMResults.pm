# LMResults - the one parser of lmbench results files.
#
#   my $run = LMResults::parse($path);      # one results file
#   my @runs = LMResults::load(@paths);     # several; default: all under results/
#   my $m = LMResults::metrics($run);       # stable name => value record
#   my $out = LMResults::parse_output($text, $title);  # a program's output
#   LMResults::median(@v), mean(@v), stddev(@v)  # what the readers share
#
# A results file is lmbench3's: "[KEY: value]" header lines, then what the
# programs printed on stderr.  Scalar results look like "label: X unit",
# series are a title (a line starting with a double quote, or one of the
# titles lmbench3 writes without it), "x y" lines and a blank line.
# lmbench-ng adds a "#stats ..." line after each value (LMBENCH_STATS=1),
# a "#counters missing=..." line before a program's first (carried to
# each #stats record after it as counters_missing)
# and notes in brackets: [SKIPPED: ...], [FAILED: ...],
# [CHECK: name: status: value: message], [GROUP_TIME: g s], the host's
# drift probes ([DRIFT_PROBES: ], [DRIFT: ] points in {drift}: LMDrift),
# [INCOMPLETE: why] and [STATUS: complete].  A level `cache` printed
# without a figure ("L3 cache: no clear plateau (sysfs says 32 MB)": its
# sweeps did not agree) is kept in {unclear}, no value; lat_c2c's "c2c
# stability: stable|not stable: ..." in {c2c_stability} ({stable, text,
# moved}: moved when "vCPUs appear to move" followed).  A #stats line that belongs to
# no value, or is not whole and in order (stats_problem: its reason in
# {invalid}), is kept in orphan_stats, never attached.
#
# Two layouts are read (doc/results.md, "The layout"): since
# [RESULTS_FORMAT: 2], a series point's #stats line follows its block's
# blank line with x=<the point's x>, lines behind "#+" are ours (the
# second pass, the place group) and are read as if the "#+" were not
# there, and bw_mem's bcopy titles are lmbench3's; before it, #stats
# lines sit inside the blocks, after their points.
#
# Since [RESULTS_FORMAT: 3] every value carries its identity as its
# program declared it (src/harness/lib_metric.h): name=, better=, bytes=
# and kind= on its #stats line, or a "#metric" line after a value that has
# no #stats, and a "#series" line per family of point metrics after a
# series' block.  Those are taken as they are.  Files before, and
# lmbench3's, are named from their labels and titles by LMPast, which
# hands this reader the same declarations; naming rules are LMNames'.
#
# Since [RESULTS_FORMAT: 6] a file is read by its records alone: a value
# is the line before its records (#stats, #metric), the number of it each
# record's unit names ("<number> <unit>"; else its last number not yet
# taken), its label what the line says before its first ": " (else before
# its first number; a later number of the line, its #metric's own
# label=); a finding without a figure is a "#finding" record
# (cache's unclear level, lat_c2c's verdict); a series is a block of
# points after a title (a double-quoted line, or any line the points
# follow).  No wording of a line is known here: older files' lines are
# read by LMPast's rules (title, scalar_line, unclear, c2c, unreadable).
#
# summary, percent, compare, json, graphs and html all read results through
# this module; nothing else parses a results file.  Scripts that run a
# program themselves (stream_ref, bw_sweep, bw_pipe_sweep, the host facts)
# read its output through parse_output.
package LMResults;
use strict;
use warnings;
use File::Find ();
use LMNames;
use LMPast;

*slug = \&LMNames::slug;
*better = \&LMNames::better;
*finite = \&LMNames::finite;

our $SCHEMA_VERSION = 2;

my $NUM = $LMNames::NUM;

# The first layout read by its records alone.
my $RECORDS_FORMAT = 6;

# Header keys that may repeat; their values are kept in lists.
my %MULTI = map { $_ => 1 } qw(net if mount CHECK SKIPPED FAILED GROUP_TIME TOPOLOGY TOPO_CPU
	TOPO_NODE METRIC_MAP DROPIN DRIFT PLAN PLAN_NOTE PASS);

# $opt{past}: read the file by its lines' wording (LMPast), whatever its
# layout (t/records.t holds the two readings of a file alike).
sub parse {
	my ($path, %opt) = @_;
	open(my $fh, '<', $path) or die "$path: $!\n";
	return parse_fh($fh, $path, %opt);
}

# A program's output, as it printed it (no header): its result lines, and
# its series with their #stats lines inside the block, as in a results
# file before RESULTS_FORMAT 2.  A program that prints a series' points
# without a title (bw_mem, as lmbench3's) is read under $title, as the
# run writes it (line numbers then count the title as line 1).  Output
# whose records name their values (LMBENCH_STATS=1) is read by them, as
# a results file of this layout; without, by its wording.
sub parse_output {
	my ($text, $title) = @_;
	$text = "\"$title\n$text" if defined $title;
	my $records = $text =~ /^#(?:(?:stats|metric) .*\bname=|finding )/m;
	open(my $fh, '<', \$text) or die "program output: $!\n";
	return parse_fh($fh, 'program output', ($records ? (records => 1) : ()));
}

sub parse_fh {
	my ($fh, $path, %opt) = @_;
	local $/ = "\n";	# a line at a time, whatever the caller's $/
	my %run = (
		file => $path, header => {}, header_order => [], checks => [],
		values => [], series => [], failed => [], skipped => [],
		remote => [], group_time => {}, messages => [], unparsed => [], unclear => [],
		orphan_stats => [], orphan_decls => [], unreadable => [], drift => [], lines => 0,
		bytes => 0,
		status => 'incomplete', incomplete => 'no end mark (still running, or killed)',
	);
	# $closed: the series whose block a blank line just ended (its #stats
	# lines follow); $off: the width of a "#+" taken off the line.
	# $counters: what the last "#counters" line said could not be counted
	# (a program says it once; older files on each #stats line).
	my ($series, $closed, $heading, $last, $pending, $placement, $pass, $counters);
	# $held: a line whose records may follow (a value line; in a file
	# read by its records any line outside a block, told by what comes
	# after it; before, a line of numbers alone: lat_pmake, lat_dram_page
	# print no label).
	my $held;
	# $dropin: a drop-in group's lines ([DROPIN: ] to its [GROUP_TIME: ]),
	# a program of the user's that writes lmbench3's lines, not records.
	my $dropin;
	my $records = sub { !$opt{past} && !$dropin
		&& ($opt{records} || results_format(\%run) >= $RECORDS_FORMAT) };
	my $start_series = sub {
		my ($title) = @_;
		# A title followed directly by another title is a heading
		# ("Memory load latency") for the series after it.
		if ($series && !@{ $series->{points} }) {
			$heading = $series->{title};
			pop @{ $run{series} };
			push @{ $run{orphan_stats} }, $series->{overhead_stats}
				if $series->{overhead_stats};
		}
		$series = { title => $title, heading => $heading, points => [],
			format => results_format(\%run), ($records->() ? (records => 1) : ()),
			(defined $placement ? (placement => $placement) : ()),
			(defined $pass ? (pass => $pass) : ()) };
		push @{ $run{series} }, $series;
		$last = $closed = undef;
	};
	# A held line no record claimed: a title where a block follows it,
	# else a message ("<program>: ...") or a line not read.
	my $settle = sub {
		my ($next) = @_;
		my $h = $held or return;
		undef $held;
		return if $h->{claimed};
		return unless $h->{text} =~ /\S/;
		if (defined $next && ($next =~ /^"/ || point_line($next)) && !point_line($h->{text})) {
			$start_series->($h->{text});
			return;
		}
		if (message_line($h->{text})) {
			push @{ $run{messages} }, $h->{text};
			return;
		}
		push @{ $run{unparsed} }, $h->{text};
	};
	while (my $line = <$fh>) {
		# What LMInput judges a file by: its size, the title, control
		# bytes (binary data), a last line without its newline (cut).
		$run{lines}++;
		$run{bytes} += length $line;
		$run{titled} = $line =~ /^\[lmbench3\.0 results for / if $. == 1;
		$run{binary} //= $. if $line =~ /[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f]/;
		$run{cut} = $line !~ /\n\z/;
		chomp $line;
		$line =~ s/\r\z//;
		my $off = $line =~ s/^#\+(?: |\z)// ? $+[0] : 0;
		if ($line =~ /^#counters\s+(.*)$/) {
			$counters = declaration($1)->{missing};
			next;
		}
		if ($line =~ /^#stats\s+(.*)$/) {
			my $st = parse_stats($1);
			$st->{line} = $.;
			# A point's #stats inside its block, as a program prints
			# it (the run adds x=, scripts/lmbench): the point before.
			$st->{x} = $last->{x} if $records->() && $series && $last
				&& defined $last->{x_at} && !defined $st->{x};
			$st->{counters_missing} //= $counters
				if defined $counters && length $counters;
			my $s = $series // $closed;
			$last = claim(\%run, $held, $st, $placement, $pass, $records->()) // $last
				if defined $st->{name} && !defined $st->{x};
			my $of = stats_of($st, results_format(\%run));
			push @{ $run{orphan_stats} }, $st
				if $st->{invalid} || !(defined $st->{x}
					? attach_point_stats($st, $of, $s)
					: attach_stats($st, $of, $last, $s, \$pending));
			# A program that prints one point a run declares its
			# series on the point's #stats line.
			add_decl($s, $st) if $s && defined $st->{x} && defined $st->{x_name};
			undef $held unless $records->();
			next;
		}
		if ($line =~ /^#(metric|series)\s+(.*)$/) {
			my ($what, $d) = ($1, declaration($2));
			$d->{line} = $.;
			if ($what eq 'series') {
				my $s = $series // $closed;
				push @{ $run{orphan_decls} }, $d unless $s && add_decl($s, $d);
			} else {
				$last = claim(\%run, $held, { %$d, metric => 1 }, $placement, $pass,
					$records->()) // $last;
				push @{ $run{orphan_decls} }, $d unless attach_metric($d, $last);
			}
			undef $held unless $records->();
			next;
		}
		if ($line =~ /^#finding\s+(.*)$/) {
			finding(\%run, $held, declaration($1), $pass) if $records->();
			next;
		}
		if ($records->() && $line !~ /^#/) {
			$settle->($line);
		} elsif (!$records->()) {
			undef $held unless $line =~ /^#/;
		}
		if ($line =~ /^\[ Networking remote to (\S+): (.*?) ?\]$/) {
			push @{ $run{remote} }, { host => $1, uname => $2 };
			next;
		}
		if ($line =~ /^\[lmbench3\.0 results for (.*)\]$/) {
			header(\%run, 'UNAME', $1);
			next;
		}
		if ($line =~ /^\[([A-Za-z_][A-Za-z0-9_ .]*?): ?(.*)\]$/) {
			my ($k, $v) = ($1, $2);
			if ($k eq 'CHECK') {
				my ($name, $status, $value, $msg) = split /: /, $v, 4;
				push @{ $run{checks} }, { name => $name, status => $status,
					value => $value, message => $msg // '' };
			} elsif ($k eq 'SKIPPED' || $k eq 'FAILED') {
				my ($what, $why) = $v =~ /^(.*?): (.*)$/ ? ($1, $2) : ($v, '');
				push @{ $run{ lc $k } }, { what => $what, reason => $why };
			} elsif ($k eq 'PLACEMENT') {
				# [PLACEMENT: <kind>: <cpus>] .. [PLACEMENT: none]: the
				# values between were measured with that placement.
				$placement = $v eq 'none' ? undef : slug($v =~ s/:.*//r);
			} elsif ($k eq 'TOPO_CPU') {
				my @f = split ' ', $v;
				push @{ $run{topology}{cpus} }, { map { ($_, 0 + shift @f) }
					qw(cpu core package node smt llc) }
					if @f == 6 && !grep { !/^-?\d+$/ } @f;
			} elsif ($k eq 'TOPO_NODE') {
				my @f = split ' ', $v;
				push @{ $run{topology}{nodes} }, { node => 0 + $f[0],
					cpus => 0 + $f[1], mem_mb => $f[2] eq '-' ? undef : 0 + $f[2] }
					if @f == 3 && "@f" =~ /^\d+ \d+ (?:\d+|-)$/;
			} elsif ($k eq 'PASS') {
				# [PASS: 2]: what follows is the second pass of the
				# groups run twice (metrics() keeps the better).
				$pass = $v =~ /^(\d+)$/ && $1 > 1 ? $1 + 0 : undef;
			} elsif ($k eq 'DRIFT') {
				# [DRIFT: <where> <s> <probe>=<value> ...]: a point of
				# the host's drift probes (LMDrift reads them).
				# A figure that is not one is named, not dropped;
				# "failed" stands where the probes could not run.
				my ($where, $t, @f) = split ' ', $v;
				my %fig = map { /^(\w+)=(.*)$/ ? ($1 => $2) : () } @f;
				if (!defined $t || $t !~ /^\d+$/
				    || grep({ !finite($_) || $_ < 0 } values %fig)
				    || grep({ !/^\w+=/ && $_ ne 'failed' } @f)) {
					push @{ $run{unreadable} }, { line => $., text => $line };
				} else {
					push @{ $run{drift} }, { where => $where, t => $t + 0, line => $.,
						values => { map { $_ => $fig{$_} + 0 } keys %fig } };
				}
			} elsif ($k eq 'DROPIN') {
				$dropin = 1;
			} elsif ($k eq 'GROUP_TIME') {
				undef $dropin;
				# "<group>[/<k>] <seconds>[ at <seconds after the start>]"
				my ($g, $s, $at, $t) = split ' ', $v;
				$run{group_time}{$g} = $s if defined $s;
				$run{group_start}{$g} = $t if defined $at && $at eq 'at' && finite($t);
			} elsif ($k eq 'STATUS' && $v eq 'complete') {
				$run{status} = 'complete';
				delete $run{incomplete};
			} elsif ($k eq 'INCOMPLETE') {
				$run{status} = 'incomplete';
				$run{incomplete} = $v;
			}
			header(\%run, $k, $v);
			next;
		}
		if ($line =~ /^\s*$/) {
			$closed = $series if $series;
			undef $series;
			next;
		}
		my $title = $line =~ /^"(.*)$/ ? $1
			: !$records->() && LMPast::title($line) ? $line : undef;
		if (defined $title) {
			$start_series->($title);
			next;
		}
		# bw_tcp's points end in the unit, as lmbench3's do.
		my @xy = $series ? point_line($line) : ();
		if (@xy) {
			my ($x, @y) = @xy;
			my @at;
			push @at, $-[0] + $off while $line =~ /\S+/g;
			my $p = { x => $x, y => $y[0], more => [ @y[1 .. $#y] ],
				line => $., at => [ @at[1 .. $#at] ], x_at => $at[0] };
			# lat_fs printed the create rate's #stats before its line
			# (before RESULTS_FORMAT 2; now both follow the block).
			($p->{col_stats}[1], $pending) = ($pending, undef) if $pending;
			push @{ $series->{points} }, $p;
			$last = $p;
			next;
		}
		if ($records->()) {
			# A comment; else a line told by what follows it.
			if ($line =~ /^#/) {
				push @{ $run{unparsed} }, $line;
			} else {
				# Past the records of the block before it.
				$closed = undef;
				$held = { text => $line, line => $., off => $off,
					unparsed => scalar @{ $run{unparsed} } };
			}
			next;
		}
		past_line(\%run, $line, $off, \$held, \$last, \$closed,
			{ placement => $placement, pass => $pass, series => $series });
	}
	$settle->(undef) if $records->();
	close $fh;
	push @{ $run{orphan_stats} }, $pending if $pending;
	# Drop headings left without points (and their #stats, if any).
	push @{ $run{orphan_stats} }, map { $_->{overhead_stats} // () }
		grep { !@{ $_->{points} } } @{ $run{series} };
	@{ $run{series} } = grep { @{ $_->{points} } } @{ $run{series} };
	$run{records} = 1 if !$opt{past}
		&& ($opt{records} || results_format(\%run) >= $RECORDS_FORMAT);
	return \%run;
}

# A point line of a block: (x as printed, y, more numbers), or ().  bw_tcp's
# points end in the unit, as lmbench3's do.
sub point_line {
	my ($line) = @_;
	return () unless $line =~ /^\s*($NUM)([kKmM]?)((?:\s+$NUM)+)(?:\s+MB\/sec)?\s*$/;
	my @xy = ($1, $2, split(' ', $3));
	return () if grep { !finite($_) } @xy[ 0, 2 .. $#xy ];
	return ("$xy[0]$xy[1]", @xy[ 2 .. $#xy ]);
}

# A line outside a block of a file read by its wording (LMPast's rules).
sub past_line {
	my ($run, $line, $off, $held, $last, $closed, $at) = @_;
	if (my $v = LMPast::scalar_line($line)) {
		$v->{$_} += $off for grep { defined $v->{$_} } qw(at parallelism_at bytes_at);
		$v->{also}{at} += $off if $v->{also};
		$$closed = undef;
		$v->{line} = $.;
		$v->{placement} = $at->{placement} if defined $at->{placement};
		$v->{pass} = $at->{pass} if defined $at->{pass};
		$v->{also}{line} = $. if $v->{also};
		push @{ $run->{values} }, $v;
		$$last = $v;
		return;
	}
	# cache's level whose sweeps did not agree: no figure, what the
	# host reports in its place (cache(8)).
	if (my $u = LMPast::unclear($line)) {
		push @{ $run->{unclear} }, { %$u, line => $., pass => $at->{pass} };
		return;
	}
	# lat_c2c's verdict on its matrix (two passes, both directions)
	# and, where not stable, the line that says what it means.
	if (my $c = LMPast::c2c($line)) {
		if (ref $c) {
			$run->{c2c_stability} = { %$c, line => $., moved => 0 };
		} elsif ($run->{c2c_stability}) {
			$run->{c2c_stability}{moved} = 1;
		}
		return;
	}
	if (message_line($line)) {
		push @{ $run->{messages} }, $line;
		return;
	}
	$$held = { text => $line, line => $., off => $off,
		unparsed => scalar @{ $run->{unparsed} }, bare => 1 }
		if !$at->{series} && $line =~ /^\s*$NUM(?:\s+$NUM)*\s*$/;
	# A result whose number is not one (nan, inf): named, not dropped.
	push @{ $run->{unreadable} }, { line => $., text => $line }
		if LMPast::unreadable($line);
	push @{ $run->{unparsed} }, $line;
}

# A #finding record: what the line before it says without a figure.
# cache.l<k> unclear: a level whose sweeps did not agree ({unclear});
# c2c.stability stable|not_stable and c2c.placement moved: lat_c2c's
# verdict on its matrix ({c2c_stability}).
sub finding {
	my ($run, $h, $f, $pass) = @_;
	my ($of, $state) = ($f->{of} // '', $f->{state} // '');
	my $line = $h ? $h->{line} : $f->{line} // $.;
	if ($of =~ /^cache\.l(\d+)$/ && $state eq 'unclear') {
		push @{ $run->{unclear} }, { level => $1 + 0, label => "L$1 cache",
			host => $f->{host}, line => $line, pass => $pass };
	} elsif ($of eq 'c2c.stability') {
		$run->{c2c_stability} = { stable => $state eq 'stable' ? 1 : 0,
			text => $f->{text}, line => $line, moved => 0 };
	} elsif ($of eq 'c2c.placement' && $state eq 'moved') {
		$run->{c2c_stability}{moved} = 1 if $run->{c2c_stability};
	} else {
		# A finding this reader does not know leaves its line as it was.
		return;
	}
	$h->{claimed} = 1 if $h;
}

# A program's message ("lat_mem_load: rd, 1 loader: ..."): its name first.
sub message_line { return $_[0] =~ /^[A-Za-z0-9_]+: / }

sub header {
	my ($run, $k, $v) = @_;
	if ($MULTI{$k}) {
		push @{ $run->{header}{$k} }, $v;
	} else {
		push @{ $run->{header_order} }, $k unless exists $run->{header}{$k};
		$run->{header}{$k} = $v;
	}
}

sub parse_stats {
	my ($s) = @_;
	my %st = %{ record($s) };
	# Before RESULTS_FORMAT 7 lists were "a,b,c": the samples, the CPUs
	# a result ran on and each sample's taint code (0: clean).
	for (grep { defined $st{$_} && !ref $st{$_} } qw(samples cpus taint)) {
		$st{$_} = [ map { /^$NUM$/ ? $_ + 0 : $_ } split /,/, $st{$_} ];
	}
	for (qw(n min q1 median q3 max ci_lo ci_hi ci_level parallel tainted
		cpu_share switches migrations ghz), grep { /_op$/ } keys %st) {
		$st{$_} += 0 if defined $st{$_} && $st{$_} =~ /^$NUM$/;
	}
	$st{invalid} = stats_problem(\%st);
	delete $st{invalid} unless defined $st{invalid};
	return \%st;
}

# A record's members (#stats, #metric, #series, #finding, #counters) as
# one flat hash: since RESULTS_FORMAT 7 a JSON object as the harness
# writes it (lib_metric.c), its ci {lo, hi, level} as ci_lo, ci_hi and
# ci_level, its counters' members at the top (missing as
# counters_missing), at_s as at, and the object itself as {record} (what
# scripts/json gives of it); in older files key=value pairs
# (LMPast::pairs).  A record that is not a JSON object is empty.
my %FLAT = (ci => 'ci_', counters => '');
sub record {
	my ($s) = @_;
	return LMPast::pairs($s) unless $s =~ /^\s*\{/;
	my $o = json_object($s);
	return {} unless ref $o eq 'HASH';
	my %r = (record => $o);
	for my $k (keys %$o) {
		my $v = $o->{$k};
		if (ref $v eq 'HASH' && exists $FLAT{$k}) {
			$r{ $k eq 'counters' && $_ eq 'missing' ? 'counters_missing'
				: "$FLAT{$k}$_" } = $v->{$_} for keys %$v;
		} else {
			$r{ $k eq 'at_s' ? 'at' : $k } = $v;
		}
	}
	return \%r;
}

# A JSON text into Perl data (null: undef; true and false: 1 and 0), or
# undef where it is none or nests deeper than a record (8 levels).
# Records are read many to a file, and JSON::PP reads them three to four
# times slower than this, which takes a value (a list of numbers: the
# samples) in one pattern.
my $JNUM = qr/-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/;
my %ESC = ('"' => '"', '\\' => '\\', '/' => '/', b => "\b", f => "\f",
	n => "\n", r => "\r", t => "\t");
sub json_object {
	my ($s) = @_;
	my $v = eval { json_value(\$s) };
	return undef unless defined $v && $s =~ /\G\s*\z/gc;
	return $v;
}
sub json_value {
	my ($r, $depth) = @_;
	die if ($depth //= 0) > 8;
	# One pattern tells the value: a string, a number, a list of
	# numbers (the samples), or the opening of a list or an object.
	$$r =~ /\G\s*(?:"((?:[^"\\]|\\.)*)"|($JNUM)|\[(\s*$JNUM\s*(?:,\s*$JNUM\s*)*)\]|([[{])|(null|true|false))/gc
		or die;
	my ($str, $num, $list, $open, $word) = ($1, $2, $3, $4, $5);
	if (defined $str) {
		my $t = $str;
		$t =~ s/\\(?:u([0-9a-fA-F]{4})|(.))/defined $1 ? chr(hex $1) : $ESC{$2} \/\/ die/ge
			if index($t, '\\') >= 0;
		return $t;
	}
	return $num + 0 if defined $num;
	return [ map { $_ + 0 } split /,/, $list =~ s/\s+//gr ] if defined $list;
	return $word eq 'null' ? undef : $word eq 'true' ? 1 : 0 if defined $word;
	if ($open eq '[') {
		my @a;
		return \@a if $$r =~ /\G\s*\]/gc;
		do { push @a, json_value($r, $depth + 1) } while $$r =~ /\G\s*,/gc;
		$$r =~ /\G\s*\]/gc or die;
		return \@a;
	}
	my %h;
	return \%h if $$r =~ /\G\s*\}/gc;
	do {
		$$r =~ /\G\s*"((?:[^"\\]|\\.)*)"\s*:/gc or die;
		my $k = $1;
		$h{$k} = json_value($r, $depth + 1);
	} while $$r =~ /\G\s*,/gc;
	$$r =~ /\G\s*\}/gc or die;
	return \%h;
}

# The samples a #stats line's statistics are over, in the order taken:
# with median_of=clean, the intervals whose taint code is 0; else all.
sub used_samples {
	my ($st) = @_;
	my @s = @{ $st->{samples} // [] };
	my $t = $st->{taint};
	return @s unless ($st->{median_of} // '') eq 'clean' && $t && @$t == @s;
	return @s[ grep { !$t->[$_] } 0 .. $#s ];
}

# The keys of a #metric or #series line (name=, unit=, better=, bytes=,
# kind=; a series' x_name=, x_unit=, y_name=, y_unit=, col=, point=).
sub declaration { return record($_[0]) }

# A #series line: one more family of the block's point metrics (a
# program that runs once per point declares its series each time: the
# same name is kept once).  False for one without a name or a unit.
sub add_decl {
	my ($s, $d) = @_;
	return 0 unless defined $d->{name} && defined $d->{unit};
	push @{ $s->{decls} }, $d
		unless grep { $_->{name} eq $d->{name} } @{ $s->{decls} // [] };
	return 1;
}

# A #metric line names the number of the value line before it that has
# its unit (tlb's pages and nanoseconds, cache's nanoseconds and
# parallelism).  False where none is free.
sub attach_metric {
	my ($d, $v) = @_;
	return 0 unless $v && defined $d->{name} && defined $d->{unit};
	for my $f ($v, $v->{also} // ()) {
		next unless defined $f->{unit} && $f->{unit} eq $d->{unit} && !$f->{decl};
		$f->{decl} = $d;
		return 1;
	}
	if (defined $v->{parallelism} && $d->{unit} eq 'parallelism' && !$v->{parallelism_decl}) {
		$v->{parallelism_decl} = $d;
		return 1;
	}
	return 0;
}

# A declaration (#stats with name= and no x=, or #metric) after a held
# line: the value it declares, made and returned, or undef.  Read by its
# records ($records), the line's number the declaration's unit names
# (number_of); before, only a line of numbers alone is held, and its last
# number is the value.  A declared number that is none (nan, inf) is
# named in {unreadable}, not dropped.
sub claim {
	my ($run, $h, $d, $placement, $pass, $records) = @_;
	# Only a whole declaration names a number.
	return undef unless $h && defined $d->{name} && defined $d->{unit};
	my ($value, $at) = $records ? number_of($h, $d->{unit})
		: ($h->{text} =~ /(\S+)\s*$/ ? ($1, $-[1]) : ());
	if (!finite($value)) {
		# A number too large to be one is no result.
		return undef unless $records;
		push @{ $run->{unreadable} }, { line => $h->{line}, text => $h->{text} }
			unless $h->{claimed}++;
		return undef;
	}
	$h->{taken}{$at} = 1;
	# The label is the line's; a line's later numbers (tlb's miss after
	# its pages, cache's size after its latency) take their #metric's
	# own label where it has one ("tlb miss").
	my $v = { label => !$records ? $d->{label} // $d->{name}
			: $h->{claimed} && $d->{metric} && defined $d->{label} ? $d->{label}
			: line_label($h->{text}) // (length($d->{label} // '') ? $d->{label} : $d->{unit}),
		value => $value + 0, unit => $d->{unit}, at => $at + $h->{off},
		line => $h->{line},
		(defined $placement ? (placement => $placement) : ()),
		(defined $pass ? (pass => $pass) : ()) };
	# No longer unparsed: it is read.
	splice(@{ $run->{unparsed} }, $h->{unparsed}, 1)
		if $h->{bare} && ($run->{unparsed}[ $h->{unparsed} ] // '') eq $h->{text};
	$h->{claimed} = 1;
	push @{ $run->{values} }, $v;
	return $v;
}

# The number a record of unit $unit declares in a held line, and its
# offset: the word before the unit's word ("0.1109 microseconds"), else
# the line's last number not yet taken (lat_http's "<file> <bytes> <us>",
# "<op> parallelism: <n>").  A word in the unit's place that is no
# number (nan) is returned as it is, for the caller to name.
sub number_of {
	my ($h, $unit) = @_;
	my @w;
	push @w, [ $1, $-[1] ] while $h->{text} =~ /(\S+)/g;
	for my $i (reverse 0 .. $#w - 1) {
		next if $h->{taken}{ $w[$i][1] };
		return @{ $w[$i] } if $w[ $i + 1 ][0] eq $unit;
	}
	for my $w (reverse @w) {
		next if $h->{taken}{ $w->[1] };
		return @$w if $w->[0] =~ /^$NUM$/;
	}
	return ();
}

# A value line's label: what it says before its first ": ", else before
# its first number; undef where that is nothing.
sub line_label {
	my ($text) = @_;
	my $l = $text =~ /^(.*?):\s/ ? $1 : $text =~ /^(.*?)(?:^|\s)$NUM(?:\s|$)/ ? $1 : '';
	$l =~ s/^\s+|\s+$//g;
	return length $l ? $l : undef;
}

# The layout's number, [RESULTS_FORMAT: ]: 1 where there is none, or
# where it is not a number (it names no layout this reader knows).
sub results_format {
	my ($run) = @_;
	my $f = $run->{header}{RESULTS_FORMAT} // 1;
	return $f =~ /^[0-9]{1,3}$/ ? $f + 0 : 1;
}

# What makes a #stats record unusable, or undef: every statistic a
# finite number, in order, the interval holding the median, n samples.
sub stats_problem {
	my ($st) = @_;
	for (qw(n min q1 median q3 max ci_lo ci_hi)) {
		return "$_ is not a finite number" unless finite($st->{$_});
	}
	for (qw(ci_level parallel)) {
		return "$_ is not a finite number" if defined $st->{$_} && !finite($st->{$_});
	}
	# A JSON record's samples are numbers already (or null): finite
	# unless infinite (inf - inf is no number).
	return 'a sample is not a finite number'
		if $st->{record} ? grep { !defined $_ || ref $_ || $_ - $_ != 0 } @{ $st->{samples} // [] }
			: grep { !finite($_) } @{ $st->{samples} // [] };
	return 'n is not the number of samples'
		unless $st->{n} == @{ $st->{samples} // [] };
	return 'min, quartiles, median and max out of order'
		unless $st->{min} <= $st->{q1} && $st->{q1} <= $st->{median}
		&& $st->{median} <= $st->{q3} && $st->{q3} <= $st->{max};
	return 'the interval does not hold the median'
		unless $st->{ci_lo} <= $st->{median} && $st->{median} <= $st->{ci_hi};
	return undef;
}

# What a #stats line describes where that is not its value (doc/results.md,
# "The layout"): col=<n>, the point line's n-th number (lat_fs's create
# and delete rates, 3 and 4), or part=overhead (lat_ctx's overhead, the
# series') and part=incl_overhead (a ring's time per hand-over with the
# overhead still in: the printed value is that minus the overhead, so
# the intervals are not the value's).  Files before RESULTS_FORMAT 5 say
# it by their labels (LMPast).  { col, part }; neither: the value's own.
sub stats_of {
	my ($st, $format) = @_;
	my %of = (defined $st->{name} ? () : (col => $st->{col}), part => $st->{part});
	return \%of if defined $of{col} || defined $of{part} || $format >= 5;
	return LMPast::stats_of($st);
}

# Where a #stats line without x= belongs (inside a block before
# RESULTS_FORMAT 2, or after a scalar): the value before it, or what $of
# says.  lat_fs printed its create rate's (col 3) before the line of its
# size, its delete rate's (col 4) after it.  Returns false for a line
# that belongs nowhere.
sub attach_stats {
	my ($st, $of, $last, $series, $pending) = @_;
	my ($col, $part) = ($of->{col} // 2, $of->{part} // '');
	if ($col == 3) {
		return 0 if $$pending;
		$$pending = $st;
		return 1;
	}
	if ($col > 3) {
		return 0 unless $last && @{ $last->{more} // [] } >= $col - 2
			&& !$last->{col_stats}[ $col - 2 ];
		$last->{col_stats}[ $col - 2 ] = $st;
		return 1;
	}
	if ($part eq 'overhead') {
		return 0 unless $series && !$series->{overhead_stats};
		$series->{overhead_stats} = $st;
		return 1;
	}
	if ($part eq 'incl_overhead') {
		return 0 unless $last && !$last->{incl_stats};
		$last->{incl_stats} = $st;
		return 1;
	}
	return 0 unless $last && !$last->{stats};
	$last->{stats} = $st;
	return 1;
}

# A #stats line written after its series' block, x=<the point's x>: the
# first point of that series with this x whose place for it ($of) is
# free.  Returns false for a line that belongs nowhere.
sub attach_point_stats {
	my ($st, $of, $series) = @_;
	return 0 unless $series;
	my ($col, $part) = ($of->{col} // 2, $of->{part} // '');
	my $slot = $col > 2 ? sub { \$_[0]{col_stats}[ $col - 2 ] }
		 : $part eq 'incl_overhead' ? sub { \$_[0]{incl_stats} }
		 : sub { \$_[0]{stats} };
	for my $p (@{ $series->{points} }) {
		next unless $p->{x} eq $st->{x};
		my $r = $slot->($p);
		next if $$r;
		$$r = $st;
		return 1;
	}
	return 0;
}

# Every measured value under a stable name.  Series points are named
# "<series>@<x>"; the series themselves are in $m->{':series'}.  A run
# whose groups ran more than once ([PASS: <k>] before each later
# invocation, RESULTS_FORMAT 4; [PASS: 2] before the second pass of
# older files) has a record per invocation of each of their metrics:
# the metric's value is its median invocation's (of an even count the
# better of the middle two: of two passes the better, as before), with
# that invocation's line and #stats, so that a value is always a number
# its line shows; {invocations} keeps them all in the order run, each {
# value, floor (invocation_floor), inv, at, line, stats }; the series are
# the first invocation's.  A metric measured once has { invocations } of
# one.
sub metrics {
	my ($run) = @_;
	my (%vals, %sers, @passes);
	for my $v (@{ $run->{values} }) {
		my $p = $v->{pass} // 1;
		push @passes, $p unless $vals{$p} || $sers{$p};
		push @{ $vals{$p} }, $v;
	}
	for my $s (@{ $run->{series} }) {
		my $p = $s->{pass} // 1;
		push @passes, $p unless $vals{$p} || $sers{$p};
		push @{ $sers{$p} }, $s;
	}
	my %seen;
	@passes = sort { $a <=> $b } grep { !$seen{$_}++ } 1, @passes;
	my $m = pass_metrics($run, $vals{1} // [], $sers{1} // []);
	for my $n (grep { !/^:/ } keys %$m) {
		$m->{$n}{invocations} = [ invocation($m->{$n}, 1) ];
	}
	for my $p (grep { $_ > 1 } @passes) {
		my $mp = pass_metrics($run, $vals{$p} // [], $sers{$p} // []);
		for my $n (grep { !/^:/ } keys %$mp) {
			if (!$m->{$n}) {
				$m->{$n} = $mp->{$n};
				$m->{$n}{invocations} = [];
			}
			push @{ $m->{$n}{invocations} }, invocation($mp->{$n}, $p);
		}
	}
	for my $n (grep { !/^:/ } keys %$m) {
		my $inv = $m->{$n}{invocations};
		next unless @$inv > 1;
		my @finite = grep { finite($_->{value}) } @$inv;
		next unless @finite;
		# The median invocation: of an even count, the better of the
		# middle two (the lower one where nothing is better).
		my $rec = $m->{$n};
		my $hi = ($rec->{better} // '') eq 'higher';
		my @by = sort { $hi ? $b->{value} <=> $a->{value} : $a->{value} <=> $b->{value} } @finite;
		my $mid = $by[ int($#by / 2) ];
		# That invocation's record as a whole (its label, which may
		# carry the invocation's overhead, its other columns and
		# intervals go with its line), with all the invocations.
		$m->{$n} = { %{ $mid->{rec} }, invocations => $inv };
	}
	delete $_->{rec} for map { @{ $m->{$_}{invocations} } } grep { !/^:/ } keys %$m;
	return $m;
}

# One invocation of a metric: its record's value, floor and place.
sub invocation {
	my ($rec, $pass) = @_;
	my $st = $rec->{stats};
	my $inv = $st && defined $st->{inv} && $st->{inv} =~ /^\d+$/ ? $st->{inv} + 0 : $pass;
	return { value => $rec->{value}, floor => invocation_floor($rec), inv => $inv,
		(defined $st && defined $st->{at} && finite($st->{at}) ? (at => $st->{at} + 0) : ()),
		line => $rec->{line}, stats => $st, rec => $rec };
}

# An invocation's floor: its best interval (the least time, the most
# bandwidth: the cost without the host's interference, which only adds
# time), where its #stats samples are the value's own (their median is
# the value, within 2%) and there are three or more; else its value.  A
# metric with no better direction has its value.  compare judges the
# floors: on a shared host a slow phase moves a whole invocation's median
# by 10-50% between invocations 100 ms apart, its best interval by 1-3%
# (doc/validation/compare.md).
sub invocation_floor {
	my ($rec) = @_;
	my $v = $rec->{value};
	my $dir = $rec->{better} // 'none';
	my $st = $rec->{stats};
	return $v unless $st && ($dir eq 'lower' || $dir eq 'higher') && finite($v) && $v != 0;
	my @s = grep { finite($_) } used_samples($st);
	return $v unless @s >= 3 && finite($st->{median}) && $st->{median} > 0;
	return $v unless abs($st->{median} / $v - 1) <= 0.02;
	my ($lo, $hi) = (sort { $a <=> $b } @s)[ 0, -1 ];
	return $dir eq 'lower' ? $lo : $hi;
}

# The metrics of one pass: these values and series of the run.
sub pass_metrics {
	my ($run, $values, $series_list) = @_;
	my (%m, @series);
	# Files with declarations name their values by them alone.
	my $declared = $run->{records} || results_format($run) >= 3;
	# A drop-in group's [METRIC_MAP: name = label-regex] lines name its values.
	# A regex that does not compile maps nothing; one that compiles with
	# a warning (the file's, not ours) is used quietly.
	my @maps = map { my ($n, $src) = /^([A-Za-z0-9_.]+) = (.+)$/;
		my $re = defined $n && do { no warnings 'regexp'; eval { qr/$src/ } };
		$re ? [ $n, $re ] : () } @{ $run->{header}{METRIC_MAP} // [] };
	for my $v (map { $declared ? $_ : LMPast::value($_) } @$values) {
		my $d = $v->{decl} // ($v->{stats} && defined $v->{stats}{name} ? $v->{stats} : undef);
		my ($name, $bytes) = $d ? ($d->{name}, $d->{bytes}) : ('other.' . slug($v->{label}), undef);
		for my $mp (!$d || $d->{inferred} ? @maps : ()) {
			if ($v->{label} =~ $mp->[1]) {
				($name, $bytes) = ($mp->[0], undef);
				$v->{dropin} = 1;
				last;
			}
		}
		$name .= ".$v->{placement}" if defined $v->{placement};
		my %src = (line => $v->{line}, at => $v->{at});
		# A count of pages (tlb's entries) is a property of the machine,
		# not a result that can be better or worse.
		my $property = $d ? ($d->{kind} // '') eq 'property' : $v->{unit} eq 'pages';
		add(\%m, $name, { label => $v->{label}, value => $v->{value},
			unit => $v->{unit}, stats => $v->{stats}, bytes => $bytes,
			better => $d ? $d->{better} // 'none' : better($v->{unit}),
			($v->{dropin} ? (dropin => 1) : ()), ($d && !$d->{inferred} ? (declared => 1) : ()),
			($property ? (property => 1) : ()),
			($d && ($d->{kind} // '') eq 'count' ? (count => 1) : ()), %src });
		if ($v->{also}) {
			my $ad = $v->{also}{decl};
			add(\%m, $ad ? $ad->{name} : 'tlb.pages', { label => 'tlb',
				value => $v->{also}{value}, unit => 'pages',
				better => $ad ? $ad->{better} // 'none' : 'none',
				(!$ad || ($ad->{kind} // '') eq 'property' ? (property => 1) : ()),
				($ad && !$ad->{inferred} ? (declared => 1) : ()),
				line => $v->{line}, at => $v->{also}{at} })
				if $ad;
		}
		if (defined $v->{parallelism}) {
			my $pd = $v->{parallelism_decl};
			add(\%m, $pd ? $pd->{name} : 'cache.memory.parallelism',
				{ label => 'Memory latency parallelism',
				value => $v->{parallelism}, unit => 'parallelism',
				better => $pd ? $pd->{better} // 'none' : 'higher',
				($pd && !$pd->{inferred} ? (declared => 1) : ()),
				line => $v->{line}, at => $v->{parallelism_at} })
				if $pd;
		}
		# A file read by its wording: cache's sizes, which its lines
		# print and newer files declare.
		if (!$run->{records} and my $cs = LMPast::cache_size($v)) {
			add(\%m, $cs->{name}, { label => $cs->{label}, value => $cs->{value},
				unit => 'bytes', better => 'none', property => 1,
				line => $v->{line}, at => $cs->{at} });
		}
	}
	for my $s (@$series_list) {
		# A series no program declared in a file that declares: its
		# title names it, its points are x and y.
		declared_series(\%m, \@series, $s->{decls} ? $s : !$declared ? LMPast::series($s)
			: { %$s, decls => [ { name => 'series.' . slug($s->{title}),
				unit => 'y', x_unit => 'x', better => 'none', inferred => 1 } ] });
	}
	$m{':series'} = \@series;
	return \%m;
}

# A series whose program declared it (#series lines): the first line
# names the series, each line (the first too) a family of its points'
# metrics: the point line's number col (1 x, 2 y (the default), 3 the
# next), named by the template point ({name}@{x} unless told; {name} is
# the family's name with the placement's suffix, {x} and {y} the first
# two numbers as printed, {i} the point's place in the block).
sub declared_series {
	my ($m, $series, $s) = @_;
	my ($first) = @{ $s->{decls} };
	my $suffix = defined $s->{placement} ? ".$s->{placement}" : '';
	my %rec = (name => $first->{name} . $suffix, title => $s->{title},
		heading => $s->{heading}, x_unit => $first->{x_unit},
		y_unit => $first->{y_unit} // $first->{unit}, bytes => $first->{bytes},
		points => $s->{points});
	# lat_ctx's overhead: its record's value (before, its title's).
	my $ovr = $s->{records} ? ($s->{overhead_stats} // {})->{value} : LMPast::overhead($s->{title});
	$rec{overhead} = $ovr + 0 if finite($ovr);
	$rec{overhead_stats} = $s->{overhead_stats} if $s->{overhead_stats};
	push @$series, \%rec;
	for my $d (@{ $s->{decls} }) {
		my $col = $d->{col} // 2;
		# A column that is not a column number declares nothing.
		next unless $col =~ /^[1-9][0-9]*$/;
		my $kind = $d->{kind} // '';
		my $i = 0;
		for my $p (@{ $s->{points} }) {
			my $at = $i++;
			my $value = $col == 1 ? $p->{x} : $col == 2 ? $p->{y} : $p->{more}[ $col - 3 ];
			# A point without this column measured nothing of it.
			next unless defined $value && $value !~ /[kKmM]$/;
			my $name = ($d->{point} // '{name}@{x}') =~
				s/\{(name|x|y|i)\}/$1 eq 'name' ? $d->{name} . $suffix
					: $1 eq 'x' ? $p->{x} : $1 eq 'y' ? $p->{y} : $at/ger;
			# A later column's own #stats (lat_fs's rates), or for the
			# series' first family the point's (a matrix's pair).
			my $stats = $col == 1 ? undef : $col == 2 ? $p->{stats}
				: $p->{col_stats}[ $col - 2 ] // ($d == $first ? $p->{stats} : undef);
			# The label: where the point is, and which family.
			my $where = ($d->{point} // '') =~ /\{i\}/ ? "point $at"
				: $p->{x} . (defined $d->{y_name} ? " $p->{y}" : '');
			add($m, $name, { label => $d == $first ? "$s->{title} $where"
					: $stats && defined $stats->{label} ? "$stats->{label} $where"
					: "$s->{title} $where $d->{unit}",
				value => $value + 0, unit => $d->{unit}, better => $d->{better} // 'none',
				bytes => $d->{bytes},
				stats => $stats,
				(defined $p->{incl_stats} && $col == 2 ? (incl_overhead => $p->{incl_stats}) : ()),
				($d == $first && !defined $d->{y_name} && @{ $p->{more} } ? (more => $p->{more}) : ()),
				($kind eq 'count' ? (count => 1) : ()),
				($kind eq 'property' ? (property => 1) : ()),
				($d->{inferred} ? () : (declared => 1)),
				line => $p->{line}, at => $col == 1 ? $p->{x_at} : $p->{at}[ $col - 2 ] });
		}
	}
}

sub add {
	my ($m, $name, $rec) = @_;
	my $n = $name;
	my $i = 2;
	$n = "$name#" . $i++ while exists $m->{$n};
	$rec->{name} = $n;
	$m->{$n} = $rec;
}

# The point of a series at the largest x (sizes with k/m suffixes compare
# as bytes).
sub xbytes {
	my ($x) = @_;
	return $1 * 1024 if $x =~ /^($NUM)[kK]$/;
	return $1 * 1048576 if $x =~ /^($NUM)[mM]$/;
	return $x;
}

# A series point's x in bytes: sizes written 64k or 8m, MiB (2^20) for
# lat_mem_rd, MB (10^6) for the rest; other x (processes) as they are.
sub point_bytes {
	my ($series, $x) = @_;
	return xbytes($x) if $x =~ /[kKmM]$/;
	my $u = $series->{x_unit} // '';
	return $x * 1048576 if $u eq 'MiB';
	return $x * 1e6 if $u eq 'MB';
	return $x + 0;
}

# The run's start, [DATE: 2026-11-22 05:47:03 +0000], in ISO 8601
# (2026-11-22T05:47:03+00:00); undef if the header has none.
sub iso_date {
	my ($d) = @_;
	return undef unless defined $d &&
		$d =~ /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ([-+]\d\d)(\d\d)$/;
	return "$1T$2$3:$4";
}

# One run's identity: its results file's name and when it started,
# vm.0@2026-11-22T05:47:48+00:00.
sub run_id {
	my ($run) = @_;
	(my $name = $run->{file}) =~ s{.*/}{};
	return $name . '@' . (iso_date($run->{header}{DATE}) // 'unknown');
}

# All results files under a directory (default results/), not the samples,
# not JSON twins or mail files.
sub find_files {
	my ($dir) = @_;
	$dir //= 'results';
	my @f;
	return () unless -d $dir;
	File::Find::find({ no_chdir => 1, wanted => sub {
		if (-d $_ && m{/(sample|graphs)$}) { $File::Find::prune = 1; return; }
		return unless -f $_;
		return if /\.(json|mail|tmp|html|gp|dat|ps|png|pdf|svg)$/;
		return unless m{/[^/]+\.\d+$};
		push @f, $_;
	} }, $dir);
	return sort { by_name($a, $b) } @f;
}

sub by_name {
	my ($a, $b) = @_;
	my ($pa, $na) = $a =~ /^(.*)\.(\d+)$/ ? ($1, $2) : ($a, 0);
	my ($pb, $nb) = $b =~ /^(.*)\.(\d+)$/ ? ($1, $2) : ($b, 0);
	return $pa cmp $pb || $na <=> $nb;
}

sub load {
	my @files = @_;
	@files = find_files() unless @files;
	return map { parse($_) } @files;
}

# ---- what the readers share ---------------------------------------------------

# The median and the mean of the defined values; undef when there are none.
sub median {
	my @v = sort { $a <=> $b } grep { defined } @_;
	return undef unless @v;
	return @v % 2 ? $v[$#v / 2] : ($v[@v / 2 - 1] + $v[@v / 2]) / 2;
}
sub mean {
	my @v = grep { defined } @_;
	return undef unless @v;
	my $s = 0;
	$s += $_ for @v;
	return $s / @v;
}
# The sample standard deviation (n - 1); undef for fewer than two values.
sub stddev {
	my @v = grep { defined } @_;
	return undef unless @v > 1;
	my $m = mean(@v);
	my $s = 0;
	$s += ($_ - $m)**2 for @v;
	return sqrt($s / (@v - 1));
}

1;
