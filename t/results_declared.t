#!/usr/bin/perl
# LMResults takes a value's identity as its program declared it
# (RESULTS_FORMAT 3, doc/results.md "The layout"): name=, better=,
# bytes=, kind= on a #stats line; a #metric line tied to the number of its
# line with its unit; #series lines after a block, each a family of point
# metrics (col=, point= templates), once however often a program repeats
# it; a point's #stats line that declares its series; a line of numbers
# alone named by the declaration after it; a #counters line's missing=
# carried to the #stats lines after it.  The reader adds the placement
# suffix, nothing else; an undeclared value of such a file is other.*.
use strict;
use warnings;
use lib 'scripts/lib';
use lib 't/lib';
use LMResults;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);
sub st {
	my ($label, $v, $keys) = @_;
	$keys = $keys ? " $keys" : '';
	return qq{#stats label="$label" unit=u$keys parallel=1 samples=$v,$v,$v n=3 min=$v q1=$v median=$v q3=$v max=$v ci_lo=$v ci_hi=$v ci_level=0.75};
}
sub metrics_of {
	my ($name, @l) = @_;
	my $f = write_lines("$tmp/$name", '[RESULTS_FORMAT: 3]', @l, '[STATUS: complete]');
	my $run = LMResults::parse($f);
	return (LMResults::metrics($run), $run);
}

my ($m, $run) = metrics_of('scalars',
	'Any label at all: 0.5000 microseconds', st('Any label at all', 0.5, 'name=my.latency better=lower'),
	'Per-core read bandwidth: 900.00 MB/sec',
	'#metric name=numa.per_core_read_bandwidth unit=MB/sec better=higher bytes="bytes read"',
	two_number_lines(),
	'Simple syscall: 0.1000 microseconds',
	'12.345678',
	'#metric name=dram.page_miss unit=nanoseconds better=lower',
	'1000 1234.56',
	st('lat_pmake', 1234.56, 'name=pmake.jobs_2.work_1000 better=lower'),
	'[PLACEMENT: same CPU: 0 0]',
	'Pipe latency: 3.0000 microseconds', st('Pipe latency', 3, 'name=pipe.latency better=lower'),
	'[PLACEMENT: none]');
is($m->{'my.latency'}{value}, 0.5, 'a #stats name=: the name, whatever the label');
is($m->{'my.latency'}{better}, 'lower', 'its direction');
is($m->{'numa.per_core_read_bandwidth'}{bytes}, 'bytes read', '#metric: name and bytes');
is($m->{'tlb.pages'}{value}, 96, 'two numbers on a line: pages by its unit');
ok($m->{'tlb.pages'}{property}, 'kind=property');
is($m->{'tlb.miss'}{value}, 1.5, 'and nanoseconds by its');
is($m->{'cache.memory.parallelism'}{value}, 5.2, 'the parallelism of Memory latency');
is($m->{'cache.memory.parallelism'}{better}, 'higher', 'declared higher');
is($m->{'dram.page_miss'}{value}, 12.345678, 'a number alone, named by the #metric after it');
is($m->{'pmake.jobs_2.work_1000'}{value}, 1234.56, 'a line of numbers, named by its #stats');
ok($m->{'pmake.jobs_2.work_1000'}{stats}, 'with that #stats');
is($m->{'pipe.latency.same_cpu'}{value}, 3, 'the placement suffix, from [PLACEMENT: ]');
ok($m->{'other.simple_syscall'}, 'an undeclared value: other.*');
ok(!$m->{'syscall.null'}, 'not named by the label regexes');
is_deeply($run->{orphan_decls}, [], 'no declaration left over');
is(scalar(grep { /^\s*[\d.]+(?:\s+[\d.]+)*\s*$/ } @{ $run->{unparsed} }), 0,
   'the numbers-alone lines are read, not left unparsed');

($m, $run) = metrics_of('series',
	'"File system latency', "0k\t10\t1000\t2000", "1k\t9\t900\t1800", '',
	'#series name=fs.latency unit=files better=none kind=count x_name=size x_unit=size',
	'#series name=fs.create unit=files/sec better=higher x_name=size x_unit=size col=3',
	'#series name=fs.delete unit=files/sec better=higher x_name=size x_unit=size col=4',
	st('lat_fs create', 1000, 'x=0k'), st('lat_fs delete', 2000, 'x=0k'),
	'"c2c latency', '0 1 60.00', '1 0 58.00', '',
	'#series name=c2c.matrix unit=nanoseconds better=lower x_name=cpu x_unit=cpu y_name=cpu y_unit=cpu col=3 point=c2c.pair.{x}_{y}',
	'"loaded latency rd, 1 loader: MB/s ns', '0 80.000', '5000 95.000', '',
	'#series name=mem.loaded.rd.loaders_1 unit=nanoseconds better=lower x_name=bandwidth x_unit=MB/sec point={name}@{i}',
	'#series name=mem.loaded.rd.loaders_1.bandwidth unit=MB/sec better=none x_name=bandwidth x_unit=MB/sec col=1 point={name}@{i}',
	'"read bandwidth', '0.524288 5000.00', '1.048576 5100.00', '',
	st('io_only', 5000, 'x=0.524288 name=file.reread better=higher bytes="bytes read" x_name=size x_unit=MB'),
	st('io_only', 5100, 'x=1.048576 name=file.reread better=higher bytes="bytes read" x_name=size x_unit=MB'),
	'"Memory read bandwidth', '0.000512 7000.00', '',
	'#series name=bw_mem.frd unit=MB/sec better=higher bytes="bytes read" x_name=size x_unit=MB',
	'#series name=bw_mem.frd unit=MB/sec better=higher bytes="bytes read" x_name=size x_unit=MB',
	'[PLACEMENT: same CPU: 0 0]',
	'"size=0k ovr=0.40', '2 1.00', '',
	'#series name=ctx.size_0k unit=microseconds better=lower x_name=processes x_unit=processes',
	'[PLACEMENT: none]');
is($m->{'fs.latency@0k'}{value}, 10, 'lat_fs: the files of an interval, column 2');
ok($m->{'fs.latency@0k'}{count}, 'kind=count');
is($m->{'fs.create@1k'}{value}, 900, 'col=3: files created per second');
is($m->{'fs.delete@1k'}{value}, 1800, 'col=4: deleted');
is($m->{'fs.create@0k'}{stats}{label}, 'lat_fs create', 'with its own #stats');
is($m->{'c2c.pair.1_0'}{value}, 58, 'a template with {x} and {y}');
is($m->{'mem.loaded.rd.loaders_1@1'}{value}, 95, 'a template with {i}');
is($m->{'mem.loaded.rd.loaders_1.bandwidth@1'}{value}, 5000, 'col=1: x itself');
is($m->{'file.reread@1.048576'}{value}, 5100, 'a point #stats that declares its series');
is($m->{'file.reread@1.048576'}{bytes}, 'bytes read', 'with its bytes');
is($m->{'bw_mem.frd@0.000512'}{value}, 7000, 'a #series line repeated: one family');
ok(!$m->{'bw_mem.frd@0.000512#2'}, 'not two');
is($m->{'ctx.size_0k.same_cpu@2'}{value}, 1, 'a declared series with the placement suffix');
my %s = map { $_->{name} => $_ } @{ $m->{':series'} };
is_deeply([ @{ $s{'c2c.matrix'} }{qw(x_unit y_unit)} ], [ 'cpu', 'cpu' ], 'the series: its units');
is($s{'fs.latency'}{y_unit}, 'files', 'the first family names the series');
is_deeply($run->{orphan_decls}, [], 'no declaration left over');
is_deeply($run->{orphan_stats}, [], 'no #stats left over');

# What a program could not count: said once on a #counters line, carried
# to each #stats line after it until the next one (older files: inline).
($m) = metrics_of('counters',
	'#counters missing="cycles: no PMU"',
	'A: 1.0000 microseconds', st('A', 1, 'name=a better=lower'),
	'B: 2.0000 microseconds', st('B', 2, 'name=b better=lower'),
	'#counters missing=""',
	'C: 3.0000 microseconds', st('C', 3, 'name=c better=lower'),
	'D: 4.0000 microseconds', st('D', 4, 'name=d better=lower counters_missing="off"'));
is($m->{a}{stats}{counters_missing}, 'cycles: no PMU', '#counters: carried to the #stats after it');
is($m->{b}{stats}{counters_missing}, 'cycles: no PMU', 'and to the next');
ok(!defined $m->{c}{stats}{counters_missing}, 'missing="": nothing missing from there on');
is($m->{d}{stats}{counters_missing}, 'off', 'a line\'s own counters_missing= (older files) as it is');

# Since RESULTS_FORMAT 5 a #stats line says what it describes where that
# is not its value (col=, part=); its label no longer does.
sub five {
	my ($name, @l) = @_;
	my $f = write_lines("$tmp/$name", '[RESULTS_FORMAT: 5]', @l, '[STATUS: complete]');
	my $run = LMResults::parse($f);
	return (LMResults::metrics($run), $run);
}
my $five;
($five, $run) = five('five',
	'"File system latency', "0k\t10\t1000\t2000", '',
	'#series name=fs.latency unit=files better=none kind=count x_name=size x_unit=size',
	'#series name=fs.create unit=files/sec better=higher x_name=size x_unit=size col=3',
	'#series name=fs.delete unit=files/sec better=higher x_name=size x_unit=size col=4',
	st('made', 1000, 'x=0k col=3'), st('unmade', 2000, 'x=0k col=4'),
	'"size=0k ovr=0.50', '2 1.50', '',
	'#series name=ctx.size_0k unit=microseconds better=lower x_name=processes x_unit=processes',
	st('over', 0.5, 'part=overhead'), st('ring', 2, 'x=2 part=incl_overhead'));
is($five->{'fs.create@0k'}{stats}{label}, 'made', 'col=3: the third number\'s #stats, whatever its label');
is($five->{'fs.delete@0k'}{stats}{label}, 'unmade', 'col=4: the fourth\'s');
is($five->{'ctx.size_0k@2'}{incl_overhead}{label}, 'ring', 'part=incl_overhead: the ring\'s time with the overhead in');
ok(!$five->{'ctx.size_0k@2'}{stats}, 'not the point\'s own');
my ($ctx) = grep { $_->{name} eq 'ctx.size_0k' } @{ $five->{':series'} };
is($ctx->{overhead_stats}{label}, 'over', 'part=overhead: the series\' overhead');
is_deeply($run->{orphan_stats}, [], 'none left over');
($five) = five('five-labels',
	'"size=0k ovr=0.50', '2 1.50', '',
	'#series name=ctx.size_0k unit=microseconds better=lower x_name=processes x_unit=processes',
	st('procs=2 hand-over incl. overhead', 2, 'x=2'));
is($five->{'ctx.size_0k@2'}{stats}{label}, 'procs=2 hand-over incl. overhead',
	'format 5: a line without part= is its point\'s own, whatever its label says');
done_testing();
