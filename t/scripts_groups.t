#!/usr/bin/perl
# The groups' declaration (scripts/lib/lmbench.groups) as scripts/lib/
# groups.awk reads it: its table, the steps each group takes in each
# profile and pass (run here with stand-ins for bench, title, out and the
# other steps, which only say what they were asked), and declarations it
# refuses, each with its reason.
use strict;
use warnings;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);
my $awk = 'scripts/lib/groups.awk';
my $decl = 'scripts/lib/lmbench.groups';

sub compile {
	my ($want, $file, @opt) = @_;
	my $out = `awk -f $awk -v want=$want @opt '$file'`;
	return ($? >> 8, $out);
}

my ($rc, $table) = compile('table', $decl);
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
is_deeply([ @{ $g{syscall} }[1 .. 9] ], [qw(OS all 120 2 0 1 SYSCALL 1/1 file)],
	  'syscall: OS, 120 s, 2 s, span, SYSCALL, second pass, uses FILE');
is_deeply([ @{ $g{mem} }[1 .. 8] ], [qw(OS+HARDWARE all 600 23 1 0 BCOPY 1/8)],
	  'mem: either part, estimate scaled by MB, 1/8 in the second pass');
is($g{net}[7], 'UDP=lat_udp,TCP=lat_tcp+bw_tcp,RPC=lat_rpc,CONNECT=lat_connect,HTTP=lat_http+lmhttp',
   'net: a switch per program, as lmbench3\'s questions');
is("@{ $g{remote} }[9 .. $#{ $g{remote} }]", 'requires=REMOTE lat_udp lat_tcp lat_rpc lat_connect bw_tcp',
   'remote: the programs of the steps it uses');
is($g{place}[9], 'hide', 'place: behind #+');
is($g{extra}[2], 'full', 'extra: the full profile only');

my $sh;
($rc, $sh) = compile('sh', $decl);
is($rc, 0, 'the declaration as shell functions');
open(my $fh, '>', "$tmp/groups.sh") or die;
print $fh $sh;
close $fh;
is(system('sh', '-n', "$tmp/groups.sh"), 0, 'which the shell reads');

# steps(GROUP, VAR => value...): what the group's function asks for.
# Every program is selected and built but those in NOTBUILT.
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
sizes_from() { echo "${2}m"; }
memlat_from() { [ -n "${HF_LLC_KB:-}" ] && echo "$((HF_LLC_KB * 2))k" || echo 2048k; }
loader_counts() { echo 1; }
note_memsize() { echo "memsize"; }
rm() { echo "rm $*"; }
EOF
sub steps {
	my ($group, %v) = @_;
	my %env = (PROFILE => 'standard', PASS => 1, MB => 64, HALF => 32, PP => '',
		   FILE => '/x/XXX', TMPD => '/t', FASTMEM => 'NO', SLOWFS => 'NO',
		   NOTBUILT => '', DROPIN => '', %v);
	my $vars = join '', map { "$_='$env{$_}'\n" } sort keys %env;
	open(my $s, '>', "$tmp/run.sh") or die;
	print $s $vars, ". scripts/lib/steps.sh\n", $standins, ". '$tmp/groups.sh'\n", "grp_$group\n";
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
is_deeply(steps('file', PASS => 2), [ 'file 64', 'title "read bandwidth', 'run bw_file_rd 64m io_only /x/XXX',
	'out', 'title "Mmap read bandwidth', 'run bw_mmap_rd 64m mmap_only /x/XXX', 'out' ],
	  'file, second pass: the two points of the summary');
is(scalar(grep { /^title/ } @{ steps('mem') }), 10, 'mem: ten series');
is_deeply([ grep { /^run/ } @{ steps('mem', PASS => 2) } ],
	  [ 'run bw_mem 32m bcopy', 'run bw_mem 32m fcp', 'run bw_mem 64m frd', 'run bw_mem 64m fwr' ],
	  'mem, second pass: four points, the copies over HALF');
is_deeply([ grep { /^run/ } @{ steps('memlat', FASTMEM => 'YES') } ],
	  [ 'run lat_mem_rd 64 128', 'run lat_mem_rd -t 64 16', 'run lat_mem_rd -H -m 65536k -t 65536k 64' ],
	  'memlat, FASTMEM: one stride, and the huge-page chase at MB (less than 256 MB)');
is_deeply([ grep { /^run/ } @{ steps('memlat', PASS => 2) } ],
	  [ 'run lat_mem_rd -m 2048k 64 128', 'run lat_mem_rd -m 2048k -t 64 16' ],
	  'memlat, second pass: from past the last-level cache');
is_deeply([ grep { /^run/ } @{ steps('ctx', PROFILE => 'quick') } ],
	  [ map { "run lat_ctx -s $_ 2 8 16" } 0, 16, 64 ], 'ctx, quick: the summary\'s points');
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
is_deeply(steps('lmdd', MB => 8),
	  [ 'rm -f /x/XXX', 'run lmdd label=File /x/XXX write bandwidth:  of=/x/XXX move=8m fsync=1 print=1' ],
	  'lmdd: a new file, lmdd\'s label as one word');

# Declarations refused, with the reason.
sub refused {
	my ($text, $why, $name, @opt) = @_;
	open(my $f, '>', "$tmp/x.group") or die;
	print $f $text;
	close $f;
	my ($r, $out) = compile('table', "$tmp/x.group", @opt);
	ok($r != 0 && $out =~ /^BAD .*\Q$why\E/, "refused: $name") or diag($out);
}
for my $c (
	["group a\n", 'no run line', 'no run line'],
	["group a-b\nrun x\n", "not letters", "a name with a dash"],
	["group a\npart OS\nrun x\n\tnote y\n", 'indented, but not under a block', 'indented under a run'],
	["group a\nseries T\nrun x\n", 'a block with nothing in it', 'an empty block'],
	["group a\nrun x -a; rm -rf /\n", 'more than one command', 'a second command'],
	["group a\nlet MB 3\nrun x\n", 'lower-case', 'a variable of the run\'s'],
	["group a\nseries\n\tcall f\nrun x\n", 'inside a series', 'a call in a series'],
	["group a\nfrobnicate\nrun x\n", 'not a keyword', 'an unknown keyword'],
	["group a part OS limit 1m\nrun x\n", 'seconds', 'a limit that is not seconds'],
	["group a colour red\nrun x\n", 'not a fact', 'an unknown fact'],
	["group a\nrun x\ngroup a\nrun y\n", 'already defined', 'a name twice'],
	["group a\nuse nothing\n", 'no steps nothing', 'steps not declared'],
	["steps s\nrun x\ngroup a\nuse s\n", 'only in', 'steps in a drop-in', '-v dropin=1'],
	["group a\nrun x\ngroup b\nrun y\n", 'more than one group', 'two groups in a drop-in', '-v dropin=1'],
) {
	refused(@$c);
}
done_testing();
