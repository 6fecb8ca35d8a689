# LMCompare::HostMoved - the verdict "host moved": a metric that changed
# beyond its noise while the host's drift probes (LMDrift::moved) show the
# host itself in another state where the two sides measured it: a probe
# of the metric's kind apart between the sides by more than its own
# noise, the same way as the metric.  Such a change is the machine's, not
# the software's: compare lists it apart, with the probe's figures, and it
# does not fail the gate.  Runs without probes (older files, DRIFT=0)
# never get it, so they compare as before.
package LMCompare::HostMoved;
use strict;
use warnings;
use LMDrift;

LMCompare::register_category({
	name => 'host moved', order => 10, gate => 0,
	about => 'a change while the drift probes show the host in another state',
	test => sub {
		my ($row) = @_;
		return 0 unless $row->{changed};
		my $m = LMDrift::moved($row->{where}{a}, $row->{where}{b}, $row->{rec},
			$row->{new} > $row->{old}) or return 0;
		$row->{host_moved} = $m;
		$row->{why} = sprintf('probe %s %s -> %s %s (%s, its noise %s); %s',
			$m->{probe}, fig($m->{old}), fig($m->{new}), $m->{unit}, $m->{change},
			$m->{noise}, $row->{why});
		return 1;
	},
});

sub fig {
	my ($v) = @_;
	return sprintf(abs($v) >= 100 ? '%.0f' : '%.3g', $v);
}

1;
