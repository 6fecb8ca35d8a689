# LmRun - helpers for the tests of the run scripts (scripts/).
#
#   tiny_config($dir, KEY => value, ...)   write a configuration file
#   results_files($dir)                     results files under $dir
package LmRun;
use strict;
use warnings;
use Exporter 'import';

our @EXPORT = qw(tiny_config results_files slurp);

# A configuration for a run that takes seconds: 4 MB, no remote, no disks.
sub tiny_config {
	my ($dir, %o) = @_;
	my %c = (SYNC_MAX => 1, LMBENCH_SCHED => 'DEFAULT', MB => 4, SUBSET => 'ALL',
		GROUPS_ON => '', FASTMEM => 'YES', SLOWFS => 'NO', DISKS => 'none',
		REMOTE => 'none', RSH => 'ssh', RCP => 'scp', MHZ => 1000,
		MHZ_SOURCE => 'cpuinfo', FSDIR => $dir, STATUS => "$dir/status",
		MAIL => 'NO',
		# Host facts as scripts/config saves them, so that runs do not
		# spend seconds measuring the caches (t/hostfacts.t tests that).
		HOST_CACHE => 'L1d 32K; L2 1024K', HOST_LLC_KB => 1024,
		HOST_CACHE_SOURCE => 'test configuration', HOST_LLC_SOURCE => 'test',
		%o);
	my $f = "$dir/CONFIG";
	open(my $fh, '>', $f) or die "$f: $!";
	print $fh "$_='$c{$_}'\n" for sort keys %c;
	close $fh;
	return $f;
}

sub results_files {
	my ($dir) = @_;
	return sort grep { /\.\d+$/ } glob("$dir/*/*");
}

sub slurp {
	my ($f) = @_;
	open(my $fh, '<', $f) or return '';
	local $/;
	return <$fh>;
}

1;
