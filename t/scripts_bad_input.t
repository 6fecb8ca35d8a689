#!/usr/bin/perl
# Every report agrees on what a bad input is (scripts/lib/LMInput.pm):
# summary, json, graphs, html, stability, compare and export each refuse an empty,
# binary, truncated or garbage file, and a file with a title and nothing
# else, with exit 2, the file's name and the reason on stderr, and nothing
# on stdout.  A value that is not a number is named.  And compare as a
# gate: a metric missing on one side (a nan included), runs of different
# machines or settings (CPU model, kernel, MB, profile) are refused unless
# asked; only earlier runs of the same machine add their spread; rows in
# order of group and numeric size; a line per group; machine properties
# apart; a verdict category added by a module.
use strict;
use warnings;
use lib 't/lib', 'scripts/lib';
use LmTest;
use LmRun;
use LmScaled;
use LmSynth;
use LMResults;
use Test::More;
use File::Temp qw(tempdir);

# The pair of one-pass runs (the edits below change one line of a value).
my ($v0, $v1) = sort grep { /\.\d+$/ } glob('results/sample/x86_64-linux/vm.*');
plan skip_all => 'no sample pair vm.0, vm.1 in results/sample/x86_64-linux' unless $v0 && $v1;
my $tmp = tempdir(CLEANUP => 1);
sub put {
	my ($name, $text) = @_;
	open(my $fh, '>', "$tmp/$name") or die "$tmp/$name: $!";
	binmode $fh;
	print $fh $text;
	close $fh;
	return "$tmp/$name";
}
my $good = slurp($v0);
my ($title) = $good =~ /\A(.*\n)/;
my %bad = (
	empty => [ put('empty.0', ''), qr/empty file/ ],
	binary => [ put('binary.0', join('', map { chr(($_ * 37) % 256) } 0 .. 4095)), qr/binary data/ ],
	truncated => [ put('cut.0', substr($good, 0, 40000) =~ s/\n[^\n]*\z/\nSimple sysc/r),
		       qr/truncated: its last line \(\d+\) has no newline/ ],
	garbage => [ put('garbage.0', join('', map { "word$_ \"quote 3 4 $_\n" } 1 .. 2000)),
		     qr/not an lmbench results file/ ],
	titled_garbage => [ put('tgarbage.0', $title . join('', map { "x$_ y z\n" } 1 .. 200)),
			    qr/mostly garbage: 200 of 201 lines/ ],
	title_only => [ put('title.0', $title), qr/no results and no end mark/ ],
);
for my $k (sort keys %bad) {
	my ($f, $why) = @{ $bad{$k} };
	for my $cmd ([ 'summary', $f ], [ 'json', $f ], [ 'graphs', '-n', '-o', "$tmp/g", $f ],
		     [ 'html', '-o', "$tmp/h/r.html", $f ], [ 'stability', '-f', $f, $v0 ],
		     [ 'compare', $v0, $f ], [ 'compare', $f, $v0 ], [ 'export', '-f', 'csv', $v0, $f ]) {
		my $r = run([ $^X, "scripts/$cmd->[0]", @$cmd[1 .. $#$cmd] ]);
		my $what = "$cmd->[0] " . ($cmd->[-1] eq $f ? '' : 'with ') . "$k input";
		is($r->{status}, 2, "$what: exit 2");
		like($r->{err}, qr/^\Q$cmd->[0]\E: \Q$f\E: $why/m, "$what: names the file and why");
		is($r->{out}, '', "$what: nothing on stdout");
	}
}
ok(!-e "$tmp/h/r.html", 'html wrote no page for bad input');

# A result that is not a number is named, not dropped.
my $nan = put('nan.1', slurp($v0) =~ s/^Simple syscall: .*$/Simple syscall: nan microseconds/mr);
my $r = run([ $^X, 'scripts/summary', $nan ]);
is($r->{status}, 0, 'a nan value: the summary of the rest');
like($r->{out}, qr/^\Q$nan\E: not a number, left out: line \d+: Simple syscall: nan microseconds$/m,
     'the summary names it');
$r = run([ $^X, 'scripts/json', $nan ]);
like($r->{out}, qr/"unreadable" : \[\s*\{\s*"line" : \d+,\s*"text" : "Simple syscall: nan microseconds"/,
     'the JSON twin names it');

# ---- compare: metrics missing on one side ----------------------------------------------
$nan = put('nan.1', slurp($v0) =~ s/^Simple syscall: .*$/Simple syscall: nan microseconds/mr);
$r = run([ $^X, 'scripts/compare', $v0, $nan ]);
is($r->{status}, 2, 'a nan value: exit 2');
like($r->{err}, qr/^compare:   syscall\.null: not in \Q$nan\E$/m, 'names the metric and the file');
like($r->{err}, qr/\Q$nan\E: line \d+: Simple syscall: nan microseconds: not a number/,
     'and the line that could not be read');
is($r->{out}, '', 'no verdict');
my $less = put('less.0', slurp($v0) =~ s/^Simple (?:stat|fstat):.*\n(?:#stats.*\n)?//mgr);
$r = run([ $^X, 'scripts/compare', $less, $v0 ]);
is($r->{status}, 2, 'metrics on one side only: exit 2');
like($r->{err}, qr/syscall\.fstat: not in \Q$less\E.*syscall\.stat: not in \Q$less\E/s,
     'each missing metric named');
$r = run([ $^X, 'scripts/compare', '--common', $less, $v0 ]);
is($r->{status}, 0, '--common: the rest compared (an unchanged copy: exit 0)') or diag($r->{err});
like($r->{out}, qr/^Not compared \(--common\): 2 metrics missing from some files: syscall\.fstat syscall\.stat$/m,
     '--common: the others listed');
my $same = scaled_copy($v0, "$tmp/same.0", 1);
$r = run([ $^X, 'scripts/compare', $v0, $same ]);
is($r->{status}, 0, 'the same run: exit 0');
like($r->{out}, qr/^Changed: 0 of (\d+) metrics/m, 'a verdict over the metrics');
my ($of) = $r->{out} =~ /^Changed: 0 of (\d+) metrics/m;
ok($of > 1000, "over all of them ($of)");

# ---- compare: one machine and setting ------------------------------------------------------
for my $c ([ 'CPU_MODEL', 'AMD EPYC 9654 96-Core Processor', 'CPU model' ],
	   [ 'RELEASE', '6.1.0-other', 'kernel' ], [ 'MB', '4096', 'MB' ], [ 'PROFILE', 'quick', 'profile' ]) {
	my ($k, $v, $what) = @$c;
	my $o = put("other-$k.0", slurp($v0) =~ s/^\[\Q$k\E: .*\]$/[$k: $v]/mr);
	$r = run([ $^X, 'scripts/compare', $v0, $o ]);
	is($r->{status}, 2, "another $what: refused, exit 2");
	like($r->{err}, qr/^compare:   \Q$what\E: .*\Q$v\E \(other-\Q$k\E\.0\)/m, "another $what: named");
	is($r->{out}, '', "another $what: no verdict");
}
my $amd = put('amd.0', slurp($v0) =~ s/^\[CPU_MODEL: .*\]$/[CPU_MODEL: AMD EPYC 9654 96-Core Processor]/mr);
$r = run([ $^X, 'scripts/compare', '--force', $v0, $amd ]);
is($r->{status}, 0, '--force: compared') or diag($r->{err});
like($r->{out}, qr/^Warning: compared across machines or settings \(--force\): CPU model: /m,
     '--force: and said so');

# Earlier runs add their spread only where they are of the same machine:
# five runs of another CPU beside A and B do not count (metrics measured
# twice a run, whose group has too few residuals in A and B alone, stay
# without a test), the same five of this CPU do (its group's spread
# judges them).
{
	my $proc = sub {
		my ($j) = @_;
		return [ map { my ($n, $v) = @$_; { name => "proc.$n", values => [ $v * (1 + $j), $v * (1 - $j) ] } }
			[ 'exec', 300 ], [ 'fork', 100 ] ];
	};
	my %h;
	for my $cpu ('AMD EPYC 9654 96-Core Processor', $LmSynth::HEADER{CPU_MODEL}) {
		my $dir = "$tmp/hist" . keys %h;
		mkdir $dir or die "$dir: $!";
		my $i = 0;
		synth_run("$dir/h." . $i++, metrics => $proc->($_), header => { CPU_MODEL => $cpu })
			for -0.01, 0.005, 0, 0.01, -0.005;
		my $ha = synth_run("$dir/h." . $i++, metrics => $proc->(0.002));
		my $hb = synth_run("$dir/h." . $i++, metrics => $proc->(-0.003));
		$h{$cpu} = run([ $^X, 'scripts/compare', '-a', $ha, $hb ]);
	}
	my ($other, $same) = @h{ 'AMD EPYC 9654 96-Core Processor', $LmSynth::HEADER{CPU_MODEL} };
	unlike($other->{out}, qr/earlier runs/, 'earlier runs of another CPU: not used');
	like($other->{out}, qr/^proc\.fork\s.*\snoisy\s+floor \S+, no test: 2\+2 invocations/m,
	     'earlier runs of another CPU: a metric whose group has too few residuals has no test');
	like($same->{out}, qr/\(5 earlier runs of the same machine and settings add their spread\)/,
	     'earlier runs of the same CPU: used');
	like($same->{out},
	     qr/^proc\.fork\s.*\s~\s+floor \S+, p=\S+ >= 0\.05 against the spread of proc \(2\+2 invocations\)/m,
	     'earlier runs of the same CPU: its group\'s spread between them judges it');
}

# ---- compare: order, groups, properties ------------------------------------------------------
$r = run([ $^X, 'scripts/compare', '-a', $v0, $v1 ]);
my @names = $r->{out} =~ /^(mem\.random_latency\.stride_16@\S+)\s/mg;
my @x = map { /@(.*)/ ? $1 : 0 } @names;
ok(@x > 10, 'the random curve listed');
is_deeply(\@x, [ sort { $a <=> $b } @x ], 'its points in numeric order of size');
my ($table) = $r->{out} =~ /^metric .*?\n(.*?)\n\nPer group/ms;
my @groups = ($table // '') =~ /^(\w+)[.@]/mg;
my %last;
my $order_ok = 1;
for my $k (0 .. $#groups) {
	$order_ok = 0 if defined $last{ $groups[$k] } && $last{ $groups[$k] } != $k - 1;
	$last{ $groups[$k] } = $k;
}
ok($order_ok, 'the rows of a group together');
like($r->{out}, qr/^group ops\s+\d+ metrics\s+\d+ better\s+\d+ worse\s+\d+ changed\s+\d+ noisy\s+geomean [-+]\d+\.\d%$/m,
     'a line per group with its verdicts and the geometric mean');
# (cache's level sizes are properties too: listed among them)
like($r->{out}, qr/^Machine properties \(not judged\):\n(?:\S+\s+\S+\s+\S+\n)*?tlb\.pages\s+80\.000\s+96\.000$/m,
     'tlb pages listed apart');
unlike($r->{out}, qr/^tlb\.pages\s.*%/m, 'and not judged as a result');

# ---- a verdict category from a module ----------------------------------------------------------
{
	require LMCompare;
	# Two system calls, five invocations a side, both 20% slower on B.
	my $two = sub {
		my ($f) = @_;
		return [ map { { name => $_, values => synth_values(0.1 * $f, 5, [ -0.01, 0.005, 0, 0.01, -0.005 ]) } }
			'syscall.null', 'syscall.read' ];
	};
	my $sa = synth_run("$tmp/cat_a.0", metrics => $two->(1));
	my $sb = synth_run("$tmp/cat_b.0", metrics => $two->(1.2));
	LMCompare::register_category({ name => 'test moved', order => 10, gate => 0,
		about => 'test', test => sub { $_[0]{changed} && $_[0]{name} eq 'syscall.null' } });
	my $c = LMCompare::compare(a => [ LMResults::parse($sa) ], b => [ LMResults::parse($sb) ]);
	my %v = map { $_->{name} => $_->{verdict} } @{ $c->{rows} };
	is($v{'syscall.null'}, 'test moved', 'a registered category names its rows');
	is($v{'syscall.read'}, 'worse', 'the built-in ones the rest');
	ok(!LMCompare::gating('test moved') && LMCompare::gating('worse'), 'each says whether it fails the gate');
}

done_testing();
