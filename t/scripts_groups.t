#!/usr/bin/perl
# The groups' declaration (scripts/lib/lmbench.groups, shell) as
# scripts/lib/groups.sh reads it: its table (the cost models and the
# facts of the groups that run again, scripts/lib/facts.awk), each
# group's programs and its file as its function names them, the steps
# each group takes in each profile and invocation (run here with
# stand-ins for bench, title, out and the other steps, which only say
# what they were asked), and declarations it refuses, each with its
# reason.
use strict;
use warnings;
use Test::More;
use File::Temp qw(tempdir);
use lib 't/lib';
use LmTest qw(allowed_cpus have_tool groups_table);

my $tmp = tempdir(CLEANUP => 1);
my $decl = 'scripts/lib/lmbench.groups';

my ($rc, $table) = groups_table();
is($rc, 0, 'the declaration reads') or diag($table);
my %g = map { my @f = split; ($f[0] => \@f) } split /\n/, $table;
my @order = map { (split)[0] } split /\n/, $table;
# lmbench3's groups in lmbench3's order (ours may stand among them).
my @lm3 = qw(syscall select sig pipe unix proc ops lmdd pagefault mmap fs net remote ipcbw file
	     disk mem ctx tlb stream memlat);
my %lm3 = map { $_ => 1 } @lm3;
is_deeply([ grep { $lm3{$_} } @order ], \@lm3, 'lmbench3\'s groups in lmbench3\'s order');
is_deeply([ grep { $_ eq 'place' || /^(net|remote)$/ } @order ], [qw(net remote place)],
	  'place after net and remote, whose lines it repeats');
is_deeply([ @{ $g{syscall} }[1 .. 9] ], [qw(OS all 120 0.14+5*span+0.01*sys - 1 SYSCALL 1/1 file)],
	  'syscall: OS, 120 s, its cost in its span, no later model, span, SYSCALL, runs again, uses FILE');
is_deeply([ @{ $g{mem} }[1 .. 9] ], [ qw(OS+HARDWARE all 600 3.4+52*main 0.24+8*main 0 BCOPY 1/8), 'sweeps=2,points' ],
	  'mem: either part, its costs in MAIN (all steps, the later points), no span, 1/8, two sweeps, may go unswept');
is_deeply([ @{ $g{memlat} }[4, 5, 8, 9] ],
	  [ '6.5+20*main+2*chase', '0.85+4.5*main', '3/5', 'sweeps=2,resweep=3.5+13*main+4*chase,points' ],
	  'memlat: its first, later and second-sweep costs, two sweeps, may go unswept');
is($g{file}[9], 'file,sweeps=2,points', 'file: the third that may go unswept');
is_deeply([ map { $g{$_}[9] } qw(ops lmdd stream) ], [ 'runs=2-3', 'file,runs=3-3', 'runs=2-3,floor=1' ],
	  'runs: the least and most invocations (one count: both); stream may come down to one');
is($g{net}[7], 'UDP=lat_udp,TCP=lat_tcp+bw_tcp,RPC=lat_rpc,CONNECT=lat_connect,HTTP=lat_http+lmhttp',
   'net: a switch per program, as lmbench3\'s questions');
is("@{ $g{remote} }[9 .. $#{ $g{remote} }]", 'requires=REMOTE lat_udp lat_tcp lat_rpc lat_connect bw_tcp',
   'remote: the programs of the steps it uses');
is($g{place}[9], 'hide,runs=5-7', 'place: behind #+, 5 to 7 invocations');
is($g{extra}[2], 'full', 'extra: the full profile only');

is(system('sh', '-n', $decl), 0, 'the declaration is shell the shell reads');

# Each group's progs are the programs its function (and the steps_
# functions it calls) runs, serves or asks about; its "file" fact says
# whether they use $FILE.
open(my $fh, '<', $decl) or die;
my $text = do { local $/; <$fh> };
close $fh;
my %body = $text =~ /^((?:grp|steps)_\w+)\(\) \{\n(.*?)^\}$/mgs;
for my $name (sort keys %g) {
	my $b = $body{"grp_$name"} // '';
	$b .= $body{$_} // '' for $b =~ /^\s*(steps_\w+)\s*$/mg;
	my %p;
	$p{$_} = 1 for $b =~ /\b(?:bench|server_start|built) (\w+)/g;
	$p{$_} = 1 for $b =~ /\bseries (?:"[^"]*"|'[^']*') (\w+)/g;
	$p{$_} = 1 for map { split } $b =~ /\bwill_run "?([\w ]+)"?/g;
	my @f = @{ $g{$name} };
	is(join(' ', sort keys %p), join(' ', sort @f[10 .. $#f]), "$name: its progs are what its steps run");
	is($f[9] =~ /(?:^|,)file(?:,|$)/ ? 1 : 0, $b =~ /\$FILE\b|\bneed_file\b/ ? 1 : 0,
	   "$name: its file fact, as its steps use \$FILE");
}

# steps(GROUP, VAR => value...): what the group's function asks for.
# Every program is selected and built but those in NOTBUILT.  MAIN (the
# main-memory size, [MAIN_MB: ]) is set apart from MB, so that a size
# taken from the wrong one shows.  An invocation that runs the summary's
# points sets POINTS, the second sweep AGAIN=YES (scripts/lmbench).
my $standins = <<'EOF';
bench() { echo "run $*"; }
title() { echo "title $*"; }
out() { echo "out $*"; }
built() { case " $NOTBUILT " in *" $1 "*) return 1 ;; esac; }
selected() { return 0; }
need_file() { echo "file $1"; }
server_start() { echo "server $*"; PORT=4000; }
server_stop() { echo "stop"; }
sizes() { echo "${1}m"; }
sizes_from() { echo "${1}..${2}m"; }
loader_counts() { echo 1; }
note_memsize() { echo "memsize"; }
rm() { echo "rm $*"; }
EOF
sub steps {
	my ($group, %v) = @_;
	my %env = (PROFILE => 'standard', PASS => 1, POINTS => '', AGAIN => '', CUT => '', MB => 64, HALF => 32,
		   MAIN => 16, HALF_MAIN => 8, HF_CACHE => 'L1d 32K; L1i 32K; L2 1024K', PP => '',
		   FILE => '/x/XXX', TMPD => '/t', FASTMEM => 'NO', SLOWFS => 'NO',
		   NOTBUILT => '', DROPIN => '', %v);
	# As the run sets it: the group's first invocation.
	$env{FIRST} //= $env{PASS} == 1 ? 'YES' : '';
	my $vars = join '', map { "$_='$env{$_}'\n" } sort keys %env;
	open(my $s, '>', "$tmp/run.sh") or die;
	print $s $vars, ". scripts/lib/steps.sh\n", $standins, "group() { :; }\n. ./$decl\n", "grp_$group\n";
	close $s;
	my $out = `sh '$tmp/run.sh' 2>&1`;
	$out =~ s/ +$//mg;
	return [ split /\n/, $out ];
}
is_deeply(steps('select', PROFILE => 'quick'),
	  [ 'run lat_select -n 100 file', 'run lat_select -n 100 tcp' ], 'select, quick');
is(scalar @{ steps('select') }, 8, 'select: 4 sizes of 2 kinds');
is_deeply(steps('syscall'), [ 'run lat_syscall null', 'run lat_syscall read', 'run lat_syscall write',
	'file 1', 'run lat_syscall stat /x/XXX', 'run lat_syscall fstat /x/XXX',
	'run lat_syscall open /x/XXX' ], 'syscall: the file made before the three that need it');
is_deeply(steps('syscall', NOTBUILT => 'lat_syscall'),
	  [ 'run lat_syscall null', 'run lat_syscall read', 'run lat_syscall write' ],
	  'no file made for a program that does not run');
is_deeply(steps('fs', SLOWFS => 'YES'), [ 'out [SKIPPED: lat_fs: SLOWFS=YES]' ], 'fs, SLOWFS');
is_deeply(steps('fs'), [ 'title "File system latency', 'run lat_fs /t', 'out' ], 'fs: one series');
# The file and memory groups measure main memory at MAIN, not MB (the
# file itself is MB, as the other groups' that use it).
is_deeply([ grep { /^run/ && !/ 16m / } @{ steps('file') } ], [], 'file: its sizes up to MAIN');
is(scalar(grep { /^title/ } @{ steps('file') }), 4, 'file: four series');
is_deeply(steps('file', PASS => 3, POINTS => 1), [ 'file 64', 'title "read bandwidth',
	'run bw_file_rd 16m io_only /x/XXX', 'out', 'title "Mmap read bandwidth',
	'run bw_mmap_rd 16m mmap_only /x/XXX', 'out' ],
	  'file, a later invocation: the two points of the summary, at MAIN');
is_deeply(steps('file', POINTS => 1), [ 'file 64', 'title "read bandwidth',
	'run bw_file_rd 16m io_only /x/XXX', 'out', 'title "read open2close bandwidth',
	'run bw_file_rd 16m open2close /x/XXX', 'out', 'title "Mmap read bandwidth',
	'run bw_mmap_rd 16m mmap_only /x/XXX', 'out', 'title "Mmap read open2close bandwidth',
	'run bw_mmap_rd 16m open2close /x/XXX', 'out' ],
	  'file, unswept, its first invocation: all four series at MAIN (lkp-tests reads mmap open2close)');
is(scalar(grep { /^title/ } @{ steps('mem') }), 10, 'mem: ten series');
is_deeply([ grep { /^run/ && !/^run bw_mem (?:8m (?:bcopy|bcopy conflict|fcp|cp)|16m (?:bzero|frd|rd|fwr|wr|rdwr))$/ }
	    @{ steps('mem') } ], [], 'mem: the copies over HALF_MAIN, the rest over MAIN');
is_deeply(steps('mem', PASS => 2, AGAIN => 'YES'), steps('mem'), 'mem, its second sweep: all ten series again');
is_deeply([ grep { /^run/ } @{ steps('mem', PASS => 4, POINTS => 1) } ],
	  [ 'run bw_mem 8m bcopy', 'run bw_mem 8m fcp', 'run bw_mem 16m frd', 'run bw_mem 16m fwr' ],
	  'mem, a later invocation: four points, the copies over HALF_MAIN');
is_deeply([ grep { /^run/ } @{ steps('memlat') } ],
	  [ 'run lat_mem_rd -c 32k,1024k 16 16 32 64 128 256 512 1024', 'run lat_mem_rd -c 32k,1024k -t 16 16',
	    'run lat_mem_rd -H -m 65536k -t 65536k 64' ],
	  'memlat: seven strides and the random chase to MAIN, denser at the data caches (-c); '
	  . 'the huge-page chase at MB (less than 256 MB)');
my @fast = ('run lat_mem_rd -c 32k,1024k 16 128', 'run lat_mem_rd -c 32k,1024k -t 16 16',
	    'run lat_mem_rd -H -m 65536k -t 65536k 64');
is_deeply([ grep { /^run/ } @{ steps('memlat', FASTMEM => 'YES') } ], \@fast,
	  'memlat, FASTMEM: one stride');
is_deeply([ grep { /^run/ } @{ steps('memlat', PASS => 2, AGAIN => 'YES') } ], \@fast,
	  'memlat, its second sweep (AGAIN): the curves the summary reads, stride 128 and random');
is_deeply([ grep { /^run/ } @{ steps('memlat', HF_CACHE => '') } ],
	  [ 'run lat_mem_rd 16 16 32 64 128 256 512 1024', 'run lat_mem_rd -t 16 16',
	    'run lat_mem_rd -H -m 65536k -t 65536k 64' ], 'memlat, no cache known: no -c');
is_deeply([ grep { /^run/ } @{ steps('memlat', PASS => 3, POINTS => 1, HF_LLC_KB => 1024) } ],
	  [ 'run lat_mem_rd -m 2048k 16 128', 'run lat_mem_rd -m 2048k -t 16 16' ],
	  'memlat, a later invocation: from twice the last-level cache to MAIN');
is_deeply([ grep { /^run/ } @{ steps('memlat', POINTS => 1, HF_LLC_KB => 1024) } ],
	  [ 'run lat_mem_rd -m 0 16 128', 'run lat_mem_rd -m 2048k -t 16 16', 'run lat_mem_rd -H -m 65536k -t 65536k 64' ],
	  'memlat, unswept, its first invocation: stride 128 from the smallest size (L2 $), '
	  . 'the random chase beyond twice the LLC, the huge-page chase (Rand mem)');
is_deeply([ grep { /^run/ } @{ steps('memlat', PASS => 3, POINTS => 1, HF_LLC_KB => 8192) } ],
	  [ 'run lat_mem_rd -m 16m 16 128', 'run lat_mem_rd -m 16m -t 16 16' ],
	  'memlat, a later invocation, twice the last-level cache at MAIN: MAIN alone');
is_deeply([ grep { /^run/ } @{ steps('ctx', PROFILE => 'quick') } ],
	  [ map { "run lat_ctx -s $_ 2 8 16" } 0, 16, 64 ], 'ctx, quick: the summary\'s points');
my $all = '2 4 8 16 24 32 64 96';
# The later invocations' sizes, two each: those without any of the
# summary's points first (4, 8, 32 KB), then the summary's, then round
# again.
for ([1, 4, 8], [2, 32, 0], [3, 16, 64], [4, 4, 8]) {
	my ($k, @rows) = @$_;
	my %row = map { $_ => 1 } @rows;
	is_deeply([ grep { /^run/ } @{ steps('ctx', PASS => $k + 3, POINTS => 1, POINT_K => $k) } ],
		  [ map { $row{$_} ? "run lat_ctx -s $_ $all" : /^(?:0|16|64)$/ ? "run lat_ctx -s $_ 2 8 16" : () }
		    0, 4, 8, 16, 32, 64 ],
		  "ctx, the later invocation $k: the summary's points, and the whole curve at @rows KB");
}
is_deeply(steps('ctx', PASS => 3, POINTS => 1, PROFILE => 'quick'), steps('ctx', PROFILE => 'quick'),
	  'ctx, a later invocation of the quick profile: the summary\'s points alone');
is_deeply([ grep { /^run/ } @{ steps('ctx', PASS => 2, POINTS => 1, POINT_K => 1, CUT => 'YES') } ],
	  [ map { "run lat_ctx -s $_ 2 8 16" } 0, 16, 64 ],
	  'ctx, a later invocation the plan cut: the summary\'s points alone');
# mmap: its sweeps map every size; its later invocations MB, the summary's point.
is_deeply(steps('mmap'), [ 'file 64', 'title "mappings', 'run lat_mmap 524288..64m /x/XXX', 'out' ],
	  'mmap, a sweep: every size from 512 KB to MB');
is_deeply(steps('mmap', PASS => 4, POINTS => 1), [ 'file 64', 'title "mappings', 'run lat_mmap 64m /x/XXX', 'out' ],
	  'mmap, a later invocation: MB alone');
is_deeply([ grep { /^run/ } @{ steps('ctx') } ], [ map { "run lat_ctx -s $_ $all" } 0, 4, 8, 16, 32, 64 ],
	  'ctx: a sweep, six sizes with every process count');
is_deeply(steps('numa', MB => 1024), [ 'run numa_mem -M 262144k' ], 'numa: 256 MB beyond a small LLC');
# A last-level cache of 480 MB: the summary's memory latency is measured
# beyond twice it, by the huge-page chase, lat_mem_load and numa_mem alike.
is_deeply([ map { @{ steps($_, MB => 2048, HF_LLC_KB => 491520) } } qw(numa loaded) ],
	  [ 'run numa_mem -M 983040k', 'run lat_mem_load -n 1 -M 983040k rd', 'out' ],
	  'numa and loaded: beyond twice a large LLC');
is((grep { /-H/ } @{ steps('memlat', MB => 2048, HF_LLC_KB => 491520) })[0],
   'run lat_mem_rd -H -m 983040k -t 983040k 64', 'memlat: the huge-page chase there too');
is_deeply(steps("numa", MB => 512, HF_LLC_KB => 491520), [ 'run numa_mem -M 524288k' ],
	  'at most MB');
is_deeply(steps('net', NOTBUILT => 'lat_udp lat_tcp lat_rpc lat_connect lat_unix_connect lmhttp'),
	[ 'server bw_tcp localhost', 'title Socket bandwidth using localhost',
	  'run bw_tcp -m 1 -m 64 -m 128 -m 256 -m 512 -m 1024 -m 1437 -m 10M -p 4000 localhost',
	  'out', 'stop' ], 'net: a server only for a program that runs, stopped after it');
is((grep { /^run bw_tcp/ } @{ steps('net', PASS => 2, POINTS => 1) })[0],
   'run bw_tcp -m 10M -p 4000 localhost', 'net, a later invocation: bw_tcp at the largest message only');
is_deeply(steps('lmdd', MB => 8),
	  [ 'rm -f /x/XXX', 'run lmdd label=File /x/XXX write bandwidth:  of=/x/XXX move=8m fsync=1 print=1' ],
	  'lmdd: a new file, lmdd\'s label as one word');

# The facts of a group that runs again, on the group's line or lines
# continued with \; the older "estimate N mb" read as a model that gives
# N s at MB 1040.
open($fh, '>', "$tmp/ok.group") or die;
print $fh "group a again 1/4 sweeps 2 runs 4-6 \\\n\testimate 2+30*main later 0.5+3*main \\\n",
	"\tresweep 1+20*main progs x\ngrp_a() { bench x; }\n";
print $fh "group b estimate 40 mb progs y\ngrp_b() { bench y; }\n";
print $fh "group c again runs 2-3 floor 1 estimate 0.2+0.4*mb*sys progs z\ngrp_c() { bench z; }\n";
print $fh "group d again 1/2 sweeps 2 later 1 cut 0.5+0.1*sys progs w,v file\ngrp_d() { bench w; }\n";
close $fh;
my $ok;
($rc, $ok) = groups_table("$tmp/ok.group");
is($rc, 0, 'later, resweep, sweeps and runs read') or diag($ok);
my %ok = map { my @f = split; ($f[0] => \@f) } split /\n/, $ok;
is("@{ $ok{a} // [] }", 'a OS all 120 2+30*main 0.5+3*main 1 A 1/4 sweeps=2,runs=4-6,resweep=1+20*main x',
   'the table: the first and later models, again 1/4, the sweeps, runs and resweep among the flags');
my ($fixed, $per_gb) = ($ok{b}[4] // '') =~ /^([\d.]+)\+([\d.]+)\*mb$/;
ok(defined $per_gb && abs($fixed + $per_gb * 1040 / 1024 - 40) < 0.01 && $fixed == 10,
   'estimate 40 mb: 10 s and the rest in proportion to MB, 40 s at MB 1040') or diag($ok{b}[4]);
is($ok{b}[5], '-', '... and no later model');
is($ok{c}[9], 'runs=2-3,floor=1', 'floor 1: among the flags, after runs');
is($ok{c}[4], '0.2+0.4*mb*sys', 'a model term of two names, their product');
is($ok{d}[9], 'file,sweeps=2,cut=0.5+0.1*sys', 'cut: a later invocation\'s model where the sweeps were cut');
is("@{ $ok{d} }[10, 11]", 'w v', 'progs: the programs, in their order');

# A drop-in's group: one, flagged, its program may be a path.
open($fh, '>', "$tmp/drop.group") or die;
print $fh "# mine\ngroup mine estimate 1 progs /opt/x/mybench\n",
	"grp_mine() {\n\tmetric mine.lat '^mine latency\$'\n\tbench /opt/x/mybench\n}\n";
close $fh;
($rc, $ok) = groups_table("$tmp/drop.group", 1);
is($ok, "mine OS all 120 1 - 1 MINE - dropin /opt/x/mybench\n", 'a drop-in: flagged, a path for its program')
	or diag($ok);

# Declarations refused, with the reason.
sub refused {
	my ($text, $why, $name, $dropin) = @_;
	open(my $f, '>', "$tmp/x.group") or die;
	print $f $text;
	close $f;
	my ($r, $out) = groups_table("$tmp/x.group", $dropin);
	ok($r != 0 && $out =~ /^BAD .*\Q$why\E/, "refused: $name") or diag($out);
}
# The group line of each: its facts, "progs x", and its function.
for my $c (
	['', 'no progs', 'no progs'],
	['part OS limit 1m', 'seconds', 'a limit that is not seconds'],
	['colour red', 'not a fact', 'an unknown fact'],
	['estimate 2+3*foo', 'a cost model', 'a cost model with an unknown term'],
	['points', 'points: for a group that runs again', 'points without again'],
	['later 1', 'for a group that runs again', 'a later model, no again'],
	['sweeps 2', 'for a group that runs again', 'sweeps, no again'],
	['again runs 5-3', 'the least first', 'runs, the most first'],
	['again sweeps 3 runs 2-5', 'fewer than its sweeps', 'runs below its sweeps'],
	['again runs 0', 'not one of its values', 'runs 0'],
	['floor 1', 'floor: for a group that runs again', 'floor without again'],
	['cut 1', 'for a group that runs again', 'cut without again'],
	['again cut 2*foo', 'a cost model', 'cut, not a cost model'],
	['again sweeps 2 floor 1', 'from its sweeps to its least count', 'floor below its sweeps'],
	['again runs 2-3 floor 3', 'from its sweeps to its least count', 'floor above its least'],
	['again floor 0', 'not one of its values', 'floor 0'],
	['estimate 4.5 mb', 'seconds', 'the older estimate, not whole seconds'],
	['cpus 0', 'not one of its values', 'cpus 0'],
	['cpus two', 'not one of its values', 'cpus that is not a number'],
	['part OS progs ../x', 'programs\' names', 'a path among the run\'s own programs'],
) {
	my ($facts, $why, $name) = @$c;
	my $progs = $why eq 'no progs' ? '' : ' progs x';
	$progs = '' if $facts =~ /progs/;
	refused("group a $facts$progs\ngrp_a() { bench x; }\n", $why, $name);
}
for my $c (
	["group a-b progs x\ngrp_x() { :; }\n", 'not letters', 'a name with a dash'],
	["group a progs x\ngrp_a() { :; }\ngroup a progs y\n", 'already defined', 'a name twice'],
	["group a progs x\ngrp_b() { :; }\n", 'no function grp_a', 'a group without its function'],
	["group a progs x\ngrp_a() { if; }\n", 'did not read as shell', 'a function that is not shell'],
	["echo hello\ngroup a progs x\ngrp_a() { :; }\n", 'it printed', 'a file that prints'],
	["group a\npart OS\nrun x\n", 'a group file is shell now', 'a group file of the earlier language'],
	["group a progs x\ngrp_a() { :; }\ngroup b progs y\ngrp_b() { :; }\n", 'more than one group',
	 'two groups in a drop-in', 1],
	["grp_a() { :; }\n", 'no group line', 'a function, no group line'],
) {
	refused(@$c);
}

# The groups that need a second CPU (lat_c2c's pairs, lat_mem_load's loaders
# beside its chase) say so; scripts/lmbench skips them on one.
like($g{c2c}[9] // '', qr/(?:^|,)cpus=2(?:,|$)/, 'c2c: cpus=2 among its flags');
like($g{loaded}[9] // '', qr/(?:^|,)cpus=2(?:,|$)/, 'loaded: cpus=2 among its flags');
unlike($g{syscall}[9] // '', qr/cpus=/, 'syscall: no cpus flag');

# cpus_allowed and loader_counts keep to the run's affinity mask (taskset,
# a cpuset): as many as /proc/self/status allows; one under taskset -c.
SKIP: {
	my @cpus = allowed_cpus();
	skip 'no Cpus_allowed_list here', 3 unless @cpus;
	my $sh = ". scripts/lib/steps.sh; echo \$(cpus_allowed) \$(loader_counts)";
	is(`sh -c '$sh'`, scalar(@cpus) . ' ' . (@cpus > 2 ? '1 ' . (@cpus - 1) : '1') . "\n",
	   'cpus_allowed: the CPUs of the mask; loader_counts from them');
	skip 'taskset and two CPUs needed', 2 unless @cpus >= 2 && have_tool('taskset');
	is(`taskset -c $cpus[-1] sh -c '$sh'`, "1 1\n", "taskset -c $cpus[-1]: one CPU, one loader");
	is(`taskset -c $cpus[0],$cpus[-1] sh -c '. scripts/lib/steps.sh; cpus_allowed'`, "2\n",
	   'taskset of two CPUs: two');
}
done_testing();
