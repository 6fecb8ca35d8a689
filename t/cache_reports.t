#!/usr/bin/perl
# A level `cache` printed without a figure ("L3 cache: no clear plateau
# (sysfs says 32 MB)") is read as no level found: not a value, not junk;
# the summary's notes and the JSON twin name it.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use MiniSchema;
use LMResults;
use LMCaches;
use Test::More;
use JSON::PP;
use File::Temp qw(tempdir);

my $dir = tempdir(CLEANUP => 1);
my $f = "$dir/host.0";
open(my $fh, '>', $f) or die "$f: $!";
print $fh <<'EOF';
[lmbench3.0 results for Linux host 6.1 x86_64]
[HOSTNAME: host]
[CACHE: L1d 48K; L2 1024K]
[CACHE_SOURCE: sysfs]
L1 cache: 49152 bytes 0.93 nanoseconds 64 linesize 10.60 parallelism
L2 cache: 917504 bytes 3.26 nanoseconds 64 linesize 10.38 parallelism
L3 cache: no clear plateau (sysfs says 32 MB)
L4 cache: no clear plateau (the host reports no L4)
# a level past L4 in some sweeps, not in all alike: not printed
Memory latency: 137.13 nanoseconds 14.88 parallelism
[STATUS: complete]
EOF
close $fh;

my $run = LMResults::parse($f);
is_deeply([ map { "$_->{level} $_->{host}" } @{ $run->{unclear} } ],
	  [ '3 sysfs says 32 MB', '4 the host reports no L4' ], 'the unclear levels, read');
is_deeply([ grep { !/^#/ } @{ $run->{unparsed} } ], [], 'no line left unread');
my $m = LMResults::metrics($run);
ok(defined $m->{'cache.l2.latency'} && !defined $m->{'cache.l3.latency'},
   'L2 a value, L3 none');
is_deeply([ map { $_->[0] } LMCaches::run_levels($run) ], [ 1, 2 ],
	  "the run's levels: L1 and L2 only");
is_deeply([ LMCaches::unclear($run) ],
	  [ 'L3 (sysfs says 32 MB)', 'L4 (the host reports no L4)' ], 'named for the notes');

my $r = run([ 'scripts/summary', $f ]);
like($r->{out} . $r->{err},
     qr/no clear plateau in the run's cache: L3 \(sysfs says 32 MB\), L4 \(the host reports no L4\)/,
     'summary: a note names them');

$r = run([ 'scripts/json', $f ]);
is($r->{status}, 0, 'json: exit 0') or diag($r->{err});
my $j = decode_json($r->{out});
is_deeply($j->{host}{caches_unclear},
	  [ 'L3 (sysfs says 32 MB)', 'L4 (the host reports no L4)' ], 'json: host.caches_unclear');
my $schema = decode_json(do { local (@ARGV, $/) = 'doc/results-schema.json'; <> });
my @e = MiniSchema::validate($schema, $j);
is(scalar @e, 0, 'json: valid against the schema') or diag(join("\n", @e));
$j->{host}{caches_unclear} = [ 'nothing' ];
ok(scalar MiniSchema::validate($schema, $j), 'schema: an entry that names no level is refused');
done_testing();
