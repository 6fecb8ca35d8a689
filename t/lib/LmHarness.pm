# LmHarness - the harnesses that run lmbench3, as our tests replay them.
#
#   fresh_clone($dir)      the tree as a clone of it would be: the tracked
#                          files and the new ones git would commit (no bin/,
#                          no results), mtimes kept
#   prebuilt($clone, $os[, VAR => value...])
#                          the programs of this build copied into the
#                          clone's bin/<os>/, so that its make finds them up
#                          to date (a stand-in for its compile, which the
#                          harnesses run and which takes minutes here); with
#                          the make variables the harness's make is given,
#                          the copy's flags record says them (else a flag
#                          other than this build's remakes everything)
#   sh_in($dir, $cmd, %o)  a harness's shell command, run in $dir
#   pkb_parse($output)     PerfKitBenchmarker's _ParseOutput, its rules
#   lkp_parse($text)       lkp-tests' programs/lmbench3/parse, its rules
#   vc_parse($summary)     VirtualClient's LMbenchMetricsParser, its rules
#
# The readers are ours: each follows the line rules of the harness's own
# parser (read in its public repository; doc/harnesses.md names the files),
# so that the tests need nothing fetched.  Each returns what the parser
# would publish, or an {error} where the parser would raise.
package LmHarness;
use strict;
use warnings;
use Exporter 'import';
use File::Path qw(make_path);
use LmTest;

our @EXPORT = qw(fresh_clone prebuilt sh_in pkb_parse lkp_parse vc_parse
		 @PKB_METRICS);

sub fresh_clone {
	my ($dest) = @_;
	my @f = grep { -f $_ } split /\0/,
		`git ls-files -z --cached --others --exclude-standard 2>/dev/null`;
	return 0 unless @f;
	make_path($dest);
	open(my $tar, '|-', 'tar', '--null', '-T', '-', '-cf', "$dest.tar") or return 0;
	print $tar map { "$_\0" } @f;
	close($tar) or return 0;
	my $ok = system('tar', 'xf', "$dest.tar", '-C', $dest) == 0;
	unlink "$dest.tar";
	return $ok;
}

sub prebuilt {
	my ($clone, $os, %var) = @_;
	my @vars = map { "$_=$var{$_}" } sort keys %var;
	my $from = bindir();
	make_path("$clone/bin/$os");
	opendir(my $dh, $from) or return 0;
	my @e = grep { !/^\.\.?$/ && !/^CONFIG\./ && $_ ne 'lmbench' } readdir($dh);
	closedir($dh);
	system('cp', '-a', (map { "$from/$_" } @e), "$clone/bin/$os/") == 0 or return 0;
	return 1 unless @vars;
	# The record rewritten for those variables, then every file of the
	# copy given one time, so that none is older than the record.
	system('make', '-s', '-C', $clone, @vars, "bin/$os/obj/flags") == 0 or return 0;
	my @f = grep { -f && !m{/CONFIG\.[^/]*$} } map { chomp; $_ }
		`find '$clone/bin/$os' -type f`;
	my $t = time;
	return utime($t, $t, @f) == @f;
}

sub sh_in {
	my ($dir, $cmd, %o) = @_;
	return run(['sh', '-c', "cd '$dir' && $cmd"], %o);
}

# ---- PerfKitBenchmarker: linux_benchmarks/lmbench_benchmark.py -------------------

# Its processor_metric_list, as regular expressions.
our @PKB_METRICS = ('syscall', 'read', 'write', 'stat', 'fstat', 'open/close',
	'Signal handler installation', 'Signal handler overhead', 'Protection fault',
	'Pipe latency', 'Pipe bandwidth', 'AF_UNIX sock stream bandwidth',
	'Process fork\+exit', 'Process fork\+execve', 'Process fork\+/bin/sh -c',
	'Pagefaults on /var/tmp/XXX', 'TCP latency using localhost',
	'TCP/IP connection cost to localhost');

# Python's float() and int() of a string, or undef where they raise.
sub py_float {
	my ($s) = @_;
	return undef unless defined $s
		&& $s =~ /^\s*([-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|inf|nan))\s*$/i;
	return $1 + 0;
}
sub py_int {
	my ($s) = @_;
	return defined $s && $s =~ /^\s*([-+]?\d+)\s*$/ ? $1 + 0 : undef;
}

# Samples {metric, value, unit, meta}, warnings, metadata; or {error}.
sub pkb_parse {
	my ($out) = @_;
	my (%meta, @samples, @warn);
	# _UpdataMetadata: regex_util.ExtractGroup, the first match, or raise.
	for ([ MB => 'MB: ([0-9]*)' ], [ BENCHMARK_HARDWARE => 'BENCHMARK_HARDWARE: (YES|NO)' ],
	     [ BENCHMARK_OS => 'BENCHMARK_OS: (YES|NO)' ]) {
		my ($k, $re) = @$_;
		return { error => "NoMatchError: $re" } unless $out =~ /$re/;
		$meta{$k} = $1;
	}
	# _AddProcessorMetricSamples: re.search, the first match anywhere.
	for my $m (@PKB_METRICS) {
		if ($out =~ /$m: ([^ ]+) (.+)/) {
			my ($v, $u, $at) = ($1, $2, $-[0]);
			next unless $u eq 'microseconds' || $u eq 'MB/sec';
			my $x = py_float($v);
			return { error => "ValueError: float('$v') for $m" } unless defined $x;
			(my $name = $m) =~ s/\\//g;
			push @samples, { metric => $name, value => $x, unit => $u, at => $at };
		} else {
			push @warn, "Failed to extract metric: $m";
		}
	}
	# _ParseSections over the socket bandwidth and context switch titles.
	my %fn;
	$fn{'Socket bandwidth using localhost'} = 'socket'
		if index($out, 'Socket bandwidth using localhost') >= 0;
	my @ctx = $out =~ /("size=.* ovr=.*)/g;
	return { error => 'NoMatchError: "size=.* ovr=.*' } unless @ctx;
	$fn{$_} = 'ctx' for @ctx;
	my @lines = split /\n/, $out, -1;
	my $i = 0;
	while (1) {
		$i++ while $i < @lines && !exists $fn{ $lines[$i] };	# dropwhile
		last if $i >= @lines;
		my $title = $lines[ $i++ ];
		my @buf;						# takewhile
		push @buf, $lines[ $i++ ] while $i < @lines && $lines[$i] ne '';
		$i++;		# the '' that ended it is consumed with it
		if ($fn{$title} eq 'socket') {
			for (@buf) {
				my @p = split ' ';
				next unless @p == 3 && $p[2] eq 'MB/sec';
				my ($mb, $bw) = (py_float($p[0]), py_float($p[1]));
				return { error => "ValueError in socket bandwidth: $_" }
					unless defined $mb && defined $bw;
				push @samples, { metric => 'socket_bandwidth', value => $bw,
					unit => 'MB/sec', meta => { message_size_MB => $mb } };
			}
			next;
		}
		my ($size) = $title =~ /"size=([0-9]*)/;
		my ($ovr) = $title =~ /"size=.* ovr=([0-9]*\.[0-9]*)/;
		return { error => "NoMatchError: ovr in $title" } unless defined $ovr;
		for (@buf) {
			my @v = split ' ';
			return { error => "IndexError in context switching: '$_'" } unless @v;
			my $n = py_int($v[0]);
			return { error => "ValueError: int('$v[0]') in context switching" }
				unless defined $n;
			return { error => "IndexError in context switching: '$_'" } unless @v > 1;
			my $t = py_float($v[1]);
			return { error => "ValueError: float('$v[1]') in context switching" }
				unless defined $t;
			push @samples, { metric => 'context_switching_time', value => $t,
				unit => 'microseconds',
				meta => { memory_size => "${size}k", ovr => $ovr,
					  num_of_processes => $n } };
		}
	}
	return { samples => \@samples, warnings => \@warn, meta => \%meta };
}

# ---- lkp-tests: programs/lmbench3/parse ---------------------------------------

# Ruby's String#to_f: the leading number, else 0.
sub rb_to_f {
	my ($s) = @_;
	return 0 unless defined $s && $s =~ /^\s*([-+]?(?:\d[\d_]*)?\.?\d*(?:[eE][-+]?\d+)?)/;
	my $n = $1;
	$n =~ tr/_//d;
	return $n =~ /\d/ ? $n + 0 : 0;
}

# Ruby's Float#to_s, near enough: 1596.0, 2481.4.
sub rb_fs {
	my ($v) = @_;
	return $v == int($v) && abs($v) < 1e16 ? sprintf('%d.0', $v) : "$v";
}

# The "key: value" lines it prints, in order.
sub lkp_parse {
	my ($text) = @_;
	my @lines = $text =~ /([^\n]*\n|[^\n]+\z)/g;	# gets: with the "\n"
	my (@out, $size, $read_bw, $file_size, $bandwidth, $socket_bw);
	my $i = 0;
	my $largest = sub {
		my ($fs, $v) = (0, 0);
		while ($i < @lines) {
			my $l = $lines[ $i++ ];
			(my $c = $l) =~ s/\r?\n\z//;
			last if $c eq '';
			my @f = split ' ', $l;
			my ($s, $x) = (rb_to_f($f[0]), rb_to_f($f[1]));
			($fs, $v) = ($s, $x) if $s > $fs;
		}
		return rb_fs($v);
	};
	my $read_mb = sub {
		my $bw = 0;
		while ($i < @lines) {
			my $l = $lines[ $i++ ];
			(my $c = $l) =~ s/\r?\n\z//;
			last if $c eq '';
			$bw = rb_to_f((split ' ', $l)[1]);
		}
		return rb_fs($bw);
	};
	while ($i < @lines) {
		local $_ = $lines[ $i++ ];
		if (/^Simple (\S+): (\d+.\d+) microseconds$/) {
			push @out, "syscall.$1.latency.us: $2";
		} elsif (/^Select on 100 fd's: (\d+.\d+) microseconds$/) {
			push @out, "Select.100fd.latency.us: $1";
		} elsif (/^Select on 100 tcp fd's: (\d+.\d+) microseconds$/) {
			push @out, "Select.100tcp.latency.us: $1";
		} elsif (/^Process (fork\+\S+)(?:\s-c)?: (\d+.?\d+) microseconds$/) {
			push @out, "Process.$1.latency.us: $2";
		} elsif (/^Pipe latency: (\d+.\d+) \S+$/) {
			push @out, "PIPE.latency.us: $1";
		} elsif (/^Pipe bandwidth: (\d+.\d+) \S+$/) {
			push @out, "PIPE.bandwidth.MB/sec: $1";
		} elsif (/^AF_UNIX sock stream latency: (\d+.\d+) \S+$/) {
			push @out, "AF_UNIX.sock.stream.latency.us: $1";
		} elsif (/^AF_UNIX sock stream bandwidth: (\d+.\d+) \S+$/) {
			push @out, "AF_UNIX.sock.stream.bandwidth.MB/sec: $1";
		} elsif (/^(integer|int64|float|double) (bit|add|mul|div|mil): (\d+.\d+) nanoseconds$/) {
			push @out, "OPS.$1.$2.latency.ns: $3";
		} elsif (/^UDP latency using localhost: (\d+.\d+) microseconds$/) {
			push @out, "UDP.usinglocalhost.latency.us: $1";
		} elsif (/^"size=\d+k ovr=\d+.\d+$/) {
			$size = int(rb_to_f((split /=/, (split ' ')[0])[-1]));
		} elsif (defined $size && grep({ $_ == $size } 0, 16, 64) && /^96 (\d+.\d+)$/) {
			push @out, "CTX.96P.${size}K.latency.us: $1";
		} elsif (/^"read bandwidth$/) {
			($read_bw, $file_size) = (1, 0);
		} elsif ($read_bw && /^(\d+.\d+) (\d+.\d+)$/) {
			($file_size, $bandwidth) = (rb_to_f($1), $2) if $file_size < rb_to_f($1);
		} elsif ($read_bw && defined $bandwidth && /^[^\d+]/) {
			push @out, "FILE.read.bandwidth.MB/sec: $bandwidth";
			$read_bw = 0;
		} elsif (/^TCP latency using localhost:.+microseconds$/) {
			push @out, 'TCP.localhost.latency: ' . (split ' ')[-2];
		} elsif (/^Socket bandwidth using localhost$/) {
			$socket_bw = 1;
		} elsif ($socket_bw && /^0.000064 (\d+.\d+) MB\/sec$/) {
			push @out, "TCP.socket.bandwidth.64B.MB/sec: $1";
		} elsif ($socket_bw && /^10.485760 (\d+.\d+) MB\/sec$/) {
			push @out, "TCP.socket.bandwidth.10MB.MB/sec: $1";
		} elsif (/^TCP\/IP connection cost to localhost: (\d+.\d+) microseconds/) {
			push @out, "CONNECT.localhost.latency.us: $1";
		} elsif (/^"libc bcopy unaligned$/) {
			push @out, 'BCOPY.libc.bandwidth.MB/sec: ' . $largest->();
		} elsif (/^"unrolled bcopy unaligned$/) {
			push @out, 'BCOPY.unrolled.bandwidth.MB/sec: ' . $largest->();
		} elsif (/^Memory read bandwidth$/) {
			push @out, 'BCOPY.memory_read.bandwidth.MB/sec: ' . $largest->();
		} elsif (/^Memory write bandwidth$/) {
			push @out, 'BCOPY.memory_write.bandwidth.MB/sec: ' . $largest->();
		} elsif (/^Pagefaults on (.*): (.*) microseconds/) {
			push @out, "Pagefaults.ms: $2";
		} elsif (/^"mappings$/) {
			push @out, 'MMAP.read.latency.us: ' . $largest->();
		} elsif (/^"Mmap read bandwidth$/) {
			push @out, 'MMAP.read.bandwidth.MB/sec: ' . $largest->();
		} elsif (/^"Mmap read open2close bandwidth$/) {
			push @out, 'MMAP.read_open2close.bandwidth.MB/sec: ' . $largest->();
		} elsif (/bw_mem -P/) {
			push @out, 'Mem.Bandwidth.MB/sec: ' . $read_mb->();
		}
	}
	return @out;
}

# ---- VirtualClient: VirtualClient.Actions/LMbench/LMbenchMetricsParser.cs ---------

# Each table: its title, whether the parser requires it, the metrics'
# name prefix and unit, and its columns (name, start, length).
my @VC_TABLES = (
	[ 'Processor, Processes - times in microseconds - smaller is better', 0,
	  'Processor_Time_', 'microseconds',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ Mhz => 24, 4 ], [ Null_Call => 29, 4 ],
	    [ 'Null_I/O' => 34, 4 ], [ Stat => 39, 4 ], [ Open_Close => 44, 4 ],
	    [ Slct_TCP => 49, 4 ], [ Sig_Inst => 54, 4 ], [ Sig_Hndl => 59, 4 ],
	    [ Fork_Proc => 64, 4 ], [ Exec_Proc => 69, 4 ], [ Sh_Proc => 74, 4 ] ] ],
	[ 'Basic integer operations - times in nanoseconds - smaller is better', 0,
	  'Integer_Operations_Time_', 'nanoseconds',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ Bit => 24, 6 ], [ Add => 31, 6 ],
	    [ Multiply => 38, 6 ], [ Divide => 45, 6 ], [ Mod => 52, 6 ] ] ],
	[ 'Basic float operations - times in nanoseconds - smaller is better', 0,
	  'Float_Operations_Time_', 'nanoseconds',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ Add => 24, 6 ], [ Multiply => 31, 6 ],
	    [ Divide => 38, 6 ], [ Bogo => 45, 6 ] ] ],
	[ 'Basic double operations - times in nanoseconds - smaller is better', 0,
	  'Double_Operations_Time_', 'nanoseconds',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ Add => 24, 6 ], [ Multiply => 31, 6 ],
	    [ Divide => 38, 6 ], [ Bogo => 45, 6 ] ] ],
	[ 'Context switching - times in microseconds - smaller is better', 1,
	  'Context_Switching_Time_', 'microseconds',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ '2p/0K' => 24, 6 ], [ '2p/16K' => 31, 6 ],
	    [ '2p/64K' => 38, 6 ], [ '8p/16K' => 45, 6 ], [ '8p/64K' => 52, 6 ],
	    [ '16p/16K' => 59, 7 ], [ '16p/64K' => 67, 7 ] ] ],
	[ '*Local* Communication latencies in microseconds - smaller is better', 1,
	  'Communications_Latency_', 'microseconds',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ '2p/0K' => 24, 5 ], [ Pipe => 30, 5 ],
	    [ AF_Unix => 36, 4 ], [ UDP => 41, 5 ], [ 'RPC/UDP' => 47, 5 ], [ TCP => 53, 5 ],
	    [ 'RPC/TCP' => 59, 5 ], [ TCP_Conn => 65, 4 ] ] ],
	[ 'File & VM system latencies in microseconds - smaller is better', 1,
	  'File_System_Latency_', 'microseconds',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ '0K_Create' => 24, 6 ], [ '0K_Delete' => 31, 6 ],
	    [ '10K_Create' => 38, 6 ], [ '10K_Delete' => 45, 6 ], [ Mmap_Latency => 52, 7 ],
	    [ Prot_Fault => 60, 5 ], [ Page_Fault => 66, 7 ], [ '100fd_Select' => 74, 5 ] ] ],
	[ '*Local* Communication bandwidths in MB/s - bigger is better', 1,
	  'Communications_Bandwidth_', 'MB/s',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ Pipe => 24, 4 ], [ AF_Unix => 29, 4 ],
	    [ TCP => 34, 4 ], [ File_Reread => 39, 6 ], [ Mmap_Reread => 46, 6 ],
	    [ 'Bcopy(libc)' => 53, 6 ], [ 'Bcopy(hand)' => 60, 6 ], [ Mem_Reread => 67, 4 ],
	    [ Mem_Write => 72, 5 ] ] ],
	# The last column, Guesses, is not a metric.
	[ 'Memory latencies in nanoseconds - smaller is better', 1,
	  'Memory_Latency_', 'nanoseconds',
	  [ [ Host => 0, 9 ], [ OS => 10, 13 ], [ Mhz => 24, 5 ], [ L1 => 30, 6 ],
	    [ L2 => 37, 6 ], [ Main_Mem => 44, 11 ], [ Random_Mem => 56, 11 ] ] ],
);

# TranslateNumericUnit: 12.5K is 12500, 1.2M 1200000.  VirtualClient applies
# it to every cell, the host name's too (a host named "vm" throws there,
# with lmbench3's summary as with ours); here only to the metrics.
sub vc_number {
	my ($s) = @_;
	$s =~ s/\s+//g;
	$s = $1 * 1000 if $s =~ /^((?:[0-9]*[.])?[0-9]+)[Kk]$/;
	$s = $1 * 1000000 if $s =~ /^((?:[0-9]*[.])?[0-9]+)[Mm]$/;
	return $s =~ /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/ ? $s + 0 : undef;
}

# Metrics {name => [values]}, units {name => unit}; or {error}.
sub vc_parse {
	my ($text) = @_;
	# Preprocess: no dashed lines, "make" on a line of its own, and the
	# tables' second header lines gone.
	my @rows = grep { !/-{2,}/ } split /\r?\n/, $text, -1;
	$text = join "\n", @rows;
	$text =~ s/make/\nmake/g;
	$text = join "\n", grep { !/ctxsw|Create|reread|WARNING|hndl|add/ } split /\n/, $text, -1;
	# Sectionize: blocks between blank lines, keyed by their first line.
	my %sec;
	for my $s (split /\n\s*\n/, $text) {
		$s =~ s/^\s+|\s+$//g;
		next if $s eq '';
		my ($name, @r) = split /\n/, $s;
		$name =~ s/^\s+|\s+$//g;
		return { error => "ArgumentException: a second section '$name'" } if exists $sec{$name};
		$sec{$name} = [ map { s/^\s+|\s+$//gr } @r ];
	}
	my (%m, %unit);
	for my $t (@VC_TABLES) {
		my ($title, $required, $prefix, $u, $cols) = @$t;
		if (!$sec{$title}) {
			return { error => "KeyNotFoundException: $title" } if $required;
			next;
		}
		my @r = grep { $_ ne '' } @{ $sec{$title} };
		shift @r;	# the column names
		for my $row (@r) {
			for my $c (@$cols[ 2 .. $#$cols ]) {
				my ($name, $at, $len) = @$c;
				my $cell = length($row) > $at + $len ? substr($row, $at, $len)
					 : length($row) > $at ? substr($row, $at) : '';
				my $v = vc_number($cell);
				next unless defined $v;
				my $n = lc "$prefix$name";
				push @{ $m{$n} }, $v;
				$unit{$n} = $name eq 'Mhz' ? 'Mhz' : $u;
			}
		}
	}
	return { metrics => \%m, units => \%unit };
}

1;
