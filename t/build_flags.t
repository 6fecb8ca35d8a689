#!/usr/bin/perl
# The build's record of its flags (Makefile: $(OBJDIR)/flags and build):
# make writes what it built with, builds nothing again for the same
# compiler and flags (warnings apart), rebuilds for other flags and says
# so; the run's header takes its [COMPILER: ] and [CFLAGS: ] from that
# record, not from the environment of the run.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);
my $b = "$tmp/bin";
my $obj = "$b/obj/hello.o";

# make BINDIR=<tmp> <tmp>/obj/hello.o with these variables (CFLAGS -g
# unless given, whatever the environment's): whether hello.o was
# compiled, and the build record after.  The make that runs the tests
# (make -s test) does not pass its flags on.
sub build {
	my (@vars) = @_;
	unshift @vars, 'CFLAGS=-g' unless grep { /^CFLAGS=/ } @vars;
	my $r = run(['make', "BINDIR=$b", @vars, $obj], timeout => 300,
		    env => { MAKEFLAGS => '', MFLAGS => '', MAKELEVEL => '' });
	is($r->{status}, 0, "make @vars hello.o: exit 0") or diag($r->{err});
	my $compiled = grep { /-c -o \Q$obj\E / } split /\n/, $r->{out};
	my %rec = map { /^(\w+): ?(.*)$/ ? ($1, $2) : () } split /\n/, slurp("$b/obj/build");
	return ($compiled, \%rec);
}

my ($c, $rec) = build('OPT=-O2');
is($c, 1, 'a first build compiles');
is($rec->{cflags}, '-O2 -g', 'the record: OPT and CFLAGS as built');
like($rec->{compiler} // '', qr/\S/, 'the record: the compiler\'s --version line');
($c) = build('OPT=-O2');
is($c, 0, 'the same flags again: nothing compiled');
($c) = build('OPT=-O2', 'WERROR=1');
is($c, 0, 'warnings as errors change no code: nothing compiled');
($c, $rec) = build('OPT=-O1');
is($c, 1, 'other flags: compiled again');
is($rec->{cflags}, '-O1 -g', 'the record says the new flags');
($c, $rec) = build('OPT=-O1', 'CFLAGS=-g -DLMBENCH_TEST_FLAG');
is($c, 1, 'other CFLAGS: compiled again');
is($rec->{cflags}, '-O1 -g -DLMBENCH_TEST_FLAG', '... and recorded');

# The run's header takes the record, whatever CC, OPT and CFLAGS its
# environment says.
my $bindir = bindir();
SKIP: {
	skip "no build record in $bindir (built before it)", 2 unless -f "$bindir/obj/build";
	my %own = map { /^(\w+): ?(.*)$/ ? ($1, $2) : () } split /\n/, slurp("$bindir/obj/build");
	my $r = run(['sh', 'scripts/lmbench', '-o', "$tmp/out", $bindir, tiny_config($tmp)],
		    env => { quick_env(), ONLY => 'lat_syscall', PROFILE => 'quick', DRIFT => 0,
		    CC => 'no-such-cc', OPT => '-O9', CFLAGS => '-DNOT_THE_BUILD' });
	my ($file) = results_files("$tmp/out");
	my $text = slurp($file // '/dev/null');
	like($text, qr/^\[CFLAGS: \Q$own{cflags}\E\]$/m, 'the header: the build\'s flags, not the environment\'s')
		or diag($r->{err});
	like($text, qr/^\[COMPILER: \Q$own{compiler}\E\]$/m, 'the header: the build\'s compiler');
}
done_testing();
