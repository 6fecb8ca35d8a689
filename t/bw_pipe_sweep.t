#!/usr/bin/perl
# scripts/bw_pipe_sweep: the 4 KB .. 128 MB table, and bad input.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $n = number_re();
my @cmd = ('sh', 'scripts/bw_pipe_sweep', '-b', bindir());
my $r = run([@cmd, '-N', '1'], env => {quick_env()});
is($r->{status}, 0, 'exit 0') or diag($r->{err});
my @l = split /\n/, $r->{err}, -1;
like($l[0], qr/^"Pipe bandwidth by block size/, 'title line');
my @kb = map { 4 * 2**$_ } 0 .. 15;
for my $i (0 .. $#kb) {
	my ($size, $v) = ($l[$i + 1] // '') =~ /^(\d+) ($n)$/;
	ok(defined $v && $size == $kb[$i] && $v > 0, "$kb[$i] KB line")
		or diag($l[$i + 1]);
}
is($l[17], '', 'blank line after the series');
is($r->{out}, '', 'nothing on stdout');

$r = run([@cmd, '-m', '4k'], env => {quick_env()});
is($r->{status}, 2, '-m refused');
$r = run([@cmd, '-x'], env => {quick_env()});
is($r->{status}, 2, 'bad bw_pipe option: exit 2');
like($r->{err}, qr/Usage: bw_pipe/, '... with bw_pipe usage');
$r = run(['sh', 'scripts/bw_pipe_sweep', '-b', '/nonexistent']);
is($r->{status}, 1, 'missing binary: exit 1');
done_testing();
