#!/usr/bin/perl
# The run's time estimate: built-in figures scale with MB, and a previous
# run of this host is used only when it ran the same profile, MB and
# selection (a quick run at MB 8 says nothing about a standard one).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use Cwd ();

my $bindir = bindir();
bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);

# A build directory whose bw_mem does nothing: the estimate for the memory
# group is printed, and the run does not spend a minute on it.
my $fake = "$tmp/bin";
mkdir $fake or die;
for my $p (glob("$bindir/*")) {
	next unless -f $p && -x $p;
	(my $name = $p) =~ s{.*/}{};
	symlink(Cwd::abs_path($p), "$fake/$name") or die unless $name eq 'bw_mem';
}
open(my $fh, '>', "$fake/bw_mem") or die;
print $fh "#!/bin/sh\nexit 0\n";
close $fh;
chmod 0755, "$fake/bw_mem" or die;

# run_status(MB, ONLY, BINDIR): the status output of one run.
my $k = 0;
sub run_status {
	my ($mb, $only, $bin, $profile) = @_;
	my $d = "$tmp/" . $k++;
	mkdir $d or die;
	my $cfg = tiny_config($d, MB => $mb);
	my $r = run(['sh', 'scripts/lmbench', '-o', "$tmp/results", $bin // $bindir, $cfg],
		    timeout => 120, env => { quick_env(), PROFILE => $profile // 'quick', ONLY => $only });
	return (slurp("$d/status"), $r);
}
sub estimate { return $_[0] =~ /estimated (\d+) s/ ? $1 : undef }

# The memory bandwidth group at MB 4 and MB 1040.
my ($s4) = run_status(4, 'bw_mem', $fake);
my ($s1040) = run_status(1040, 'bw_mem', $fake);
my ($e4, $e1040) = (estimate($s4), estimate($s1040));
ok(defined $e4 && defined $e1040, 'estimates printed') or diag("$s4\n$s1040");
cmp_ok($e1040 // 0, '>', 3 * ($e4 // 0), 'built-in estimate grows with MB');

# Same profile, MB and selection: the previous complete run's times.
my ($s, $r) = run_status(4, 'lat_syscall');
is($r->{status}, 0, 'first run exits 0') or diag($r->{err});
unlike($s, qr/\(from /, 'no earlier run like it: built-in estimate');
($s, $r) = run_status(4, 'lat_syscall');
like($s, qr/estimated \d+ s \(from \S+\.\d+\)/, 'same settings: the earlier run\'s times');
($s, $r) = run_status(8, 'lat_syscall');
unlike($s, qr/\(from /, 'another MB: not taken from the earlier run');
($s, $r) = run_status(4, 'lat_syscall lat_sig');
unlike($s, qr/\(from /, 'another selection: not taken from the earlier run');

# The second pass ([GROUP_TIME: syscall/2 ]) is estimated from its own
# earlier time, not the first pass's.
($s, $r) = run_status(4, 'lat_syscall', undef, 'standard');
is($r->{status}, 0, 'standard run exits 0') or diag($r->{err});
my ($prev) = grep { !/\.json$/ && slurp($_) =~ /^\[PROFILE: standard\]$/m } glob("$tmp/results/*/*");
ok($prev, 'the standard run\'s results file') or diag(join ' ', glob("$tmp/results/*/*"));
my $t = slurp($prev // '/dev/null');
$t =~ s/^\[GROUP_TIME: syscall \d+\]$/[GROUP_TIME: syscall 40]/m;
$t =~ s/^\[GROUP_TIME: syscall\/2 \d+\]$/[GROUP_TIME: syscall\/2 7]/m;
open($fh, '>', $prev // "$tmp/none") or die;
print $fh $t;
close $fh;
($s, $r) = run_status(4, 'lat_syscall', undef, 'standard');
like($s, qr/estimated 47 s \(from /, 'two passes: 40 s and 7 s from the earlier run') or diag($s);

done_testing();
