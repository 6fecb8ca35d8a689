#!/usr/bin/perl
# The settings rules of scripts/lib/settings.sh: each rule on values it
# must take and refuse; the placement policies the same in the sh list and
# in src/harness/lib_sched.c's table; scripts/config-run and scripts/lmbench with no
# rule of their own; and the run refusing a configuration that breaks one.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);

# rule NAME VALUE [ARG]: [exit status, what it printed].
sub rule {
	my ($name, @args) = @_;
	my $r = run(['sh', '-c', '. scripts/lib/settings.sh; "$@"', 'sh', $name, @args]);
	chomp(my $o = $r->{out});
	return ($r->{status}, $o);
}

# ---- the policy list: sh and C agree ------------------------------------------
my $sh = run(['sh', '-c', '. scripts/lib/settings.sh; printf "%s" "$ST_POLICIES"'])->{out};
my @sh = split ' ', $sh;
my $c = slurp('src/harness/lib_sched.c');
my ($table) = $c =~ /policies\[\]\s*=\s*\{(.*?)\n\};/s;
my @c = ($table // '') =~ /\{\s*"([A-Z_]+)"\s*,/g;
ok(@c >= 2, 'src/harness/lib_sched.c: the policy table read') or diag('no policies[] table found');
is_deeply(\@sh, \@c, "the sh policy list is lib_sched.c's, in order (@c)");
my ($msg) = $c =~ /bad_sched\(const char \*s\)\s*\{(.*?)\n\}/s;
$msg = join '', ($msg // '') =~ /"([^"]*)"/g;
is_deeply([ grep { $msg !~ /\b$_\b/ } @sh ], [], "lib_sched.c's error message names every policy");
# The menu numbers them in that order; the run accepts each.
my $menu = run(['sh', '-c', '. scripts/lib/settings.sh; st_policy_menu'])->{out};
is_deeply([ $menu =~ /^\s+\d+\) .* \(([A-Z_]+)\)$/mg ], \@sh, 'config\'s menu: every policy, in order');
for my $i (0 .. $#sh) {
	is((rule('st_policy', $i + 1))[1], $sh[$i], "menu choice " . ($i + 1) . " is $sh[$i]");
}

# ---- each rule ---------------------------------------------------------------------
mkdir "$tmp/ro" or die;
chmod 0555, "$tmp/ro";
my @cases = (
	# rule, value, extra argument or undef, 0 = taken / 1 = refused, message
	[ 'st_copies', '1' ], [ 'st_copies', '1024' ],
	[ 'st_copies', '0', undef, 1, qr/copies from 1 to 1024/ ], [ 'st_copies', '1025', undef, 1 ],
	[ 'st_copies', 'two', undef, 1 ],
	[ 'st_mb', '64' ], [ 'st_mb', '64', '100' ],
	[ 'st_mb', '0', undef, 1, qr/at least 1 MB/ ], [ 'st_mb', 'lots', undef, 1, qr/megabytes/ ],
	[ 'st_mb', '200', '100', 1, qr/more than 80%/ ],
	[ 'st_subset', 'ALL' ], [ 'st_subset', 'DEVELOPMENT' ],
	[ 'st_subset', 'all', undef, 1, qr/ALL, HARDWARE, OS or DEVELOPMENT/ ],
	[ 'st_yesno', 'Yes' ], [ 'st_yesno', 'n' ], [ 'st_yesno', 'maybe', undef, 1, qr/yes or no/ ],
	[ 'st_yesno_saved', 'YES' ], [ 'st_yesno_saved', 'yes' ], [ 'st_yesno_saved', '' ],
	[ 'st_yesno_saved', 'maybe', undef, 1, qr/YES or NO/ ],
	[ 'st_switch', 'YES' ], [ 'st_switch', 'no' ], [ 'st_switch', '' ],
	[ 'st_switch', 'Y', undef, 1, qr/YES, NO or nothing/ ],
	[ 'st_subset_answer', 'all' ], [ 'st_subset_answer', 'hw' ], [ 'st_subset_answer', 'Dev' ],
	[ 'st_subset_answer', 'most', undef, 1, qr/ALL, HARDWARE, OS or DEVELOPMENT/ ],
	[ 'st_status', '/dev/tty' ],
	[ 'st_number', '0.028027' ], [ 'st_number', '5000' ], [ 'st_number', '1.2.3', undef, 1 ],
	[ 'st_sched', 'DEFAULT' ], [ 'st_sched', 'UNIQUE_SPREAD' ], [ 'st_sched', 'CUSTOM 0 1' ],
	[ 'st_sched', 'CUSTOM_SPREAD 1,0' ],
	[ 'st_sched', 'CUSTOM', undef, 1, qr/needs a list of CPU/ ],
	[ 'st_sched', 'CUSTOMX 0', undef, 1, qr/expected one of DEFAULT/ ],
	[ 'st_sched', 'UNIQUE 1', undef, 1, qr/takes no CPU list/ ],
	[ 'st_sched', 'CUSTOM 0 x', undef, 1, qr/x: not a CPU number/ ],
	[ 'st_cpus', '0 1', '2' ], [ 'st_cpus', '0 2', '2', 1, qr/0 \.\. 1/ ],
	[ 'st_menu_choice', scalar @sh ], [ 'st_menu_choice', @sh + 1, undef, 1 ],
	[ 'st_mhz', '2979' ], [ 'st_mhz', '2979.5' ], [ 'st_mhz', '1.2.3', undef, 1 ],
	[ 'st_mhz', '0.5', undef, 1, qr/plausible/ ], [ 'st_mhz', '', undef, 1 ],
	[ 'st_fsdir', $tmp ], [ 'st_fsdir', "$tmp/none", undef, 1, qr/not a directory/ ],
	[ 'st_remote', 'none' ], [ 'st_remote', '' ], [ 'st_remote', 'hostb user@hostc' ],
	[ 'st_remote', 'bad host!', undef, 1, qr/not a host name/ ],
	[ 'st_disks', 'none' ], [ 'st_disks', '' ], [ 'st_disks', 'src/harness/lib_sched.c' ],
	[ 'st_disks', '/nonexistent/disk', undef, 1, qr/not a disk device/ ],
	[ 'st_cmd', 'sh -c' ], [ 'st_cmd', 'nosuchcommand-xyz', undef, 1, qr/command not found/ ],
	[ 'st_profile', 'quick' ], [ 'st_profile', 'fast', undef, 1, qr/quick, standard or full/ ],
	[ 'st_span', '0' ], [ 'st_span', '400' ], [ 'st_span', '600000' ],
	[ 'st_span', '600001', undef, 1, qr/milliseconds/ ], [ 'st_span', '1s', undef, 1 ],
	[ 'st_passes', '1' ], [ 'st_passes', '2' ], [ 'st_passes', '3', undef, 1, qr/1 or 2/ ],
	[ 'st_passes', '', undef, 1 ],
	[ 'st_ipc_place', 'same' ], [ 'st_ipc_place', 'scheduler' ],
	[ 'st_ipc_place', 'other', undef, 1, qr/same or scheduler/ ],
	[ 'st_loaders', '' ], [ 'st_loaders', '1 2 4 64' ],
	[ 'st_loaders', '0', undef, 1, qr/1 to 64/ ], [ 'st_loaders', '1 65', undef, 1 ],
	[ 'st_loaders', 'all', undef, 1 ],
	[ 'st_llc_kb', '' ], [ 'st_llc_kb', '32768' ], [ 'st_llc_kb', '32M', undef, 1 ],
);
# A directory this user cannot write (root writes everywhere: no case).
push @cases, [ 'st_fsdir', "$tmp/ro", undef, 1, qr/not writable/ ] unless -w "$tmp/ro";
for my $t (@cases) {
	my ($name, $v, $arg, $refused, $why) = @$t;
	my ($st, $out) = rule($name, $v, defined $arg ? $arg : ());
	my $what = "$name '$v'" . (defined $arg ? " $arg" : '');
	if ($refused) {
		isnt($st, 0, "$what refused");
		like($out, $why // qr/\S/, "$what: says what is wanted");
	} else {
		is($st, 0, "$what taken") or diag($out);
	}
}
is((rule('st_only', 'lat_syscall,bw_* mem'))[1], 'lat_syscall bw_* mem', 'ONLY: commas are blanks');

# ---- the scripts keep no rules of their own ---------------------------------------
# (A policy named where a run uses it is fine; a line naming three is a
# list written out again.)
for my $s (qw(scripts/config-run scripts/lmbench)) {
	my $t = slurp($s);
	like($t, qr{^\. ".*/lib/settings\.sh"$}m, "$s sources the settings rules");
	my @lists = grep { my $l = $_; (grep { $l =~ /\b$_\b/ } @sh) >= 3 } split /\n/, $t;
	is_deeply(\@lists, [], "$s: the policy list not written out again");
	my @own = grep { $t =~ /\Q$_\E/ } ('quick|standard|full)', 'OS|DEVELOPMENT) ',
		'[Yy]|[Yy][Ee][Ss]', 'YES|NO)', '-le 1024', 'not a host name', 'not a directory');
	is_deeply(\@own, [], "$s: no settings rule written out again");
}

# ---- the run refuses a configuration that breaks a rule -----------------------------
mkdir "$tmp/bin" or die;
for my $bad ([ LMBENCH_SCHED => 'BOGUS' ], [ LMBENCH_SCHED => 'UNIQUE 3' ],
	     [ SYNC_MAX => 0 ], [ MB => 'lots' ], [ SUBSET => 'SOME' ], [ FASTMEM => 'maybe' ],
	     [ MHZ => 'fast' ], [ REMOTE => 'bad;host' ], [ FSDIR => "$tmp/none" ],
	     [ BENCHMARK_OS => 'Y' ], [ BENCHMARK_PIPE => 'maybe' ], [ ENOUGH => '5ms' ],
	     [ LINE_SIZE => '64B' ], [ MAIL => 'perhaps' ]) {
	my ($k, $v) = @$bad;
	my $cfg = tiny_config($tmp, $k => $v);
	my $r = run(['sh', 'scripts/lmbench', '-o', "$tmp/out", "$tmp/bin", $cfg]);
	is($r->{status}, 2, "lmbench: $k=$v refused, exit 2");
	like($r->{err}, qr/\Q$k=$v\E: \S/, "lmbench: $k=$v: says why");
}
ok(!-e "$tmp/out", 'nothing run, no results file made');
my $r = run(['sh', 'scripts/lmbench', '-p', 'fast', "$tmp/bin", tiny_config($tmp)]);
is($r->{status}, 2, 'lmbench: an unknown profile refused, exit 2');
like($r->{err}, qr/PROFILE=fast: quick, standard or full/, 'and says what is wanted');
for my $env ([ LMBENCH_SPAN => '-1' ], [ IPC_PLACE => 'near' ], [ PASSES => '3' ], [ ROUNDS => '0' ],
	     [ ROUNDS => '21' ], [ TIME_BUDGET => '5' ], [ TIME_BUDGET => '2m' ], [ PLAN_SEED => 'x' ]) {
	my ($k, $v) = @$env;
	$r = run(['sh', 'scripts/lmbench', "$tmp/bin", tiny_config($tmp)], env => { $k => $v });
	is($r->{status}, 2, "lmbench: $k=$v refused, exit 2");
	like($r->{err}, qr/\Q$k=$v\E: \S/, "lmbench: $k=$v: says why");
}
# A directory given as the saved configuration (bin/<os>/lmbench DIR):
# refused, not a run with every default.
$r = run(['sh', 'scripts/lmbench', '-o', "$tmp/dirout", "$tmp/bin", "$tmp/bin"]);
is($r->{status}, 2, 'lmbench: a directory as CONFIGFILE refused, exit 2');
like($r->{err}, qr/\Q$tmp\E\/bin: a directory, not a saved configuration file\n.*^Usage: /ms,
     'lmbench: says so, then the usage');
ok(!-e "$tmp/dirout", 'lmbench: nothing run for it');

done_testing();
