#!/usr/bin/perl
# One record a result, two syntaxes: with LMBENCH_STATS=1 and --json a
# program's JSON line and its #stats line are written by one writer
# (lib_report.c), so the JSON line says what scripts/json makes of the
# #stats line: every key of that values[] entry (but the run's own:
# invocations, and value, which the text line rounds) is in the JSON line
# with the same content, and the JSON line has nothing else but the
# point's identity.  Programs of each shape: a latency, a rate, parallel
# copies, a partner process, and one run as the run script runs it (inv,
# at).  A series' points take the same writer; their #stats lines reach a
# results file through the run script's layout (t/scripts_results.t).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use File::Temp qw(tempdir);
use JSON::PP;
use Test::More;

my $tmp = tempdir(CLEANUP => 1);
my $json = JSON::PP->new->canonical;
my %identity = map { $_ => 1 } qw(series x x_name x_unit y y_name kind value inv at_s);

sub check {
	my ($what, $env, @cmd) = @_;
	my $r = run([ bin(shift @cmd), '--json', @cmd ],
		    env => { quick_env(), LMBENCH_STATS => 1, %$env }, timeout => 120);
	subtest $what => sub {
		is($r->{status}, 0, 'exit 0') or diag($r->{err});
		my @lines = map { $json->decode($_) } split /\n/, $r->{out};
		ok(@lines > 0, 'JSON lines') or return;
		my $file = "$tmp/res";
		open(my $fh, '>', $file) or die "$file: $!";
		print $fh "[lmbench3.0 results for Linux test 6.1 x86_64]\n",
			  "[RESULTS_FORMAT: 5]\n", $r->{err};
		close($fh) or die "$file: $!";
		my $j = run([ 'scripts/json', $file ]);
		is($j->{status}, 0, 'scripts/json reads the #stats lines') or diag($j->{err});
		my %values = map { $_->{name} => $_ } @{ $json->decode($j->{out})->{values} };
		for my $l (@lines) {
			my $v = $values{ $l->{name} };
			ok($v, "$l->{name}: in the results file's JSON") or next;
			my @want = grep { $_ ne 'invocations' && $_ ne 'value' } sort keys %$v;
			is_deeply({ map { $_ => $l->{$_} } @want }, { map { $_ => $v->{$_} } @want },
				  "$l->{name}: the #stats record's keys, alike");
			is_deeply([ grep { !exists $v->{$_} && !$identity{$_} } sort keys %$l ], [],
				  "$l->{name}: nothing the #stats record lacks");
			ok(exists $l->{samples} && exists $l->{ci} && exists $l->{counters},
			   "$l->{name}: samples, ci and counters");
			# One invocation: the run's JSON keeps it in invocations.
			my $inv = $v->{invocations}[0] // {};
			is_deeply([ map { $l->{$_} } qw(inv at_s) ],
				  [ $l->{inv} && $inv->{inv}, $inv->{at_s} ],
				  "$l->{name}: inv and at_s as its invocation's");
		}
	};
}

check('a latency', {}, 'lat_syscall', '-N', 5, 'null');
check('a rate', {}, 'bw_pipe', '-m', '4k', '-M', '64k', '-N', 3);
check('parallel copies', {}, 'lat_syscall', '-P', 2, '-N', 3, 'null');
check('a partner process', {}, 'lat_pipe', '-N', 5);
check('as the run script runs it', { LMBENCH_INVOCATION => 3,
	LMBENCH_RUN_T0 => 1 }, 'lat_syscall', '-N', 5, 'null');
done_testing();
