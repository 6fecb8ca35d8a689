# LMInput - what makes a file no input for a report, in one place.
#
#   my $why = LMInput::problem($run);     # undef, or why it cannot be read
#   my @runs = LMInput::runs('summary', $usage, @files);
#                                          # parsed, or exit 2 naming each bad file
#
# summary, json, graphs, html, compare, stability and export read their files
# through runs(): a file they cannot use stops them with its name and the
# reason, then the usage, exit 2, never an empty table or a verdict over
# nothing.  A file is no input when it is
#   - unreadable (no permission, a directory);
#   - empty;
#   - binary (a control byte other than tab, newline, carriage return,
#     form feed or escape);
#   - not an lmbench results file: its first line is not lmbench3's title
#     "[lmbench3.0 results for ...]";
#   - truncated: its last line has no newline (cut off in a copy);
#   - mostly garbage: more than a quarter of its lines (and more than
#     GARBAGE_MIN) neither header, result, series nor comment;
#   - without results and without an end mark (neither [STATUS: complete]
#     nor [INCOMPLETE: ...]): a run that never got going.
# An interrupted run ([INCOMPLETE: why]) is input: the reports mark it.
# A result whose number is not one (nan, inf) does not make the file bad;
# LMResults keeps it in {unreadable} and the reports name it.
package LMInput;
use strict;
use warnings;
use LMResults;

# Unreadable lines a results file may hold without being garbage: the
# matrix lat_c2c prints for people (a row per CPU, no #) and what drop-in
# groups print beside their results.
my $GARBAGE_MIN = 10;
my $GARBAGE_SHARE = 0.25;

sub problem {
	my ($run) = @_;
	return 'empty file' unless $run->{bytes};
	return "binary data (a control byte on line $run->{binary}), not a results file"
		if $run->{binary};
	return 'not an lmbench results file (its first line is not "[lmbench3.0 results for ...]")'
		unless $run->{titled};
	return "truncated: its last line ($run->{lines}) has no newline" if $run->{cut};
	my @junk = grep { !/^\s*#/ && /\S/ } @{ $run->{unparsed} };
	return sprintf('mostly garbage: %d of %d lines are not lmbench output (e.g. "%s")',
		scalar @junk, $run->{lines}, substr($junk[0], 0, 60))
		if @junk > $GARBAGE_MIN && @junk > $GARBAGE_SHARE * $run->{lines};
	return 'no results and no end mark (a run that never started measuring)'
		if !@{ $run->{values} } && !@{ $run->{series} }
		&& !defined $run->{header}{STATUS} && !defined $run->{header}{INCOMPLETE};
	return undef;
}

sub runs {
	my ($prog, $usage, @files) = @_;
	my (@runs, @bad);
	for my $f (@files) {
		my $r = -d $f ? undef : eval { LMResults::parse($f) };
		my $why = $r ? problem($r) : -d $f ? 'a directory, not a results file'
			: 'cannot read: ' . ($@ =~ s/^.*?: //r =~ s/\s+\z//r);
		push @bad, "$prog: $f: $why" if defined $why;
		push @runs, $r if $r;
	}
	return @runs unless @bad;
	print STDERR map { "$_\n" } @bad;
	print STDERR $usage if defined $usage;
	exit 2;
}

# "line 75: Simple syscall: nan microseconds" for each result that could
# not be read as a number.
sub unreadable {
	my ($run) = @_;
	return map { "line $_->{line}: $_->{text}" } @{ $run->{unreadable} // [] };
}

1;
