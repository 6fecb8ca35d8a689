#!/usr/bin/perl
# The self-checks of scripts/lib/checks.sh: each rule on values either
# side of its limits, the line format, warnings echoed to the status
# output, and self_checks / end_checks on this machine (every check
# present once, whatever its verdict here).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;

# sh CODE: what the checks wrote, out lines and status lines apart.
sub checks {
	my ($code) = @_;
	my $r = run(['sh', '-c', 'out() { printf "%s\n" "$*"; }; '
		. 'status() { printf "status %s\n" "$*"; }; . scripts/lib/checks.sh; ' . $code]);
	my @out = grep { !/^status / } split /\n/, $r->{out};
	my @st = map { s/^status //r } grep { /^status / } split /\n/, $r->{out};
	return ($r->{status}, \@out, \@st);
}

my @cases = (
	# call, name, status, value
	[ 'ck_governor ""', 'governor', 'unknown', 'none' ],
	[ 'ck_governor performance', 'governor', 'ok', 'performance' ],
	[ 'ck_governor "performance powersave"', 'governor', 'warn', 'performance powersave' ],
	[ 'ck_turbo no_turbo 0', 'turbo', 'warn', 'on' ],
	[ 'ck_turbo no_turbo 1', 'turbo', 'ok', 'off' ],
	[ 'ck_turbo boost 1', 'turbo', 'warn', 'on' ],
	[ 'ck_turbo boost 0', 'turbo', 'ok', 'off' ],
	[ 'ck_turbo none ""', 'turbo', 'unknown', 'unknown' ],
	[ 'ck_thp always', 'thp', 'warn', 'always' ],
	[ 'ck_thp madvise', 'thp', 'ok', 'madvise' ],
	[ 'ck_thp never', 'thp', 'ok', 'never' ],
	[ 'ck_thp ""', 'thp', 'unknown', 'unknown' ],
	[ 'ck_smt 0', 'smt', 'ok', 'off' ],
	[ 'ck_smt 0,4', 'smt', 'warn', 'on (0,4)' ],
	[ 'ck_smt 0-1', 'smt', 'warn', 'on (0-1)' ],
	[ 'ck_smt ""', 'smt', 'unknown', 'unknown' ],
	[ 'ck_hypervisor yes kvm', 'hypervisor', 'warn', 'yes (kvm)' ],
	[ 'ck_hypervisor yes ""', 'hypervisor', 'warn', 'yes' ],
	[ 'ck_hypervisor "" docker', 'hypervisor', 'info', 'container (docker)' ],
	[ 'ck_hypervisor "" none', 'hypervisor', 'ok', 'no' ],
	[ 'ck_load 0.50', 'load', 'ok', '0.50' ],
	[ 'ck_load 0.51', 'load', 'warn', '0.51' ],
	# MB against 4x the last level: 128 MB is exactly 4 x 32768K.
	[ 'ck_working_set 128 32768 sysfs', 'working_set', 'ok', 'MB=128 LLC=32768K' ],
	[ 'ck_working_set 127 32768 sysfs', 'working_set', 'warn', 'MB=127 LLC=32768K' ],
	[ 'ck_working_set 64 "" unknown', 'working_set', 'unknown', 'MB=64 LLC=unknown' ],
	# steal: 2 of 100 ticks is 2%, over the 1% limit; 1 of 100 is not.
	[ 'ck_steal 1000 10 1100 12', 'steal', 'warn', '2.00%' ],
	[ 'ck_steal 1000 10 1100 11', 'steal', 'ok', '1.00%' ],
	[ 'ck_steal 1000 "" 1100 11', 'steal', 'unknown', 'unknown' ],
	[ 'ck_steal 1000 10 1000 10', 'steal', 'unknown', 'unknown' ],
);
for my $c (@cases) {
	my ($call, $name, $want, $value) = @$c;
	my ($st, $out, $status) = checks($call);
	is($st, 0, "$call: exit 0");
	is(scalar @$out, 1, "$call: one line");
	my ($n, $s, $v, $m) = ($out->[0] // '') =~ /^\[CHECK: (\w+): (\w+): (.*?): (.+)\]$/;
	is_deeply([ $n, $s, $v ], [ $name, $want, $value ], "$call: $name $want $value");
	if ($want eq 'warn') {
		is_deeply($status, [ "warning: $name: $m" ], "$call: the warning on the status output");
	} else {
		is_deeply($status, [], "$call: nothing on the status output");
	}
}
my ($st, $out) = checks('ck_load ""');
is_deeply($out, [], 'no load average: no load line');
(undef, $out) = checks('ck_working_set 127 32768 sysfs');
like($out->[0], qr/less than 4x the last-level cache \(sysfs\)/, 'working_set names the source');

# On this machine: every check once, in order, then steal and the load after.
($st, $out) = checks('self_checks 64 1024 test; end_checks');
is($st, 0, 'self_checks and end_checks: exit 0');
my @names = map { /^\[CHECK: (\w+): / ? $1 : () } @$out;
my @want = qw(governor turbo thp smt hypervisor);
push @want, 'load' if -r '/proc/loadavg';
push @want, qw(working_set steal);
is_deeply(\@names, \@want, "checks: @want");
like($out->[-1], qr/^\[LOAD_AFTER: [0-9.]+\]$/, 'the load after the run last') if -r '/proc/loadavg';
ok(!grep({ !/^\[(CHECK: \w+: (ok|warn|info|unknown): .*: .+|LOAD_AFTER: .*)\]$/ } @$out),
   'every line in the [CHECK: name: status: value: message] form');
like(join("\n", @$out), qr/^\[CHECK: working_set: ok: MB=64 LLC=1024K: /m,
     'working_set from the arguments');

# scripts/lmbench keeps no check of its own.
my $lm = slurp('scripts/lmbench');
like($lm, qr{^\. "\$SCRIPTS/lib/checks\.sh"$}m, 'scripts/lmbench sources the checks');
unlike($lm, qr/"\[CHECK: |\bcheck (governor|turbo|thp|smt|hypervisor|load|working_set|steal)\b/,
       'and writes no [CHECK: ] line itself');

done_testing();
