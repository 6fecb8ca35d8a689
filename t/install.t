#!/usr/bin/perl
# make install / make uninstall: everything staged under DESTDIR/PREFIX,
# the examples and every C block of doc/guide.md built against the
# installed library with pkg-config and run, the installed suite runs and
# writes results where the user says, and uninstall removes exactly what
# install put.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);
use File::Find;
use Cwd qw(getcwd);

my $top = getcwd();
my $tmp = tempdir(CLEANUP => 1);
my $stage = "$tmp/stage";
my $bindir = bindir();

sub files_under {
	my ($dir) = @_;
	my @f;
	find({ wanted => sub { push @f, $File::Find::name if -f $_ || -l $_ }, no_chdir => 1 }, $dir)
		if -d $dir;
	return sort @f;
}

my $r = run(['make', '-s', 'install', "DESTDIR=$stage", 'PREFIX=/usr', "BINDIR=$bindir"],
	    timeout => 300);
is($r->{status}, 0, 'make install exits 0') or diag($r->{err});
my $u = "$stage/usr";
ok(-x "$u/bin/lmbench-ng", 'the lmbench-ng command');
ok(-x "$u/lib/lmbench-ng/bin/lat_syscall", 'the programs');
ok(-f "$u/share/lmbench-ng/scripts/lmbench" && -f "$u/share/lmbench-ng/scripts/lib/LMResults.pm",
   'the scripts and their modules');
ok(-f "$u/share/lmbench-ng/scripts/lib/LMCompare/HostMoved.pm",
   'compare\'s verdict categories (scripts/lib/LMCompare/)');
# Every sh library a script sources is installed beside it.
my %sourced;
for my $s (grep { -f } glob('scripts/*')) {
	$sourced{$_} = 1 for slurp($s) =~ m{^\s*\. "[^\n]*/lib/([\w.]+\.sh)"}mg;
}
ok(keys %sourced >= 3, 'the sourced sh libraries found: ' . join(' ', sort keys %sourced));
ok(-f "$u/share/lmbench-ng/scripts/lib/$_", "scripts/lib/$_ installed") for sort keys %sourced;
ok(-f "$u/share/lmbench-ng/contrib/ansible/lmbench.yml", 'the fleet playbook');
ok(-f "$u/include/lmbench-ng/bench.h", 'bench.h');
ok(-f "$u/lib/liblmbench-ng.a", 'the harness library');
ok(-f "$u/lib/pkgconfig/lmbench-ng.pc", 'lmbench-ng.pc');
ok(-f "$u/share/man/man8/lat_syscall.8", 'program man pages');
ok(-f "$u/share/man/man3/benchmp.3", 'the API man page');
like(slurp("$u/lib/pkgconfig/lmbench-ng.pc"), qr/^prefix=\/usr$/m, 'pc file names the prefix');
my @installed = files_under($stage);

# Build against the installed library, as a user outside the tree would.
my %pc = (PKG_CONFIG_PATH => "$u/lib/pkgconfig", PKG_CONFIG_SYSROOT_DIR => $stage);
my $have_pc = system('sh', '-c', 'command -v pkg-config >/dev/null') == 0;
SKIP: {
	skip 'pkg-config is not installed', 1 unless $have_pc;
	$r = run(['pkg-config', '--cflags', '--libs', 'lmbench-ng'], env => \%pc);
	like($r->{out}, qr{-I\Q$u\E/include/lmbench-ng .*-llmbench-ng}, 'pkg-config finds it');
}
my $flags = $have_pc ? `env PKG_CONFIG_PATH='$pc{PKG_CONFIG_PATH}' PKG_CONFIG_SYSROOT_DIR='$stage' pkg-config --cflags --libs lmbench-ng`
		     : "-I$u/include/lmbench-ng -L$u/lib -llmbench-ng -lm";
chomp $flags;
my $cc = $ENV{CC} // 'cc';
my @warn = qw(-std=c11 -D_XOPEN_SOURCE=700 -O2 -Wall -Wextra -Werror);

sub build_and_run {
	my ($src, $name, $want) = @_;
	my $exe = "$tmp/$name";
	my $b = run(['sh', '-c', "cd '$tmp' && $cc @warn '$src' $flags -o '$exe'"]);
	is($b->{status}, 0, "$name builds against the installed library") or diag($b->{err});
	my $x = run([$exe], env => { quick_env(), TMPDIR => $tmp });
	is($x->{status}, 0, "$name runs");
	like($x->{err}, $want, "$name prints its result");
}
my $num = number_re();
build_and_run("$top/examples/getppid.c", 'getppid', qr/^getppid: $num microseconds$/m);
build_and_run("$top/examples/convolve.c", 'convolve',
	      qr/^convolve plain.*: $num nanoseconds\nconvolve unrolled.*: $num nanoseconds$/m);
build_and_run("$top/examples/unlink.c", 'unlink', qr/^unlink: $num microseconds$/m);
ok(!glob("$tmp/unlink.*"), 'unlink leaves no directory behind');

# Every C block of the guide compiles against the installed library (a
# block with main() is also linked), so the guide cannot rot.
my @blocks = slurp('doc/guide.md') =~ /^```c\n(.*?)^```$/msg;
ok(@blocks >= 3, 'the guide has C blocks (' . scalar(@blocks) . ')');
my $i = 0;
for my $b (@blocks) {
	$i++;
	my $f = "$tmp/guide$i.c";
	open(my $fh, '>', $f) or die;
	print $fh $b;
	close $fh;
	my $link = $b =~ /\bint\s+main\s*\(/ ? "-o '$tmp/guide$i'" : "-c -o '$tmp/guide$i.o'";
	my $c = run(['sh', '-c', "$cc @warn -Wno-unused-parameter -Wno-unused-function '$f' $link $flags"]);
	is($c->{status}, 0, "guide block $i compiles") or diag("$b\n$c->{err}");
}

# The installed suite runs and writes results under the user's directory.
my $home = "$tmp/home";
mkdir $home or die;
$r = run(["$u/bin/lmbench-ng", 'run', '-d'], timeout => 180,
	 env => { quick_env(), HOME => $home, PROFILE => 'quick', ONLY => 'lat_syscall',
		  LMBENCH_SYSFS_ROOT => "$top/t/sysfs/two-level-l3" });
is($r->{status}, 0, 'installed lmbench-ng run exits 0') or diag($r->{err});
my @res = results_files("$home/lmbench-ng/results");
is(scalar @res, 1, 'one results file under $HOME/lmbench-ng/results');
my $text = slurp($res[0] // '');
like($text, qr/^Simple syscall: $num microseconds$/m, 'with a result in it');
like($text, qr/^\[LMBENCH_VER: lmbench-ng \S+\]$/m, 'and the installed version');
like($text, qr/^\[CHECK: working_set: \w+: /m, 'and its self-checks');
# The build's record is installed beside the programs: the header names
# the flags they were built with.
my ($cflags) = slurp("$bindir/obj/build") =~ /^cflags: ?(.*)$/m;
$cflags //= 'no record in the build';
ok(-f "$u/lib/lmbench-ng/bin/obj/build", 'the build\'s record of its flags installed');
like($text, qr/^\[CFLAGS: \Q$cflags\E\]$/m, 'the installed run\'s header: the build\'s flags');
$r = run(["$u/bin/lmbench-ng", 'summary'], env => { HOME => $home });
like($r->{out}, qr/L M B E N C H/, 'lmbench-ng summary reads it');
$r = run(["$u/bin/lmbench-ng", 'export', '-f', 'csv', $res[0] // '']);
like($r->{out}, qr/\Atime,run_id,host,[^\n]*,syscall\.null(?:,[^\n]*)?\n[^\n]+\n\z/,
     'lmbench-ng export: the run as a CSV row') or diag($r->{err});
$r = run(["$u/bin/lmbench-ng", '--help']);
is($r->{status}, 0, 'lmbench-ng --help exits 0');
like($r->{out}, qr/^Usage: lmbench-ng COMMAND/, 'and prints the usage');
$r = run(["$u/bin/lmbench-ng", 'frobnicate']);
is($r->{status}, 2, 'an unknown command: exit 2');

# Uninstall removes exactly what install put.
$r = run(['make', '-s', 'uninstall', "DESTDIR=$stage", 'PREFIX=/usr', "BINDIR=$bindir"]);
is($r->{status}, 0, 'make uninstall exits 0') or diag($r->{err});
my @left = files_under($stage);
is(scalar @left, 0, 'no installed file is left') or diag(join("\n", @left));
ok(!-d "$u/share/lmbench-ng" && !-d "$u/lib/lmbench-ng" && !-d "$u/include/lmbench-ng",
   'the suite\'s own directories are gone');
ok(scalar @installed > 100, 'install had put ' . scalar(@installed) . ' files');

# make clean keeps the saved answers of make results.
my $cb = "$tmp/cleanbin";
mkdir $cb or die;
mkdir "$cb/obj" or die;
for my $f ("$cb/CONFIG.host", "$cb/obj/x.o", "$cb/lat_x") {
	open(my $fh, '>', $f) or die;
	close $fh;
}
$r = run(['make', '-s', 'clean', "BINDIR=$cb"]);
is($r->{status}, 0, 'make clean exits 0');
ok(-f "$cb/CONFIG.host", 'make clean keeps CONFIG.<host>');
ok(!-e "$cb/obj" && !-e "$cb/lat_x", 'and removes the build');

done_testing();
