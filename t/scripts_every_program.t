#!/usr/bin/perl
# No program is built and never run: each one the Makefile builds is run
# by a group of the full run (scripts/lib/lmbench.groups, in some
# profile, as scripts/lib/groups.sh reads it), or by scripts/lmbench,
# scripts/config-run, the host facts (scripts/lib/hostfacts.sh) and
# the drift probes (scripts/lib/drift.sh) as a probe, except hello,
# which lat_proc runs.
use strict;
use warnings;
use Test::More;
use lib "t/lib";
use LmTest qw(groups_table);

my $table = scalar(groups_table());
is($?, 0, 'the groups\' declaration reads') or diag($table);
my %in_group;
for (split /\n/, $table) {
	my ($g, @f) = split;
	$in_group{$_} //= $g for @f[ 9 .. $#f ];
}
my $probes = '';
for my $f ('scripts/lmbench', 'scripts/config-run', 'scripts/lib/hostfacts.sh',
	   'scripts/lib/steps.sh', 'scripts/lib/drift.sh') {
	open(my $fh, '<', $f) or die "$f: $!";
	local $/;
	$probes .= <$fh>;
}
my @progs = map { m{^src/programs/(\w+)\.c$} ? $1 : () } sort glob('src/programs/*.c');
ok(@progs > 40, scalar(@progs) . ' programs');
# A program no group or probe runs, and the program that runs it.
my %by_other = (hello => 'lat_proc');
for my $p (@progs) {
	my $o = $by_other{$p};
	my $src = $o && -f "src/programs/$o.c" ? do {
		open(my $fh, '<', "src/programs/$o.c") or die "$o.c: $!";
		local $/;
		<$fh>;
	} : '';
	# A probe: "$BINDIR/<p>" (hostfacts.sh: "$1/<p>"), "probe <p>".
	ok($in_group{$p} || ($o && $src =~ m{"%s/\Q$p\E"} && $in_group{$o}) ||
	   $probes =~ /(?:BINDIR\/|"\$1\/|\bprobe\s+)\Q$p\E\b/,
	   "$p is run by the suite" . ($in_group{$p} ? " (group $in_group{$p})"
				       : $o ? " ($o runs it)" : ''));
}
# Each program a group names is one the Makefile builds.
my %built = map { $_ => 1 } @progs;
is_deeply([ grep { !$built{$_} } sort keys %in_group ], [], 'every program a group runs is built');
done_testing();
