#!/usr/bin/perl
# hello: the exec target of lat_proc prints one line and exits 0.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $r = run([bin('hello')]);
is($r->{status}, 0, 'exit 0');
is($r->{out}, "Hello world\n", 'prints Hello world on stdout');
is($r->{err}, '', 'nothing on stderr');

# A closed or full stdout is a failure, not a silent success.
SKIP: {
	skip('no /dev/full', 1) unless -c '/dev/full';
	my $rc = system(bin('hello') . ' > /dev/full 2>/dev/null');
	isnt($rc, 0, 'write error gives a non-zero exit');
}

done_testing();
