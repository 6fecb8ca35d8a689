#!/usr/bin/perl
# The JSON twin against doc/results-schema.json: the sample runs and a
# synthetic results file of every kind of line; and the schema is no
# rubber stamp: a 0 for an unknown value, a number as a string, a date
# that is not ISO 8601 and an unknown unit are each refused.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use MiniSchema;
use Test::More;
use JSON::PP;
use File::Temp qw(tempdir);

my $schema = decode_json(slurp_file('doc/results-schema.json'));
sub slurp_file { open(my $fh, '<', $_[0]) or die "$_[0]: $!"; local $/; return <$fh> }

my @samples = sort grep { /\.\d+$/ } glob('results/sample/*/*');
SKIP: {
	skip 'no sample results in results/sample', 1 unless @samples;
	# The samples' JSON twins: t/scripts_summary.t checks that each is
	# what scripts/json writes of its results file, byte for byte.
	for my $f (@samples) {
		ok(-r "$f.json", "$f: has its JSON twin") or next;
		my $j = decode_json(do { local (@ARGV, $/) = "$f.json"; <> });
		my @e = MiniSchema::validate($schema, $j);
		is(scalar @e, 0, "$f: valid") or diag(join("\n", @e[0 .. ($#e < 9 ? $#e : 9)]));
	}
}

my $tmp = tempdir(CLEANUP => 1);
my $f = "$tmp/h.3";
open(my $fh, '>', $f) or die;
print $fh <<'EOT';
[lmbench3.0 results for Linux h 6.1 #1 SMP x86_64 GNU/Linux]
[HOSTNAME: h]
[MB: 256]
[MHZ: ]
[LINE_SIZE: 64]
[CPUS: 2]
[CORES: ]
[CACHE: L1d 48K; L1i 32K; L2 1024K]
[LLC_KB: 1024]
[MEMORY_KB: 24000000]
[DATE: 2026-11-22 21:28:07 +0100]
[UPTIME:  21:28:07 up 2 days,  3:04,  0 user,  load average: 0.1, 0.2, 0.3]
[DRIFT_PROBES: l1=ns bw=MB/s]
[DRIFT: start 1 l1=1.2 bw=15000]
Simple syscall: 0.1000 microseconds
#stats label="Simple syscall" unit=microseconds parallel=1 samples=0.1,0.5,0.1 n=3 min=0.1 q1=0.1 median=0.1 q3=0.1 max=0.1 ci_lo=0.1 ci_hi=0.1 ci_level=0.75 tainted=1 taint=0,1,0 median_of=clean cpus=0,1 cpu_share=0.998 switches=2 migrations=0 faults_op=0 cycles_op=312.5 ghz=3.125 counters_missing="dtlb_misses: no PMU (No such file or directory)"
"stride=64
0.00049 1.100
64k 5.000

[GROUP_TIME: memlat 3]
[DRIFT: end 4 l1=1.3 bw=14000]
[STATUS: complete]
EOT
close $fh;
my $r = run([$^X, 'scripts/json', $f]);
my $j = decode_json($r->{out});
my @e = MiniSchema::validate($schema, $j);
is(scalar @e, 0, 'synthetic file: valid') or diag(join("\n", @e));
is($j->{run_id}, 'h.3@2026-11-22T21:28:07+01:00', 'run id: file and start');
is($j->{host}{date}, '2026-11-22T21:28:07+01:00', 'date in ISO 8601');
is($j->{host}{uptime_s}, 2 * 86400 + 3 * 3600 + 4 * 60, 'uptime in seconds');
is_deeply([ map { [ $_->{where}, $_->{t_s}, $_->{values}{bw} ] } @{ $j->{drift}{points} } ],
	  [ [ 'start', 1, 15000 ], [ 'end', 4, 14000 ] ], 'drift: the points, where, when, figures');
is_deeply([ map { [ $_->{probe}, $_->{min}, $_->{max} ] } @{ $j->{drift}{moved} } ],
	  [ [ 'l1', 1.2, 1.3 ], [ 'bw', 14000, 15000 ] ], 'drift: how far each probe moved');
ok(!defined $j->{host}{cores}, 'unknown cores: null');
ok(!defined $j->{config}{MHZ}, 'empty MHZ: null');
is($j->{config}{MB}, 256, 'MB a number');
is_deeply($j->{host}{caches}[2], { name => 'L2', level => 2, type => 'unified', size_kb => 1024 },
	  'caches as objects');
is($j->{series}[0]{points}[1]{x}, 65536, 'a size written 64k: bytes, a number');
my ($sys) = grep { $_->{label} eq 'Simple syscall' } @{ $j->{values} };
is_deeply([ @{$sys}{qw(cpus tainted taint median_of)} ], [ [0, 1], 1, [0, 1, 0], 'clean' ],
	  'the CPUs of a result and its taint');
is_deeply($sys->{counters}, { cpu_share => 0.998, switches => 2, migrations => 0,
	  faults_op => 0, cycles_op => 312.5, ghz => 3.125,
	  missing => 'dtlb_misses: no PMU (No such file or directory)' }, 'its counters');

# Each of these must be refused.
my %bad = (
	'0 cores' => sub { $_[0]{host}{cores} = 0 },
	'a number as text' => sub { $_[0]{config}{MB} = '256' },
	'a date not in ISO 8601' => sub { $_[0]{host}{date} = '2026-11-22 21:28:07 +0100' },
	'an unknown unit' => sub { $_[0]{values}[0]{unit} = 'usec' },
	'no run id' => sub { delete $_[0]{run_id} },
	'x as text' => sub { $_[0]{series}[0]{points}[0]{x} = '0.00049' },
	'a counter as text' => sub { $_[0]{values}[0]{counters}{cycles_op} = '312.5' },
);
for my $what (sort keys %bad) {
	my $c = decode_json($r->{out});
	$bad{$what}->($c);
	ok(scalar MiniSchema::validate($schema, $c), "refused: $what");
}
done_testing();
