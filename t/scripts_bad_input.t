#!/usr/bin/perl
# Every report agrees on what a bad input is (scripts/lib/LMInput.pm):
# summary, json, graphs, html, stability and compare each refuse an empty,
# binary, truncated or garbage file, and a file with a title and nothing
# else, with exit 2, the file's name and the reason on stderr, and nothing
# on stdout.  A value that is not a number is named.
use strict;
use warnings;
use lib 't/lib', 'scripts/lib';
use LmTest;
use LmRun;
use LMResults;
use Test::More;
use File::Temp qw(tempdir);

my ($v0, $v1) = sort grep { /\.\d+$/ } glob('results/sample/*/vm.*');
plan skip_all => 'no sample pair vm.0, vm.1 in results/sample' unless $v0 && $v1;
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
		     [ 'compare', $v0, $f ], [ 'compare', $f, $v0 ]) {
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

done_testing();
