#!/usr/bin/perl
# Results that cannot be written are a failure: a program whose stdout or
# stderr is full (/dev/full) or closed exits 1, not 0; a usage error
# keeps its exit status 2; a writable stream still gives exit 0.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use POSIX ();
use Test::More;

plan skip_all => 'no /dev/full here' unless -c '/dev/full';
my %env = (quick_env());

# Run prog with args, its stdout and stderr redirected as given
# ('full', 'closed', 'null' or undef: a file we read back).
sub run_redirected {
	my ($out, $err, @cmd) = @_;
	my $pid = fork() // die "fork: $!";
	if ($pid == 0) {
		$ENV{$_} = $env{$_} for keys %env;
		my %open = (full => '/dev/full', null => '/dev/null');
		for ([\*STDOUT, $out], [\*STDERR, $err]) {
			my ($fh, $how) = @$_;
			if ($how eq 'closed') {
				close($fh);
			} else {
				open($fh, '>', $open{$how})
					or POSIX::_exit(126);
			}
		}
		open(STDIN, '<', '/dev/null');
		exec(@cmd) or POSIX::_exit(127);
	}
	waitpid($pid, 0);
	return $? & 127 ? -($? & 127) : $? >> 8;
}

# Each program prints its result on the stream named.
my @progs = (
	[stderr => bin('lat_syscall'), 'null'],
	[stderr => bin('lat_pipe')],
	[stderr => bin('lat_tcp'), '-m', '64'],
	[stdout => bin('mhz')],
);
for my $p (@progs) {
	my ($stream, @cmd) = @$p;
	my $name = join(' ', $cmd[0] =~ s{.*/}{}r, @cmd[1 .. $#cmd]);
	# (stdout, stderr) with the result stream set to $how.
	my $to = sub {
		my ($how) = @_;
		return $stream eq 'stdout' ? ($how, 'null') : ('null', $how);
	};
	# mhz finds no clock rate on a host too busy to agree with itself
	# (exit 1, "the machine may be too busy"): up to three tries.
	my $ok = run_redirected($to->('null'), @cmd);
	for (2 .. 3) {
		last unless $ok == 1 && $name eq 'mhz';
		$ok = run_redirected($to->('null'), @cmd);
	}
	is($ok, 0, "$name: exit 0 when its output can be written");
	is(run_redirected($to->('full'), @cmd), 1,
	   "$name: $stream on /dev/full: exit 1");
	is(run_redirected($to->('closed'), @cmd), 1,
	   "$name: $stream closed: exit 1");
}

# A lost write error message does not turn a usage error into exit 1.
is(run_redirected('null', 'full', bin('lat_syscall'), 'nosuch'), 2,
   'usage error with stderr on /dev/full: still exit 2');
is(run_redirected('null', 'closed', bin('lat_syscall')), 2,
   'usage error with stderr closed: still exit 2');

# The message names stdout's failure when stderr still works.
my $r = run(['sh', '-c', 'exec "$0" >/dev/full', bin('mhz')],
	    env => \%env);
is($r->{status}, 1, 'mhz >/dev/full: exit 1');
like($r->{err}, qr/^mhz: write error on standard output: /m,
     'mhz >/dev/full: says what was lost') or diag($r->{err});
done_testing();
