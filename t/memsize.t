#!/usr/bin/perl
# memsize: prints a whole number of MB on stdout, never more than asked;
# bad input gets usage and exit 2.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $r = run([bin('memsize'), '8']);
is($r->{status}, 0, '8 MB: exit 0');
like($r->{out}, qr/^[0-9]+\n\z/, '8 MB: one number on stdout');
my ($mb) = $r->{out} =~ /^([0-9]+)/;
ok(defined $mb && $mb >= 1 && $mb <= 8, '8 MB: 1 <= value <= 8')
	or diag($r->{out});
is($r->{err}, '', '8 MB: nothing on stderr');

$r = run([bin('memsize'), '1']);
is($r->{out}, "1\n", '1 MB: one megabyte is there');

# The default asks for 1024 MB; memory it cannot get is not counted.
$r = run([bin('memsize')]);
is($r->{status}, 0, 'default: exit 0');
($mb) = $r->{out} =~ /^([0-9]+)\n\z/;
ok(defined $mb && $mb >= 1 && $mb <= 1024, 'default: 1 <= value <= 1024')
	or diag($r->{out});

bad_input_ok('memsize', ['abc'], 'non-numeric');
bad_input_ok('memsize', ['0'], 'zero');
bad_input_ok('memsize', ['-5'], 'negative');
bad_input_ok('memsize', ['8M'], 'suffix');
bad_input_ok('memsize', ['99999999999999999999'], 'overflowing');
bad_input_ok('memsize', ['8', '9'], 'extra argument');

done_testing();
