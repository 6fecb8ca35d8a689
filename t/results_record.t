#!/usr/bin/perl
# A record line's members (LMResults::record): since RESULTS_FORMAT 7 a
# JSON object, read by LMResults' own reader (json_object) and flattened
# to the keys the reader has always used (ci_lo, the counters at the
# top, counters_missing, at); before it key=value pairs (LMPast::pairs).
# json_object against JSON::PP on the same texts: every record a program
# writes, escapes and nesting, and texts that are no JSON, which both
# refuse.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LMResults;
use JSON::PP;
use Test::More;

my $pp = JSON::PP->new->allow_nonref->boolean_values(0, 1);

my $r = LMResults::record('{"label":"Simple syscall","unit":"microseconds","name":"syscall.null",'
	. '"samples":[0.25,0.3,2.5e-1],"n":3,"ci":{"lo":0.25,"hi":0.3,"level":0.75},"inv":2,"at_s":4.5,'
	. '"counters":{"cpu_share":1.002,"switches":0,"missing":"no PMU"}}');
is_deeply([ @$r{qw(label unit name n ci_lo ci_hi ci_level inv at cpu_share switches counters_missing)} ],
	  [ 'Simple syscall', 'microseconds', 'syscall.null', 3, 0.25, 0.3, 0.75, 2, 4.5, 1.002, 0, 'no PMU' ],
	  'a JSON record: ci, counters and at_s read as the keys of old');
is_deeply($r->{samples}, [ 0.25, 0.3, 0.25 ], 'its samples a list of numbers');
is(ref $r->{record}, 'HASH', 'the object as written kept');
ok(!exists $r->{ci} && !exists $r->{counters} && !exists $r->{at_s}, 'nothing nested left');
is_deeply(LMResults::record('label="Simple syscall" unit=microseconds n=3 samples=1,2,3'),
	  { label => 'Simple syscall', unit => 'microseconds', n => 3, samples => '1,2,3' },
	  'a key=value line (before format 7): its pairs');
is_deeply(LMResults::record('{"label":"x",'), {}, 'a record cut short: nothing');

# What json_object reads, JSON::PP reads alike.
my @texts = (
	'{}', '[]', '{"a":[]}', '{"a":{}}', '{"a":null}', '{"a":true,"b":false}',
	'{"a":"x\"y\\\\z\\/\\b\\f\\n\\r\\t\\u0041\\u00e9"}', '{"a" : [ 1 , -2.5e-3 , 0 ] , "b" : { "c" : -0 } }',
	'{"a":[1,null,3]}', '{"a":[[1],[2,[3]]]}', '{"a":{"b":{"c":{"d":1}}}}', '"x"', '5',
	'{"x":"0.000512","label":"frd","samples":[1e3,1E-3,12.5],"ci":{"lo":1,"hi":2}}',
);
for my $t (@texts) {
	is_deeply(LMResults::json_object($t), $pp->decode($t), "read as JSON::PP reads it: $t");
}
# Every record a program writes: lat_ctx's parts, a series, counters.
my $out = run([ bin('lat_ctx'), '-N', 3, '-s', 0, 2 ], env => { quick_env(), LMBENCH_STATS => 1 });
my @lines = $out->{err} =~ /^#\w+ (\{.*)$/mg;
ok(@lines >= 3, scalar(@lines) . ' records of lat_ctx');
is_deeply([ map { LMResults::json_object($_) } @lines ], [ map { $pp->decode($_) } @lines ],
	  'each read as JSON::PP reads it');
for my $t ('{', '{"a":1,}', '{"a":01}', '{"a":1 "b":2}', '{"a":"\\q"}', '[1,,2]', '{"a":.5}',
	   '{"a":1}x', '{a:1}', '{"a":[1,]}', '{"a":"x', '{"a":1e}', '{"a":nul}',
	   ('[' x 20) . (']' x 20)) {
	is(LMResults::json_object($t), undef, "no JSON, or deeper than a record: $t");
}
done_testing();
