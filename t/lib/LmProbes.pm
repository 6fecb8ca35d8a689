# LmProbes - copies of results files with the host's drift probes written
# in, as scripts/lmbench writes them (scripts/lib/drift.sh): for the tests
# of compare, summary, json and html on synthetic runs.
#
#   with_probes($src, $dst, \&figures)
#
# Adds [DRIFT_PROBES: ] before the first group and a [DRIFT: ] point
# before it ("start"), after each [GROUP_TIME: ] line and at the end,
# each with figures($where, $i) (a hash probe => value; $i counts the
# points from 0).  A file that has points already is refused.
package LmProbes;
use strict;
use warnings;
use Exporter 'import';

our @EXPORT = qw(with_probes %BASE);

# Figures of the VM the probes were measured on (doc/validation/drift.md),
# in the order drift -l gives them.
# others and steal (shares of the CPU time since the point before) are
# written where figures() gives them.
our @ORDER = qw(l1 l2 llc dram stride bw syscall others steal);
our %UNIT = (l1 => 'ns', l2 => 'ns', llc => 'ns', dram => 'ns', stride => 'ns',
	bw => 'MB/s', syscall => 'ns', others => '%', steal => '%');
our %BASE = (l1 => 1.23, l2 => 5.1, llc => 36, dram => 150, stride => 12, bw => 15500,
	syscall => 76);

sub point {
	my ($where, $t, $v) = @_;
	return "[DRIFT: $where $t " . join(' ', map { "$_=" . (0 + sprintf('%.4g', $v->{$_})) }
		grep { defined $v->{$_} } @ORDER) . "]\n";
}

sub with_probes {
	my ($src, $dst, $fig) = @_;
	open(my $in, '<', $src) or die "$src: $!\n";
	my @lines = <$in>;
	close $in;
	die "$src: has drift points already\n" if grep { /^\[DRIFT: / } @lines;
	my ($i, $t, @out) = (0, 0);
	my $started;
	for my $l (@lines) {
		if (!$started && $l =~ /^\[GROUP_TIME: /) {
			# The first group's lines began after the last header line
			# before them; the probes go in front of the group's output.
			my $k = $#out;
			$k-- while $k >= 0 && $out[$k] !~ /^\[(?!SKIPPED|FAILED)/;
			splice(@out, $k + 1, 0, '[DRIFT_PROBES: '
				. join(' ', map { "$_=$UNIT{$_}" } @ORDER) . "]\n",
				point('start', 0, $fig->('start', $i++)));
			$started = 1;
		}
		if ($l =~ /^\[(?:RUNTIME|STATUS|INCOMPLETE): / && $started && $started ne 'end') {
			push @out, point('end', $t, $fig->('end', $i++));
			$started = 'end';
		}
		push @out, $l;
		if ($l =~ /^\[GROUP_TIME: (\S+) (\d+)\]$/) {
			$t += $2;
			push @out, point($1, $t, $fig->($1, $i++));
		}
	}
	open(my $out, '>', $dst) or die "$dst: $!\n";
	print $out @out;
	close $out or die "$dst: $!\n";
	return $dst;
}

1;
