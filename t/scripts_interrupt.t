#!/usr/bin/perl
# Ctrl-C during a run: the run stops at once, its children are gone, its
# temporary files are removed, and the partial results file says it is
# incomplete.  Earlier results files are untouched.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use POSIX qw(:sys_wait_h setpgid);
use Time::HiRes qw(time sleep);

my $tmp = tempdir(CLEANUP => 1);
# A private copy of the program, so that its processes can be told apart
# from everything else running on the machine.
my $bindir = "$tmp/bin";
mkdir $bindir or die;
copy(bin('lat_syscall'), "$bindir/lat_syscall") or die;
chmod 0755, "$bindir/lat_syscall";
my $cfg = tiny_config($tmp);
my $out = "$tmp/results";
mkdir $out;
# An earlier run's file, which must stay as it is.
# As scripts/lmbench names it: results/<os>/<uname -n>.<n>, as lmbench3.
chomp(my $os = `sh scripts/os`);
chomp(my $host = `uname -n`);
mkdir "$out/$os";
my $old = "$out/$os/$host.0";
open(my $ofh, '>', $old) or die;
print $ofh "[STATUS: complete]\n";
close $ofh;

sub ours {
	my @p;
	for my $c (glob('/proc/[0-9]*/cmdline')) {
		open(my $fh, '<', $c) or next;
		local $/;
		my $s = <$fh> // '';
		push @p, $c if index($s, "$bindir/") >= 0;
	}
	return @p;
}

# Slow intervals so that the run is certainly inside a benchmark.
my $pid = fork() // die;
if ($pid == 0) {
	setpgid(0, 0);
	open(STDIN, '<', '/dev/null');
	open(STDOUT, '>', "$tmp/out");
	open(STDERR, '>&', \*STDOUT);
	%ENV = (%ENV, quick_env(), ENOUGH => 200000, ONLY => 'lat_syscall', PROFILE => 'quick');
	default_signals();
	exec('sh', 'scripts/lmbench', '-o', $out, $bindir, $cfg) or POSIX::_exit(127);
}
my $t0 = time;
sleep 0.2 until ours() || time - $t0 > 120;
ok(scalar(ours()), 'a benchmark is running');
kill 'INT', -$pid;	# what the terminal does on Ctrl-C
# The bound only ends a hang: a run that the signal did not stop ends
# with status 0, not 130, and marked complete.
my $w;
for (1 .. 1200) {
	$w = waitpid($pid, WNOHANG);
	last if $w == $pid;
	sleep 0.05;
}
if ($w != $pid) { kill 'KILL', -$pid; waitpid($pid, 0); }
my $status = $? >> 8;
ok($w == $pid, 'run stopped by SIGINT');
is($status, 130, 'exit status 130 (interrupted)');
$t0 = time;
sleep 0.05 while ours() && time - $t0 < 30;
is(scalar(ours()), 0, 'no benchmark process left')
	or diag(map { my $d = $_; $d =~ s/cmdline$/stat/;
		      (`cat $d 2>/dev/null` // '') . "\n" } ours());
ok(!glob("$tmp/lmbench.*"), 'temporary directory removed');
is(slurp($old), "[STATUS: complete]\n", 'earlier results file untouched');
my @f = grep { $_ ne $old } results_files($out);
is(scalar @f, 1, 'one (partial) results file');
like($f[0] // '', qr/\Q$host\E\.1$/, 'under the next free name');
my $text = slurp($f[0] // '');
like($text, qr/^\[INCOMPLETE: interrupted after \d+ s\]\n\z/m, 'last line marks it incomplete');
unlike($text, qr/^\[STATUS: complete\]/m, 'not marked complete');
like(slurp("$tmp/status"), qr/interrupted/, 'status output says so');
like(slurp("$f[0].json"), qr/"status" : "incomplete"/, 'its JSON twin says incomplete too');

# The parser and the summary see it as incomplete.
my $r = run([$^X, 'scripts/summary', $f[0]]);
is($r->{status}, 0, 'summary of a partial file works');
like($r->{out}, qr/INCOMPLETE \(interrupted after \d+ s\)/, 'summary notes it is incomplete');

done_testing();
