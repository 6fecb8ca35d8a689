#!/usr/bin/perl
# No program is built and never run: each one the Makefile builds is run
# by the full run (scripts/lmbench, in some profile) or by scripts/config-run
# and the host facts (scripts/lib/hostfacts.sh), except hello, which
# lat_proc runs.
use strict;
use warnings;
use Test::More;

my $run = '';
for my $f ('scripts/lmbench', 'scripts/config-run', 'scripts/lib/hostfacts.sh') {
	open(my $fh, '<', $f) or die "$f: $!";
	local $/;
	$run .= <$fh>;
}
my @progs = map { m{^src/programs/(\w+)\.c$} ? $1 : () } sort glob('src/programs/*.c');
@progs = grep { !/^lib_/ } @progs;
ok(@progs > 40, scalar(@progs) . ' programs');
my %by_other = (hello => 'lat_proc runs it');
for my $p (@progs) {
	if ($by_other{$p}) {
		pass("$p: $by_other{$p}");
		next;
	}
	# As a command: "bench <p>", "$BINDIR/<p>" (hostfacts.sh: "$1/<p>"),
	# "net_one <p>", "probe <p>", or in a group's list of programs.
	ok($run =~ /(?:\bbench\s+|BINDIR\/|"\$1\/|\bnet_one\s+|\bprobe\s+|\becho\s[\w ]*?\b)\Q$p\E\b/,
	   "$p is run by the suite");
}
done_testing();
