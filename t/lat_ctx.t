#!/usr/bin/perl
# lat_ctx: series format, rings of any size, bad input, nothing left
# behind (also after SIGINT).
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

my $n = qr/-?[0-9]+\.[0-9]{2}/;

sub series_ok {
	my ($opts, $procs, $name, %o) = @_;
	my $args = [@$opts, @$procs];
	my $r = probe([bin('lat_ctx'), @$args], env => {quick_env()});
	my @procs = @$procs;
	my ($kb) = join(' ', @$opts) =~ /-s (\d+)/;
	$kb //= 0;
	subtest "lat_ctx @$args: $name" => sub {
		is($r->{status}, 0, 'exit 0') or diag($r->{err});
		my @l = split /\n/, $r->{err}, -1;
		like($l[0] // '', qr/^"size=${kb}k ovr=($n)$/, 'header line');
		my ($ovr) = ($l[0] // '') =~ /ovr=($n)/;
		ok(defined $ovr && $ovr > 0, 'overhead > 0');
		for my $i (0 .. $#procs) {
			like($l[$i + 1] // '', qr/^$procs[$i] ($n)$/,
			     "line for $procs[$i] processes");
			if ($o{positive}) {
				my ($v) = ($l[$i + 1] // '') =~ / ($n)$/;
				ok(defined $v && $v > 0, 'switch time > 0');
			}
		}
		is(scalar(@l), @procs + 3, 'nothing else');
		is($l[-2], '', 'ends with a blank line');
		ok(!$r->{procs_left}, 'no process left');
		is($r->{out}, '', 'nothing on stdout');
	};
}

series_ok([], ['2', '4'], 'size 0', positive => 1);
series_ok(['-s', '16'], ['2', '3'], '16 KB each');
series_ok(['-P', '2', '-N', '1'], ['2'], 'two copies');
{
	local $ENV{LMBENCH_SCHED} = 'CUSTOM 0';
	series_ok([], ['2', '8'], 'one CPU', positive => 1);
}
{
	local $ENV{LMBENCH_SCHED} = 'UNIQUE';
	series_ok([], ['3'], 'every process on a CPU of its own');
}
# A well-formed series, whatever the speed: the counts in the order given,
# each with -N intervals (taken in rounds: every count gets all of them),
# and each number the estimate of its count less that of the overhead
# run, as the #stats lines show: with a fixed placement the fastest
# interval, with the scheduler placing the ring (more than one CPU here)
# the median.
my ($ncpu) = `nproc 2>/dev/null` =~ /(\d+)/;
sub median {
	my @v = @_;
	my $pos = ($#v) / 2;
	my $i = int($pos);
	return $i + 1 > $#v ? $v[$i] : $v[$i] + ($pos - $i) * ($v[$i + 1] - $v[$i]);
}
sub stats_series_ok {
	my ($name, $env, @args) = @_;
	my $fixed = ($env->{LMBENCH_SCHED} // 'BALANCED') !~ /^DEFAULT\b/ ||
		    (defined $ncpu && $ncpu == 1);
	my $what = $fixed ? 'fastest interval' : 'median';
	my @procs = grep { /^\d+$/ } @args[-3 .. -1];
	my ($nint) = join(' ', @args) =~ /-N (\d+)/;
	my ($par) = join(' ', @args) =~ /-P (\d+)/;
	$par //= 1;
	my $r = probe([bin('lat_ctx'), @args],
		      env => {quick_env(), LMBENCH_STATS => 1, %$env});
	subtest "lat_ctx @args: well-formed series ($name)" => sub {
		is($r->{status}, 0, 'exit 0') or diag($r->{err});
		my @l = split /\n/, $r->{err}, -1;
		my @stats = grep { /^#stats/ } @l;
		my @rest = grep { !/^#(?:stats|series|counters)/ } @l;
		is(scalar(grep { /^#series \{"name":"ctx\.size_\d+k","unit":"microseconds","better":"lower","x_name":"processes","x_unit":"processes"\}$/ } @l),
		   1, 'the series declared');
		is(scalar(@stats), @procs + 1, 'a #stats line per point');
		is(scalar(grep { /"part":"overhead"/ } @stats), 1, 'the overhead\'s said by part overhead');
		is(scalar(grep { /"part":"incl_overhead"/ } @stats), scalar(@procs),
		   'each ring\'s by part incl_overhead');
		is_deeply([map { (/^(\d+) /)[0] } @rest[1 .. $#procs + 1]],
			  \@procs, 'counts in the order given');
		is(scalar(@rest), @procs + 3, 'header, counts, blank line');
		my (@min, @n);
		for my $s (map { records($_) } @stats) {
			my @v = @{ $s->{samples} // [] };
			push @n, scalar(@v);
			# The statistics are over the clean intervals where
			# the record says so (taint 0 for a clean one).
			if (($s->{median_of} // '') eq 'clean') {
				my @t = @{ $s->{taint} };
				@v = @v[grep { !$t[$_] } 0 .. $#v];
			}
			@v = sort { $a <=> $b } @v;
			push @min, $fixed ? $v[0] : median(@v);
			is($s->{parallel}, $par, 'parallel copies named');
		}
		# Parallel copies: one sample per round of all of them.
		is_deeply(\@n, [($nint) x @n],
			  "$nint intervals (rounds of all copies) per point");
		my ($ovr) = ($rest[0] // '') =~ /ovr=($n)$/;
		ok(defined $ovr && abs($ovr - $min[0]) <= 0.006,
		   "overhead is its $what");
		for my $i (0 .. $#procs) {
			my ($v) = ($rest[$i + 1] // '') =~ / ($n)$/;
			ok(defined $v && defined $min[$i + 1] &&
			   abs($v - ($min[$i + 1] - $min[0])) <= 0.011,
			   "$procs[$i]: $what less the overhead's");
		}
		ok(!$r->{procs_left}, 'no process left');
	};
}

stats_series_ok('one copy', {}, '-N', '3', '-s', '4', '2', '5', '3');
stats_series_ok('one CPU', {LMBENCH_SCHED => 'CUSTOM 0'}, '-N', '2',
		'4', '2', '8');
stats_series_ok('two copies', {}, '-P', '2', '-N', '5', '3', '2', '4');
stats_series_ok('the scheduler places', {LMBENCH_SCHED => 'DEFAULT'},
		'-N', '3', '2', '3', '4');

# Placement: unset, each copy's ring shares one CPU (the copies' CPUs
# differ where there are two); DEFAULT places nothing.
sub placed {
	my ($env, @args) = @_;
	my $r = probe([bin('lat_ctx'), '-N', '1', @args],
		      env => {quick_env(), LMBENCH_DEBUG => 1, %$env});
	my %cpu;
	$cpu{$1}{$3} = 1 while $r->{err} =~
		/placed copy (\d+) process (\d+) on CPU (\d+)/g;
	return ($r, \%cpu);
}
{
	my ($r, $cpu) = placed({}, '2', '5');
	is($r->{status}, 0, 'unset placement: exit 0') or diag($r->{err});
	is_deeply([sort keys %$cpu], [0], 'unset placement: one copy placed');
	is(scalar(keys %{$cpu->{0} // {}}), 1,
	   'unset placement: the whole ring on one CPU');
	($r, $cpu) = placed({LMBENCH_SCHED => 'DEFAULT'}, '2', '5');
	is_deeply($cpu, {}, 'LMBENCH_SCHED=DEFAULT: the scheduler places');
	SKIP: {
		skip 'one CPU', 3 unless defined $ncpu && $ncpu >= 2;
		($r, $cpu) = placed({}, '-P', '2', '3');
		is(scalar(keys %{$cpu->{$_} // {}}), 1,
		   "-P 2: the ring of copy $_ on one CPU") for 0, 1;
		ok(join(',', keys %{$cpu->{0} // {}}) ne
		   join(',', keys %{$cpu->{1} // {}}),
		   '-P 2: the copies on different CPUs');
	}
}

# No fixed ceiling: a ring far larger than 20, with few descriptors.
{
	my $r = probe(['sh', '-c', 'ulimit -n 40 && exec "$0" "$@"',
		       bin('lat_ctx'), '-N', '1', '150'],
		      env => {quick_env()});
	is($r->{status}, 0, 'a ring of 150 within 40 descriptors')
		or diag($r->{err});
	like($r->{err}, qr/^150 $n$/m, '... and its line');
	ok(!$r->{procs_left}, '... and no process left');
}
# All rings live at once, two descriptors each: too many counts for the
# descriptor limit is a clear error, not a failed pipe() halfway.
{
	my $r = probe(['sh', '-c', 'ulimit -n 40 && exec "$0" "$@"',
		       bin('lat_ctx'), '-N', '1', 2 .. 20], env => {quick_env()});
	is($r->{status}, 1, '19 rings within 40 descriptors: exit 1');
	like($r->{err}, qr/^lat_ctx: 19 rings need \d+ descriptors, the limit is 40/m,
	     '... the limit named');
	unlike($r->{err}, qr/^\d+ /m, '... and no result');
	ok(!$r->{procs_left}, '... and no process left');
}
# A real limit: the per-user process limit, for an unprivileged user
# (root is exempt from it).  Exit 1 with the limit named, nothing left.
SKIP: {
	my $ok = $> == 0 && !system('command -v prlimit >/dev/null 2>&1') &&
		 !system('command -v setpriv >/dev/null 2>&1');
	skip 'needs root, prlimit and setpriv', 4 unless $ok;
	my $r = probe(['prlimit', '--nproc=6:6', 'setpriv', '--reuid=65534',
		       '--regid=65534', '--clear-groups', bin('lat_ctx'),
		       '-N', '1', '50'], env => {quick_env()});
	is($r->{status}, 1, 'RLIMIT_NPROC hit: exit 1') or diag($r->{err});
	like($r->{err}, qr/RLIMIT_NPROC .* is 6 processes/, '... limit named');
	# Under qemu-user (make cross-test) the emulator's own threads
	# count against the limit too, and its complaint may be spliced
	# into the middle of the program's line.
	my $emulated = ($ENV{LMBENCH_TEST_EMULATED} // '') ne '';
	like($r->{err}, $emulated ? qr/^lat_ctx: fork helper process \d+ of 49/m
			       : qr/^lat_ctx: fork helper process \d+ of 49: /m,
	     '... and the failed fork');
	ok(!$r->{procs_left}, '... no process left');
}

# The overhead run comes first, in one process: SIGINT is sent once a
# ring is up (many short rings in a row, so one is always near).
cleanup_ok('lat_ctx', ['-N', '1', ('8') x 30], procs => 8, enough => 20000);
cleanup_ok('lat_ctx', ['-N', '1', '-P', '2', ('4') x 8], groups => [0],
	   procs => 9, enough => 20000);

bad_input_ok('lat_ctx', [], 'no process count');
bad_input_ok('lat_ctx', ['1'], 'a ring of one');
bad_input_ok('lat_ctx', ['0'], 'zero processes');
bad_input_ok('lat_ctx', ['-3'], 'negative count');
bad_input_ok('lat_ctx', ['2', 'abc'], 'non-numeric count');
bad_input_ok('lat_ctx', ['99999999999999999999'], 'overflowing count');
bad_input_ok('lat_ctx', ['-s', 'abc', '2'], 'non-numeric -s');
bad_input_ok('lat_ctx', ['-s', '-1', '2'], 'negative -s');
bad_input_ok('lat_ctx', ['-s', '99999999999999999999', '2'], 'overflowing -s');
bad_input_ok('lat_ctx', ['-s'], 'missing -s value');
bad_input_ok('lat_ctx', ['-x', '2'], 'unknown option');
bad_input_ok('lat_ctx', ['-P', '0', '2'], 'zero -P');
done_testing();
