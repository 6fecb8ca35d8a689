#!/usr/bin/perl
# disk on a 64 MB file: the zone and seek-distance series and the seek
# line, each figure a positive median with its #stats; how it read
# (O_DIRECT, the page cache dropped, or included) said in every title;
# the file's bytes and mtime untouched by every run; -w and bad input
# refused; -h; an interrupt leaves nothing behind.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmFile;
use Test::More;
use Digest::MD5;
use File::Temp qw(tempdir);
use Time::HiRes ();

my $n = number_re();
my $img = data_file(64 << 20);
sub fingerprint {
	open(my $fh, '<', $img) or die "$img: $!";
	binmode $fh;
	my @st = Time::HiRes::stat($img);
	return join(' ', Digest::MD5->new->addfile($fh)->hexdigest, $st[7], $st[9]);
}
my $before = fingerprint();

# Parse one run's output: the two series, the seek line, and whether
# every figure is followed by its #stats line with that median.
sub parse_out {
	my ($err) = @_;
	my %o = (zones => [], dist => []);
	my $cur;
	# What the counters miss (said once, before the first #stats line).
	my @lines = grep { !/^#counters / } split /\n/, $err;
	for my $i (0 .. $#lines) {
		my $l = $lines[$i];
		if ($l =~ /^"disk \Q$img\E zone bandwidth \(([^)]*), (\d+)-byte reads\)$/) {
			($o{zmode}, $o{zsize}, $cur) = ($1, $2, 'zones');
		} elsif ($l =~ /^"disk \Q$img\E seek by distance \(([^)]*), 4096-byte reads\)$/) {
			($o{dmode}, $cur) = ($1, 'dist');
		} elsif ($l eq '') {
			$cur = undef;
		} elsif ($cur && $l =~ /^($n) ($n)$/) {
			push @{ $o{$cur} }, [ $1, $2, $lines[$i + 1] // '' ];
		} elsif ($l =~ /^disk \Q$img\E seek \(([^)]*)\): ($n) microseconds$/) {
			($o{smode}, $o{seek}, $o{seek_stats}) = ($1, $2, $lines[$i + 1] // '');
		} elsif ($l =~ /^#series \{"name":"([^"]+)"/) {
			push @{ $o{series} }, $1;
		} elsif ($l !~ /^#stats /) {
			push @{ $o{other} }, $l;
		}
	}
	return \%o;
}
# The #stats record after a figure: n samples, and its median is the figure.
sub stats_ok {
	my ($stats, $value, $samples, $what) = @_;
	my ($st) = records($stats);
	my ($count, $med) = $st ? @$st{qw(n median)} : ();
	is($count, $samples, "$what: $samples samples");
	ok(defined $med && $med > 0 && abs($med - $value) <= 0.005 + $med * 1e-5,
	   "$what: a positive median, the one printed");
}

my %env = (quick_env(), LMBENCH_STATS => 1);
my $r = run([bin('disk'), $img], env => \%env, timeout => 120);
is($r->{status}, 0, 'default run: exit 0') or diag($r->{err});
my $o = parse_out($r->{err});
like($o->{zmode} // '', qr/^(O_DIRECT|page cache dropped|page cache included)/,
     'zone title says how it read');
is($o->{dmode}, $o->{zmode}, 'the seek series says the same');
is($o->{smode}, $o->{zmode}, 'and the seek line');
is($o->{zsize}, 4194304, '4 MB per zone sample');
is(scalar @{ $o->{zones} }, 16, '16 zones');
my @x = map { $_->[0] } @{ $o->{zones} };
is_deeply(\@x, [ map { sprintf('%.6f', $_ * 4.194304) } 0 .. 15 ],
	  'zone offsets in MB, evenly spaced from 0');
stats_ok($_->[2], $_->[1], 5, "zone $_->[0]") for @{ $o->{zones} };
is_deeply([ map { $_->[0] } @{ $o->{dist} } ],
	  [ '0.065536', '0.524288', '4.194304', '33.554432' ],
	  'seek distances 64K x 8^k within the file');
stats_ok($_->[2], $_->[1], 32, "seek distance $_->[0]") for @{ $o->{dist} };
ok(defined $o->{seek}, 'the seek line');
stats_ok($o->{seek_stats}, $o->{seek} // -1, 32, 'seek');
is_deeply($o->{series}, [ 'disk.data.zone_bandwidth', 'disk.data.seek_distance' ],
	  'the two series declared, named by the file');
is_deeply($o->{other} // [], [], 'nothing else printed');
is($r->{out}, '', 'nothing on stdout');

# Through the page cache (-B): dropped, or said to be included.
$r = run([bin('disk'), '-B', '-z', 4, '-s', '1M', '-N', 3, '-n', 8, $img],
	 env => \%env, timeout => 120);
is($r->{status}, 0, '-B: exit 0') or diag($r->{err});
$o = parse_out($r->{err});
like($o->{zmode} // '', qr/^page cache (dropped|included)/, '-B: no O_DIRECT, and says so');
is(scalar @{ $o->{zones} }, 4, '-z 4: 4 zones');
is($o->{zsize}, 1048576, '-s 1M');
stats_ok($_->[2], $_->[1], 3, "-N 3 zone $_->[0]") for @{ $o->{zones} };
stats_ok($o->{seek_stats}, $o->{seek} // -1, 8, '-n 8 seek');
for (@{ $o->{other} // [] }) {
	like($_, qr/^disk: \Q$img\E: \d+ of \d+ \w+( \w+)? reads found pages still cached/,
	     "-B: a cache note, nothing else: $_");
}

# A tmpfs file lives in the page cache: with -B or without, it says so.
SKIP: {
	my $fs = `stat -f -c %T /dev/shm 2>/dev/null` // '';
	skip 'no tmpfs at /dev/shm', 4 unless $fs =~ /^tmpfs/ && -w '/dev/shm';
	my $d = tempdir(DIR => '/dev/shm', CLEANUP => 1);
	open(my $fh, '>', "$d/img") or die;
	print $fh "x" x (1 << 20);
	close $fh;
	$r = run([bin('disk'), '-B', '-z', 2, '-N', 1, '-n', 2, "$d/img"], env => \%env);
	is($r->{status}, 0, 'tmpfs -B: exit 0') or diag($r->{err});
	like($r->{err}, qr/^"disk \Q$d\E\/img zone bandwidth \(page cache included,/m,
	     'tmpfs -B: the figures are said to include the page cache');
	$r = run([bin('disk'), '-z', 2, '-N', 1, '-n', 2, "$d/img"], env => \%env);
	is($r->{status}, 0, 'tmpfs: exit 0') or diag($r->{err});
	like($r->{err}, qr/^disk \Q$d\E\/img seek \(page cache included\): /m,
	     'tmpfs: even where O_DIRECT is taken, the page cache is said to be included');
}

# Read-only: refused, and nothing changed by any run.
refused_ok('disk', ['-w', $img], qr/-w: .*only reads/, '-w refused');
my $tmp = tempdir(CLEANUP => 1);
open(my $fh, '>', "$tmp/small") or die;
print $fh "abc";
close $fh;
refused_ok('disk', ['/nonexistent/disk.img'], qr/No such file/, 'missing file');
refused_ok('disk', [$tmp], qr/not a block device or regular file/, 'a directory')
	if $^O eq 'linux';
refused_ok('disk', ['/dev/null'], qr/not a block device or regular file/,
	   'a character device') if $^O eq 'linux';
refused_ok('disk', ["$tmp/small"], qr/too small/, 'a 3-byte file');
refused_ok('disk', ['-z', 0, $img], qr/-z 0/, 'no zones');
refused_ok('disk', ['-z', 'x', $img], qr/-z x/, 'junk zones');
refused_ok('disk', ['-s', 1000, $img], qr/multiple of 4096/, 'unaligned size');
refused_ok('disk', ['-s', '1x', $img], qr/-s 1x/, 'junk size');
refused_ok('disk', ['-n', 0, $img], qr/-n 0/, 'no seeks');
refused_ok('disk', ['-z', 4096, '-s', '1M', $img], qr/less than 4096 zones/,
	   'zones that do not fit');
bad_input_ok('disk', [], 'no argument');
bad_input_ok('disk', [$img, $img], 'two targets');
bad_input_ok('disk', ['-P', 2, $img], 'no parallel copies');
bad_input_ok('disk', ['-q', $img], 'unknown option');

$r = run([bin('disk'), '--help']);
is($r->{status}, 0, '--help: exit 0');
like($r->{out}, qr/^Usage: disk /, '--help: the usage line on stdout');
like($r->{out}, qr/^\s+-\Q$_\E\b/m, "--help: a line for -$_") for qw(B z s n W N);
$r = run([bin('disk'), '-h']);
is($r->{status}, 0, '-h: exit 0');

# An interrupt: no process and no file left, no half result.
my $quiet = tempdir(CLEANUP => 1);
$r = run([bin('disk'), '-N', 100000, '-n', 100000, $img],
	 env => { %env, TMPDIR => $quiet }, signal_after => 0.5, signal => 'INT');
is($r->{signal}, 2, 'SIGINT ends it by SIGINT');
ok(!kill(0, -$r->{pid}), 'SIGINT leaves no process');
opendir(my $dh, $quiet) or die;
is_deeply([ grep { !/^\.\.?$/ } readdir $dh ], [], 'SIGINT leaves no file');
unlike($r->{err}, qr/microseconds/, 'SIGINT: no seek figure');

is(fingerprint(), $before, "the file's bytes, size and mtime are unchanged");
done_testing();
