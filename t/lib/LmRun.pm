# LmRun - helpers for the tests of the run scripts (scripts/).
#
#   tiny_config($dir, KEY => value, ...)   write a configuration file
#   config_of($file)                        a configuration's KEY => value
#   write_lines($file, @lines)              the lines, each ended, in $file
#   results_files($dir)                     results files under $dir
#   have_openmp()                           cc -fopenmp builds a program
#   stream_standin($path)                   a stand-in for McCalpin's
#                                           stream.c, fixed figures
package LmRun;
use strict;
use warnings;
use Exporter 'import';

our @EXPORT = qw(tiny_config config_of write_lines two_number_lines results_files slurp have_openmp
		 stream_standin);

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
		# Host facts as scripts/config-run saves them, so that runs do not
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

# tlb's and cache's lines of two numbers each, with the #metric lines
# that declare them as their programs do.
sub two_number_lines {
	return ('tlb: 96 pages 1.50000 nanoseconds',
		'#metric name=tlb.pages unit=pages better=none kind=property',
		'#metric name=tlb.miss unit=nanoseconds better=lower',
		'Memory latency: 90.00 nanoseconds 5.20 parallelism',
		'#metric name=cache.memory.latency unit=nanoseconds better=lower',
		'#metric name=cache.memory.parallelism unit=parallelism better=higher');
}

sub results_files {
	my ($dir) = @_;
	return sort grep { /\.\d+$/ } glob("$dir/*/*");
}

sub have_openmp {
	return system('sh', '-c', 'echo "int main(void){return 0;}" | cc -fopenmp -x c -o /dev/null - 2>/dev/null') == 0;
}

# McCalpin's stream.c is not part of this tree: the stand-in prints his
# result lines with known figures.  Its average times are 1e-9 s an
# element (2e-9 for add and triad), so copy's average is 16000 MB/s and
# add's 12000 whatever the array size; best rates are printed as given.
sub stream_standin {
	my ($path) = @_;
	open(my $f, '>', $path) or die "$path: $!";
	print $f <<'C';
#include <stdio.h>
int main(void)
{
	double t = STREAM_ARRAY_SIZE * 1e-9;

	printf("Array size = %d (elements), Offset = 0 (elements)\n", STREAM_ARRAY_SIZE);
	printf("Function    Best Rate MB/s  Avg time     Min time     Max time\n");
	printf("Copy:           20000.0     %.9f     %.9f     %.9f\n", t, t, t);
	printf("Scale:          19000.0     %.9f     %.9f     %.9f\n", t, t, t);
	printf("Add:            21000.0     %.9f     %.9f     %.9f\n", 2 * t, 2 * t, 2 * t);
	printf("Triad:          22000.0     %.9f     %.9f     %.9f\n", 2 * t, 2 * t, 2 * t);
	return 0;
}
C
	close $f or die "$path: $!";
}

sub slurp {
	my ($f) = @_;
	open(my $fh, '<', $f) or return '';
	local $/;
	return <$fh>;
}

1;
