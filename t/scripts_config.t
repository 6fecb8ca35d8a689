#!/usr/bin/perl
# scripts/config-run: lmbench3's prompts in its order and on its conditions,
# answers read from a pipe (the defaults at its end, saying so), computed
# defaults, nonsense asked again, and lmbench3's CONFIG keys and values.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use Cwd ();

my $bindir = bindir();
my $tmp = tempdir(CLEANUP => 1);

# The caches come from a fake sysfs tree (t/sysfs/), so the defaults do not
# depend on this machine (scripts/lib/hostfacts.sh has its own tests).
my %fake = (LMBENCH_SYSFS_ROOT => Cwd::getcwd() . '/t/sysfs/two-level-l3');

sub answers {
	my ($name, @a) = @_;
	return write_lines("$tmp/$name", @a);
}
sub config_run {
	my ($cfg, $stdin, %env) = @_;
	return run(['sh', 'scripts/config-run', $bindir, "$tmp/$cfg"],
		   env => { %fake, %env }, defined $stdin ? (stdin => $stdin) : ());
}
# The questions asked, in order, as the prompts name them.
sub prompts {
	my ($err) = @_;
	my @p = $err =~ /^(?:\s*\d\)[^\n]*\n)*([^\n\[]+?) \[default /mg;
	my @seen;
	for (@p) { push @seen, $_ unless @seen && $seen[-1] eq $_; }
	return @seen;
}

# Defaults: the input ends at once (make results < /dev/null).
my $r = config_run('c1');
is($r->{status}, 0, 'defaults: exit 0') or diag($r->{err});
like($r->{err}, qr/end of input: the defaults from here on/, 'says the defaults are taken');
my $c = config_of("$tmp/c1");
is($c->{SYNC_MAX}, 1, 'MULTIPLE COPIES default 1');
is($c->{LMBENCH_SCHED}, 'DEFAULT', 'placement default');
is($c->{HOST_LLC_KB}, 32768, 'host facts saved: last-level cache');
is($c->{HOST_LLC_SOURCE}, 'sysfs', 'host facts saved: its source');
is($c->{HOST_CACHE}, 'L1d 48K; L1i 32K; L2 2048K; L3 32768K', 'host facts saved: levels');
my ($mem) = slurp('/proc/meminfo') =~ /MemTotal:\s+(\d+)/;
my $want = 128;
$want = int($mem * 8 / 10 / 1024) if $mem && $want > int($mem * 8 / 10 / 1024);
is($c->{MB}, $want, 'MB default: 4 x the 32 MB last-level cache, within 80% of RAM');
like($r->{err}, qr/MB default \d+: 4 x the 32768K last-level cache \(sysfs\)/,
     'the MB default says where it came from');
is($c->{BENCHMARK_HARDWARE}, 'YES', 'SUBSET all: BENCHMARK_HARDWARE=YES');
is($c->{BENCHMARK_OS}, 'YES', 'SUBSET all: BENCHMARK_OS=YES');
is($c->{FASTMEM}, 'NO', 'FASTMEM default');
is($c->{SLOWFS}, 'NO', 'SLOWFS default');
is($c->{DISKS}, '', 'DISKS default: none, saved empty as lmbench3');
is($c->{REMOTE}, '', 'REMOTE default: none, saved empty');
like($c->{MHZ}, qr/^\d+(\.\d+)?$/, 'MHZ default is a number');
ok(-d $c->{FSDIR} && -w $c->{FSDIR}, 'FSDIR default is a writable directory');
is($c->{FILE}, "$c->{FSDIR}/XXX", 'FILE: FSDIR/XXX, as lmbench3');
is($c->{OUTPUT}, '/dev/tty', 'Status output default /dev/tty');
is($c->{MAIL}, 'no', 'Mail default no');
# lmbench3's keys, in lmbench3's spelling (PerfKitBenchmarker edits them
# with sed: OUTPUT=/dev/tty, MB=, BENCHMARK_HARDWARE=YES).
my $text = slurp("$tmp/c1");
like($text, qr/^OUTPUT=\/dev\/tty$/m, 'OUTPUT=/dev/tty unquoted');
like($text, qr/^BENCHMARK_HARDWARE=YES$/m, 'BENCHMARK_HARDWARE=YES unquoted');
like($text, qr/^MB=\d+$/m, 'MB=<n> unquoted');
for my $k (qw(DISKS DISK_DESC OUTPUT ENOUGH FASTMEM FILE FSDIR INFO LINE_SIZE LOOP_O MAIL
	      TOTAL_MEM MB MHZ MOTHERBOARD NETWORKS OS PROCESSORS REMOTE SLOWFS SYNC_MAX
	      LMBENCH_SCHED TIMING_O RSH RCP VERSION BENCHMARK_HARDWARE BENCHMARK_OS
	      BENCHMARK_SYSCALL BENCHMARK_SELECT BENCHMARK_PROC BENCHMARK_CTX
	      BENCHMARK_PAGEFAULT BENCHMARK_FILE BENCHMARK_MMAP BENCHMARK_PIPE
	      BENCHMARK_UNIX BENCHMARK_UDP BENCHMARK_TCP BENCHMARK_CONNECT BENCHMARK_RPC
	      BENCHMARK_HTTP BENCHMARK_BCOPY BENCHMARK_MEM BENCHMARK_OPS)) {
	ok(exists $c->{$k}, "lmbench3's key $k");
}
chomp(my $os = `sh scripts/os`);
is($c->{OS}, $os, 'OS: scripts/os');
my @mb = $text =~ /MB=/g;
is(scalar @mb, 1, 'one "MB=" in the file (a sed of it touches MB alone)');

# Answers from a pipe, with nonsense that must be asked again, in the
# order and on the conditions of lmbench3's questions: all of them with
# SUBSET all and one copy.  RCP's default, scp, is taken only where scp
# is installed (config-run checks that the command exists).
my $scp = have_tool('scp');
my $in = answers('a2',
	'0', 'two', '1',		# MULTIPLE COPIES: refused twice
	'9', '4',			# placement: 9 refused, 4 = UNIQUE
	'-5', '99999999', '64',		# MB
	'most', 'all',			# SUBSET
	'maybe', 'yes',			# FASTMEM
	'no',				# SLOWFS
	'/nonexistent/disk', 'src/harness/lib_sched.c',	# DISKS (a file is read)
	'a test disk',			# its description
	'bad host!', 'hostb',		# REMOTE
	'nosuchcommand-xyz', 'sh',	# RSH
	$scp ? '' : 'cp',		# RCP
	'ethernet',			# network type for hostb
	'fast', '2500',			# MHz
	"$tmp/nope", $tmp,		# FSDIR
	'',				# status
	'no',				# mail
);
$r = config_run('c2', $in);
is($r->{status}, 0, 'answered: exit 0') or diag($r->{err});
unlike($r->{err}, qr/end of input/, 'every question answered');
is_deeply([ prompts($r->{err}) ],
	  [ 'MULTIPLE COPIES', 'Job placement selection:', 'MB',
	    'SUBSET (ALL|HARDWARE|OS|DEVELOPMENT)', 'FASTMEM', 'SLOWFS', 'DISKS',
	    'src/harness/lib_sched.c is a', 'REMOTE', 'RSH', 'RCP', 'Network type for hostb',
	    'Processor mhz', 'FSDIR', 'Status output file', 'Mail results' ],
	  'prompts in lmbench3 order') or diag($r->{err});
like($r->{err}, qr/a whole number of copies/, 'bad copies refused');
like($r->{err}, qr/more than 80% of this machine's memory/, 'too much memory refused');
like($r->{err}, qr/ALL, HARDWARE, OS or DEVELOPMENT/, 'bad subset refused');
like($r->{err}, qr/yes or no/, 'bad yes/no refused');
like($r->{err}, qr/not a disk device/, 'bad disk refused');
like($r->{err}, qr/not a host name/, 'bad host refused');
like($r->{err}, qr/command not found/, 'missing RSH command refused');
like($r->{err}, qr/clock rate in MHz/, 'bad MHz refused');
like($r->{err}, qr/not a directory/, 'bad FSDIR refused');
like($r->{err}, qr/^MB \[default \d+\] 64$/m, 'each prompt with the answer read');
$c = config_of("$tmp/c2");
is($c->{SYNC_MAX}, 1, 'copies saved');
is($c->{LMBENCH_SCHED}, 'UNIQUE', 'placement saved');
is($c->{MB}, 64, 'MB saved');
is($c->{FASTMEM}, 'YES', 'FASTMEM saved');
is($c->{DISKS}, 'src/harness/lib_sched.c', 'DISKS saved');
is($c->{DISK_DESC}, '[src/harness/lib_sched.c:a test disk] ', 'DISK_DESC saved, as lmbench3');
is($c->{REMOTE}, 'hostb', 'REMOTE saved');
is($c->{RSH}, 'sh', 'RSH saved');
is($c->{NETWORKS}, '[ hostb:ethernet ]', 'NETWORKS saved, as lmbench3');
SKIP: {
	skip 'no scp here: the RCP default cannot be taken', 1 unless $scp;
	is($c->{RCP}, 'scp', 'RCP default');
}
is($c->{MHZ}, 2500, 'MHz saved');
is($c->{MHZ_SOURCE}, 'user', 'MHz marked as given by the user');
is($c->{FSDIR}, $tmp, 'FSDIR saved');

# lmbench3's conditions: FASTMEM and DISKS only with the hardware part,
# DISKS and REMOTE only with one copy.
$in = answers('a3', '2', '1', '64', 'os', 'no', '', '', '', '', 'no');
$r = config_run('c3', $in);
is($r->{status}, 0, 'os, two copies: exit 0') or diag($r->{err});
is_deeply([ prompts($r->{err}) ],
	  [ 'MULTIPLE COPIES', 'Job placement selection:', 'MB',
	    'SUBSET (ALL|HARDWARE|OS|DEVELOPMENT)', 'SLOWFS', 'Processor mhz', 'FSDIR',
	    'Status output file', 'Mail results' ],
	  'os, two copies: no FASTMEM, DISKS, REMOTE') or diag($r->{err});
$c = config_of("$tmp/c3");
is("$c->{BENCHMARK_OS} $c->{BENCHMARK_HARDWARE}", 'YES NO', 'SUBSET os: the OS part only');
unlike($r->{err}, qr/end of input/, 'os, two copies: every answer taken in its place');

# DEVELOPMENT: lmbench3's seventeen questions, in its order; each answer
# is a BENCHMARK_<X> switch.  PIPE yes, the rest no (lkp-tests' way).
my @dev = ('SYSCALL', 'SELECT', 'PROCESS CREATION', 'PAGEFAULT', 'FILE', 'MMAP',
	   'CONTEXT SWITCH', 'PIPE', 'UNIX socket', 'UDP', 'TCP', 'TCP CONNECT', 'RPC',
	   'HTTP', 'BCOPY', 'MEMORY HIERARCHY', 'CPU OPERATIONS');
$in = answers('a4', '1', '1', '16', 'development',
	      map({ $_ eq 'PIPE' ? 'yes' : 'no' } @dev), 'yes', '', '', '', '', 'no');
$r = config_run('c4', $in);
is($r->{status}, 0, 'development: exit 0') or diag($r->{err});
is_deeply([ prompts($r->{err}) ],
	  [ 'MULTIPLE COPIES', 'Job placement selection:', 'MB',
	    'SUBSET (ALL|HARDWARE|OS|DEVELOPMENT)', @dev, 'SLOWFS', 'REMOTE',
	    'Processor mhz', 'FSDIR', 'Status output file', 'Mail results' ],
	  'development: the seventeen questions, then no FASTMEM nor DISKS') or diag($r->{err});
$c = config_of("$tmp/c4");
is("$c->{BENCHMARK_OS} $c->{BENCHMARK_HARDWARE}", 'NO NO', 'development: neither part');
is($c->{BENCHMARK_PIPE}, 'YES', 'development: PIPE=YES');
is(scalar(grep { /^BENCHMARK_/ && $c->{$_} eq 'YES' } keys %$c), 1, 'and no other switch');
is($c->{SLOWFS}, 'YES', 'the answer after the seventeen is SLOWFS');
is($c->{MB}, 16, 'MB as answered');

# The input ends early: the rest are defaults, and the file says so.
$in = answers('a5', '1', '1', '32');
$r = config_run('c5', $in);
is($r->{status}, 0, 'short input: exit 0') or diag($r->{err});
like($r->{err}, qr/end of input: the defaults from here on.*SUBSET \(ALL\|HARDWARE\|OS\|DEVELOPMENT\): all\n/s,
     'short input: the defaults taken are named');
is(config_of("$tmp/c5")->{MB}, 32, 'short input: the answers given are kept');

# DEFAULTS=1 (and -d): nothing is read.
$r = config_run('c6', $in, DEFAULTS => 1);
is($r->{status}, 0, 'DEFAULTS=1: exit 0');
is(config_of("$tmp/c6")->{MB}, $want, 'DEFAULTS=1: the input is not read');
unlike($r->{err}, qr/MULTIPLE COPIES/, 'DEFAULTS=1: no prompt');

# MB from the environment is MB's default (VirtualClient sets it).
$r = config_run('c7', undef, MB => 24);
is(config_of("$tmp/c7")->{MB}, 24, 'MB in the environment: the default');

# Switches of the other subsets come from the environment, as lmbench3's
# (VirtualClient sets BENCHMARK_BCOPY and others).
$r = config_run('c8', undef, BENCHMARK_BCOPY => 'YES');
is(config_of("$tmp/c8")->{BENCHMARK_BCOPY}, 'YES', 'a switch from the environment kept');

# When mhz measures no clock rate, the saved source says why, and the
# summary repeats that reason instead of claiming mhz was not built.
mkdir "$tmp/fakebin" or die;
for my $p ('mhz', 'memsize') {
	open(my $mh, '>', "$tmp/fakebin/$p") or die;
	print $mh $p eq 'mhz'
		? "#!/bin/sh\necho 'mhz: no clock rate: the chains disagree' >&2\nexit 1\n"
		: "#!/bin/sh\nexit 0\n";
	close $mh;
	chmod 0755, "$tmp/fakebin/$p" or die;
}
$r = run(['sh', 'scripts/config-run', "$tmp/fakebin", "$tmp/c9"], env => \%fake);
is($r->{status}, 0, 'mhz refuses: config-run still exits 0') or diag($r->{err});
$c = config_of("$tmp/c9");
is($c->{MHZ_SOURCE}, 'cpuinfo: mhz measured no clock rate (no clock rate: the chains disagree)',
   'mhz refuses: MHZ_SOURCE says why');
my ($sample) = sort grep { /\.\d+$/ } glob('results/sample/*/*');
SKIP: {
	skip 'no sample results file in results/sample', 2 unless $sample;
	my $t = slurp($sample);
	$t =~ s/^\[MHZ_SOURCE: .*\]$/[MHZ_SOURCE: $c->{MHZ_SOURCE}]/m;
	open(my $fh, '>', "$tmp/vm.0") or die;
	print $fh $t;
	close $fh;
	$r = run([$^X, 'scripts/summary', "$tmp/vm.0"]);
	like($r->{out}, qr/Mhz not measured \(mhz measured no clock rate \(no clock rate: the chains disagree\)\)/,
	     'summary gives the reason mhz measured nothing');
	unlike($r->{out}, qr/mhz not built/, 'and does not say mhz was not built');
}

# Before the build (PerfKitBenchmarker's order): MB and MHZ saved empty,
# as lmbench3's config-run leaves them without its memsize and mhz.
mkdir "$tmp/empty" or die;
$r = run(['sh', 'scripts/config-run', "$tmp/empty", "$tmp/c10"], env => \%fake);
is($r->{status}, 0, 'not built: exit 0') or diag($r->{err});
$c = config_of("$tmp/c10");
is($c->{MB}, '', 'not built: MB= (the run takes 8, as lmbench3)');
is($c->{MHZ}, '', 'not built: MHZ empty (the run measures it)');
like(slurp("$tmp/c10"), qr/^MB=$/m, 'not built: the line is "MB="');

# Bad usage.
$r = run(['sh', 'scripts/config-run', 'a', 'b', 'c']);
is($r->{status}, 2, 'three arguments: exit 2');
like($r->{err}, qr/^Usage: scripts\/config-run/, 'usage line');
$r = run(['sh', 'scripts/config-run', '/nonexistent', "$tmp/c11"]);
is($r->{status}, 2, 'missing BINDIR: exit 2');
ok(!-e "$tmp/c11", 'nothing written');

done_testing();
