# LmHost - what the host reports of its caches, for the tests that set
# a discovery program's figure beside it (doc/testing.md).
#
#   host_cache($level)   { size => bytes, line => bytes, from => 'sysfs'
#                        | 'getconf' } of the data (or unified) cache of
#                        that level as CPU 0 sees it; undef where neither
#                        sysfs nor getconf reports it (a skip: a fact of
#                        the host, not a failure of the program)
package LmHost;
use strict;
use warnings;
use Exporter 'import';

our @EXPORT = qw(host_cache);

my %MULT = ('' => 1, K => 1024, M => 1048576, G => 1073741824);

sub read_line {
	my ($f) = @_;
	open(my $fh, '<', $f) or return undef;
	my $v = <$fh>;
	chomp $v if defined $v;
	return $v;
}

sub from_sysfs {
	my ($level) = @_;
	for my $d (glob('/sys/devices/system/cpu/cpu0/cache/index*')) {
		next unless (read_line("$d/level") // '') eq $level
			&& (read_line("$d/type") // '') =~ /^(?:Data|Unified)$/;
		my ($n, $u) = (read_line("$d/size") // '') =~ /^(\d+)([KMG]?)$/;
		my $line = read_line("$d/coherency_line_size") // '';
		return undef unless defined $n && $n > 0;
		return { size => $n * $MULT{$u}, from => 'sysfs',
			 line => $line =~ /^\d+$/ && $line > 0 ? $line : undef };
	}
	return undef;
}

sub from_getconf {
	my ($level) = @_;
	my $p = $level == 1 ? 'LEVEL1_DCACHE' : "LEVEL${level}_CACHE";
	my ($size) = `getconf ${p}_SIZE 2>/dev/null` =~ /^(\d+)$/;
	my ($line) = `getconf ${p}_LINESIZE 2>/dev/null` =~ /^(\d+)$/;
	return undef unless $size;
	return { size => $size, from => 'getconf', line => $line || undef };
}

sub host_cache {
	my ($level) = @_;
	return from_sysfs($level) // from_getconf($level);
}

1;
