# NetNs - hosts made of network namespaces, for the tests that need a
# second machine (REMOTE, fleet runs).  Needs root and `ip netns`.
#
#   ns_sh('ip ...')               run a shell command quietly: true if it succeeded
#   ns_add($name, ...)            make namespaces (lo up); they are deleted
#                                 when the test ends; false if one could not be
#   ns_link($na, $ipa, $nb, $ipb) a veth pair between two of them, each end
#                                 up with its /24 address
package NetNs;
use strict;
use warnings;
use Exporter 'import';

our @EXPORT = qw(ns_sh ns_add ns_link);

my @made;

sub ns_sh { return system('sh', '-c', "@_ >/dev/null 2>&1") == 0; }

sub ns_add {
	for my $n (@_) {
		return 0 unless ns_sh("ip netns add $n");
		push @made, $n;
		return 0 unless ns_sh("ip -n $n link set lo up");
	}
	return 1;
}

# The veth ends are named after their namespaces (<ns>v, or <ns>v<i> for
# a namespace's second link), within the 15 characters Linux allows.
my %links;
sub ns_link {
	my ($na, $ipa, $nb, $ipb) = @_;
	my ($ia, $ib) = map { $_ . 'v' . ($links{$_}++ || '') } $na, $nb;
	return ns_sh("ip link add $ia type veth peer name $ib")
		&& ns_sh("ip link set $ia netns $na") && ns_sh("ip link set $ib netns $nb")
		&& ns_sh("ip -n $na addr add $ipa/24 dev $ia") && ns_sh("ip -n $nb addr add $ipb/24 dev $ib")
		&& ns_sh("ip -n $na link set $ia up") && ns_sh("ip -n $nb link set $ib up");
}

END {
	local $?;	# keep the test's exit status
	ns_sh("ip netns del $_") for @made;
}

1;
