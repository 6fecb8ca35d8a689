#!/usr/bin/perl
# lat_ops: every cell of the grid, lmbench3's labels, sane values.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my @labels = (
	(map { "integer $_" } qw(bit add mul div mod)),
	(map { "int64 $_" } qw(bit add mul div mod)),
	(map { "float $_" } qw(add mul div)),
	(map { "double $_" } qw(add mul div)),
	'float bogomflops', 'double bogomflops',
);

sub lat_ops {
	my $r = run([bin('lat_ops')], env => {quick_env()});
	my %v = $r->{err} =~ /^([a-z0-9 ]+): ($n) nanoseconds$/mg;
	return ($r, \%v);
}

my ($r, $v) = lat_ops();
is($r->{status}, 0, 'exit 0');
is($r->{out}, '', 'nothing on stdout');
my @got = $r->{err} =~ /^([a-z0-9 ]+): $n nanoseconds$/mg;
is_deep_list(\@got, \@labels);
for my $l (@labels) {
	my $x = $v->{$l};
	ok(defined $x && $x > 0 && $x < 1e6, "$l: finite, positive")
		or diag($r->{err});
}

# Broad sanity, true of any processor: a divide is slower than an add of
# the same type.  A noisy machine may spoil one run: judge the better of
# two.
for my $t ('integer', 'int64', 'float', 'double') {
	my $ok = 0;
	for my $try (1, 2) {
		($r, $v) = lat_ops() if $try == 2;
		my ($add, $div) = ($v->{"$t add"}, $v->{"$t div"});
		$ok = defined $add && defined $div && $div > $add;
		last if $ok;
	}
	ok($ok, "$t div slower than $t add");
}

# The add chain is not folded away (lmbench3 printed 0.00 here): a
# dependent add takes a whole cycle on any processor; a quarter of the
# period mhz finds leaves room for noise in both measurements.
my $m = run([bin('mhz'), '-c']);
SKIP: {
	# mhz's own refusal (exit 1, saying why) on a busy machine is a
	# skip; any other failure of it fails here too.
	skip 'mhz gave no clock on this busy machine', 2
		if $m->{status} == 1 && $m->{err} =~ /^mhz: no clock rate: /m;
	my ($period) = $m->{status} == 0 ? $m->{out} =~ /^($n)$/ : ();
	ok(defined $period, 'mhz -c: a period') or diag($m->{err});
	$period //= 0;
	my $add = $v->{'integer add'} // 0;
	cmp_ok($add, '>=', 0.25 * $period,
	       "integer add ($add ns) is at least a quarter cycle ($period ns)");
}

# Interleaved rounds: every operation gets one interval per round, so
# with -N 5 each has 5 samples; with LMBENCH_SPAN the rounds go on for
# that long, the same number for every operation.
$r = run([bin('lat_ops'), '-N', 5], env => {quick_env(), LMBENCH_STATS => 1});
my @ns = map { $_->{n} } records($r->{err});
is(scalar(@ns), scalar(@labels), '-N 5: a #stats line per operation');
is_deeply([ grep { $_ != 5 } @ns ], [], '-N 5: 5 samples each');
$r = run([bin('lat_ops'), '-N', 3], env => {quick_env(), LMBENCH_STATS => 1,
					   LMBENCH_SPAN => 1000});
@ns = map { $_->{n} } records($r->{err});
my %distinct = map { $_ => 1 } @ns;
ok(@ns == @labels && keys(%distinct) == 1 && $ns[0] > 3,
   "LMBENCH_SPAN=1000: more rounds than -N 3, the same for every operation ($ns[0])");

bad_input_ok('lat_ops', ['-x'], 'unknown option');
bad_input_ok('lat_ops', ['extra'], 'extra argument');
bad_input_ok('lat_ops', ['-N', 'abc'], 'non-numeric -N');
bad_input_ok('lat_ops', ['-P', '-1'], 'negative -P');
bad_input_ok('lat_ops', ['-W', '99999999999999999999'], 'overflowing -W');
bad_input_ok('lat_ops', ['-N'], 'missing -N value');

done_testing();

sub is_deep_list {
	my ($got, $want) = @_;
	is(join('|', @$got), join('|', @$want), 'all labels, in order');
}
