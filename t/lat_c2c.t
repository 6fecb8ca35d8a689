#!/usr/bin/perl
# lat_c2c on this machine: an n x n matrix with the diagonal marked, a
# finite positive figure for every pair, a line per kind of pair, the
# series of all pairs; its helpers gone after a run and after SIGINT.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use IpcTest;
use IpcPrograms;
use Test::More;

chomp(my $n = `getconf _NPROCESSORS_ONLN`);
plan skip_all => 'one CPU online: no pair to measure' if $n < 2;
my $cpus = $n > 4 ? '0-3' : "0-" . ($n - 1);
my $k = $n > 4 ? 4 : $n;
my $num = number_re();

my $r = probe([bin('lat_c2c'), '-c', $cpus], env => { quick_env() });
is($r->{status}, 0, 'exit 0') or diag($r->{err});
ok(!$r->{procs_left}, 'no helper left');
my @lines = split /\n/, $r->{err};
like($lines[0] // '', qr/^# core-to-core latency .*rows: initiating CPU, columns: responding CPU\)$/,
     'matrix title');
like($lines[1] // '', qr/^\s+0\s+1/, 'column header');
my @rows = grep { /^\s+\d+(\s+(-|$num))+$/ } @lines[2 .. $#lines];
is(scalar @rows, $k, "$k rows");
my $diag_ok = 1;
for my $i (0 .. $#rows) {
	my @f = split ' ', $rows[$i];
	shift @f;
	$diag_ok &&= $f[$i] eq '-' && (grep { $_ ne '-' && $_ > 0 } @f) == $k - 1;
}
ok($diag_ok, 'diagonal marked "-", every other cell positive');
# Kinds only for a stable matrix (t/c2c_stability.t checks the rest).
if ($r->{err} =~ /^c2c stability: stable: /m) {
	like($r->{err}, qr/^c2c [a-zA-Z ,]+: $num nanoseconds$/m, 'a line per kind of pair');
} else {
	unlike($r->{err}, qr/^c2c [a-zA-Z ,]+: $num nanoseconds$/m, 'not stable: no kind of pair');
}
my @series = $r->{err} =~ /^(\d+ \d+ $num)$/mg;
is(scalar @series, $k * ($k - 1), 'series: every ordered pair');

cleanup_ok('lat_c2c', ['-c', $cpus], groups => [0, 1], procs => 1 + $k, enough => 400000);
done_testing();
