#!/usr/bin/perl
# scripts/config: lmbench3's prompts in order, computed defaults, answers
# checked (nonsense is asked again), saved for scripts/lmbench.
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

sub config_of {
	my ($f) = @_;
	my %c;
	for (split /\n/, slurp($f)) {
		$c{$1} = $2 if /^(\w+)='(.*)'$/;
	}
	return \%c;
}

# The caches come from a fake sysfs tree (t/sysfs/), so the defaults do not
# depend on this machine (scripts/lib/hostfacts.sh has its own tests).
my %fake = (LMBENCH_SYSFS_ROOT => Cwd::getcwd() . '/t/sysfs/two-level-l3');

# Defaults, no questions: stdin is not a terminal.
my $r = run(['sh', 'scripts/config', $bindir, "$tmp/c1"], env => \%fake);
is($r->{status}, 0, 'defaults: exit 0') or diag($r->{err});
unlike($r->{err}, qr/MULTIPLE COPIES/, 'no prompt without a terminal');
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
is($c->{SUBSET}, 'ALL', 'SUBSET default');
is($c->{FASTMEM}, 'NO', 'FASTMEM default');
is($c->{SLOWFS}, 'NO', 'SLOWFS default');
is($c->{DISKS}, 'none', 'DISKS default');
is($c->{REMOTE}, 'none', 'REMOTE default');
like($c->{MHZ}, qr/^\d+(\.\d+)?$/, 'MHZ default is a number');
ok(-d $c->{FSDIR} && -w $c->{FSDIR}, 'FSDIR default is a writable directory');
is($c->{MAIL}, 'NO', 'Mail default no');

# Answers from a pipe (-i), with nonsense that must be asked again.
# RCP's default, scp, is taken only where scp is installed (config checks
# that the command exists); elsewhere cp is given.
my $scp = have_tool('scp');
my @answers = (
	'0', 'two', '2',		# MULTIPLE COPIES: refused twice
	'9', '4',			# placement: 9 refused, 4 = UNIQUE
	'-5', '99999999', '64',		# MB
	'most', 'os',			# SUBSET
	'maybe', 'yes',			# FASTMEM
	'no',				# SLOWFS
	'/nonexistent/disk', '',	# DISKS
	'bad host!', 'hostb',		# REMOTE
	'nosuchcommand-xyz', 'sh',	# RSH
	$scp ? '' : 'cp',		# RCP
	'fast', '2500',			# MHz
	"$tmp/nope", $tmp,		# FSDIR
	'',				# status
	'no',				# mail
);
open(my $in, '>', "$tmp/answers") or die;
print $in map { "$_\n" } @answers;
close $in;
$r = run(['sh', 'scripts/config', '-i', $bindir, "$tmp/c2"], stdin => "$tmp/answers",
	 env => \%fake);
is($r->{status}, 0, 'answered: exit 0') or diag($r->{err});
my @prompts = $r->{err} =~ /\b(MULTIPLE COPIES|Job placement selection:|MB|SUBSET|FASTMEM|SLOWFS|DISKS|REMOTE|RSH|RCP|Processor mhz|FSDIR|Status output file|Mail results)(?: \(ALL\|HARDWARE\|OS\|DEVELOPMENT\))? \[default/g;
my @order = ('MULTIPLE COPIES', 'Job placement selection:', 'MB', 'SUBSET', 'FASTMEM',
	'SLOWFS', 'DISKS', 'REMOTE', 'RSH', 'RCP', 'Processor mhz', 'FSDIR',
	'Status output file', 'Mail results');
my @seen;
for (@prompts) { push @seen, $_ unless @seen && $seen[-1] eq $_; }
is_deeply(\@seen, \@order, 'prompts in lmbench3 order');
like($r->{err}, qr/a whole number of copies/, 'bad copies refused');
like($r->{err}, qr/more than 80% of this machine's memory/, 'too much memory refused');
like($r->{err}, qr/ALL, HARDWARE, OS or DEVELOPMENT/, 'bad subset refused');
like($r->{err}, qr/yes or no/, 'bad yes/no refused');
like($r->{err}, qr/not a disk device/, 'bad disk refused');
like($r->{err}, qr/not a host name/, 'bad host refused');
like($r->{err}, qr/command not found/, 'missing RSH command refused');
like($r->{err}, qr/clock rate in MHz/, 'bad MHz refused');
like($r->{err}, qr/not a directory/, 'bad FSDIR refused');
$c = config_of("$tmp/c2");
is($c->{SYNC_MAX}, 2, 'copies saved');
is($c->{LMBENCH_SCHED}, 'UNIQUE', 'placement saved');
is($c->{MB}, 64, 'MB saved');
is($c->{SUBSET}, 'OS', 'SUBSET saved upper case');
is($c->{FASTMEM}, 'YES', 'FASTMEM saved');
is($c->{REMOTE}, 'hostb', 'REMOTE saved');
is($c->{RSH}, 'sh', 'RSH saved');
SKIP: {
	skip 'no scp here: the RCP default cannot be taken', 1 unless $scp;
	is($c->{RCP}, 'scp', 'RCP default');
}
is($c->{MHZ}, 2500, 'MHz saved');
is($c->{MHZ_SOURCE}, 'user', 'MHz marked as given by the user');
is($c->{FSDIR}, $tmp, 'FSDIR saved');

# DEFAULTS=1 wins even when asked to ask.
$r = run(['sh', 'scripts/config', '-i', $bindir, "$tmp/c3"], env => { %fake, DEFAULTS => 1 },
	 stdin => "$tmp/answers");
is($r->{status}, 0, 'DEFAULTS=1: exit 0');
is(config_of("$tmp/c3")->{SYNC_MAX}, 1, 'DEFAULTS=1: defaults taken');

# When mhz measures no clock rate, the saved source says why, and the
# summary repeats that reason instead of claiming mhz was not built.
mkdir "$tmp/fakebin" or die;
open(my $mh, '>', "$tmp/fakebin/mhz") or die;
print $mh "#!/bin/sh\necho 'mhz: no clock rate: the chains disagree' >&2\nexit 1\n";
close $mh;
chmod 0755, "$tmp/fakebin/mhz" or die;
$r = run(['sh', 'scripts/config', "$tmp/fakebin", "$tmp/c5"], env => \%fake);
is($r->{status}, 0, 'mhz refuses: config still exits 0') or diag($r->{err});
$c = config_of("$tmp/c5");
is($c->{MHZ_SOURCE}, 'cpuinfo: mhz measured no clock rate (no clock rate: the chains disagree)',
   'mhz refuses: MHZ_SOURCE says why');
$r = run(['sh', 'scripts/config', "$tmp", "$tmp/c6"], env => \%fake);
is(config_of("$tmp/c6")->{MHZ_SOURCE}, 'cpuinfo: mhz not built', 'no mhz: MHZ_SOURCE says so');
my ($sample) = sort grep { /\.\d+$/ } glob('results/sample/*/*');
SKIP: {
	skip 'no sample results file in results/sample', 2 unless $sample;
	my $text = slurp($sample);
	$text =~ s/^\[MHZ_SOURCE: .*\]$/[MHZ_SOURCE: $c->{MHZ_SOURCE}]/m;
	open(my $fh, '>', "$tmp/vm.0") or die;
	print $fh $text;
	close $fh;
	$r = run([$^X, 'scripts/summary', "$tmp/vm.0"]);
	like($r->{out}, qr/Mhz not measured \(mhz measured no clock rate \(no clock rate: the chains disagree\)\)/,
	     'summary gives the reason mhz measured nothing');
	unlike($r->{out}, qr/mhz not built/, 'and does not say mhz was not built');
}

# Bad usage.
$r = run(['sh', 'scripts/config']);
is($r->{status}, 2, 'no arguments: exit 2');
like($r->{err}, qr/^Usage: scripts\/config/, 'usage line');
$r = run(['sh', 'scripts/config', '/nonexistent', "$tmp/c4"]);
is($r->{status}, 2, 'missing BINDIR: exit 2');
ok(!-e "$tmp/c4", 'nothing written');

done_testing();
