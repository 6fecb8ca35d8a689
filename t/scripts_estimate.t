#!/usr/bin/perl
# The run's estimate (the plan's, scripts/lib/plan.awk): the groups' cost
# models take the run's main-memory size ([MAIN_MB: ], twice the
# last-level cache, at least 16 MB, at most MB), and a previous run of
# this host stands for them only when it ran the same profile, MB, budget,
# selection and models' inputs (a quick run at MB 8 says nothing about a
# standard one, a run at another MAIN nothing about this one);
# then its first invocation's time and the median of its later ones are
# the group's.
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

# run_status(MB, ONLY, option => value...): the status output, the run,
# its results text and file.  Options: bin (the build), profile (default
# quick), env, config (tiny_config's keys), out (the results directory).
# No drift probes: the models' memory terms are then taken at the
# reference bandwidth (not scaled by a probe's figure).
my $k = 0;
sub run_status {
	my ($mb, $only, %o) = @_;
	my $d = "$tmp/" . $k++;
	mkdir $d or die;
	my $cfg = tiny_config($d, MB => $mb, %{ $o{config} // {} });
	my $out = $o{out} // "$tmp/results";
	my %old = map { $_ => 1 } results_files($out);
	my $r = run(['sh', 'scripts/lmbench', '-o', $out, $o{bin} // $bindir, $cfg],
		    timeout => 120, env => { quick_env(), DRIFT => 0, PROFILE => $o{profile} // 'quick',
					     ONLY => $only, %{ $o{env} // {} } });
	my ($f) = grep { !$old{$_} } results_files($out);
	return (slurp("$d/status"), $r, slurp($f // '/dev/null'), $f);
}
sub estimate { return $_[0] =~ /estimated (\d+) s/ ? $1 : undef }
sub plan_of {
	my ($text, $g) = @_;
	return $text =~ /^\[PLAN: \Q$g\E (.*)\]$/m ? [ split ' ', $1 ] : [];
}

# The memory bandwidth group's model (A+B*main s, from the declaration;
# halved in the quick
# profile), at three main-memory sizes: MB 4 with a 1 MB cache (MAIN is
# MB), MB 1040 with a 1 MB cache (MAIN 16 MB, the least), MB 1040 with a
# 512 MB cache (MAIN twice the cache).
# (Each in a directory of its own: the cache size is the test's, and a
# run of the same MB would otherwise plan from the one before.)
my ($s4, undef, $t4) = run_status(4, 'bw_mem', bin => $fake, out => "$tmp/m4");
my ($s16, undef, $t16) = run_status(1040, 'bw_mem', bin => $fake, out => "$tmp/m16");
my ($s1024, undef, $t1024) = run_status(1040, 'bw_mem', bin => $fake, out => "$tmp/m1024",
					config => { HOST_LLC_KB => 524288 });
like($t4, qr/^\[MAIN_MB: 4\]\n\[MAIN_SOURCE: MB, less than 16 MB, the least\]$/m, 'MB 4: main memory at MB');
like($t16, qr/^\[MAIN_MB: 16\]\n\[MAIN_SOURCE: 16 MB, the least\]$/m, 'MB 1040, LLC 1 MB: MAIN 16 MB, the least');
like($t1024, qr/^\[MAIN_MB: 1024\]\n\[MAIN_SOURCE: twice the last-level cache \(524288K\)\]$/m,
     'MB 1040, LLC 512 MB: MAIN twice the cache');
my @mem = split ' ', (grep { /^mem / } split /\n/,
	scalar(groups_table()))[0];
my ($ea, $eb) = $mem[4] =~ /^([\d.]+)\+([\d.]+)\*main$/ or BAIL_OUT("mem's model: $mem[4]");
my ($la, $lb) = $mem[5] =~ /^([\d.]+)\+([\d.]+)\*main$/ or BAIL_OUT("mem's later model: $mem[5]");
is_deeply([ map { plan_of($_, 'mem')->[3] } $t4, $t16, $t1024 ],
	  [ sprintf('%.2f', ($ea + $eb * 4 / 1024) / 2), sprintf('%.2f', ($ea + $eb * 16 / 1024) / 2),
	    sprintf('%.2f', ($ea + $eb) / 2) ], 'mem\'s first invocation: its model at MAIN');
is_deeply([ map { plan_of($_, 'mem')->[4] } $t4, $t1024 ],
	  [ sprintf('%.2f', ($la + $lb * 4 / 1024) / 2), sprintf('%.2f', ($la + $lb) / 2) ],
	  'its later invocations: the later model at MAIN');
is_deeply([ map { plan_of($_, 'mem')->[0] } $t4, $t1024 ], [ 1, 1 ], 'quick: once');
my ($e4, $e1024) = (estimate($s4), estimate($s1024));
ok(defined $e4 && defined $e1024, 'estimates printed') or diag("$s4\n$s1024");
cmp_ok($e1024 // 0, '>', 3 * ($e4 // 0), 'the estimate grows with MAIN');
my ($pe) = $t1024 =~ /^\[PLAN_ESTIMATE: (\d+)\]$/m;
is($pe, $e1024, 'the status line\'s estimate is the one recorded');
# MB below twice the cache: MB.
my (undef, undef, $t64) = run_status(64, 'bw_mem', bin => $fake, out => "$tmp/m64",
				     config => { HOST_LLC_KB => 65536 });
like($t64, qr/^\[MAIN_MB: 64\]\n\[MAIN_SOURCE: MB, less than twice the last-level cache \(65536K\)\]$/m,
     'MB 64, LLC 64 MB: MAIN is MB, less than twice the cache');
# No last-level cache known: MB.
my (undef, undef, $tu) = run_status(24, 'bw_mem', bin => $fake, out => "$tmp/mu",
				   config => { HOST_LLC_KB => '' });
like($tu, qr/^\[MAIN_MB: 24\]\n\[MAIN_SOURCE: MB: the last-level cache is unknown\]$/m,
     'no last-level cache known: MAIN is MB');

# Same profile, MB, budget and selection: the previous complete run's times.
my ($s, $r) = run_status(4, 'lat_syscall');
is($r->{status}, 0, 'first run exits 0') or diag($r->{err});
unlike($s, qr/\(from /, 'no earlier run like it: the models');
($s, $r) = run_status(4, 'lat_syscall');
like($s, qr/estimated \d+ s \(from \S+\.\d+\)/, 'same settings: the earlier run\'s times');
($s, $r) = run_status(8, 'lat_syscall');
unlike($s, qr/\(from /, 'another MB: not taken from the earlier run');
($s, $r) = run_status(4, 'lat_syscall lat_sig');
unlike($s, qr/\(from /, 'another selection: not taken from the earlier run');
($s, $r) = run_status(4, 'lat_syscall', env => { TIME_BUDGET => 60 });
unlike($s, qr/\(from /, 'another budget: not taken from the earlier run');
# The same MB, profile, budget and selection on another last-level cache
# (a VM that moved to another host): MAIN is another size, so the earlier
# run timed other work ([PLAN_INPUTS: ]).
my $moved = "$tmp/moved";
run_status(1040, 'lat_syscall', out => $moved, config => { HOST_LLC_KB => 1024 });
my $tm;
($s, $r, $tm) = run_status(1040, 'lat_syscall', out => $moved, config => { HOST_LLC_KB => 1024 });
like($s, qr/estimated \d+ s \(from /, 'the same cache: the earlier run\'s times');
like($tm, qr/^\[PLAN_INPUTS: main=16 chase=\S+ pairs=\d+ nodes=\d+ loaders=[\d,]+ /m,
     'the models\' inputs recorded');
($s, $r, $tm) = run_status(1040, 'lat_syscall', out => $moved, config => { HOST_LLC_KB => 524288 });
like($tm, qr/^\[PLAN_INPUTS: main=1024 /m, 'another cache: MAIN 1024 MB');
unlike($s, qr/\(from /, 'another cache, so another MAIN: not taken from the earlier run');
like($tm, qr/^\[PLAN_INPUTS: .* span=0 fastmem=YES enough=2000 disks=none remote=none\]$/m,
     'the span, FASTMEM, the user\'s ENOUGH, DISKS and REMOTE recorded');
run_status(1040, 'lat_syscall', out => $moved, config => { HOST_LLC_KB => 524288 });
($s, $r) = run_status(1040, 'lat_syscall', out => $moved, config => { HOST_LLC_KB => 524288 },
		      env => { ENOUGH => 3000 });
unlike($s, qr/\(from /, 'another ENOUGH (longer intervals): not taken from the earlier run');

# A standard run, its group times rewritten: the first invocation 40 s,
# the later ones 7, 30 and 9 s (median 9).  The next run like it plans
# from those: its first invocation 40 s, each later one 9 s.  The file is
# the host's latest under a number past 9 (vm.10 sorts before vm.2): the
# latest is the one with the highest number, not the last name in order.
my (undef, undef, $t, $prev) = run_status(4, 'lat_syscall', profile => 'standard', env => { ROUNDS => 4 });
ok($prev && $t =~ /^\[STATUS: complete\]$/m, 'the standard run, complete') or diag($t);
my %times = ('' => 40, '/2' => 7, '/3' => 30, '/4' => 9);
my $n = $t =~ s{^\[GROUP_TIME: syscall(/\d)? [\d.]+ at ([\d.]+)\]$}{
	"[GROUP_TIME: syscall" . ($1 // '') . " $times{$1 // ''}.0 at $2]" }mge;
is($n, 4, 'four invocations of syscall');
(my $latest = $prev // "$tmp/none.0") =~ s/\.\d+$/.10/;
write_lines($latest, split /\n/, $t);
($s, $r, $t) = run_status(4, 'lat_syscall', profile => 'standard', env => { ROUNDS => 3 });
like($s, qr/estimated \d+ s \(from \Q$latest\E\)/, 'the latest earlier run: the highest number')
	or diag($s);
is_deeply([ @{ plan_of($t, 'syscall') }[0 .. 4] ], [ 3, 3, 1, '40.00', '9.00' ],
	  '[PLAN: ]: 3 invocations, the first 40 s, each later one 9 s (the median of 7, 30, 9)');
my $e = estimate($s) // 0;
ok($e >= 40 + 2 * 9 && $e <= 40 + 2 * 9 + 10, "estimated $e s: 58 s and the run's own few");

done_testing();
