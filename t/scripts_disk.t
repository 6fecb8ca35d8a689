#!/usr/bin/perl
# DISKS in a run: the disk group reads each named file (and leaves it as
# it was), its series and seek line land in the results file, under
# disk.<name>.* in the JSON, and in the summary's Disk section; with
# DISKS=none the group does not run and nothing is noted as skipped.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use LmFile;
use Test::More;
use File::Temp qw(tempdir);
use Digest::MD5;
use JSON::PP;
use MiniSchema;

bin('disk');
my $img = data_file(16 << 20);
(my $name = $img) =~ s{.*/}{};
sub md5 { open(my $fh, '<', $_[0]) or die; binmode $fh; Digest::MD5->new->addfile($fh)->hexdigest }
my $sum = md5($img);
my $tmp = tempdir(CLEANUP => 1);
my $cfg = tiny_config($tmp, DISKS => $img);
my %env = (quick_env(), PROFILE => 'quick', ONLY => 'disk');
my $r = run(['sh', 'scripts/lmbench', '-o', "$tmp/r", bindir(), $cfg], timeout => 240,
	    env => \%env);
is($r->{status}, 0, 'run with DISKS: exit 0') or diag($r->{err});
my ($f) = results_files("$tmp/r");
my $text = slurp($f // '');
like($text, qr/^\[DISKS: \Q$img\E\]$/m, 'DISKS recorded');
like($text, qr/^\[GROUP_TIME: disk \d+\.\d at \d+\.\d\]$/m, 'the disk group ran, once');
unlike($text, qr/^\[GROUP_TIME: disk\//m, '... no later invocation (it is not declared again)');
like($text, qr/^"disk \Q$img\E zone bandwidth \(/m, 'zone series in the results');
unlike($text, qr/^\[SKIPPED: DISKS/m, 'not noted as skipped');
unlike($text, qr/^\[FAILED:/m, 'nothing failed');

my $j = decode_json(slurp("$f.json"));
my @e = MiniSchema::validate(decode_json(slurp('doc/results-schema.json')), $j);
is(scalar @e, 0, 'the JSON twin is valid') or diag(join("\n", @e));
my %v = map { $_->{name} => $_ } @{ $j->{values} };
ok(($v{"disk.$name.seek"}{median} // 0) > 0, "disk.$name.seek measured");
is($v{"disk.$name.seek"}{unit}, 'microseconds', 'in microseconds');
my @z = grep { /^disk\.\Q$name\E\.zone_bandwidth\@/ && $v{$_}{median} > 0 } keys %v;
is(scalar @z, 8, 'quick profile: 8 zone figures, each measured');
is($v{ $z[0] }{unit}, 'MB/sec', 'in MB/sec') if @z;
ok((grep { /^disk\.\Q$name\E\.seek_distance\@/ && $v{$_}{median} > 0 } keys %v) >= 3,
   'seek distance figures');
my %s = map { $_->{name} => $_ } @{ $j->{series} };
is($s{"disk.$name.zone_bandwidth"}{x_unit}, 'MB', 'zone series: x in MB');
is(scalar @{ $s{"disk.$name.zone_bandwidth"}{points} // [] }, 8, 'zone series: 8 points');

$r = run([$^X, 'scripts/summary', $f]);
like($r->{out}, qr/^Disk \(DISKS\)/m, 'summary: the Disk section');
like($r->{out}, qr/^\S+\s+\Q$name\E(?:\s+\d[\d.]*){6}\s+(direct|dropped|cached)$/m,
     'with a row of figures for the file');
is(md5($img), $sum, 'the file is unchanged');

# DISKS=none: no disk group, and no Disk section.
$cfg = tiny_config($tmp, DISKS => 'none');
$r = run(['sh', 'scripts/lmbench', '-o', "$tmp/n", bindir(), $cfg], timeout => 240,
	 env => \%env);
is($r->{status}, 0, 'run without DISKS: exit 0') or diag($r->{err});
($f) = results_files("$tmp/n");
$text = slurp($f // '');
unlike($text, qr/GROUP_TIME: disk|^"disk |SKIPPED: DISKS/m, 'no disk group');
$r = run([$^X, 'scripts/summary', $f]);
unlike($r->{out}, qr/^Disk/m, 'summary: no Disk section');
done_testing();
