#!/usr/bin/perl
# msleep: sleeps at least the time asked, prints nothing; bad input
# gets usage and exit 2.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use POSIX qw(:sys_wait_h);
use Time::HiRes qw(time sleep);
use Test::More;

my $r = run([bin('msleep'), '200']);
is($r->{status}, 0, '200 ms: exit 0');
is($r->{out} . $r->{err}, '', '200 ms: prints nothing');
cmp_ok($r->{wall}, '>=', 0.2, '200 ms: slept at least 0.2 s');
cmp_ok($r->{wall}, '<', 10, '200 ms: came back (broad bound)');

$r = run([bin('msleep'), '0']);
is($r->{status}, 0, '0 ms: exit 0');
is($r->{out} . $r->{err}, '', '0 ms: prints nothing');

# Stopped and continued halfway, it still sleeps the whole time.
my $t0 = time;
my $pid = fork() // die "fork: $!";
exec(bin('msleep'), '400') or POSIX::_exit(127) if $pid == 0;
sleep(0.1);
kill('STOP', $pid);
sleep(0.1);
kill('CONT', $pid);
waitpid($pid, 0);
is($?, 0, 'stopped and continued: exit 0');
cmp_ok(time - $t0, '>=', 0.4, 'stopped and continued: slept it all');

bad_input_ok('msleep', [], 'no argument');
bad_input_ok('msleep', ['abc'], 'non-numeric');
bad_input_ok('msleep', ['-1'], 'negative');
bad_input_ok('msleep', ['1.5'], 'fraction');
bad_input_ok('msleep', ['99999999999999999999'], 'overflowing');
bad_input_ok('msleep', ['86400001'], 'longer than a day');
bad_input_ok('msleep', ['1', '2'], 'extra argument');

done_testing();
