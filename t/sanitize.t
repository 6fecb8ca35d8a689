#!/usr/bin/perl
# Findings of the sanitizer build (make asan) that no other test reaches:
# lat_syscall null/getpid summed pids in an int, which overflows after
# INT_MAX / pid iterations (UBSan: signed integer overflow); 0.2 s
# intervals run well past that.  Runs only against a sanitizer build;
# the leaks fixed with it fail the program's own tests under make asan.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $prog = bindir() . '/lat_syscall';
plan(skip_all => "$prog is not a sanitizer build (make asan runs this)")
	unless instrumented($prog) eq 'sanitizer';

my %env = (quick_env(), ENOUGH => 200000,
	   ASAN_OPTIONS => 'detect_leaks=1:halt_on_error=1:exitcode=99',
	   UBSAN_OPTIONS => 'halt_on_error=1:print_stacktrace=1:exitcode=99');
for my $v (qw(null getpid)) {
	my $r = run([$prog, '-N', 1, $v], env => \%env, timeout => 120);
	is($r->{status}, 0, "lat_syscall $v, 0.2 s intervals: exit 0")
		or diag($r->{err});
	unlike($r->{err}, qr/runtime error|Sanitizer/,
	       "lat_syscall $v: no sanitizer report");
}
done_testing();
