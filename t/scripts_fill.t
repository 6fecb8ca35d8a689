#!/usr/bin/perl
# The run keeps to its estimate: a group whose invocations take far less
# than its cost model says gets extras, up to its most, while the run stays
# within the estimate; one whose invocations take far more loses those
# beyond its least count; one whose sweeps the plan cut gets them back.
# [PLAN_NOTE: ] counts each, [PLAN_PACE: ] says how the estimates held
# up.  (Drop-in groups with made-up costs: the
# bounds are a factor of 20 and more away from either side.)
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);

bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
mkdir "$tmp/groups" or die;
# A "benchmark" that takes $1 seconds (0: at once).
open(my $p, '>', "$tmp/bench") or die;
print $p "#!/bin/sh\n[ \"\$1\" = 0 ] || sleep \"\$1\"\necho \"widget latency: 2.5000 microseconds\" >&2\n";
close $p;
chmod 0755, "$tmp/bench" or die;
# group(NAME, ESTIMATE, SECONDS): a group that runs 2 to 6 times.
sub group {
	my ($name, $est, $s) = @_;
	open(my $g, '>', "$tmp/groups/$name.group") or die;
	print $g "group $name part OS limit 30 estimate $est again 1/1 runs 2-6 progs $tmp/bench\n",
		"grp_$name() {\n\tmetric $name.latency '^widget latency\$'\n\tbench $tmp/bench $s\n}\n";
	close $g;
}
group('fast', 4, 0);
group('slow', 0.01, 2);

sub one_run {
	my ($only, %env) = @_;
	my $d = tempdir(DIR => $tmp);
	my $out = tempdir(DIR => $tmp);
	my $r = run(['sh', 'scripts/lmbench', '-o', $out, bindir(), tiny_config($d)], timeout => 120,
		    env => { quick_env(), PROFILE => 'standard', DRIFT => 0, ONLY => $only,
			     LMBENCH_GROUPS => "$tmp/groups", %env });
	is($r->{status}, 0, "$only: the run exits 0") or diag($r->{err});
	my ($f) = results_files($out);
	return (slurp($f // '/dev/null'), slurp("$d/status"));
}
sub ks {
	my ($text, $g) = @_;
	my @k;
	push @k, $1 // 1 while $text =~ /^\[GROUP_TIME: \Q$g\E(?:\/(\d+))? [\d.]+ at [\d.]+\]$/mg;
	return [ sort { $a <=> $b } @k ];
}

# 4 s an invocation in the model, 20 s of budget: the plan gives it 3
# (with the header's second or two, 4 would pass 88% of 20 s); the
# invocations take milliseconds, so the run adds the other 3.
my ($text, $st) = one_run('fast', TIME_BUDGET => 20);
my ($count) = $text =~ /^\[PLAN: fast (\d+) /m;
ok(defined $count && $count >= 2 && $count < 6, "the plan: fast " . ($count // '?') . " times, fewer than its most");
like($st, qr/up to \d+ more if ahead; estimated \d+ s/, 'the status line says extras may come');
is_deeply(ks($text, 'fast'), [ 1 .. 6 ], 'ahead of the estimate: all 6 ran, each once');
my $added = 6 - ($count // 0);
like($text, qr/^\[PLAN_NOTE: $added invocations beyond the plan added: the run was ahead of its estimate\]$/m,
     'a note counts the extras');
my ($pace) = $text =~ /^\[PLAN_PACE: ([\d.]+)\]$/m;
ok(defined $pace && $pace < 0.5, 'the pace: the invocations took a fraction of their estimates (' . ($pace // '?') . ')');
unlike($text, qr/left out/, 'nothing left out');

# 0.01 s in the model, 2 s in fact: the plan gives it its most (6), the
# run stops at its least (2) once the pace shows it far behind.
($text, $st) = one_run('slow');
like($text, qr/^\[PLAN: slow 6 2 /m, 'the plan: slow 6 times, 2 at least');
is_deeply(ks($text, 'slow'), [ 1, 2 ], 'behind the estimate: its least count ran');
like($text, qr/^\[PLAN_NOTE: 4 invocations beyond the least left out: the run was behind its estimate\]$/m,
     'a note counts those left out');
unlike($st, qr/more if ahead/, 'no extras offered: the plan had its most');
($pace) = $text =~ /^\[PLAN_PACE: ([\d.]+)\]$/m;
ok(defined $pace && $pace > 5, 'the pace: far slower than the estimates (' . ($pace // '?') . ')');

# 0.01 s in the model, 3 s in fact, in a budget of 10 s, a least of 5:
# the plan gives it 6; the first three (the floor) run whatever the
# pace; then the least count's fourth and fifth would pass the budget
# and are left out, as is the sixth.  With a budget of 60 s the same
# group 0.3 s an invocation keeps its least count (the estimate passed,
# the budget not); the sixth, within the plan, depends on the pace.
sub runs_56 {
	my ($name, $s) = @_;
	open(my $g, '>', "$tmp/groups/$name.group") or die;
	print $g "group $name part OS limit 30 estimate 0.01 again 1/1 runs 5-6 progs $tmp/bench\n",
		"grp_$name() {\n\tmetric $name.latency '^widget latency\$'\n\tbench $tmp/bench $s\n}\n";
	close $g;
}
runs_56('dear', 3);
($text, $st) = one_run('dear', TIME_BUDGET => 10);
like($text, qr/^\[PLAN: dear 6 5 /m, 'the plan: dear 6 times, 5 at least');
is_deeply(ks($text, 'dear'), [ 1, 2, 3 ], 'on its way past the budget: down to the floor, 3');
like($text, qr/^\[PLAN_NOTE: 2 invocations of the least counts left out: the run would have passed its budget\]$/m,
     'a note counts the least counts\' invocations left out');
runs_56('cheap', 0.3);
($text, $st) = one_run('cheap', TIME_BUDGET => 60);
my @cheap = @{ ks($text, 'cheap') };
is_deeply([ @cheap[ 0 .. 4 ] ], [ 1 .. 5 ], 'behind the estimate, within the budget: the least count ran (' . "@cheap" . ')');
unlike($text, qr/least counts left out/, '... none of it left out');

# A group of two sweeps (12 s each in the model, a later invocation 0.01
# s) in a budget of 20 s: the plan cuts its second sweep; its invocations
# take milliseconds, so the run makes the second invocation a sweep
# again (the step "unless pass2" runs in it), not the third.
# put(FILE, TEXT...): a file of the test's; a script (mode 0755) where it
# starts with #!.
sub put {
	my ($f, @text) = @_;
	open(my $fh, '>', "$tmp/$f") or die;
	print $fh @text;
	close $fh;
	chmod 0755, "$tmp/$f" or die if $text[0] =~ /^#!/;
}
put('groups/swept.group', "group swept part OS limit 30 estimate 12 later 0.01 again 1/1 sweeps 2 runs 3-3 \\\n",
    "\tprogs $tmp/bench,$tmp/gadget\n",
    "grp_swept() {\n\tmetric swept.latency '^widget latency\$'\n\tmetric swept.full '^gadget latency\$'\n",
    "\tbench $tmp/bench 0\n\twhen pass2 || bench $tmp/gadget\n}\n");
put('gadget', "#!/bin/sh\necho \"gadget latency: 1.5000 microseconds\" >&2\n");
($text, $st) = one_run('swept', TIME_BUDGET => 20);
like($text, qr/^\[PLAN_NOTE: over the budget: swept swept once\]$/m, 'the plan cut the second sweep');
like($text, qr/^\[PLAN: swept 3 3 1 /m, 'the plan: three invocations, one sweep');
is_deeply(ks($text, 'swept'), [ 1, 2, 3 ], 'all three ran');
is(scalar(() = $text =~ /gadget latency: /g), 2, 'ahead of the estimate: the second made a sweep again, the third not');
like($text, qr/^\[PLAN_NOTE: 1 sweeps the plan had cut made in full: the run was ahead of its estimate\]$/m,
     'a note counts the sweeps made again');
like($text, qr/^\[SWEPT: swept\/2\]$/m, '... and [SWEPT: ] names it, for the next run\'s plan');

# A group whose pass2 steps carry the summary's figures (points), whose
# one sweep alone (60 s in the model) is over the budget of 20 s: the
# plan leaves it unswept, every invocation its pass2 steps, the first
# also its FIRST steps; a sweep would end far past the estimate, so
# none is made.
put('groups/unswept.group', "group unswept part OS limit 30 estimate 60 later 0.01 again 1/1 sweeps 2 runs 3-3 \\\n",
    "\tpoints progs $tmp/bench,$tmp/gadget,$tmp/doohickey\n",
    "grp_unswept() {\n\tmetric unswept.latency '^widget latency\$'\n\tmetric unswept.full '^gadget latency\$'\n",
    "\tmetric unswept.first '^doohickey latency\$'\n",
    "\tbench $tmp/bench 0\n\tif ! when pass2; then\n\t\tbench $tmp/gadget\n\telif when FIRST; then\n",
    "\t\tbench $tmp/doohickey\n\tfi\n}\n");
put('doohickey', "#!/bin/sh\necho \"doohickey latency: 0.5000 microseconds\" >&2\n");
($text, $st) = one_run('unswept', TIME_BUDGET => 20);
like($text, qr/^\[PLAN_NOTE: over the budget: unswept not swept \(the summary's points only\)\]$/m,
     'points: the plan leaves it unswept, and says so');
like($text, qr/^\[PLAN: unswept 3 3 0 /m, 'the plan: three invocations, no sweep');
is_deeply(ks($text, 'unswept'), [ 1, 2, 3 ], 'all three ran');
is(scalar(() = $text =~ /gadget latency: /g), 0, 'no sweep made: a sweep\'s steps never ran');
is(scalar(() = $text =~ /doohickey latency: /g), 1, 'the first invocation\'s own step (FIRST) ran once');
unlike($text, qr/^\[SWEPT: /m, 'no [SWEPT: ]');

# ROUNDS fixes the counts: no extras, none left out.
($text) = one_run('fast', TIME_BUDGET => 20, ROUNDS => 2);
is_deeply(ks($text, 'fast'), [ 1, 2 ], 'ROUNDS=2: two, whatever the pace');
unlike($text, qr/^\[PLAN_NOTE: .*(added|left out)/m, 'ROUNDS: nothing added or left out');
done_testing();
