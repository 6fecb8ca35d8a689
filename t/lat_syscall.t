#!/usr/bin/perl
# lat_syscall: every variant prints its label and a plausible value.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmOracle;
use Test::More;
use File::Temp qw(tempdir);

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

# The figure against a plain getppid() loop timed here (t/c/oracle):
# the best of three runs each, within 2x (doc/testing.md).
oracle_ok('lat_syscall null', program => [bin('lat_syscall'), 'null'],
	  parse => qr/^Simple syscall: ($n) microseconds$/m,
	  oracle => [bin('t/oracle'), 'syscall'], oparse => qr/^($n)$/,
	  env => {quick_env(), ENOUGH => 500});

# A named file is used (a missing one is refused, below) and left alone:
# there afterwards, the same file, unchanged.
{
	my $dir = tempdir(CLEANUP => 1);
	my $f = "$dir/named";
	open(my $fh, '>', $f) or die "$f: $!";
	print $fh "keep me\n";
	close $fh;
	my @before = (stat $f)[1, 7, 9];
	for my $v (qw(stat open)) {
		my $r = run([bin('lat_syscall'), $v, $f],
			    env => {quick_env(), TMPDIR => $dir});
		is($r->{status}, 0, "$v of a named file") or diag($r->{err});
	}
	is_deeply([(stat $f)[1, 7, 9]], \@before,
		  'named file still there: same inode, size and mtime');
	opendir(my $dh, $dir);
	is_deeply([sort grep { !/^\.\.?$/ } readdir $dh], ['named'],
		  'no other file made beside it');
}

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

# -P: copies run and their samples are pooled.
for my $p (2, 4) {
	my $r2 = run([bin('lat_syscall'), '-P', $p, 'null'], env => {quick_env()});
	is($r2->{status}, 0, "-P $p: exit 0");
	like($r2->{err}, qr/^Simple syscall: $n microseconds\n\z/, "-P $p: result");
}

# Ctrl-C: the temporary file goes, and so do the copies.
for my $p (1, 2) {
	my $dir = tempdir(CLEANUP => 1);
	my $r2 = run([bin('lat_syscall'), '-P', $p, '-N', 100000, 'stat'],
		     env => {quick_env(), TMPDIR => $dir},
		     signal_after => 0.7, signal => 'INT');
	is($r2->{signal}, 2, "-P $p: SIGINT ends it by SIGINT");
	opendir(my $dh, $dir);
	my @left = grep { !/^\.\.?$/ } readdir $dh;
	is_deeply(\@left, [], "-P $p: no temporary file left");
	ok(!kill(0, -$r2->{pid}), "-P $p: no process left");
	unlike($r2->{err}, qr/microseconds/, "-P $p: no half result");
}

done_testing();
