#!/usr/bin/perl
# The host's drift in the run: [DRIFT_PROBES: ] names the drift program's
# probes with their units, and [DRIFT: ] points come at the start, after
# the groups and at the end, in order, each with a positive figure per
# probe; DRIFT=0 takes none and says so; a bad DRIFT or DRIFT_GAP is
# refused before anything runs.  The summary's notes, the JSON twin and
# the HTML page show how far each probe moved.
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmRun;
use LMResults;
use LMDrift;
use Test::More;
use JSON::PP;
use File::Temp qw(tempdir);

bin('drift');
bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
my $cfg = tiny_config($tmp);
my %env = (quick_env(), DRIFT => 1, PROFILE => 'quick', ONLY => 'lat_syscall lat_sig');

sub one_run {
	my ($out, %e) = @_;
	my $r = run(['sh', 'scripts/lmbench', '-o', $out, bindir(), $cfg], env => { %env, %e });
	my ($f) = grep { !/\.json$/ } glob("$out/*/*");
	return ($r, $f);
}

my @names = map { (split ' ')[0] } split /\n/, run([bin('drift'), '-l'])->{out};
ok(@names >= 5, "drift -l: @names");
# The shares of the CPU time between points, where /proc/stat is.
push @names, qw(others steal) if -r '/proc/stat';

# DRIFT_GAP=0: a point after every group.
my ($r, $f) = one_run("$tmp/on", DRIFT_GAP => 0);
is($r->{status}, 0, 'run with probes: exit 0') or diag($r->{err});
my $run = LMResults::parse($f // '/dev/null');
is_deeply([ map { $_->{name} } LMDrift::probes($run) ], \@names,
	  '[DRIFT_PROBES: ] names the probes of drift -l');
my @pts = @{ $run->{drift} };
is_deeply([ map { $_->{where} } @pts ], [qw(start syscall sig end)],
	  'points: the start, after each group, the end');
ok(!grep({ my $p = $_; grep { !defined $p->{values}{$_} && !$LMDrift::PROBE{$_}{share} } @names } @pts),
   'every point has a positive figure of every probe');
SKIP: {
	skip 'no /proc/stat', 2 unless -r '/proc/stat';
	ok(!defined $pts[0]{values}{others}, 'the start has no share (no interval before it)');
	# A share over less than a second (a point in the second of the one
	# before) is none.
	my @long = grep { $pts[$_]{t} > $pts[$_ - 1]{t} } 1 .. $#pts;
	my @short = grep { $pts[$_]{t} == $pts[$_ - 1]{t} } 1 .. $#pts;
	ok(!grep({ my $v = $pts[$_]{values}; !defined $v->{others} || $v->{others} > 100
		   || !defined $v->{steal} } @long)
	   && !grep({ defined $pts[$_]{values}{others} } @short),
	   'a later point a second or more after the one before: the share of other '
	   . 'processes and of steal, in percent; sooner: none (' . @long . ' and ' . @short . ')');
}
ok(!grep({ $pts[$_]{t} < $pts[$_ - 1]{t} } 1 .. $#pts), 'their seconds do not go back');
my @res = grep { $_->{label} eq 'Simple syscall' } @{ $run->{values} };
ok(@res && $pts[0]{line} < $res[0]{line} && $pts[1]{line} > $res[0]{line},
   'the start point before the first result, the next after its group');
is(LMDrift::state($run), 'measured', 'LMDrift: measured');

# The reports: the summary's note, the JSON twin, the HTML page.
$r = run([ $^X, 'scripts/summary', $f ]);
like($r->{out}, qr/^\Q$f\E: host drift, 4 points: /m, 'summary: a note on the host drift');
my $j = decode_json(run([ $^X, 'scripts/json', $f ])->{out});
is(scalar @{ $j->{drift}{points} }, 4, 'json: the four points');
# Each probe with a figure in some point (the shares need a point a
# second or more after the one before).
my @measured = grep { my $n = $_; grep { defined $_->{values}{$n} } @pts } @names;
is_deeply([ map { $_->{probe} } @{ $j->{drift}{moved} } ], \@measured,
	  'json: the spread of each probe measured');
my $html = "$tmp/report.html";
$r = run([ $^X, 'scripts/html', '-o', $html, $f ]);
my $page = -r $html ? slurp($html) : '';
like($page, qr/<h3>Host drift<\/h3>/, 'html: the host drift table');

# The default gap: the start and end, not a point after each short group.
($r, $f) = one_run("$tmp/gap");
$run = LMResults::parse($f // '/dev/null');
my @w = map { $_->{where} } @{ $run->{drift} };
ok(@w >= 2 && $w[0] eq 'start' && $w[-1] eq 'end', "default gap: start and end (@w)");

# DRIFT=0: none, and the header says so.
($r, $f) = one_run("$tmp/off", DRIFT => 0);
$run = LMResults::parse($f // '/dev/null');
is($run->{header}{DRIFT_PROBES}, 'off (DRIFT=0)', 'DRIFT=0: [DRIFT_PROBES: off (DRIFT=0)]');
is(scalar @{ $run->{drift} }, 0, 'DRIFT=0: no point');
like(run([ $^X, 'scripts/summary', $f ])->{out}, qr/host drift: off \(DRIFT=0\)/,
     'DRIFT=0: the summary says the probes were off');

# A point the reader cannot read is named, not dropped; a point whose
# probes failed is kept without figures.
{
	my $g = LmRun::write_lines("$tmp/garbled.0", '[lmbench3.0 results for Linux h]',
		'[DRIFT_PROBES: l1=ns dram=ns]',
		'[DRIFT: start 0 l1=1.2 dram=150]', '[DRIFT: mem 9 l1=nan dram=150]',
		'[DRIFT: stream x l1=1.2]', '[DRIFT: memlat 20 failed others=40.0]',
		'[DRIFT: end 30 l1=1.3 dram=160]', '[STATUS: complete]');
	my $gr = LMResults::parse($g);
	is_deeply([ map { $_->{where} } @{ $gr->{drift} } ], [qw(start memlat end)],
		  'garbled points left out of the timeline');
	is_deeply([ map { $_->{line} } @{ $gr->{unreadable} } ], [ 4, 5 ],
		  'and named, with their lines');
	like(run([ $^X, 'scripts/summary', $g ])->{out}, qr/not a number, left out: line 4: \[DRIFT: mem/,
	     'the summary names them');
}

for my $bad ([ DRIFT => 2 ], [ DRIFT_GAP => 'x' ]) {
	($r) = one_run("$tmp/bad", @$bad);
	is($r->{status}, 2, "$bad->[0]=$bad->[1]: exit 2");
	like($r->{err}, qr/\Q$bad->[0]=$bad->[1]\E/, "$bad->[0]=$bad->[1]: named");
}
ok(!glob("$tmp/bad/*/*"), 'a refused setting leaves no results file');

done_testing();
