# LMCaches - the cache levels a run believes, for every report.
#
#   my @c = LMCaches::believed($run);   # { name, level, type, bytes, size, source, from }
#   my $b = LMCaches::memory_from($run); # bytes: the curve is memory past twice this
#   my $t = LMCaches::text(@c);          # "L1d 48K (sysfs); L2 2048K (sysfs); ..."
#   LMCaches::size_text($bytes)          # 48K, 1.75M or 2G
#   my @u = LMCaches::unclear($run);     # "L3 (sysfs says 32 MB)", ...
#
# Two sources in a results file:
#   header  [CACHE: ...], what the host facts believed before the run
#           (scripts/lib/hostfacts.sh; CACHE_SOURCE says sysfs, getconf or
#           the measurement);
#   run     the levels the run's own `cache` program found (its records
#           cache.l<k>.latency and cache.l<k>.size; in files before
#           RESULTS_FORMAT 6 its "Lk cache: <bytes> bytes <ns> nanoseconds"
#           lines, read by LMPast), where the header has no
#           level that large: a step of the latency curve that the host facts
#           did not know of (a getconf L3 disbelieved, the measurement before
#           the run missing it) is still a cache.
# A level `cache` printed without a figure ("L3 cache: no clear plateau
# (sysfs says 32 MB)": its sweeps did not agree) is no level the run
# found; unclear() names them for the notes.
# A level `cache` reports at a third of its memory latency or more is the
# rise of memory latency with TLB misses, not a cache (the rule of
# hostfacts.sh), and is left out.  A file without [CACHE: ] (older
# layouts) has the run's levels alone.
#
# The summary (where memory begins), the JSON twin (host.caches), the graphs
# (the dashed marks) and the HTML report all take the levels from here.
package LMCaches;
use strict;
use warnings;
use LMPast;

my %MULT = ('' => 1, K => 1024, M => 1048576, G => 1073741824);
my %TYPE = (d => 'data', i => 'instruction', '' => 'unified');

# Where the header's figures came from, in a word.
sub header_source {
	my ($run) = @_;
	my $s = $run->{header}{CACHE_SOURCE} // 'sysfs';
	return $s =~ /^(sysfs|getconf|cache)/ ? ($1 eq 'cache' ? 'measured' : $1) : 'host facts';
}

# The levels `cache` found in the run, below a third of its memory latency:
# [level, bytes, ns].  A file read by its records names them
# (cache.l<k>.latency, cache.l<k>.size of the same line,
# cache.memory.latency); an older one's lines are read by LMPast.
sub run_levels {
	my ($run) = @_;
	my ($mem, @l) = $run->{records} ? record_levels($run) : LMPast::cache_levels($run);
	return grep { !$mem || $_->[2] < $mem / 3 } @l;
}

sub record_levels {
	my ($run) = @_;
	my ($mem, %size, @lat);
	for my $v (@{ $run->{values} }) {
		my $d = $v->{decl} // $v->{stats} // {};
		my $n = $d->{name} // '';
		if ($n eq 'cache.memory.latency') {
			$mem //= $v->{value};
		} elsif ($n =~ /^cache\.l(\d+)\.size$/) {
			$size{"$v->{line} $1"} = $v->{value};
		} elsif ($n =~ /^cache\.l(\d+)\.latency$/) {
			push @lat, [ $1 + 0, $v ];
		}
	}
	return ($mem, map { my ($k, $v) = @$_;
		my $b = $size{"$v->{line} $k"};
		$b ? [ $k, $b, $v->{value} ] : () } @lat);
}

sub believed {
	my ($run) = @_;
	my @c;
	if (defined $run->{header}{CACHE}) {
		my $src = header_source($run);
		for (split /;\s*/, $run->{header}{CACHE}) {
			next unless /^L(\d)([di]?)\s+(\d+)([KMG]?)$/;
			push @c, { name => "L$1$2", level => $1 + 0, type => $TYPE{$2},
				bytes => $3 * $MULT{$4}, size => "$3$4", source => $src,
				from => 'header' };
		}
	}
	my ($top) = sort { $b <=> $a } map { $_->{bytes} } grep { $_->{type} ne 'instruction' } @c;
	my $from_run = defined $run->{header}{CACHE} ? 'measured in the run' : 'found';
	for my $l (run_levels($run)) {
		my ($lv, $bytes) = @$l;
		next if defined $top && $bytes <= $top;
		push @c, { name => "L$lv", level => $lv, type => 'unified', bytes => $bytes,
			size => size_text($bytes),
			source => $from_run, from => 'run' };
	}
	return @c;
}

# The levels the run's `cache` did not confirm, with what the host says.
sub unclear {
	my ($run) = @_;
	my %seen;
	return map { "L$_->{level}" . (defined $_->{host} ? " ($_->{host})" : '') }
		grep { !$seen{ $_->{level} }++ } @{ $run->{unclear} // [] };
}

# The largest data or unified level believed (bytes), or undef.
sub memory_from {
	my ($run) = @_;
	my ($top) = sort { $b <=> $a } map { $_->{bytes} }
		grep { $_->{type} ne 'instruction' } believed($run);
	return $top;
}

# A size in bytes as 48K, 1.75M or 2G.
sub size_text {
	my ($b) = @_;
	return sprintf('%gG', $b / 1073741824) if $b >= 1073741824;
	return sprintf('%gM', $b / 1048576) if $b >= 1048576;
	return sprintf('%gK', $b / 1024);
}

# "L1d 48K (sysfs); L1i 32K (sysfs); L3 4608K (measured in the run)".
sub text {
	my (@c) = @_;
	return join('; ', map { "$_->{name} $_->{size} ($_->{source})" } @c);
}

1;
