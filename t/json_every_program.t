#!/usr/bin/perl
# Every program prints its results as JSON lines on stdout when asked
# (--json as the first argument): one object a line with a declared name,
# unit, direction and value (and, where it has them, the samples in the
# order taken), names unique; a value labelled as an lmbench3 line on
# stderr is the number that line prints.  Programs that measure nothing
# (msleep, topology) print no JSON line and keep their stdout.  The runs are t/lib/LmEvery.pm's: a built program
# without one fails here, so a new one cannot escape.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmEvery;
use File::Temp qw(tempdir);
use JSON::PP;
use Test::More;

my $dir = bindir();
is_deeply([ LmEvery::missing($dir) ], [], 'a run for every built program');

my $tmp = tempdir(CLEANUP => 1);
my %env = (quick_env(), ENOUGH => 1000);
my $num = qr/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/;
my $json = JSON::PP->new;
my ($n, $compared) = (0, 0);

for my $r (LmEvery::runs($tmp)) {
	next unless -x "$dir/$r->{prog}";	# lat_rpc without libtirpc
	$r->{before}->() if $r->{before};
	my @args = map { ref $_ ? $$_ : $_ } @{ $r->{args} };
	my $x = run([ bin($r->{prog}), '--json', @args ], env => \%env,
		    timeout => 120, (defined $r->{stdin} ? (stdin => $r->{stdin}) : ()));
	$r->{after}->() if $r->{after};
	$n++;
	subtest "$r->{prog} --json" => sub {
		# line and tlb print no figure where their sweeps disagree,
		# mhz none where its chains do (a shared host): exit 1, and
		# then no JSON line either.
		if ($x->{status} == 1 &&
		    ($r->{prog} =~ /^(?:line|tlb)$/ && $x->{err} =~ /step seen alike in \d+ \w+(?: \([^)]*\))?: not clear/
		     || $r->{prog} eq 'mhz' && $x->{err} =~ /^mhz: no clock rate: .*too busy/m)) {
			is($x->{out}, '', 'not clear: exit 1 and no JSON line');
			return;
		}
		is($x->{status}, 0, 'exit 0') or diag($x->{err});
		# A program that measures nothing keeps its own stdout.
		my @lines = $r->{results} ? split(/\n/, $x->{out}) : ();
		my (%seen, @bad);
		for my $l (@lines) {
			my $o = eval { $json->decode($l) };
			if (ref $o ne 'HASH') {
				push @bad, "not a JSON object: $l";
				next;
			}
			push @bad, "no name: $l" unless defined $o->{name} && $o->{name} =~ /^[a-z][\w.@]*[\w]$/i;
			push @bad, "no unit: $l" unless defined $o->{unit} && $o->{unit} ne '';
			push @bad, "no direction: $l" unless ($o->{better} // '') =~ /^(?:lower|higher|none)$/;
			push @bad, "value not a number: $l" unless defined $o->{value} && $o->{value} =~ /^$num$/;
			push @bad, "samples not numbers: $l"
				if exists $o->{samples} && (ref $o->{samples} ne 'ARRAY'
					|| grep { !defined || !/^$num$/ } @{ $o->{samples} });
			push @bad, "name twice: $o->{name}" if defined $o->{name} && $seen{ $o->{name} }++;
			# The lmbench3 line of the same label prints the same value.
			next unless defined $o->{label} && defined $o->{value};
			next unless $x->{err} =~ /^\Q$o->{label}\E: ($num) (?:micro|nano)seconds$/m;
			my $printed = $1;
			$compared++;
			my ($dec) = $printed =~ /\.(\d+)$/;
			my $tol = 0.5 * 10**-length($dec // '') * 1.0001 + 1e-12;
			push @bad, "$o->{name}: JSON $o->{value}, printed $printed"
				if abs($o->{value} - $printed) > $tol;
		}
		is_deeply(\@bad, [], 'every line an object with a name, unit, direction, value');
		if ($r->{results}) {
			ok(scalar(@lines) >= 1, scalar(@lines) . ' results');
		} else {
			unlike($x->{out}, qr/^\{/m, 'measures nothing: no JSON line');
		}
		ok((grep { grep { /samples$/ } keys %{ $json->decode($_) } } @lines) || !$r->{results}
		   || $r->{prog} =~ /^(?:cache|enough|line|lmdd|loop_o|memsize|mhz|numa_mem|par_mem|par_ops|lat_dram_page|timing_o|tlb)$/,
		   'samples where the program times intervals');
	};
}
ok($n > 40, "$n programs run");
ok($compared > 20, "$compared JSON values compared with their lmbench3 lines");

# lmbench3's lines stay the default: no JSON without the option.
my $r = run([ bin('lat_syscall'), '-N', 2, 'null' ], env => \%env);
is($r->{out}, '', 'without --json: nothing on stdout');
like($r->{err}, qr/^Simple syscall: $num microseconds\n\z/, 'the lmbench3 line alone');
$r = run([ bin('lat_syscall'), '-N', 2, 'null' ], env => { %env, LMBENCH_JSON => 1 });
like($r->{out}, qr/^\{"name":"syscall\.null",.*\}\n\z/, 'LMBENCH_JSON=1: the JSON line');
like($r->{err}, qr/^Simple syscall: $num microseconds\n\z/, 'and the lmbench3 line');
$r = run([ bin('lat_syscall'), '-N', 2, 'null', '--json' ], env => \%env);
is($r->{status}, 2, '--json elsewhere than first: refused');
$r = run([ bin('lat_syscall'), '-N', 2, 'null' ], env => { %env, LMBENCH_JSON => 2 });
is($r->{status}, 2, 'LMBENCH_JSON=2: refused');
done_testing();
