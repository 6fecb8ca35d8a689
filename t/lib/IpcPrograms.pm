# IpcPrograms - the tests every two-process latency/bandwidth program
# gets: output format, bad input, and cleanup after a normal run, after
# SIGINT to the program and after SIGINT to its process group (Ctrl-C),
# with one copy and with two.
package IpcPrograms;
use strict;
use warnings;
use Exporter 'import';
use Test::More;
use LmTest;
use IpcTest;

our @EXPORT = qw(format_ok cleanup_ok common_bad_input);

# One run: exit 0, exactly the expected line, a finite positive value.
sub format_ok {
	my ($prog, $args, $re, $name) = @_;
	my $r = probe([bin($prog), @$args], env => {quick_env()});
	subtest "$prog @$args: $name" => sub {
		is($r->{status}, 0, 'exit 0') or diag($r->{err});
		like($r->{err}, $re, 'output line');
		my ($x) = $r->{err} =~ /(\d+(?:\.\d+)?)/;
		ok(defined $x && $x > 0, 'positive value');
		is($r->{out}, '', 'nothing on stdout');
		ok(!$r->{procs_left}, 'no process left');
		is_deeply($r->{files_left}, [], 'no temporary file left');
	};
	return $r;
}

# Interrupted mid-run (once `procs` processes, default 2, are alive):
# killed by SIGINT, nothing left behind.
sub cleanup_ok {
	my ($prog, $args, %o) = @_;
	for my $group (@{ $o{groups} // [0, 1] }) {
		my $how = $group ? 'SIGINT to the group' : 'SIGINT to the pid';
		my $r = probe([bin($prog), @$args],
			env => {ENOUGH => $o{enough} // 400000, TIMING_O => 0, LOOP_O => 0,
				LMBENCH_DEBUG => 1},
			int_procs => $o{procs} // 2, int_group => $group);
		subtest "$prog @$args: $how" => sub {
			ok(($r->{procs_at_int} // 0) >= ($o{procs} // 2),
			   'interrupted with its helpers running');
			is($r->{signal}, 2, 'ended by SIGINT')
				or diag("status $r->{status}: $r->{err}");
			unlike($r->{err}, qr/microseconds$|MB\/sec$/m,
			       'no result line');
			ok(!$r->{procs_left}, 'no process left');
			is_deeply($r->{files_left}, [], 'no temporary file left');
			if ($o{sem}) {
				my @ids = sem_ids_in($r->{err});
				ok(@ids >= 1, 'a semaphore set was made');
				for my $id (@ids) {
					my $e = sem_exists($id);
					SKIP: {
						skip 'no ipcs', 1 unless defined $e;
						ok(!$e, "semaphore set $id removed");
					}
				}
			}
		};
	}
}

sub common_bad_input {
	my ($prog) = @_;
	bad_input_ok($prog, ['-x'], 'unknown option');
	bad_input_ok($prog, ['-P', 'abc'], 'non-numeric -P');
	bad_input_ok($prog, ['-P', '-1'], 'negative -P');
	bad_input_ok($prog, ['-N', '99999999999999999999'], 'overflowing -N');
	bad_input_ok($prog, ['-W'], 'missing -W value');
	bad_input_ok($prog, ['extra'], 'extra argument');
}

1;
