#!/usr/bin/perl
# Every report agrees on what a bad input is (scripts/lib/LMInput.pm):
# summary, json, graphs, html, stability, compare and export each refuse an empty,
# binary, truncated or garbage file, and a file with a title and nothing
# else, with exit 2, the file's name and the reason on stderr, and nothing
# on stdout.  A value that is not a number is named.  And compare as a
# gate: a metric missing on one side (a nan included), runs of different
# machines or settings (CPU model, kernel, MB, profile) are refused unless
# asked; floors are learned only from runs of the same machine; rows in
# order of group and numeric size; a line per group; machine properties
# apart; a verdict category added by a module.
use strict;
use warnings;
use lib 't/lib', 'scripts/lib';
use LmTest;
use LmRun;
use LmScaled;
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

# Floors are learned from earlier runs of the same machine only: five
# copies of another CPU's run beside A and B do not count.
my $hist = "$tmp/hist";
mkdir $hist or die;
my $i = 0;
for my $f (1.00, 1.01, 0.99, 1.005, 0.995) {
	my $c = scaled_copy($v0, "$hist/vm.$i", $f);
	put("x", slurp($c) =~ s/^\[CPU_MODEL: .*\]$/[CPU_MODEL: AMD EPYC 9654 96-Core Processor]/mr);
	rename("$tmp/x", "$hist/vm." . $i++) or die;
}
my $ha = scaled_copy($v0, "$hist/vm.$i", 1);
my $hb = scaled_copy($v0, "$hist/vm." . ($i + 1), 1.001);
$r = run([ $^X, 'scripts/compare', $ha, $hb ]);
like($r->{out}, qr/the default for its kind \(0 earlier runs of the same machine and settings found, 5 needed/,
     'earlier runs of another CPU are not learned from');
like(slurp('doc/results.md'), qr/when 5 or more of them hold the metric/, 'the docs say 5, as the message');

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
like($r->{out}, qr/^group ops\s+\d+ metrics\s+\d+ better\s+\d+ worse\s+\d+ changed\s+geomean [-+]\d+\.\d%$/m,
     'a line per group with the geometric mean');
like($r->{out}, qr/^Machine properties \(not judged\):\ntlb\.pages\s+80\.000\s+96\.000$/m,
     'tlb pages listed apart');
unlike($r->{out}, qr/^tlb\.pages\s.*%/m, 'and not judged as a result');

# ---- a verdict category from a module ----------------------------------------------------------
{
	require LMCompare;
	my $planted = scaled_copy($v0, "$tmp/planted.0", { 'ops.integer.add' => 1.2, 'ops.integer.mul' => 1.2 });
	LMCompare::register_category({ name => 'host moved', order => 10, gate => 0,
		about => 'test', test => sub { $_[0]{changed} && $_[0]{name} eq 'ops.integer.add' } });
	my $c = LMCompare::compare(a => [ LMResults::parse($v0) ], b => [ LMResults::parse($planted) ]);
	my %v = map { $_->{name} => $_->{verdict} } @{ $c->{rows} };
	is($v{'ops.integer.add'}, 'host moved', 'a registered category names its rows');
	is($v{'ops.integer.mul'}, 'worse', 'the built-in ones the rest');
	ok(!LMCompare::gating('host moved') && LMCompare::gating('worse'), 'each says whether it fails the gate');
}

done_testing();
