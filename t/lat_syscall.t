#!/usr/bin/perl
# lat_syscall: every variant prints its label and a plausible value.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my %label = (
	null => 'Simple syscall', getpid => 'Simple getpid',
	read => 'Simple read', write => 'Simple write',
	stat => 'Simple stat', fstat => 'Simple fstat',
	open => 'Simple open/close',
);
for my $v (sort keys %label) {
	my $r = run([bin('lat_syscall'), $v], env => {quick_env()});
	is($r->{status}, 0, "$v: exit 0");
	like($r->{err}, qr/^\Q$label{$v}\E: ($n) microseconds\n\z/, "$v: label");
	my ($x) = $r->{err} =~ /: ($n) micro/;
	ok(defined $x && $x > 0 && $x < 1000, "$v: 0 < value < 1 ms")
		or diag($r->{err});
}

# A named file is used and left alone.
my $r = run([bin('lat_syscall'), 'stat', '/dev/null'], env => {quick_env()});
is($r->{status}, 0, 'stat of a named file');
ok(-e '/dev/null', 'named file still there');

bad_input_ok('lat_syscall', [], 'no argument');
bad_input_ok('lat_syscall', ['bogus'], 'unknown variant');
bad_input_ok('lat_syscall', ['-x', 'null'], 'unknown option');
bad_input_ok('lat_syscall', ['-P', 'abc', 'null'], 'non-numeric -P');
bad_input_ok('lat_syscall', ['-P', '-1', 'null'], 'negative -P');
bad_input_ok('lat_syscall', ['-N', '99999999999999999999', 'null'],
	     'overflowing -N');
bad_input_ok('lat_syscall', ['-W'], 'missing -W value');
bad_input_ok('lat_syscall', ['null', 'extra'], 'extra argument');
bad_input_ok('lat_syscall', ['stat', '/nonexistent/file'], 'missing file');

done_testing();
