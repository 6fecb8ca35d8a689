# FakeSysfs - sysfs trees of machines this one is not, for the topology
# tests: make_tree($dir, packages => 2, nodes => 2 (per package),
# cores => 2 (per node), threads => 2, caches => 1, nodes_dir => 1).
# CPUs are numbered as Linux does: thread 0 of every core first, then
# thread 1.  L1d 48K, L1i 32K and L2 2048K per core; L3 32M per node.
package FakeSysfs;
use strict;
use warnings;
use Exporter 'import';
use File::Path qw(make_path);

our @EXPORT = qw(make_tree);

sub put {
	my ($path, $text) = @_;
	(my $dir = $path) =~ s{/[^/]+$}{};
	make_path($dir);
	open(my $fh, '>', $path) or die "$path: $!";
	print $fh "$text\n";
	close $fh;
}

sub list { return join(',', @_) }

sub make_tree {
	my ($root, %o) = @_;
	my ($np, $nn, $nc, $nt) = map { $o{$_} } qw(packages nodes cores threads);
	my $cores = $np * $nn * $nc;
	my $ncpu = $cores * $nt;
	my $cpu = "$root/devices/system/cpu";
	put("$cpu/online", '0-' . ($ncpu - 1));
	for my $c (0 .. $ncpu - 1) {
		my $core = $c % $cores;
		my $node = int($core / $nc);
		my $pkg = int($node / $nn);
		my @sib = map { $core + $_ * $cores } 0 .. $nt - 1;
		my @nodecpus = map { my $k = $_; map { $k + $_ * $cores } 0 .. $nt - 1 }
			($node * $nc .. $node * $nc + $nc - 1);
		my $t = "$cpu/cpu$c/topology";
		put("$t/core_id", $core % ($nn * $nc));
		put("$t/physical_package_id", $pkg);
		put("$t/thread_siblings_list", list(@sib));
		next unless $o{caches} // 1;
		my @caches = ([1, 'Data', '48K', \@sib], [1, 'Instruction', '32K', \@sib],
			      [2, 'Unified', '2048K', \@sib], [3, 'Unified', '32M', [sort { $a <=> $b } @nodecpus]]);
		for my $i (0 .. $#caches) {
			my ($lv, $type, $size, $share) = @{ $caches[$i] };
			my $d = "$cpu/cpu$c/cache/index$i";
			put("$d/level", $lv);
			put("$d/type", $type);
			put("$d/size", $size);
			put("$d/shared_cpu_list", list(@$share));
		}
	}
	return unless $o{nodes_dir} // 1;
	my $node = "$root/devices/system/node";
	my $nnodes = $np * $nn;
	put("$node/online", '0-' . ($nnodes - 1));
	for my $n (0 .. $nnodes - 1) {
		my @c = map { my $k = $_; map { $k + $_ * $cores } 0 .. $nt - 1 }
			($n * $nc .. $n * $nc + $nc - 1);
		put("$node/node$n/cpulist", list(sort { $a <=> $b } @c));
		put("$node/node$n/meminfo", "Node $n MemTotal:       " . (1024 * 1024 * ($n + 1)) . " kB");
	}
}

1;
