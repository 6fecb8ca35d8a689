#!/usr/bin/perl
# LMResults reads both layouts of a results file to the same metrics: the
# older one (#stats lines inside series blocks, lat_fs's create #stats
# before its line, bw_mem's bcopy titles the other way round) and
# lmbench3's (RESULTS_FORMAT 2: blocks of "x y" lines only, each point's
# #stats after the block with x=, titles lmbench3 writes without a quote,
# bw_tcp's points ending "MB/sec", the second pass behind "#+").  A #stats
# key it does not know is kept, and a #stats line tied to no point is an
# orphan, never attached elsewhere.  A file without declarations reads
# as the same results declared as the programs declare them today.
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
	my ($label, $v, %k) = @_;
	my $extra = join '', map { " $_=$k{$_}" } sort keys %k;
	return qq{#stats label="$label" unit=u parallel=1$extra samples=$v,$v,$v n=3 min=$v q1=$v median=$v q3=$v max=$v ci_lo=$v ci_hi=$v ci_level=0.75};
}
sub file {
	my ($name, @l) = @_;
	return write_lines("$tmp/$name", @l);
}

my $old = file('old',
	'[PASSES: 2]',
	'Simple syscall: 0.5000 microseconds', st('Simple syscall', 0.5),
	'"size=0k ovr=0.40', st('overhead per hand-over', 0.4),
	'2 1.00', st('procs=2 hand-over incl. overhead', 1.4),
	'8 2.00', st('procs=8 hand-over incl. overhead', 2.4), '',
	'"File system latency', st('lat_fs create', 1000),
	"0k\t10\t1000\t2000", st('lat_fs delete', 2000),
	st('lat_fs create', 900), "1k\t9\t900\t1800", st('lat_fs delete', 1800), '',
	'"Socket bandwidth using localhost',
	'0.000064 100.00', st('bw_tcp', 100), '10.485760 900.00', st('bw_tcp', 900), '',
	'"libc bcopy aligned', '0.000512 5000.00', st('bcopy', 5000), '',
	'"libc bcopy unaligned', '0.000512 4000.00', st('bcopy conflict', 4000), '',
	'"Memory read bandwidth', '0.000512 7000.00', st('frd', 7000), '',
	'"Memory parallelism', '0.000512 3.00', st('par_mem', 3), '',
	'"Memory load latency', '"stride=128', '0.00049 1.500', st('lat_mem_rd', 1.5),
	'0.00098 1.600', st('lat_mem_rd', 1.6), '',
	'"Random load latency', '"stride=16', '0.00049 2.500', st('lat_mem_rd', 2.5), '',
	'[PASS: 2]',
	'Simple syscall: 0.4000 microseconds', st('Simple syscall', 0.4),
	'"size=0k ovr=0.40', st('overhead per hand-over', 0.4),
	'2 0.90', st('procs=2 hand-over incl. overhead', 1.3), '',
	'[STATUS: complete]');
my $new = file('new',
	'[RESULTS_FORMAT: 2]',
	'[PASSES: 2]',
	'Simple syscall: 0.5000 microseconds', st('Simple syscall', 0.5),
	'"size=0k ovr=0.40', '2 1.00', '8 2.00', '',
	st('overhead per hand-over', 0.4), st('procs=2 hand-over incl. overhead', 1.4, x => 2),
	st('procs=8 hand-over incl. overhead', 2.4, x => 8), '',
	'"File system latency', "0k\t10\t1000\t2000", "1k\t9\t900\t1800", '',
	st('lat_fs create', 1000, x => '0k'), st('lat_fs delete', 2000, x => '0k'),
	st('lat_fs create', 900, x => '1k'), st('lat_fs delete', 1800, x => '1k'),
	'Socket bandwidth using localhost',
	'0.000064 100.00 MB/sec', '10.485760 900.00 MB/sec', '',
	st('bw_tcp', 100, x => '0.000064'), st('bw_tcp', 900, x => '10.485760'),
	'"libc bcopy unaligned', '0.000512 5000.00', '', st('bcopy', 5000, x => '0.000512'),
	'"libc bcopy aligned', '0.000512 4000.00', '', st('bcopy conflict', 4000, x => '0.000512'),
	'Memory read bandwidth', '0.000512 7000.00', '', st('frd', 7000, x => '0.000512'),
	'Memory load parallelism', '0.000512 3.00', '', st('par_mem', 3, x => '0.000512'),
	'Memory load latency', '"stride=128', '0.00049 1.500', '0.00098 1.600', '',
	st('lat_mem_rd', 1.5, x => '0.00049'), st('lat_mem_rd', 1.6, x => '0.00098'),
	'Random load latency', '"stride=16', '0.00049 2.500', '',
	st('lat_mem_rd', 2.5, x => '0.00049'),
	'[PASS: 2]',
	'#+ Simple syscall: 0.4000 microseconds', st('Simple syscall', 0.4),
	'#+ "size=0k ovr=0.40', '#+ 2 0.90', '#+',
	st('overhead per hand-over', 0.4), st('procs=2 hand-over incl. overhead', 1.3, x => 2),
	'[STATUS: complete]');

# What a metric is, stats and all: the parts both layouts must agree on.
sub digest {
	my ($path) = @_;
	my $run = LMResults::parse($path);
	my $m = LMResults::metrics($run);
	my %d;
	for my $n (grep { !/^:/ } keys %$m) {
		my $r = $m->{$n};
		$d{$n} = join ' ', $r->{value}, $r->{unit} // '',
			map { defined $_ ? $_->{median} : '-' }
			$r->{stats}, $r->{incl_overhead};
	}
	for my $s (@{ $m->{':series'} }) {
		$d{"series $s->{name}"} = join ' ', scalar @{ $s->{points} },
			$s->{overhead_stats} ? $s->{overhead_stats}{median} : '-';
	}
	return (\%d, $run);
}
my ($d_old, $r_old) = digest($old);
my ($d_new, $r_new) = digest($new);
is_deeply($d_new, $d_old, 'the same metrics, values, units and #stats from both layouts');
is(scalar @{ $r_new->{orphan_stats} }, 0, 'new layout: every #stats line attached')
	or diag(explain($r_new->{orphan_stats}));
is(scalar @{ $r_old->{orphan_stats} }, 0, 'old layout: every #stats line attached');
is_deeply($r_new->{unparsed}, [], 'new layout: no line left unread');
ok($d_new->{'bw_mem.bcopy@0.000512'} =~ /^5000 /, 'lmbench3\'s "libc bcopy unaligned" is plain bcopy');
ok($d_new->{'bw_mem.bcopy_conflict@0.000512'} =~ /^4000 /, 'and "libc bcopy aligned" bcopy conflict');
ok($d_new->{'net.local.tcp_bandwidth@10.485760'} =~ /^900 MB\/sec 900 /,
   'a socket bandwidth point ending "MB/sec", with its #stats');
ok($d_new->{'fs.create@1k'} =~ /^900 files\/sec 900 /, 'lat_fs create: tied by x');
ok($d_new->{'fs.delete@1k'} =~ /^1800 files\/sec 1800 /, 'lat_fs delete: tied by x');
ok($d_new->{'ctx.size_0k@2'} =~ / - 1.3$/, 'the second pass, behind "#+", read as a pass: its 2p better');
ok($d_new->{'mem.random_latency.stride_16@0.00049'}, 'a plain "Random load latency" heads its stride');
ok($d_new->{'mem.parallelism@0.000512'}, '"Memory load parallelism" is mem.parallelism');
is($d_new->{'syscall.null'}, '0.4 microseconds 0.4 -', 'the better pass of a scalar');

# Keys of #stats lines not known today (other issues add them) are kept.
my $f = file('keys', '[RESULTS_FORMAT: 2]', 'Memory read bandwidth', '0.5 10.00', '',
	st('frd', 10, x => '0.5', name => 'bw_mem.frd', better => 'higher', 'cpu' => 3));
my $m = LMResults::metrics(LMResults::parse($f));
is($m->{'bw_mem.frd@0.5'}{stats}{better}, 'higher', 'an unknown #stats key kept');
is($m->{'bw_mem.frd@0.5'}{stats}{median}, 10, 'and the line still attached');

# A #stats line whose x is no point of the block is an orphan.
$f = file('orphan', '[RESULTS_FORMAT: 2]', 'Memory read bandwidth', '0.5 10.00', '',
	st('frd', 10, x => '0.7'));
my $run = LMResults::parse($f);
is(scalar @{ $run->{orphan_stats} }, 1, 'a #stats line for no point: an orphan');
ok(!LMResults::metrics($run)->{'bw_mem.frd@0.5'}{stats}, 'not attached to another point');

# Offsets of values behind "#+" are in the file's line, prefix included.
$run = LMResults::parse($new);
my ($v2) = grep { ($_->{pass} // 0) == 2 } @{ $run->{values} };
my @lines = split /\n/, do { local (@ARGV, $/) = $new; <> };
is(substr($lines[ $v2->{line} - 1 ], $v2->{at}, 6), '0.4000', 'a "#+" value\'s offset in its line');

# The past read as the present: the same results written without
# declarations (before RESULTS_FORMAT 3, LMPast names them) and with
# them as the programs declare today read to the same metrics.
my @body = ('Simple syscall: 0.1000 microseconds',
	'tlb: 96 pages 1.50000 nanoseconds',
	'Memory latency: 90.00 nanoseconds 5.20 parallelism',
	'"c2c latency', '0 1 45.5', '1 0 46', '',
	'"File system latency', "0k\t238\t221160\t586636", '',
	'"loaded latency rd, 1 loader: MB/s ns', '0 191.6', '369 197.2', '',
	'"numa latency', '0 0 80.5', '0 1', '');
my @decl = ('Simple syscall: 0.1000 microseconds',
	st('Simple syscall', 0.1, name => 'syscall.null', better => 'lower') =~ s/unit=u/unit=microseconds/r,
	two_number_lines(),
	'"c2c latency', '0 1 45.5', '1 0 46', '',
	'#series name=c2c.matrix unit=nanoseconds better=lower x_name=cpu x_unit=cpu y_name=cpu y_unit=cpu col=3 point=c2c.pair.{x}_{y}',
	'"File system latency', "0k\t238\t221160\t586636", '',
	'#series name=fs.latency unit=files better=none kind=count x_name=size x_unit=size',
	'#series name=fs.create unit=files/sec better=higher x_name=size x_unit=size col=3',
	'#series name=fs.delete unit=files/sec better=higher x_name=size x_unit=size col=4',
	'"loaded latency rd, 1 loader: MB/s ns', '0 191.6', '369 197.2', '',
	'#series name=mem.loaded.rd.loaders_1 unit=nanoseconds better=lower x_name=bandwidth x_unit=MB/sec point={name}@{i}',
	'#series name=mem.loaded.rd.loaders_1.bandwidth unit=MB/sec better=none x_name=bandwidth x_unit=MB/sec col=1 point={name}@{i}',
	'"numa latency', '0 0 80.5', '0 1', '',
	'#series name=numa.latency unit=nanoseconds better=lower x_name=node x_unit=node y_name=node y_unit=node col=3 point={name}.{x}_{y}');
my $past = LMResults::metrics(LMResults::parse(file('past', @body, '[STATUS: complete]')));
my $now = LMResults::metrics(LMResults::parse(file('now', '[RESULTS_FORMAT: 4]', @decl, '[STATUS: complete]')));
my $view = sub {
	my ($m) = @_;
	return { map { my $v = $m->{$_}; ($_ => join '|', map { $v->{$_} // '-' }
		qw(value unit better bytes property count label)) } grep { !/^:/ } keys %$m };
};
is_deeply($view->($past), $view->($now),
	'the past, named by LMPast, reads as the same results declared today');
is(scalar(grep { !/^:/ } keys %$past), 15, "all 15 of them");
ok(!grep({ $past->{$_}{declared} } grep { !/^:/ } keys %$past), 'none of the past called declared');
is_deeply([ map { "$_->{name} $_->{x_unit} $_->{y_unit}" } @{ $past->{':series'} } ],
	[ map { "$_->{name} $_->{x_unit} $_->{y_unit}" } @{ $now->{':series'} } ], 'and the same series');
done_testing();
