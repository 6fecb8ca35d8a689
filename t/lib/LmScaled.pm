# LmScaled - copies of results files with some values scaled, for the
# tests of compare and stability.
#
#   scaled_copy($src, $dst, $factor)            every value times $factor
#   scaled_copy($src, $dst, { name => factor }) only these metrics
#
# A value is rewritten where the reader found it (its line and offset),
# with as many decimals as it had; its #stats record (samples, quantiles,
# interval; a JSON object since RESULTS_FORMAT 7, key=value before) is
# scaled with it.
package LmScaled;
use strict;
use warnings;
use lib 'scripts/lib';
use LMResults;
use Exporter 'import';

our @EXPORT = qw(scaled_copy);

my $NUM = qr/[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/;

sub g6 { return sprintf('%.6g', $_[0]); }

sub scaled_copy {
	my ($src, $dst, $f) = @_;
	my $m = LMResults::metrics(LMResults::parse($src));
	if (ref $f) {
		$m->{$_} or die "$src: no metric $_\n" for keys %$f;
	}
	my (%edit, %stats);
	for my $n (grep { !/^:/ } keys %$m) {
		my $k = ref $f ? $f->{$n} : $f;
		next unless defined $k;
		my $r = $m->{$n};
		push @{ $edit{ $r->{line} } }, [ $r->{at}, $k ];
		$stats{ $r->{stats}{line} } = $k if $r->{stats};
	}
	open(my $in, '<', $src) or die "$src: $!\n";
	my @lines = <$in>;
	close $in;
	for my $ln (keys %edit) {
		for my $e (sort { $b->[0] <=> $a->[0] } @{ $edit{$ln} }) {
			my ($at, $k) = @$e;
			substr($lines[ $ln - 1 ], $at) =~ /^($NUM)/ or die "$src:$ln: no number\n";
			my $old = $1;
			my $dec = $old =~ /\.(\d+)/ ? length $1 : 0;
			substr($lines[ $ln - 1 ], $at, length $old) = sprintf('%.*f', $dec, $old * $k);
		}
	}
	for my $ln (keys %stats) {
		my $k = $stats{$ln};
		# A JSON record (RESULTS_FORMAT 7), or key=value before it.
		$lines[ $ln - 1 ] =~ s/"(min|q1|median|q3|max|lo|hi)":($NUM)/"\"$1\":" . g6($2 * $k)/ge;
		$lines[ $ln - 1 ] =~ s/"samples":\[([^\]]*)\]/'"samples":[' . join(',', map { g6($_ * $k) } split m{,}, $1) . ']'/e;
		$lines[ $ln - 1 ] =~ s/\b(min|q1|median|q3|max|ci_lo|ci_hi)=($NUM)/"$1=" . g6($2 * $k)/ge;
		$lines[ $ln - 1 ] =~ s/\bsamples=(\S+)/'samples=' . join(',', map { g6($_ * $k) } split m{,}, $1)/e;
	}
	open(my $out, '>', $dst) or die "$dst: $!\n";
	print $out @lines;
	close $out or die "$dst: $!\n";
	return $dst;
}

1;
