# LMPast - files that declare no names: ours before [RESULTS_FORMAT: 3]
# and lmbench3's.  Their values and series are named from their labels
# and titles, as before, and handed to LMResults as the declarations their
# programs make today (#stats name=, #metric, #series: doc/results.md,
# "The layout"), so that the reader of current files reads declarations
# alone and every label rule stays here.
#
#   my $v2 = LMPast::value($v);    # a copy of a value with {decl} (and
#                                  # {also}{decl}, {parallelism_decl})
#   my $s2 = LMPast::series($s);   # a copy of a series with {decls}
#   my $of = LMPast::stats_of($st); # what a #stats line describes
#   my $d = LMPast::pairs($text);  # a record's key=value pairs (before 7)
#
# Before [RESULTS_FORMAT: 6] a file's lines are read by their wording too
# (LMResults reads a newer file's records alone):
#   LMPast::title($line)        # lmbench3's titles without a double quote
#   LMPast::scalar_line($line)  # "label: X unit": { label, value, unit, at, ... }
#   LMPast::unclear($line)      # cache's "Lk cache: no clear plateau (...)"
#   LMPast::c2c($line)          # lat_c2c's verdict: { stable, text }, or 'moved'
#   LMPast::unreadable($line)   # a result whose number is none (nan, inf)
#   LMPast::overhead($title)    # lat_ctx's overhead in its series' title
#   LMPast::cache_levels($run)  # cache's levels: [level, bytes, ns]
#   LMPast::cache_size($v)      # a level's size, as format 6 declares it
#
# A declaration made here has inferred => 1: the reader does not call its
# metric declared, and a drop-in group's [METRIC_MAP: ] may rename it.
package LMPast;
use strict;
use warnings;
use LMNames;

*slug = \&LMNames::slug;
*host_part = \&LMNames::host_part;
*disk_part = \&LMNames::disk_part;
*better = \&LMNames::better;
*finite = \&LMNames::finite;
my $NUM = $LMNames::NUM;

# A record line's members before [RESULTS_FORMAT: 7]: key=value pairs,
# a value in double quotes where it has spaces (LMResults::record).
sub pairs {
	my ($s) = @_;
	my %d;
	while ($s =~ /(\w+)=("([^"]*)"|\S+)/g) {
		$d{$1} = defined $3 ? $3 : $2;
	}
	return \%d;
}

# The series titles lmbench3 writes without the leading double quote.
my $PLAIN_TITLE = qr/^(?:Memory (?:bzero|read|partial read|write|partial write|partial read\/write) bandwidth|Socket bandwidth using \S+|Memory load (?:parallelism|latency)|Random load latency)$/;

sub title { return $_[0] =~ $PLAIN_TITLE }

# One result line: { label, value, unit, at (offset of the value in the
# line), extra }.  A number past a double's range (1e999 reads as inf)
# makes it no result.
sub scalar_line {
	my ($l) = @_;
	my $v = scalar_fields($l) or return undef;
	return undef if grep { defined && !finite($_) } $v->{value}, $v->{bytes},
		$v->{parallelism}, $v->{also} ? $v->{also}{value} : ();
	return $v;
}

sub scalar_fields {
	my ($l) = @_;
	return { label => $1, value => $2 + 0, unit => $3, at => $-[2] }
		if $l =~ /^(.+?):\s+($NUM) (microseconds|nanoseconds)\s*$/;
	return { label => "$1 miss", value => $3 + 0, unit => 'nanoseconds', at => $-[3],
		 also => { label => $1, value => $2 + 0, unit => 'pages', at => $-[2] } }
		if $l =~ /^(tlb):\s+($NUM) pages\s+($NUM) nanoseconds/;
	return { label => $1, value => $2 + 0, unit => 'pages', at => $-[2] }
		if $l =~ /^(tlb):\s+($NUM) pages/;
	return { label => $1, value => $2 + 0, unit => 'nanoseconds', at => $-[2],
		 parallelism => $3 + 0, parallelism_at => $-[3] }
		if $l =~ /^(Memory latency):\s+($NUM) nanoseconds\s+($NUM) parallelism/;
	return { label => "L$1 cache", value => $3 + 0, unit => 'nanoseconds',
		 bytes => $2 + 0, bytes_at => $-[2], at => $-[3] }
		if $l =~ /^L(\d) cache:\s+($NUM) bytes\s+($NUM) nanoseconds/;
	return { label => $1, value => $2 + 0, unit => 'parallelism', at => $-[2] }
		if $l =~ /^(.+ parallelism):\s+($NUM)\s*$/;
	# lat_http: "<file> <bytes> <microseconds>" per file fetched.
	return { label => "lat_http $1", value => $3 + 0, unit => 'microseconds',
		 bytes => $2 + 0, at => $-[3] }
		if $l =~ /^([^\s\d"#\[][^\s]*)\s+(\d+)\s+($NUM)\s*$/;
	if ($l =~ /^(.*?)\s*($NUM) MB\/sec/) {
		my ($label, $value, $at) = ($1, $2 + 0, $-[2]);
		$label =~ s/:\s*$//;
		return { label => $label eq '' ? 'MB/sec' : $label, value => $value,
			 unit => 'MB/sec', at => $at };
	}
	return undef;
}

# A cache level's size as its line printed it ("L1 cache: 49152 bytes
# ..."), which files since RESULTS_FORMAT 6 declare (cache.l<k>.size):
# { name, label, value, at }, or undef for any other value.
sub cache_size {
	my ($v) = @_;
	return undef unless ($v->{label} // '') =~ /^L(\d) cache$/
		&& defined $v->{bytes} && defined $v->{bytes_at};
	return { name => "cache.l$1.size", label => "$v->{label} size",
		value => $v->{bytes}, at => $v->{bytes_at} };
}

# cache's level whose sweeps did not agree: { level, label, host }.
sub unclear {
	my ($l) = @_;
	return undef unless $l =~ /^L(\d+) cache: no clear plateau(?: \((.*)\))?\s*$/;
	return { level => $1 + 0, label => "L$1 cache", host => $2 };
}

# lat_c2c's verdict on its matrix, { stable, text }, or 'moved' for the
# line that follows one not stable.
sub c2c {
	my ($l) = @_;
	return { stable => $1 eq 'stable' ? 1 : 0, text => $2 }
		if $l =~ /^c2c stability: (stable|not stable): (.*)$/;
	return 'moved' if $l =~ /^vCPUs appear to move: matrix not a topology\s*$/;
	return undef;
}

# A result line whose number is not one (nan, inf).
sub unreadable {
	my ($l) = @_;
	return $l !~ /^#/ && $l =~
		/^[^\s][^:]*:\s+\S+ (?:micro|nano)seconds|MB\/sec|^\s*\S+\s+[-+]?(?:nan|inf)/i;
}

# lat_ctx's overhead, as its series' title says it ("size=0k ovr=1.23").
sub overhead {
	my ($t) = @_;
	return $t =~ /ovr=($NUM)/ ? $1 + 0 : undef;
}

# cache's levels in a run, by their lines: [level, bytes, ns] of each
# "Lk cache: <bytes> bytes <ns> nanoseconds", with the memory latency.
sub cache_levels {
	my ($run) = @_;
	my ($mem) = map { $_->{value} }
		grep { ($_->{label} // '') eq 'Memory latency' } @{ $run->{values} };
	my @l;
	for my $v (@{ $run->{values} }) {
		next unless ($v->{label} // '') =~ /^L(\d) cache$/ && $v->{bytes};
		push @l, [ $1 + 0, $v->{bytes}, $v->{value} ];
	}
	return ($mem, @l);
}

# Scalar labels of files before [RESULTS_FORMAT: 3] (and lmbench3's):
# regex => name (with $1.. substituted) and the byte-counting convention
# where one applies.  Newer files carry the names their programs declare.
my @SCALAR = (
	[ qr/^Simple syscall$/, 'syscall.null' ],
	[ qr/^Simple getpid$/, 'syscall.getpid' ],
	[ qr/^Simple (read|write|stat|fstat)$/, 'syscall.$1' ],
	[ qr/^Simple open\/close$/, 'syscall.open_close' ],
	[ qr/^Select on (\d+) fd's$/, 'select.file.$1' ],
	[ qr/^Select on (\d+) tcp fd's$/, 'select.tcp.$1' ],
	[ qr/^Signal handler installation$/, 'sig.install' ],
	[ qr/^Signal handler overhead$/, 'sig.catch' ],
	[ qr/^Protection fault$/, 'sig.prot' ],
	[ qr/^Protection fault, handler and siglongjmp$/, 'sig.prot_siglongjmp' ],
	[ qr/^Procedure call$/, 'proc.procedure' ],
	[ qr/^Process fork\+exit$/, 'proc.fork' ],
	[ qr/^Process fork\+execve$/, 'proc.exec' ],
	[ qr/^Process fork\+\/bin\/sh -c$/, 'proc.shell' ],
	[ qr/^Pipe latency$/, 'pipe.latency' ],
	[ qr/^Per-core read bandwidth$/, 'numa.per_core_read_bandwidth' ],
	[ qr/^All-CPU read bandwidth \((\d+) copies\)$/, 'numa.all_cpu_read_bandwidth' ],
	[ qr/^c2c (SMT siblings|shared LLC|different LLCs, same package|same package|same node|different nodes)$/,
	  'c2c.$1' ],
	[ qr/^AF_UNIX sock stream latency$/, 'unix.latency' ],
	[ qr/^Fifo latency$/, 'fifo.latency' ],
	[ qr/^Semaphore latency$/, 'sem.latency' ],
	[ qr/^Fcntl lock latency$/, 'fcntl.latency' ],
	[ qr/^Pagefaults on .*$/, 'pagefault' ],
	[ qr/^UDP latency using (\S+)$/, 'net.@.udp_latency' ],
	[ qr/^TCP latency using (\S+)$/, 'net.@.tcp_latency' ],
	[ qr/^RPC\/(tcp|udp) latency using (\S+)$/, 'net.@.rpc_$1_latency' ],
	[ qr/^TCP\/IP connection cost to (\S+)$/, 'net.@.tcp_connect' ],
	[ qr/^TCP\/IP connection with accept to (\S+)$/, 'net.@.tcp_connect_accept' ],
	[ qr/^socket UDP bandwidth using (\S+)$/, 'net.@.udp_bandwidth',
	  'payload bytes received' ],
	[ qr/^UNIX connection cost$/, 'unix.connect' ],
	[ qr/^AF_UNIX sock stream bandwidth$/, 'unix.bandwidth', 'bytes received' ],
	[ qr/^Pipe bandwidth$/, 'pipe.bandwidth', 'bytes received' ],
	[ qr/^(integer|int64|uint64|float|double) (bit|add|mul|div|mod|bogo)(?:mflops)?$/, 'ops.$1.$2' ],
	[ qr/^(integer|int64|uint64|float|double) (bit|add|mul|div|mod|bogo) parallelism$/,
	  'par_ops.$1.$2' ],
	[ qr/^STREAM (copy|scale|add|triad) latency$/, 'stream.$1.latency' ],
	[ qr/^STREAM (copy|scale|add|triad) bandwidth$/, 'stream.$1.bandwidth',
	  'STREAM: bytes read + bytes written per element' ],
	[ qr/^STREAM2 (fill|copy|daxpy|sum) latency$/, 'stream2.$1.latency' ],
	[ qr/^STREAM2 (fill|copy|daxpy|sum) bandwidth$/, 'stream2.$1.bandwidth',
	  'STREAM: bytes read + bytes written per element' ],
	[ qr/^tlb$/, 'tlb.pages' ],
	[ qr/^tlb miss$/, 'tlb.miss' ],
	[ qr/^L(\d) cache$/, 'cache.l$1.latency' ],
	[ qr/^Memory latency$/, 'cache.memory.latency' ],
	[ qr/^File .* write bandwidth$/, 'file.write_bandwidth', 'bytes written' ],
	[ qr/^(drand48|lrand48|rand|random) latency$/, 'rand.$1' ],
	[ qr/^lat_cmd$/, 'cmd' ],
	# Named since lmbench-ng declares names (before: other.<label>).
	[ qr/^ucontext swap latency$/, 'ucontext.latency' ],
	[ qr/^(usleep|nanosleep|select|pselect|itimer) (\d+) microseconds$/, 'sleep.$1.$2' ],
);

# bw_mem's titles.  lmbench3 titles plain bcopy "libc bcopy unaligned"
# and bcopy conflict "libc bcopy aligned"; results files before
# [RESULTS_FORMAT: 2] have the two the other way round.
my %BW_MEM_2 = (
	'libc bcopy unaligned' => 'bcopy',
	'libc bcopy aligned' => 'bcopy_conflict',
);
my %BW_MEM = (
	'libc bcopy aligned' => 'bcopy',
	'libc bcopy unaligned' => 'bcopy_conflict',
	'Memory bzero bandwidth' => 'bzero',
	'unrolled bcopy unaligned' => 'fcp',
	'unrolled partial bcopy unaligned' => 'cp',
	'Memory read bandwidth' => 'frd',
	'Memory partial read bandwidth' => 'rd',
	'Memory write bandwidth' => 'fwr',
	'Memory partial write bandwidth' => 'wr',
	'Memory partial read/write bandwidth' => 'rdwr',
);
my %BW_MEM_BYTES = (
	bcopy => 'bytes copied (counted once)', bcopy_conflict => 'bytes copied (counted once)',
	fcp => 'bytes copied (counted once)', cp => 'bytes copied (counted once)',
	bzero => 'bytes zeroed', frd => 'bytes read', rd => 'bytes read',
	fwr => 'bytes written', wr => 'bytes written',
	rdwr => 'bytes of the buffer (each read and written once)',
);

sub scalar_name {
	my ($v) = @_;
	return ('http.' . slug($1), undef) if $v->{label} =~ /^lat_http (.*)$/;
	return ('disk.' . disk_part($1) . '.seek', undef)
		if $v->{label} =~ /^disk (.+) seek \(/;
	for my $r (@SCALAR) {
		my ($re, $name, $bytes) = @$r;
		if (my @m = $v->{label} =~ $re) {
			my $n = $name;
			if ($n =~ /\@/) {
				my $host = pop @m;
				$n =~ s/\@/host_part($host)/e;
			}
			$n =~ s/\$(\d)/slug($m[$1 - 1])/ge;
			$n =~ s/uint64/int64/;
			return ($n, $bytes);
		}
	}
	return ('other.' . slug($v->{label}), undef);
}

# name, x unit, y unit, bytes convention of a series of a file before
# [RESULTS_FORMAT: 3] (newer ones declare theirs: declared_series).
sub series_name {
	my ($s) = @_;
	my ($t, $h) = ($s->{title}, $s->{heading} // '');
	if ($t =~ /^stride=(\d+)/) {
		my $stride = $1;
		my $kind = $h =~ /random/i ? 'random_latency' : 'load_latency';
		# lat_mem_rd counts its sizes in MiB (2^20 bytes).
		return ("mem.$kind.stride_$stride", 'MiB', 'nanoseconds');
	}
	return ("ctx.size_$1k", 'processes', 'microseconds') if $t =~ /^size=(\d+)k/;
	my $bw = ($s->{format} // 1) >= 2 && $BW_MEM_2{$t} || $BW_MEM{$t};
	return ("bw_mem.$bw", 'MB', 'MB/sec', $BW_MEM_BYTES{$bw}) if $bw;
	return ('file.reread', 'MB', 'MB/sec', 'bytes read') if $t eq 'read bandwidth';
	return ('file.reread_open2close', 'MB', 'MB/sec', 'bytes read')
		if $t eq 'read open2close bandwidth';
	return ('mmap.reread', 'MB', 'MB/sec', 'bytes read') if $t eq 'Mmap read bandwidth';
	return ('mmap.reread_open2close', 'MB', 'MB/sec', 'bytes read')
		if $t eq 'Mmap read open2close bandwidth';
	return ('mmap.latency', 'MB', 'microseconds') if $t eq 'mappings';
	# disk: read bandwidth by offset, read latency by seek distance.
	return ('disk.' . disk_part($1) . '.zone_bandwidth', 'MB', 'MB/sec', 'bytes read')
		if $t =~ /^disk (.+) zone bandwidth \(/;
	return ('disk.' . disk_part($1) . '.seek_distance', 'MB', 'microseconds')
		if $t =~ /^disk (.+) seek by distance \(/;
	return ('fs.latency', 'size', 'files') if $t eq 'File system latency';
	return ('mem.parallelism', 'MB', 'parallelism')
		if $t eq 'Memory load parallelism' || $t eq 'Memory parallelism';
	return ('c2c.matrix', 'cpu', 'cpu') if $t eq 'c2c latency';
	return ('numa.latency', 'node', 'node') if $t eq 'numa latency';
	return ('numa.read_bandwidth', 'node', 'node') if $t eq 'numa read bandwidth';
	# lat_mem_load: achieved MB/s against latency, one curve per loader count.
	return ("mem.loaded.$1.loaders_$2", 'MB/sec', 'nanoseconds')
		if $t =~ /^loaded latency (rd|wr), (\d+) loaders?:/;
	return ('net.' . host_part($1) . '.tcp_bandwidth', 'MB', 'MB/sec', 'bytes received')
		if $t =~ /^Socket bandwidth using (\S+)/;
	return ('series.' . slug($t), 'x', 'y');
}


# A copy of an undeclared value with the declarations of its numbers: the
# value's own, tlb's entries ({also}), cache's parallelism.
sub value {
	my ($v) = @_;
	my ($name, $bytes) = scalar_name($v);
	my %c = (%$v, decl => { name => $name, unit => $v->{unit},
		better => better($v->{unit}), (defined $bytes ? (bytes => $bytes) : ()),
		# A count of pages (tlb's entries) is a property of the machine.
		($v->{unit} eq 'pages' ? (kind => 'property') : ()), inferred => 1 });
	$c{also} = { %{ $v->{also} }, decl => { name => 'tlb.pages', unit => 'pages',
		better => 'none', kind => 'property', inferred => 1 } } if $v->{also};
	$c{parallelism_decl} = { name => 'cache.memory.parallelism', unit => 'parallelism',
		better => 'higher', inferred => 1 } if defined $v->{parallelism};
	return \%c;
}

# A copy of an undeclared series with the #series lines its program
# declares today: one family of point metrics, or those of the matrices
# (numa, c2c: the third number, one metric per pair), lat_fs (files made;
# created and deleted per second) and lat_mem_load (latency and achieved
# bandwidth by place in the curve).
sub series {
	my ($s) = @_;
	my ($name, $xu, $yu, $bytes) = series_name($s);
	my %d = (name => $name, unit => $yu, x_unit => $xu, better => better($yu),
		(defined $bytes ? (bytes => $bytes) : ()), inferred => 1);
	my @decls = (\%d);
	my @points = @{ $s->{points} };
	if ($name =~ /^numa\.|^c2c\.matrix$/) {
		my $lat = $name ne 'numa.read_bandwidth';
		@decls = ({ %d, unit => $lat ? 'nanoseconds' : 'MB/sec', y_unit => $xu,
			y_name => $xu, better => $lat ? 'lower' : 'higher', col => 3,
			point => $name eq 'c2c.matrix' ? 'c2c.pair.{x}_{y}' : '{name}.{x}_{y}' });
	} elsif ($name eq 'fs.latency') {
		@decls = ({ %d, kind => 'count' }, map { { %d, name => "fs.$_->[0]",
			unit => 'files/sec', better => 'higher', col => $_->[1] } }
			[ 'create', 3 ], [ 'delete', 4 ]);
	} elsif ($name =~ /^mem\.loaded\./) {
		# The achieved bandwidth (x) differs run to run: points are
		# named by their place in the curve; a size (k, m) is no such point.
		@points = grep { $_->{x} !~ /[kKmM]$/ } @points;
		@decls = ({ %d, point => '{name}@{i}' }, { %d, name => "$name.bandwidth",
			unit => 'MB/sec', better => 'none', col => 1, point => '{name}@{i}' });
	}
	return { %$s, points => \@points, decls => \@decls };
}


# What a #stats line of a file before RESULTS_FORMAT 5 describes where
# that is not its value, by its label (LMResults::stats_of): lat_fs's
# rates, the point line's numbers 3 and 4; lat_ctx's overhead and its
# rings' times with the overhead in.
sub stats_of {
	my ($st) = @_;
	my $label = $st->{label} // '';
	return { col => 3 } if $label eq 'lat_fs create';
	return { col => 4 } if $label eq 'lat_fs delete';
	return { part => 'overhead' } if $label eq 'overhead per hand-over';
	return { part => 'incl_overhead' } if $label =~ /hand-over incl\. overhead$/;
	return {};
}

1;
