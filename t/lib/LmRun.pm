# LmRun - helpers for the tests of the run scripts (scripts/).
#
#   tiny_config($dir, KEY => value, ...)   write a configuration file
#   config_of($file)                        a configuration's KEY => value
#   write_lines($file, @lines)              the lines, each ended, in $file
#   results_files($dir)                     results files under $dir
package LmRun;
use strict;
use warnings;
use Exporter 'import';

our @EXPORT = qw(tiny_config config_of write_lines results_files slurp);

# A configuration for a run that takes seconds: 4 MB, no remote, no disks,
# in an older lmbench-ng's keys (SUBSET, STATUS, KEY='value'), which the
# run still reads; scripts/config-run writes lmbench3's (t/scripts_config.t).
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

# KEY=value, KEY="value" and KEY='value' lines, as config-run writes them.
sub config_of {
	my ($f) = @_;
	my %c;
	for (split /\n/, slurp($f)) {
		next unless /^(\w+)=(.*)$/;
		my ($k, $v) = ($1, $2);
		if ($v =~ /^"(.*)"$/) {
			$v = $1;
		} elsif ($v =~ /^'(.*)'$/) {
			($v = $1) =~ s/'\\''/'/g;
		}
		$c{$k} = $v;
	}
	return \%c;
}

sub write_lines {
	my ($f, @l) = @_;
	open(my $fh, '>', $f) or die "$f: $!";
	print $fh map { "$_\n" } @l;
	close($fh) or die "$f: $!";
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
