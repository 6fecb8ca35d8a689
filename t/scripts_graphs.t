#!/usr/bin/perl
# The parser, the summary columns, the graphs and the HTML page on a
# SYNTHETIC results file: every output format of programs.md written out
# with invented round numbers.  It tests the reading and drawing code
# while the programs of the other groups are not built in this tree; it
# is not a measurement and never goes into results/.
use strict;
use warnings;
use lib 't/lib', 'scripts/lib';
use LmTest;
use LmRun;
use LMResults;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);
my $f = "$tmp/synth.0";
open(my $fh, '>', $f) or die;
print $fh <<'EOT';
[lmbench3.0 results for Linux synth 0.0-test #1 SMP x86_64 GNU/Linux]
[HOSTNAME: synth]
[SYSNAME: Linux]
[RELEASE: 0.0-test]
[OS: x86_64-linux-gnu]
[MHZ: 3000]
[MHZ_SOURCE: mhz]
[LINE_SIZE: 64]
[LINE_SIZE_SOURCE: line]
[SYNC_MAX: 1]
[CACHE: L1d 32K; L1i 32K; L2 1024K; L3 8192K]
[CHECK: thp: warn: always: transparent huge pages always on]
Simple syscall: 0.1000 microseconds
#stats label="Simple syscall" unit=microseconds parallel=1 samples=0.09,0.1,0.11 n=3 min=0.09 q1=0.095 median=0.1 q3=0.105 max=0.11 ci_lo=0.09 ci_hi=0.11 ci_level=0.75
Simple read: 0.2000 microseconds
Simple write: 0.3000 microseconds
Simple stat: 0.5000 microseconds
Simple open/close: 1.5000 microseconds
Select on 100 fd's: 1.1000 microseconds
Select on 100 tcp fd's: 6.5000 microseconds
Signal handler installation: 0.1800 microseconds
Signal handler overhead: 1.7000 microseconds
Protection fault: 0.5500 microseconds
Protection fault, handler and siglongjmp: 0.9000 microseconds
Process fork+exit: 205.0000 microseconds
Process fork+execve: 755.0000 microseconds
Process fork+/bin/sh -c: 1589.0000 microseconds
integer bit: 0.1800 nanoseconds
integer add: 0.2000 nanoseconds
integer mul: 0.8500 nanoseconds
integer div: 3.0100 nanoseconds
integer mod: 3.2800 nanoseconds
uint64 add: 0.2100 nanoseconds
float add: 1.0000 nanoseconds
float bogo: 5.0000 nanoseconds
double div: 12.2000 nanoseconds
integer add parallelism: 4.00
Pagefaults on /tmp/XXX: 0.9900 microseconds
"mappings
0.524288 12.0
8.000000 20.0

"File system latency
0k	1000	100000	200000
10k	1000	50000	125000

UDP latency using localhost: 10.9000 microseconds
TCP latency using localhost: 13.9000 microseconds
RPC/udp latency using localhost: 20.0000 microseconds
RPC/tcp latency using localhost: 25.0000 microseconds
TCP/IP connection cost to localhost: 70.2000 microseconds
TCP/IP connection with accept to localhost: 80.3000 microseconds
"Socket bandwidth using localhost
0.000001 1.08
0.065536 2735.00
10.485760 3925.00

[ Networking remote to hostb: Linux hostb 6.1.0 #1 SMP x86_64 GNU/Linux ]
UDP latency using hostb: 50.0000 microseconds
TCP latency using hostb: 60.0000 microseconds
TCP/IP connection cost to hostb: 100.0000 microseconds
"Socket bandwidth using hostb
10.485760 1000.00

empty 94 46.7848
file10k 10338 37.8300
AF_UNIX sock stream bandwidth: 6771.00 MB/sec
Pipe bandwidth: 4292.00 MB/sec
"read bandwidth
0.000512 1000.00
8.000000 5000.00

"Mmap read bandwidth
0.000512 900.00
8.000000 6000.00

"libc bcopy aligned
0.000512 20000.00
4.000000 10000.00

"unrolled bcopy unaligned
0.000512 15000.00
4.000000 9000.00

"Memory read bandwidth
0.000512 40000.00
8.000000 12000.00

"Memory write bandwidth
0.000512 30000.00
8.000000 11000.00

"size=0k ovr=1.20
2 27.00
8 15.20
16 15.00

"size=16k ovr=2.00
2 28.00
8 16.00
16 16.50

"size=64k ovr=3.00
2 29.00
8 17.00
16 17.50

tlb: 64 pages 1.9200 nanoseconds
"Memory parallelism
1.000000 4.50
8.000000 6.10

STREAM copy latency: 0.5000 nanoseconds
STREAM copy bandwidth: 38500.00 MB/sec
"Memory load latency
"stride=16
0.00049 1.000
0.01562 1.000
0.50000 4.000
8.00000 90.000

"stride=128
0.00049 1.070
0.01562 1.070
0.50000 3.650
8.00000 120.000
#stats label="stride=128" unit=nanoseconds parallel=1 samples=119,120,121 n=3 min=119 q1=119.5 median=120 q3=120.5 max=121 ci_lo=119 ci_hi=121 ci_level=0.75

"Random load latency
"stride=16
0.00049 1.100
8.00000 160.000

"loaded latency rd, 1 loader: MB/s ns
0 100.000
9000 180.000
5000 120.000

[STATUS: complete]
EOT
close $fh;

# ---- the parser ---------------------------------------------------------------
my $run = LMResults::parse($f);
my $m = LMResults::metrics($run);
is($run->{status}, 'complete', 'status');
is_deeply($run->{unparsed}, [], 'every line understood');
for my $n (qw(syscall.null syscall.open_close select.file.100 select.tcp.100 sig.install sig.catch
	      sig.prot proc.fork proc.exec proc.shell ops.integer.bit ops.int64.add ops.float.bogo
	      par_ops.integer.add pagefault net.local.udp_latency net.local.rpc_tcp_latency
	      net.local.tcp_connect net.local.tcp_connect_accept sig.prot_siglongjmp
	      net.remote.hostb.tcp_latency unix.bandwidth pipe.bandwidth
	      tlb.pages tlb.miss stream.copy.bandwidth stream.copy.latency
	      mem.load_latency.stride_128@8.00000 mem.random_latency.stride_16@8.00000
	      ctx.size_16k@8 bw_mem.fcp@4.000000 file.reread@8.000000 mmap.latency@8.000000
	      net.local.tcp_bandwidth@10.485760 net.remote.hostb.tcp_bandwidth@10.485760
	      http.empty http.file10k)) {
	ok($m->{$n}, "metric $n");
}
is($m->{'syscall.null'}{stats}{n}, 3, '#stats attached to its value');
is_deeply($m->{'syscall.null'}{stats}{samples}, [0.09, 0.1, 0.11], 'raw samples');
is($m->{'mem.load_latency.stride_128@8.00000'}{stats}{median}, 120, '#stats attached to a series point');
is($m->{'bw_mem.fcp@4.000000'}{bytes}, 'bytes copied (counted once)', 'byte-counting convention');
is($m->{'tlb.pages'}{value}, 64, 'tlb pages');
# lmbench3's label keeps lmbench3's name; ours beside it has its own.
is($m->{'net.local.tcp_connect'}{value}, 70.2, 'connect + close: lmbench3\'s name');
is($m->{'net.local.tcp_connect_accept'}{value}, 80.3, 'connection with accept: its own name');
is($m->{'sig.prot'}{value}, 0.55, 'Protection fault: lmbench3\'s name');
is($m->{'sig.prot_siglongjmp'}{value}, 0.9, 'fault left by siglongjmp: its own name');
is($m->{'syscall.null'}{better}, 'lower', 'latency: lower is better');
is($m->{'pipe.bandwidth'}{better}, 'higher', 'bandwidth: higher is better');

# ---- the summary columns --------------------------------------------------------
my $r = run([$^X, 'scripts/summary', $f]);
is($r->{status}, 0, 'summary exit 0');
my $s = $r->{out};
sub row { my ($title) = @_; $s =~ /^\Q$title\E.*?\n(synth [^\n]*)/ms ? $1 : '' }
is(row('Basic system parameters'),
   'synth     Linux 0.0-tes        x86_64-linux-gnu 3000    64    64    6.1    1', 'basic parameters');
is(row('Processor, Processes'),
   'synth     Linux 0.0-tes 3000  0.1 0.25  0.5  1.5  6.5 0.18  1.7  205  755 1589', 'processes');
is(row('Basic integer operations'),
   'synth     Linux 0.0-tes   0.18    0.2   0.85   3.01   3.28', 'integer ops');
is(row('Basic uint64 operations'), 'synth     Linux 0.0-tes          0.21', 'uint64 ops, blanks kept');
is(row('Basic double operations'), 'synth     Linux 0.0-tes                 12.2', 'double ops');
is(row('Context switching'),
   'synth     Linux 0.0-tes     27     28     29     16     17    16.5    17.5', 'context switching');
is(row('*Local* Communication latencies'),
   'synth     Linux 0.0-tes    27             10.9    20  13.9    25 70.2', 'local latencies');
is(row('*Remote* Communication latencies'), 'synth             hostb    50          60        100',
     'remote latencies');
is(row('File & VM system latencies'),
   'synth     Linux 0.0-tes     10      5     20      8      20  0.55    0.99   1.1', 'file & VM');
is(row('*Local* Communication bandwidths'),
   'synth     Linux 0.0-tes 4292 6771 3925   5000   6000    10K   9000  12K   11K', 'bandwidths');
like(row('Loaded memory latency'), qr/^synth\s+Linux 0\.0-tes\s+1\s+100\s+9000\s+180$/,
     'loaded latency: loaders, idle, the highest load and the latency there');
unlike($s, qr/IPC latency by placement/, 'no placement section without placement results');
# The curves end at 8 MB, within twice the 8 MB L3: their last points,
# and a guess that says so.
is(row('Memory latencies'),
   'synth     Linux 0.0-tes  3000   1.07   3.65    120         160      Main mem in LLC?',
   'memory latencies');

# ---- graphs in every format ---------------------------------------------------------
SKIP: {
	skip 'gnuplot not installed', 1 unless system('sh', '-c', 'command -v gnuplot >/dev/null') == 0;
	for my $fmt (qw(png svg ps pdf)) {
		my $dir = "$tmp/g-$fmt";
		$r = run([$^X, 'scripts/graphs', '-f', $fmt, '-o', $dir, $f]);
		is($r->{status}, 0, "graphs -f $fmt: exit 0") or diag($r->{err});
		my @drawn = split /\n/, $r->{out};
		for my $g (qw(mem_latency ctx file_bw mem_bw tcp_bw loaded_latency mmap_latency)) {
			ok((grep { $_ eq "$dir/$g.$fmt" } @drawn), "$g.$fmt drawn");
			ok(-s "$dir/$g.dat" && -s "$dir/$g.gp", "$g data and gnuplot script kept");
		}
		my $pic = slurp("$dir/mem_latency.$fmt");
		if ($fmt eq 'png') {
			ok(substr($pic, 0, 8) eq "\x89PNG\r\n\x1a\n", 'PNG signature');
			my ($w, $h) = unpack('NN', substr($pic, 16, 8));
			is("${w}x$h", '1000x650', 'PNG IHDR size');
			ok(index($pic, 'IEND') > 0, 'PNG complete');
		} elsif ($fmt eq 'svg') {
			like($pic, qr/<svg\b.*<\/svg>\s*\z/s, 'SVG complete');
		} elsif ($fmt eq 'ps') {
			like($pic, qr/\A%!PS-Adobe.*showpage\n%%Trailer\n/s, 'PostScript complete');
		} else {
			like($pic, qr/\A%PDF-.*%%EOF\s*\z/s, 'PDF complete');
		}
	}
	like(slurp("$tmp/g-png/mem_latency.gp"), qr/L1d 32K \(sysfs\).*L2 1024K \(sysfs\).*L3 8192K \(sysfs\)/s,
	     'cache levels marked, from the header');
	unlike(slurp("$tmp/g-png/mem_latency.gp"), qr/L1i/, 'not the instruction cache');
	like(slurp("$tmp/g-png/mem_latency.gp"), qr/logscale x/, 'log x');
	like(slurp("$tmp/g-png/loaded_latency.dat"), qr/^0 100 100 100\n5000 120 120 120\n9000 180 180 180\n/m,
	     'loaded latency: the curve in order of bandwidth');

	# ---- the HTML page --------------------------------------------------------------
	$r = run([$^X, 'scripts/html', '-o', "$tmp/h/report.html", $f]);
	is($r->{status}, 0, 'html: exit 0') or diag($r->{err});
	my $h = slurp("$tmp/h/report.html");
	is(() = $h =~ /<table class="summary"[ >]/g, 13, 'thirteen summary tables (with the remote and the loaded-latency ones)');
	is(() = $h =~ /<svg\b/g, 7, 'seven SVG graphs inline');
	unlike($h, qr/\b(?:src|href)\s*=\s*"(?:https?:)?\/\//i, 'nothing fetched from a network');
	SKIP: {
		my $chrome;
		for (qw(chromium chromium-browser google-chrome)) {
			chomp(my $p = `sh -c 'command -v $_' 2>/dev/null`);
			$chrome = $p, last if $p;
		}
		skip 'no headless Chromium here', 3 unless $chrome;
		$r = run([$chrome, '--headless', '--no-sandbox', '--disable-gpu',
			  "--user-data-dir=$tmp/chrome", '--dump-dom',
			  "file://$tmp/h/report.html"]);
		is($r->{status}, 0, 'Chromium opens the page');
		unlike($r->{err}, qr/Uncaught|Failed to load resource/, 'without errors');
		like($r->{out}, qr/<td class="n">3925<\/td>/, 'and shows its tables');
	}
}

# ---- heat maps of the matrices (written with -n: no gnuplot needed) ------------
{
	my $hf = "$tmp/matrix.0";
	open(my $mh, '>', $hf) or die;
	print $mh "[lmbench3.0 results for Linux synth 0.0-test]\n[HOSTNAME: synth]\n",
		"\"c2c latency\n0 1 50.00\n0 2 120.00\n1 0 51.00\n1 2 121.00\n2 0 119.00\n2 1 118.00\n\n",
		"\"numa latency\n0 0 90.00\n0 1 140.00\n1 0 141.00\n1 1 91.00\n\n[STATUS: complete]\n";
	close $mh;
	$r = run([$^X, 'scripts/graphs', '-n', '-f', 'png', '-o', "$tmp/hm", $hf]);
	is($r->{status}, 0, 'heat maps: exit 0') or diag($r->{err});
	like($r->{out}, qr{/c2c\.gp$}m, 'c2c heat map written');
	like($r->{out}, qr{/numa_latency\.gp$}m, 'numa latency heat map written');
	my ($dat) = split /\n\n\n/, slurp("$tmp/hm/c2c.dat");
	is(scalar(() = $dat =~ /^\d+ \d+ \S+$/mg), 9, 'c2c: the full 3 x 3 grid');
	like($dat, qr/^0 0 NaN\n1 0 50\n2 0 120\n/m, 'row 0: diagonal blank, then its pairs');
	like($dat, qr/^2 2 NaN$/m, 'the whole diagonal blank');
	like(slurp("$tmp/hm/c2c.gp"), qr/with image pixels/, 'drawn as an image of cells');
}

# ---- at most eight curves a graph; cache labels (written with -n) ---------------
# What a gnuplot script draws: its curves, its x range, its cache labels
# [text, x, x offset].
sub gp_facts {
	my ($path) = @_;
	my $t = slurp($path);
	my @curves = $t =~ /^\s+"[^"]+\.dat" index \d+ using .* title "((?:[^"\\]|\\.)*)"/mg;
	my ($lo, $hi) = $t =~ /^set xrange \[(\S+):(\S+)\]$/m;
	my @labels = map { [ $_->[0], $_->[1] + 0, $_->[2] + 0 ] }
		map { [ /^set label \d+ "((?:[^"\\]|\\.)*)" at (\S+), graph \S+ .* offset (\S+),0/ ] }
		grep { /^set label \d+ "(?:[^"\\]|\\.)*" at \S+, graph / } split /\n/, $t;
	return { text => $t, curves => \@curves, lo => $lo, hi => $hi, labels => \@labels };
}
{
	my @samples = sort grep { /\.\d+$/ } glob('results/sample/*/*');
	SKIP: {
		skip 'no sample results in results/sample/', 8 unless @samples >= 2;
		my $dir = "$tmp/split";
		$r = run([$^X, 'scripts/graphs', '-n', '-o', $dir, @samples[0, 1]]);
		is($r->{status}, 0, 'two sample runs: exit 0') or diag($r->{err});
		my @gp = split /\n/, $r->{out};
		my %n;
		my ($over, $nokey, $badlab) = (0, 0, 0);
		for my $g (@gp) {
			# The line graphs (not a heat map's image, a matrix's table).
			next unless $g =~ /\.gp$/ && slurp($g) !~ /with image/;
			my $f = gp_facts($g);
			my ($base) = $g =~ m{/([a-z_]+?)(?:_\d+)?\.gp$};
			$n{$base} += @{ $f->{curves} };
			$over++, diag("$g: " . @{ $f->{curves} } . ' curves') if @{ $f->{curves} } > 8;
			$nokey++ unless $f->{text} =~ /^set key outside /m;
			my %x;
			for my $l (@{ $f->{labels} }) {
				$badlab++, diag("$g: $l->[0] at $l->[1] twice or outside")
					if $x{ $l->[1] }++ || $l->[1] < $f->{lo} || $l->[1] > $f->{hi};
				$badlab++, diag("$g: $l->[0]: a level the header does not list")
					if $l->[0] =~ /\bL[4-9]\b|found/;
			}
		}
		is($over, 0, 'no graph has more than eight curves');
		is($nokey, 0, 'every legend outside the plot');
		is($badlab, 0, 'labels at distinct x inside the range, only levels the header lists');
		# Nothing lost in the split: 7 strides and the random curve, 10 bw_mem
		# operations, per run.
		is($n{mem_latency}, 16, 'mem_latency: all 16 curves, over several graphs');
		is($n{mem_bw}, 20, 'mem_bw: all 20 curves, over several graphs');
		ok(-f "$dir/mem_latency_2.gp" && !-f "$dir/mem_latency.gp", 'split graphs numbered');
		like(slurp("$dir/mem_bw_1.gp"), qr/^set title "Memory bandwidth: (copy|read|write)"$/m,
		     'a part titled with its facet');
	}

	# Cache labels: the header's levels only, close ones sharing one text,
	# none outside the frame.
	my $base = slurp($f);
	my $mk = sub {
		my ($name, $cache, $extra) = @_;
		my $t = $base;
		if (defined $cache) {
			$t =~ s/^\[CACHE: .*\]$/[CACHE: $cache]/m;
		} else {
			$t =~ s/^\[CACHE: .*\]\n//m;
		}
		open(my $o, '>', "$tmp/$name") or die;
		print $o $t, $extra // '';
		close $o;
		$r = run([$^X, 'scripts/graphs', '-n', '-o', "$tmp/lab-$name", "$tmp/$name"]);
		is($r->{status}, 0, "$name: exit 0") or diag($r->{err});
		return gp_facts("$tmp/lab-$name/mem_latency.gp");
	};
	# `cache` reports five "levels", the last two main memory and the TLB;
	# the header (what the host facts believed) lists three.
	my $found = "L1 cache: 49152 bytes 1.67 nanoseconds 64 linesize 9.5 parallelism\n"
		. "L2 cache: 1835008 bytes 5.34 nanoseconds 64 linesize 11.8 parallelism\n"
		. "L3 cache: 4194304 bytes 50.1 nanoseconds 64 linesize 12 parallelism\n"
		. "L4 cache: 6291456 bytes 120.0 nanoseconds 64 linesize 14 parallelism\n"
		. "Memory latency: 131.09 nanoseconds 15.10 parallelism\n";
	my $g = $mk->('header', 'L1d 32K; L1i 32K; L2 1024K; L3 8192K', $found);
	is_deeply([ map { $_->[0] } @{ $g->{labels} } ],
		  [ 'L1d 32K (sysfs)', 'L2 1024K (sysfs)', 'L3 8192K (sysfs)' ],
		  'the header\'s levels, not what cache reported');
	# A getconf L4 the host facts did not believe is not in the header.
	$base =~ s/^(\[CACHE: .*\])$/$1\n[CACHE_SOURCE: getconf checked against cache (measured): getconf L4 131072K: not believed]/m;
	$g = $mk->('getconf', 'L1d 32K; L2 1024K; L3 4096K');
	is_deeply([ map { $_->[0] } @{ $g->{labels} } ],
		  [ 'L1d 32K (getconf)', 'L2 1024K (getconf)', 'L3 4096K (getconf)' ],
		  'no L4 that the header did not believe');
	# A file without the header line: the levels cache found below a third
	# of memory's latency.
	$g = $mk->('nohdr', undef, $found);
	is_deeply([ map { $_->[0] } @{ $g->{labels} } ], [ 'L1 48K (found)', 'L2 1.75M (found)' ],
		  'no header: the levels found below memory');
	# Levels close together share one label; a level at the left edge is
	# labelled right of its line; one outside the range is not drawn.
	$g = $mk->('close', 'L1d 16K; L2 17K; L3 8192K; L4 16G');
	is_deeply([ map { [ $_->[0], $_->[1] ] } @{ $g->{labels} } ],
		  [ [ 'L1d 16K (getconf), L2 17K (getconf)', 16384 ], [ 'L3 8192K (getconf)', 8388608 ] ],
		  'close levels share a label, none beyond the range');
	# Two runs with different caches: a mark not all of them have names
	# its files; one they share does not.
	my $two = slurp($f) =~ s/^\[CACHE: .*\]$/[CACHE: L1d 32K; L2 2048K; L3 8192K]/mr;
	open(my $o2, '>', "$tmp/other.1") or die;
	print $o2 $two;
	close $o2;
	$r = run([$^X, 'scripts/graphs', '-n', '-o', "$tmp/lab-two", $f, "$tmp/other.1"]);
	is_deeply([ map { $_->[0] } @{ gp_facts("$tmp/lab-two/mem_latency.gp")->{labels} } ],
		  [ 'L1d 32K (sysfs)', 'synth.0: L2 1024K (sysfs)', 'other.1: L2 2048K (sysfs)',
		    'L3 8192K (sysfs)' ], 'two runs: a level they differ in names its file');
	$g = $mk->('edge', 'L1d 600; L3 8192K');
	ok($g->{labels}[0][1] >= $g->{lo} && $g->{labels}[0][2] > 0,
	   'a label at the left edge drawn inside the frame');
}

done_testing();
