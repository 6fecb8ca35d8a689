# LMSummary - the lmbench 3.0 summary tables, computed from parsed runs.
#
#   my @t = LMSummary::tables(\@runs, percent => 0);
#     each: { head => text lines of seed 000, names => [column names],
#             rows => [ { host (host.n where runs share a host), suffix,
#                         os, cells => [formatted], values => [raw] } ] }
#   my @n = LMSummary::notes(\@runs);      # footnote lines
#   print LMSummary::text(\@runs, percent => 0);
#
# scripts/summary prints the text; scripts/html renders the same tables.
package LMSummary;
use strict;
use warnings;
use LMResults;
use LMNames;
use LMCaches;
use LMInput;
use LMDrift;
use POSIX ();

# ---- what feeds each column ------------------------------------------------

# A series point's y as metrics() kept it: the better of a run's two
# passes where the point was measured in both ([PASS: 2]), else the
# point's own y.  A name measured twice in one pass is left as it is.
sub py {
	my ($m, $series, $p) = @_;
	my $k = "$series\@$p->{x}";
	my $r = $m->{$k};
	return $p->{y} unless $r && !exists $m->{"$k#2"};
	return $r->{value};
}

# The value of the series point at the largest x.
sub last_point {
	my ($m, $series) = @_;
	my ($best, $bx);
	for my $s (@{ $m->{':series'} }) {
		next unless $s->{name} eq $series;
		for my $p (@{ $s->{points} }) {
			my $x = LMResults::xbytes($p->{x});
			($best, $bx) = (py($m, $series, $p), $x) if !defined $bx || $x >= $bx;
		}
	}
	return $best;
}
# The y of a series point where x == $x (numerically).
sub point_at {
	my ($m, $series, $x) = @_;
	for my $s (@{ $m->{':series'} }) {
		next unless $s->{name} eq $series;
		for my $p (@{ $s->{points} }) {
			return py($m, $series, $p) if $p->{x} == $x;
		}
	}
	return undef;
}
# The y of a series' point at the smallest (first) or largest x.
sub end_point {
	my ($m, $series, $last) = @_;
	my ($best, $bx);
	for my $s (@{ $m->{':series'} }) {
		next unless $s->{name} eq $series;
		for my $p (@{ $s->{points} }) {
			($best, $bx) = (py($m, $series, $p), $p->{x})
				if !defined $bx || ($last ? $p->{x} > $bx : $p->{x} < $bx);
		}
	}
	return $best;
}
# The smallest y of a series.
sub min_point {
	my ($m, $series) = @_;
	my $min;
	for my $s (grep { $_->{name} eq $series } @{ $m->{':series'} }) {
		for my $p (@{ $s->{points} }) {
			$min = $p->{y} if !defined $min || $p->{y} < $min;
		}
	}
	return $min;
}
# The disks a run measured (their <name> in disk.<name>.*), and how disk
# read each (direct, dropped, cached: from its zone series' title).
sub disks {
	my ($run, $m) = @_;
	my %seen;
	return grep { !$seen{$_}++ } map { /^disk\.(.+)\.(?:zone_bandwidth|seek_distance)$/ ? $1 : () }
		map { $_->{name} } @{ $m->{':series'} };
}
sub disk_how {
	my ($m, $d) = @_;
	for my $s (@{ $m->{':series'} }) {
		return LMNames::disk_how($s->{title}) if $s->{name} eq "disk.$d.zone_bandwidth";
	}
	return undef;
}
sub v { my ($m, $n) = @_; return $m->{$n} ? $m->{$n}{value} : undef; }
# LMResults's (LMValidate and stream_ref call them by these names too).
*mean = \&LMResults::mean;
*median = \&LMResults::median;
# lat_fs gives files per second: the latency is its inverse.
sub fs_us {
	my ($m, $size, $col) = @_;
	for my $s (@{ $m->{':series'} }) {
		next unless $s->{name} eq 'fs.latency';
		for my $p (@{ $s->{points} }) {
			next unless lc($p->{x}) eq lc($size);
			# The better of two passes where lat_fs ran twice.
			my $r = $m->{ 'fs.' . ($col == 2 ? 'create' : 'delete') . "\@$p->{x}" };
			my $rate = $r ? $r->{value} : $p->{more}[ $col - 2 ];
			return (defined $rate && $rate > 0) ? 1e6 / $rate : undef;
		}
	}
	return undef;
}

# Cache sizes (bytes) by level, of the levels the run believes
# (LMCaches: the header's, and steps the run's `cache` found beyond them).
sub caches {
	my ($run) = @_;
	my %c;
	for (grep { $_->{type} ne 'instruction' } LMCaches::believed($run)) {
		$c{ $_->{level} } = $_->{bytes}
			if !defined $c{ $_->{level} } || $_->{bytes} > $c{ $_->{level} };
	}
	return \%c;
}

# L1, L2 from a stride's curve, as the median of the points on each
# plateau: sizes up to half of L1d; above twice L1d up to half of L2 (or
# `cache`'s figures when it ran).  Main mem and Rand mem: the medians of
# the stride-128 curve (lmbench3's) and of the random curve where they are
# memory, beyond twice the last level any source of the run believes
# (LMCaches::memory_from), else their largest size.  Medians, because
# single points of a latency curve are noisy on a busy machine.
sub plateau {
	my ($pts, $lo, $hi) = @_;
	return median(map { $_->[1] } grep { $_->[0] >= $lo && $_->[0] <= $hi } @$pts);
}
sub memlat {
	my ($run, $m) = @_;
	my %r;
	if (defined v($m, 'cache.l1.latency')) {
		$r{l1} = v($m, 'cache.l1.latency');
		$r{l2} = v($m, 'cache.l2.latency');
	}
	my $c = caches($run);
	my $llc = LMCaches::memory_from($run);
	my $points = sub {
		my ($s) = @_;
		return [ map { [ $_->{x} * 1048576, py($m, $s->{name}, $_) ] } @{ $s->{points} } ];
	};
	my $in_llc;
	my $main = sub {
		my ($p) = @_;
		my $y = $llc ? plateau($p, 2 * $llc, 1e30) : undef;
		return $y if defined $y;
		$in_llc = 1 if $llc && @$p;
		return @$p ? $p->[-1][1] : undef;
	};
	my ($curve) = grep { $_->{name} =~ /^mem\.load_latency\.stride_128$/ } @{ $m->{':series'} };
	($curve) = grep { $_->{name} =~ /^mem\.load_latency\./ } @{ $m->{':series'} } unless $curve;
	if ($curve) {
		my $p = $points->($curve);
		$r{l1} //= plateau($p, 0, $c->{1} / 2) if $c->{1};
		$r{l2} //= plateau($p, 2 * $c->{1}, $c->{2} / 2) if $c->{1} && $c->{2};
		$r{main} = $main->($p);
	}
	# Rand mem: the random chase over huge pages where the run took one
	# (memlat's second pass, at lat_mem_load's and numa_mem's size: the
	# same quantity as theirs), else over 4 KB pages (page walks included,
	# as lmbench3's); the other kept as rand_4k or rand_huge for the notes.
	my %chase;
	for my $k ([ '4k', 'mem.random_latency.stride_16' ], [ 'huge', 'mem.random_latency_huge.stride_64' ]) {
		my ($s) = grep { $_->{name} eq $k->[1] } @{ $m->{':series'} };
		$chase{ $k->[0] } = $main->($points->($s)) if $s;
	}
	my @size = map { $_->{x} } map { @{ $_->{points} } }
		grep { $_->{name} eq 'mem.random_latency_huge.stride_64' } @{ $m->{':series'} };
	$r{rand_at} = $size[-1] * 1048576 if @size;
	$r{rand_4k} = $chase{'4k'};
	$r{rand_huge} = $chase{huge};
	$r{rand} = $chase{huge} // $chase{'4k'};
	$r{from} = $llc;
	my @g;
	push @g, 'No L2 cache?' if defined $r{l1} && defined $r{l2} && $r{l2} < 1.25 * $r{l1};
	my ($ws) = grep { $_->{name} eq 'working_set' && $_->{status} eq 'warn' } @{ $run->{checks} };
	push @g, 'Main mem in LLC?' if ($ws || $in_llc) && defined $r{main};
	$r{guess} = join(' ', @g);
	return \%r;
}

# Kinds of CPU pair, closest first (lib_topo.c's names, as metric suffixes).
my @PLACES = qw(smt_siblings shared_llc different_llcs_same_package same_package
		same_node different_nodes);
# placed(m, get, i): get(m, kind) for the kinds measured, the i-th of them
# (0: the closest, -1: the farthest).  With one kind measured (two CPUs in
# one package) there is no farther pair: far is left empty rather than
# repeat near, unless the column has no near (any: the one there is).
sub placed {
	my ($m, $get, $i, $any) = @_;
	my @v = grep { defined } map { $get->($m, $_) } @PLACES;
	return undef if $i == -1 && @v < 2 && !$any;
	return @v ? $v[$i] : undef;
}

# The loaded-latency curve with the most loaders: [points], loaders.
sub loaded_curve {
	my ($m) = @_;
	my ($best, $n);
	for my $s (@{ $m->{':series'} }) {
		next unless $s->{name} =~ /^mem\.loaded\.rd\.loaders_(\d+)$/;
		($best, $n) = ($s, $1) if !defined $n || $1 > $n;
	}
	return $best ? ($best->{points}, $n) : ();
}
# idle latency, the highest bandwidth reached, the latency there
sub loaded {
	my ($m, $what) = @_;
	my ($p, $n) = loaded_curve($m);
	return undef unless $p && @$p;
	return $n if $what eq 'loaders';
	return $p->[0]{y} if $what eq 'idle';
	my ($top) = sort { $b->{x} <=> $a->{x} } @$p;
	return $what eq 'bw' ? $top->{x} : $top->{y};
}

sub measured_mhz {
	my ($run) = @_;
	my $src = $run->{header}{MHZ_SOURCE} // '';
	return undef unless $src eq 'mhz' || $src eq 'user';
	my $mhz = $run->{header}{MHZ};
	return (defined $mhz && $mhz =~ /^([0-9.]+)/) ? sprintf('%.0f', $1) : undef;
}

# Each row: host, os, then the column values (undef: blank).
sub os_name {
	my ($run) = @_;
	my $h = $run->{header};
	my $os = $h->{SYSNAME} // ((split ' ', $h->{UNAME} // '')[0]) // '';
	$os .= " $h->{RELEASE}" if $h->{RELEASE};
	return $os;
}
sub host_name {
	my ($run) = @_;
	return $run->{header}{HOSTNAME} if $run->{header}{HOSTNAME};
	(my $f = $run->{file}) =~ s{.*/}{};
	$f =~ s/\.\d+$//;
	return $f;
}

# The row labels of the runs: the host name, or where several runs share
# it, host.n with n the suffix of the results file's name (vm.0, vm.1), so
# that the rows can be told apart.  Returns [label, suffix] per run; the
# suffix is what must survive when the label is cut to a column's width.
sub row_labels {
	my (@runs) = @_;
	my %n;
	$n{ host_name($_) }++ for @runs;
	my @l;
	for my $i (0 .. $#runs) {
		my $h = host_name($runs[$i]);
		if ($n{$h} == 1) {
			push @l, [ $h, '' ];
			next;
		}
		my $sfx = $runs[$i]{file} =~ /\.(\d+)$/ ? ".$1" : '#' . ($i + 1);
		push @l, [ "$h$sfx", $sfx ];
	}
	# The same host and suffix in two directories: number them in order.
	my %seen;
	$seen{ $_->[0] }++ for @l;
	for my $i (0 .. $#l) {
		next unless $seen{ $l[$i][0] } > 1;
		my $sfx = $l[$i][1] . '#' . ($i + 1);
		$l[$i] = [ host_name($runs[$i]) . $sfx, $sfx ];
	}
	return @l;
}

# A row label in W columns, cut before its suffix rather than through it.
sub fit_label {
	my ($label, $sfx, $w) = @_;
	return $label if length($label) <= $w || length($sfx) >= $w;
	return substr($label, 0, $w - length($sfx)) . $sfx;
}

# ---- the tables --------------------------------------------------------------
#
# Each section: title lines, column header lines (seed 000, as printed by
# lmbench3), then a list of columns [width, getter, better, kind].
my @SECTIONS = (
	{ head => <<'EOT',
Basic system parameters
------------------------------------------------------------------------------
Host                 OS Description              Mhz  tlb  cache  mem   scal
                                                     pages line   par   load
                                                           bytes
--------- ------------- ----------------------- ---- ----- ----- ------ ----
EOT
	  names => [ 'Description', 'Mhz', 'tlb pages', 'cache line bytes', 'mem par', 'scal load' ],
	  cols => [
		[ 23, sub { $_[0]{header}{OS} }, 'none', 'text' ],
		[ 4, sub { measured_mhz($_[0]) }, 'higher', 'int' ],
		[ 5, sub { v($_[1], 'tlb.pages') }, 'none', 'int' ],
		[ 5, sub { ($_[0]{header}{LINE_SIZE_SOURCE} // '') eq 'line'
			? $_[0]{header}{LINE_SIZE} : undef }, 'none', 'int' ],
		[ 6, sub { v($_[1], 'cache.memory.parallelism')
			// last_point($_[1], 'mem.parallelism') }, 'higher' ],
		[ 4, sub { $_[0]{header}{SYNC_MAX} }, 'none', 'int' ],
	  ] },
	{ head => <<'EOT',
Processor, Processes - times in microseconds - smaller is better
------------------------------------------------------------------------------
Host                 OS  Mhz null null      open slct sig  sig  fork exec sh
                             call  I/O stat clos TCP  inst hndl proc proc proc
--------- ------------- ---- ---- ---- ---- ---- ---- ---- ---- ---- ---- ----
EOT
	  names => [ 'Mhz', 'null call', 'null I/O', 'stat', 'open clos', 'slct TCP', 'sig inst',
		     'sig hndl', 'fork proc', 'exec proc', 'sh proc' ],
	  cols => [
		[ 4, sub { measured_mhz($_[0]) }, 'higher', 'int' ],
		[ 4, sub { v($_[1], 'syscall.null') } ],
		[ 4, sub { mean(v($_[1], 'syscall.read'), v($_[1], 'syscall.write')) } ],
		[ 4, sub { v($_[1], 'syscall.stat') } ],
		[ 4, sub { v($_[1], 'syscall.open_close') } ],
		[ 4, sub { v($_[1], 'select.tcp.100') } ],
		[ 4, sub { v($_[1], 'sig.install') } ],
		[ 4, sub { v($_[1], 'sig.catch') } ],
		[ 4, sub { v($_[1], 'proc.fork') } ],
		[ 4, sub { v($_[1], 'proc.exec') } ],
		[ 4, sub { v($_[1], 'proc.shell') } ],
	  ] },
	ops_section('Basic integer operations', <<'EOT', 'integer', qw(bit add mul div mod)),
Host                 OS  intgr intgr  intgr  intgr  intgr
                          bit   add    mul    div    mod
--------- ------------- ------ ------ ------ ------ ------
EOT
	ops_section('Basic uint64 operations', <<'EOT', 'int64', qw(bit add mul div mod)),
Host                 OS int64  int64  int64  int64  int64
                         bit    add    mul    div    mod
--------- ------------- ------ ------ ------ ------ ------
EOT
	ops_section('Basic float operations', <<'EOT', 'float', qw(add mul div bogo)),
Host                 OS  float  float  float  float
                         add    mul    div    bogo
--------- ------------- ------ ------ ------ ------
EOT
	ops_section('Basic double operations', <<'EOT', 'double', qw(add mul div bogo)),
Host                 OS  double double double double
                         add    mul    div    bogo
--------- ------------- ------  ------ ------ ------
EOT
	{ head => <<'EOT',
Context switching - times in microseconds - smaller is better
-------------------------------------------------------------------------
Host                 OS  2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K
                         ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw
--------- ------------- ------ ------ ------ ------ ------ ------- -------
EOT
	  names => [ map { "$_ ctxsw" } qw(2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K) ],
	  cols => [
		map({ my ($p, $k, $w) = @$_;
		      [ $w, sub { point_at($_[1], "ctx.size_${k}k", $p) } ] }
		    [ 2, 0, 6 ], [ 2, 16, 6 ], [ 2, 64, 6 ], [ 8, 16, 6 ], [ 8, 64, 6 ],
		    [ 16, 16, 7 ], [ 16, 64, 7 ]),
	  ] },
	{ head => <<'EOT',
*Local* Communication latencies in microseconds - smaller is better
---------------------------------------------------------------------
Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP
                        ctxsw       UNIX         UDP         TCP conn
--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----
EOT
	  names => [ '2p/0K ctxsw', 'Pipe', 'AF UNIX', 'UDP', 'RPC/UDP', 'TCP', 'RPC/TCP', 'TCP conn' ],
	  cols => [
		[ 5, sub { point_at($_[1], 'ctx.size_0k', 2) } ],
		[ 5, sub { v($_[1], 'pipe.latency') } ],
		[ 4, sub { v($_[1], 'unix.latency') } ],
		[ 5, sub { v($_[1], 'net.local.udp_latency') } ],
		[ 5, sub { v($_[1], 'net.local.rpc_udp_latency') } ],
		[ 5, sub { v($_[1], 'net.local.tcp_latency') } ],
		[ 5, sub { v($_[1], 'net.local.rpc_tcp_latency') } ],
		[ 4, sub { v($_[1], 'net.local.tcp_connect') } ],
	  ] },
	{ optional => 1, head => <<'EOT',
IPC latency by placement in microseconds - smaller is better
(near, far: the closest and the farthest other CPU found; c2c in nanoseconds)
-------------------------------------------------------------------------------
Host                 OS  Pipe  Pipe  Pipe  UNIX  UNIX  UNIX 2p/0K 2p/0K   c2c   c2c
                         same  near   far  same  near   far  same   far  near   far
--------- ------------- ----- ----- ----- ----- ----- ----- ----- ----- ----- -----
EOT
	  names => [ 'Pipe same', 'Pipe near', 'Pipe far', 'UNIX same', 'UNIX near', 'UNIX far',
		     '2p/0K same', '2p/0K far', 'c2c near', 'c2c far' ],
	  cols => [
		[ 5, sub { v($_[1], 'pipe.latency.same_cpu') } ],
		[ 5, sub { placed($_[1], sub { v($_[0], "pipe.latency.$_[1]") }, 0) } ],
		[ 5, sub { placed($_[1], sub { v($_[0], "pipe.latency.$_[1]") }, -1) } ],
		[ 5, sub { v($_[1], 'unix.latency.same_cpu') } ],
		[ 5, sub { placed($_[1], sub { v($_[0], "unix.latency.$_[1]") }, 0) } ],
		[ 5, sub { placed($_[1], sub { v($_[0], "unix.latency.$_[1]") }, -1) } ],
		[ 5, sub { point_at($_[1], 'ctx.size_0k.same_cpu', 2) } ],
		[ 5, sub { placed($_[1], sub { point_at($_[0], "ctx.size_0k.$_[1]", 2) }, -1, 1) } ],
		[ 5, sub { placed($_[1], sub { v($_[0], "c2c.$_[1]") }, 0) } ],
		[ 5, sub { placed($_[1], sub { v($_[0], "c2c.$_[1]") }, -1) } ],
	  ] },
	{ optional => 1, head => <<'EOT',
Loaded memory latency - random chase while loaders read memory
--------------------------------------------------------------------
Host                 OS loaders  idle lat   max load  lat at max
                                    (ns)     (MB/s)     load (ns)
--------- ------------- ------- --------- ---------- -------------
EOT
	  names => [ 'loaders', 'idle lat', 'max load', 'lat at max load' ],
	  cols => [
		[ 7, sub { loaded($_[1], 'loaders') }, 'none', 'int' ],
		[ 9, sub { loaded($_[1], 'idle') } ],
		[ 10, sub { loaded($_[1], 'bw') }, 'higher', 'int' ],
		[ 13, sub { loaded($_[1], 'lat') } ],
	  ] },
	{ per => sub { map { [ $_->{host}, LMNames::host_part($_->{host}) ] }
			@{ $_[0]{remote} } }, head => <<'EOT',
*Remote* Communication latencies in microseconds - smaller is better
---------------------------------------------------------------------
Host                 OS   UDP  RPC/   TCP  RPC/ TCP
                               UDP         TCP conn
--------- ------------- ----- ----- ----- ----- ----
EOT
	  names => [ 'UDP', 'RPC/UDP', 'TCP', 'RPC/TCP', 'TCP conn' ],
	  cols => [
		[ 5, sub { v($_[1], "net.$_[2].udp_latency") } ],
		[ 5, sub { v($_[1], "net.$_[2].rpc_udp_latency") } ],
		[ 5, sub { v($_[1], "net.$_[2].tcp_latency") } ],
		[ 5, sub { v($_[1], "net.$_[2].rpc_tcp_latency") } ],
		[ 4, sub { v($_[1], "net.$_[2].tcp_connect") } ],
	  ] },
	{ per => sub { map { [ $_, $_ ] } disks(@_) }, head => <<'EOT',
Disk (DISKS) - seek times in microseconds, zone read bandwidth in MB/s
(seek: random offsets; near, far: the shortest and the longest distance;
outer, inner: the first and the last zone; how: O_DIRECT or page cache)
------------------------------------------------------------------------------
Host                Disk   seek   seek   seek   zone   zone   zone how
                           rand   near    far  outer  inner    min
--------- ------------- ------ ------ ------ ------ ------ ------ ----------
EOT
	  names => [ 'seek rand', 'seek near', 'seek far', 'zone outer', 'zone inner',
		     'zone min', 'how' ],
	  cols => [
		[ 6, sub { v($_[1], "disk.$_[2].seek") } ],
		[ 6, sub { end_point($_[1], "disk.$_[2].seek_distance", 0) } ],
		[ 6, sub { end_point($_[1], "disk.$_[2].seek_distance", 1) } ],
		[ 6, sub { end_point($_[1], "disk.$_[2].zone_bandwidth", 0) }, 'higher' ],
		[ 6, sub { end_point($_[1], "disk.$_[2].zone_bandwidth", 1) }, 'higher' ],
		[ 6, sub { min_point($_[1], "disk.$_[2].zone_bandwidth") }, 'higher' ],
		[ 10, sub { disk_how($_[1], $_[2]) }, 'none', 'text' ],
	  ] },
	{ head => <<'EOT',
File & VM system latencies in microseconds - smaller is better
-------------------------------------------------------------------------------
Host                 OS   0K File      10K File     Mmap    Prot   Page   100fd
                        Create Delete Create Delete Latency Fault  Fault  selct
--------- ------------- ------ ------ ------ ------ ------- ----- ------- -----
EOT
	  names => [ '0K File Create', '0K File Delete', '10K File Create', '10K File Delete',
		     'Mmap Latency', 'Prot Fault', 'Page Fault', '100fd selct' ],
	  cols => [
		[ 6, sub { fs_us($_[1], '0k', 2) } ],
		[ 6, sub { fs_us($_[1], '0k', 3) } ],
		[ 6, sub { fs_us($_[1], '10k', 2) } ],
		[ 6, sub { fs_us($_[1], '10k', 3) } ],
		[ 7, sub { last_point($_[1], 'mmap.latency') } ],
		[ 5, sub { v($_[1], 'sig.prot') } ],
		[ 7, sub { v($_[1], 'pagefault') } ],
		[ 5, sub { v($_[1], 'select.file.100') } ],
	  ] },
	{ head => <<'EOT',
*Local* Communication bandwidths in MB/s - bigger is better
-----------------------------------------------------------------------------
Host                OS  Pipe AF    TCP  File   Mmap  Bcopy  Bcopy  Mem   Mem
                             UNIX      reread reread (libc) (hand) read write
--------- ------------- ---- ---- ---- ------ ------ ------ ------ ---- -----
EOT
	  names => [ 'Pipe', 'AF UNIX', 'TCP', 'File reread', 'Mmap reread', 'Bcopy (libc)',
		     'Bcopy (hand)', 'Mem read', 'Mem write' ],
	  cols => [
		[ 4, sub { v($_[1], 'pipe.bandwidth') }, 'higher' ],
		[ 4, sub { v($_[1], 'unix.bandwidth') }, 'higher' ],
		[ 4, sub { last_point($_[1], 'net.local.tcp_bandwidth') }, 'higher' ],
		[ 6, sub { last_point($_[1], 'file.reread') }, 'higher' ],
		[ 6, sub { last_point($_[1], 'mmap.reread') }, 'higher' ],
		[ 6, sub { last_point($_[1], 'bw_mem.bcopy') }, 'higher' ],
		[ 6, sub { last_point($_[1], 'bw_mem.fcp') }, 'higher' ],
		[ 4, sub { last_point($_[1], 'bw_mem.frd') }, 'higher' ],
		[ 5, sub { last_point($_[1], 'bw_mem.fwr') }, 'higher' ],
	  ] },
	{ head => <<'EOT',
Memory latencies in nanoseconds - smaller is better
    (WARNING - may not be correct, check graphs)
------------------------------------------------------------------------------
Host                 OS   Mhz   L1 $   L2 $    Main mem    Rand mem    Guesses
--------- -------------   ---   ----   ----    --------    --------    -------
EOT
	  names => [ 'Mhz', 'L1 $', 'L2 $', 'Main mem', 'Rand mem', 'Guesses' ],
	  cols => [
		[ 5, sub { measured_mhz($_[0]) }, 'higher', 'int' ],
		[ 6, sub { memlat($_[0], $_[1])->{l1} } ],
		[ 6, sub { memlat($_[0], $_[1])->{l2} } ],
		[ 6, sub { memlat($_[0], $_[1])->{main} } ],
		[ 11, sub { memlat($_[0], $_[1])->{rand} } ],
		[ 0, sub { memlat($_[0], $_[1])->{guess} }, 'none', 'guess' ],
	  ] },
);

sub ops_section {
	my ($title, $head, $type, @ops) = @_;
	my $unit = ' - times in nanoseconds - smaller is better';
	return { head => "$title$unit\n" . ('-' x length("$title$unit")) . "\n$head",
		 names => [ map { ($type eq 'integer' ? 'intgr' : $type) . " $_" } @ops ],
		 cols => [ map { my $o = $_; [ 6, sub { v($_[1], "ops.$type.$o") } ] } @ops ] };
}

# A number in a column of width w: four significant digits where they
# fit, no trailing zeros or point (9.53, not 9.53000; 758, not 758.); from
# 10000 up in thousands with K and from 10^7 in millions with M, as
# lmbench3 writes them (harnesses such as VirtualClient read both).
my $SIG = 4;
sub fit {
	my ($v, $w, $kind) = @_;
	return ' ' x $w unless defined $v && $v ne '';
	$kind //= 'num';
	return sprintf('%*s', $w, $w ? substr($v, 0, $w) : $v) if $kind eq 'text';
	# Guesses from the 68th column on, where harnesses cut them (VirtualClient).
	return ' ' x 5 . $v if $kind eq 'guess';
	return sprintf('%*d', $w, $v) if $kind eq 'int';
	return sprintf('%*.0f', $w, $v) if $kind eq 'pct';
	return sprintf('%*s', $w, num_text($v, $w));
}
sub num_text {
	my ($v, $w) = @_;
	my $s;
	for my $u ([ 1e7, 1e6, 'M' ], [ 1e4, 1e3, 'K' ], [ 0, 1, '' ]) {
		next if abs($v) < $u->[0];
		my $x = $v / $u->[1];
		my $room = $w - length($u->[2]);
		my $ip = length(sprintf('%d', abs($x))) + ($x < 0 ? 1 : 0);
		my $d = abs($x) >= 1 ? $SIG - $ip + ($x < 0 ? 1 : 0)
			: $x == 0 ? 0 : $SIG - 1 - POSIX::floor(log(abs($x)) / log(10));
		$d = $room - $ip - 1 if $d > $room - $ip - 1;
		$d = 0 if $d < 0;
		$s = sprintf('%.*f', $d, $x);
		$s =~ s/\.?0+$// if $s =~ /\./;
		# Too small to show in the room: an exponent, never a zero.
		$s = sprintf('%.0e', $x) if $s =~ /^-?0$/ && $x != 0;
		$s .= $u->[2];
		last;
	}
	return $s;
}

# ---- rows -----------------------------------------------------------------------

sub tables {
	my ($runs, %o) = @_;
	my @labels = row_labels(@$runs);
	my @rows = map { { run => $runs->[$_], m => LMResults::metrics($runs->[$_]),
		host => $labels[$_][0], sfx => $labels[$_][1], os => os_name($runs->[$_]) } }
		0 .. $#$runs;
	my @out;
	for my $sec (@SECTIONS) {
		my @lines;	# [host, os, values, suffix]
		if ($sec->{per}) {
			# A row per remote host, per disk: [what the OS column
			# shows, the part of the metric names].
			for my $r (@rows) {
				for my $w ($sec->{per}->($r->{run}, $r->{m})) {
					my ($shown, $part) = @$w;
					push @lines, [ $r->{host}, $shown,
						[ map { $_->[1]->($r->{run}, $r->{m}, $part) } @{ $sec->{cols} } ],
						$r->{sfx} ];
				}
			}
			next unless @lines;
		} else {
			for my $r (@rows) {
				push @lines, [ $r->{host}, $r->{os},
					[ map { $_->[1]->($r->{run}, $r->{m}) } @{ $sec->{cols} } ], $r->{sfx} ];
			}
			# An optional section is left out where no run measured it.
			next if $sec->{optional} && !grep { grep { defined } @{ $_->[2] } } @lines;
		}
		my @cols = @{ $sec->{cols} };
		my $head = $sec->{head};
		if ($o{percent}) {
			# Percent of the best row: the smallest for times, the
			# largest for bandwidths and parallelism.
			for my $i (0 .. $#cols) {
				my ($better, $kind) = ($cols[$i][2] // 'lower', $cols[$i][3] // 'num');
				next if $kind eq 'text' || $better eq 'none';
				my @v = grep { defined && $_ > 0 } map { $_->[2][$i] } @lines;
				next unless @v;
				my $best = $v[0];
				for (@v) { $best = $_ if $better eq 'lower' ? $_ < $best : $_ > $best; }
				for my $l (@lines) {
					my $x = $l->[2][$i];
					$l->[2][$i] = (defined $x && $x > 0) ? 100 * $x / $best : undef;
				}
				$cols[$i] = [ $cols[$i][0], $cols[$i][1], $better, 'pct' ];
			}
			$head =~ s/ - (smaller|bigger) is better/ - percent of the best row/;
		}
		push @out, { head => $head, names => $sec->{names},
			rows => [ map { my $l = $_; { host => $l->[0], os => $l->[1], values => $l->[2],
				suffix => $l->[3],
				cells => [ map { fit($l->[2][$_], $cols[$_][0], $cols[$_][3]) } 0 .. $#cols ] } } @lines ] };
	}
	return @out;
}

sub text {
	my ($runs, %o) = @_;
	my $s = <<'EOT';

                 L M B E N C H  3 . 0   S U M M A R Y
                 ------------------------------------

EOT
	for my $t (tables($runs, %o)) {
		$s .= $t->{head};
		for my $r (@{ $t->{rows} }) {
			my $l = sprintf('%-9.9s %13.13s', fit_label($r->{host}, $r->{suffix}, 9),
				$r->{os});
			$l .= " $_" for @{ $r->{cells} };
			$l =~ s/\s+$//;
			$s .= "$l\n";
		}
		$s .= "\n";
	}
	my @n = notes($runs);
	$s .= "Notes\n-----\n" . join('', map { "$_\n" } @n) if @n;
	return $s;
}

# ---- footnotes -------------------------------------------------------------------

# Memory latency figures of one run that should agree, and do not, by more
# than this (a fraction): the random chase in memory (Rand mem), the idle
# point of lat_mem_load and numa_mem's local figure.  Two runs of the same
# VM moved Rand mem by up to 12.9% CV (doc/results.md), so a tenth apart
# is the most the figures can be expected to agree within.
my $AGREE = 0.10;

# The caches the run believes and where memory begins, then the memory
# latency figures that disagree, each with what it measured.
sub memory_notes {
	my ($run, $name) = @_;
	my @c = grep { $_->{type} ne 'instruction' } LMCaches::believed($run);
	return () unless @c || grep { $_->{name} =~ /^mem\./ } @{ $run->{series} // [] };
	my $m = LMResults::metrics($run);
	my $ml = memlat($run, $m);
	my @n;
	my @u = LMCaches::unclear($run);
	push @n, "$name: caches believed: " . (@c ? LMCaches::text(@c) : 'none known')
		. ($ml->{from} ? '; Main mem and Rand mem from ' . LMCaches::size_text(2 * $ml->{from}) . ' up' : '')
		. (@u ? '; no clear plateau in the run\'s cache: ' . join(', ', @u) : '')
		if @c;
	my $rand = $ml->{rand};
	return @n unless defined $rand && $rand > 0;
	my $huge = defined $ml->{rand_huge};
	my $what = $huge
		? sprintf('a random chase over huge pages at %s, the size of lat_mem_load\'s and '
			. 'numa_mem\'s chases', LMCaches::size_text($ml->{rand_at} // 0))
		: 'a random chase over 4 KB pages, page walks included';
	push @n, sprintf('%s: Main mem %.1f ns is lmbench3\'s stride-128 chase in address order, '
		. 'shortened by the prefetchers; Rand mem %.1f ns is %s',
		$name, $ml->{main}, $rand, $what) if defined $ml->{main} && $ml->{main} < $rand / 2;
	push @n, sprintf('%s: the random chase over 4 KB pages (lmbench3\'s Rand mem, page walks '
		. 'included): %.1f ns', $name, $ml->{rand_4k})
		if $huge && defined $ml->{rand_4k};
	my @other;
	my $idle = loaded($m, 'idle');
	push @other, [ 'lat_mem_load idle', $idle ] if defined $idle;
	my @local = map { $m->{$_}{value} } grep { /^numa\.latency\.(\d+)_(\d+)$/ && $1 == $2 } keys %$m;
	push @other, [ 'numa_mem local', mean(@local) ] if @local;
	for my $o (grep { $_->[1] > 0 } @other) {
		my $d = $rand / $o->[1] - 1;
		next if abs($d) <= $AGREE;
		push @n, sprintf('%s: check: Rand mem %.1f ns is %.0f%% %s %s %.1f ns (Rand mem: '
			. '%s; %s: huge pages)',
			$name, $rand, 100 * abs($d), $d > 0 ? 'above' : 'below', $o->[0], $o->[1],
			$what, $o->[0] =~ s/ .*//r);
	}
	return @n;
}

# How far the host moved during the run, as its drift probes saw it
# (LMDrift); nothing for a file from before them.
sub drift_note {
	my ($run, $name) = @_;
	my $state = LMDrift::state($run) // return ();
	return "$name: host drift: $state" if $state ne 'measured';
	my @s = LMDrift::spread($run);
	my @moved = grep { $_->{beyond} } @s;
	my $fig = sub { my ($v) = @_; $v >= 1000 ? sprintf('%.0f', $v) : sprintf('%.3g', $v) };
	my $pts = @{ $run->{drift} };
	return "$name: host drift, $pts points: steady (each probe within its noise: "
		. join(' ', map { $_->{name} } @s) . ')' unless @moved;
	my @steady = map { $_->{name} } grep { !$_->{beyond} } @s;
	return "$name: host drift, $pts points: the host moved: "
		. join(', ', map { sprintf('%s %s..%s %s (%s, noise %s)', $_->{name},
			$fig->($_->{min}), $fig->($_->{max}), $_->{unit}, $_->{range},
			LMDrift::noise_text($_->{name})) } @moved)
		. (@steady ? '; steady: ' . join(' ', @steady) : '');
}

sub notes {
	my ($runs) = @_;
	my @notes;
	for my $run (@$runs) {
		my $name = $run->{file};
		push @notes, "$name: INCOMPLETE ($run->{incomplete})" if $run->{status} ne 'complete';
		push @notes, map { "$name: not a number, left out: $_" } LMInput::unreadable($run);
		my $src = $run->{header}{MHZ_SOURCE} // '';
		# MHZ_SOURCE "cpuinfo: <why>" (files before the reason: not built).
		push @notes, "$name: Mhz not measured (" . ($1 // 'mhz not built') .
			"); /proc/cpuinfo says $run->{header}{MHZ}"
			if $src =~ /^cpuinfo(?::\s*(.+))?$/;
		my $ls = $run->{header}{LINE_SIZE_SOURCE} // '';
		push @notes, "$name: cache line not measured (line not run); " .
			($ls eq 'sysfs' ? 'the kernel' : $ls) . " says $run->{header}{LINE_SIZE}"
			if $ls eq 'sysfs' || $ls eq 'getconf';
		push @notes, memory_notes($run, $name);
		my $cs = $run->{c2c_stability};
		push @notes, "$name: c2c: vCPUs appear to move: matrix not a topology, no figure by kind "
			. "(c2c stability: not stable: $cs->{text})"
			if $cs && !$cs->{stable};
		push @notes, drift_note($run, $name);
		my $ip = $run->{header}{IPC_PLACEMENT} // '';
		push @notes, "$name: local communication: both ends on one CPU ($1)"
			if $ip =~ /^same CPU (\d+)/;
		for my $c (@{ $run->{checks} }) {
			push @notes, "$name: warning: $c->{name} $c->{value}: $c->{message}"
				if $c->{status} eq 'warn';
		}
		push @notes, "$name: failed: " . join('; ', map { "$_->{what} ($_->{reason})" } @{ $run->{failed} })
			if @{ $run->{failed} };
		my @sk = grep { $_->{what} !~ /^group / } @{ $run->{skipped} };
		my @sg = map { $_->{what} =~ s/^group //r } grep { $_->{what} =~ /^group / } @{ $run->{skipped} };
		push @notes, "$name: not measured (no program built): " . join(' ', @sg) if @sg;
		push @notes, "$name: skipped: " . join('; ', map { "$_->{what} ($_->{reason})" } @sk) if @sk;
	}
	return @notes;
}

1;
