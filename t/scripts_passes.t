#!/usr/bin/perl
# The invocations: a group that runs again runs several times, in separate
# processes (ROUNDS of them, or as many as the plan gives it within
# TIME_BUDGET).  Every group's first invocation comes in lmbench3's order
# with its lines visible; the later ones are spread among them and to the
# end, each after a [PASS: <k>] line and behind "#+" (the harnesses that
# read lmbench3's lines see the first only), a first invocation after a
# later one after [PASS: 1].  The memory groups' later invocations sweep
# once more, then run the summary's points.  The results reader takes each
# metric's median invocation, with its own line and #stats (of two passes
# of an older file, the better one).
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmRun;
use LMResults;
use Test::More;
use File::Temp qw(tempdir);
use Cwd ();
use JSON::PP;
use MiniSchema;

bin('lat_syscall');
my $tmp = tempdir(CLEANUP => 1);
my $cfg = tiny_config($tmp);
my %env = (quick_env(), ONLY => 'lat_syscall lat_sig');

# one_run(DIR, ENV...): the results text, the run and the file.
sub one_run {
	my ($out, %e) = @_;
	my $c = delete $e{config} // $cfg;
	my $r = run(['sh', 'scripts/lmbench', '-o', $out, bindir(), $c], env => { %env, %e });
	is($r->{status}, 0, "run (@{[ %e ]}) exits 0") or diag($r->{err});
	my ($f) = results_files($out);
	return (slurp($f // '/dev/null'), $r, $f);
}

# invocations(TEXT): each group invocation in the order run: { group, k,
# s (its seconds), at (its start), pass (the [PASS: ] line before it, or
# undef), lines (its lines, the drift points left out) }.
sub invocations {
	my ($text) = @_;
	my (@inv, @lines, $pass, $in);
	for my $l (split /\n/, $text) {
		# The header ends with [PASSES: ].
		if (!$in) { $in = $l =~ /^\[PASSES: /; next }
		if ($l =~ m{^\[GROUP_TIME: (\w+)(?:/(\d+))? ([\d.]+) at ([\d.]+)\]$}) {
			push @inv, { group => $1, k => $2 // 1, s => $3, at => $4, pass => $pass,
				     lines => [@lines] };
			(@lines, $pass) = ();
		} elsif ($l =~ /^\[PASS: (\d+)\]$/) {
			$pass = $1;
		} elsif ($l !~ /^\[DRIFT: /) {
			push @lines, $l;
		}
	}
	return @inv;
}
sub plan_of {
	my ($text, $g) = @_;
	return $text =~ /^\[PLAN: \Q$g\E (.*)\]$/m ? [ split ' ', $1 ] : [];
}

# ---- two cheap groups, three invocations each --------------------------------------
my ($text, $r, $file) = one_run("$tmp/std", PROFILE => 'standard', ROUNDS => 3, PLAN_SEED => 7, DRIFT => 1);
like($text, qr/^\[PASSES: 3\]$/m, 'ROUNDS=3: [PASSES: 3]');
like($text, qr/^\[PLAN_SEED: 7\]$/m, 'the seed recorded');
my $plan_lines = qr/\[TIME_BUDGET: 120\]\n\[PLAN_SEED: 7\]\n\[PLAN_ESTIMATE: \d+\]\n\[PLAN_INPUTS: [^\n]*\]\n/;
like($text, qr/^\[DRIFT: start [^\n]*\]\n$plan_lines\[PLAN: syscall [^\n]*\]\n\[PLAN: sig [^\n]*\]\n\[PASSES: 3\]\n/m,
     'the drift probes\' first point, then the plan: budget, seed, estimate, the models\' inputs, a line per group, the most invocations')
	or diag($text =~ /(\[DRIFT_PROBES.*?\[PASSES: \d+\])/s ? $1 : $text);
is_deeply([ map { plan_of($text, $_)->[0] // 0 } qw(syscall sig) ], [ 3, 3 ], '[PLAN: ]: 3 invocations of each');
my @inv = invocations($text);
my @order = map { "$_->{group}/$_->{k}" } @inv;
is(scalar @inv, 6, 'six invocations ran') or diag("@order");
is($order[0], 'syscall/1', 'the first group\'s first invocation first');
is_deeply([ grep { m{/1$} } @order ], [ 'syscall/1', 'sig/1' ], 'the first invocations in lmbench3\'s order');
for my $g (qw(syscall sig)) {
	is_deeply([ map { $_->{k} } grep { $_->{group} eq $g } @inv ], [ 1, 2, 3 ], "$g: invocations 1, 2, 3 in order");
}
# (syscall's costs 0.1 s, sig's 0.06: syscall/2 falls in syscall's share
# of the first round, before sig's first invocation, whatever the seed.)
ok(index("@order", 'syscall/2') < index("@order", 'sig/1'), 'a later invocation among the first ones');
my @badpass;
my $prev_k = 1;
for my $i (@inv) {
	my $want = $i->{k} > 1 ? $i->{k} : $prev_k > 1 ? 1 : 'none';
	push @badpass, "$i->{group}/$i->{k}: " . ($i->{pass} // 'none') unless ($i->{pass} // 'none') eq $want;
	$prev_k = $i->{k};
}
is_deeply(\@badpass, [], '[PASS: <k>] before each later invocation, [PASS: 1] before a first one after a later one');
ok((grep { $_->{k} == 1 && ($_->{pass} // 0) == 1 } @inv), '... and there is such a first one (sig\'s)');
my @shown = map { my $i = $_; map { "$i->{group}/$i->{k}: $_" } grep { $_ ne '' && !/^[\[#]/ } @{ $i->{lines} } }
	grep { $_->{k} > 1 } @inv;
is_deeply(\@shown, [], 'every line of a later invocation behind "#+" (or a note)');
my @syscall = $text =~ /^((?:#\+ )?)Simple syscall: /mg;
is_deeply(\@syscall, [ '', '#+ ', '#+ ' ], 'lat_syscall null: three times, the first visible and first');
ok((grep { /^Simple syscall: / } @{ $inv[0]{lines} }), '... in syscall\'s first invocation');
# Each #stats record says which invocation took it and when (inv, at_s).
my (@badinv, @nostats);
for my $i (@inv) {
	my @st = grep { /^#stats / } @{ $i->{lines} };
	push @nostats, "$i->{group}/$i->{k}" unless @st;
	for (@st) {
		my ($rec) = records($_);
		my ($k, $at) = $rec ? @$rec{qw(inv at)} : ();
		push @badinv, "$i->{group}/$i->{k} at $i->{at} for $i->{s} s: $_"
			unless defined $k && $k == $i->{k} && defined $at
			    && $at >= $i->{at} - 0.1 && $at <= $i->{at} + $i->{s} + 0.2;
	}
}
is_deeply(\@nostats, [], '#stats lines in every invocation');
is_deeply(\@badinv, [], 'each with inv <its invocation> and at_s within its invocation\'s time');
my $status = -r "$tmp/status" ? slurp("$tmp/status") : $r->{err};
like($status, qr/^lmbench: profile standard, budget 120 s, 2 groups in 6 invocations \(syscall 3, sig 3\); estimated \d+ s$/m,
     'the status line: the plan, each group that runs again with its count');
my @st = $status =~ m{^lmbench: \[\d+/6\] (\S+) \(lat_\w+\): elapsed \d+ s, about \d+ s left$}mg;
is_deeply(\@st, [ map { $_->{k} > 1 ? "$_->{group}/$_->{k}" : $_->{group} } @inv ],
	  'a status line per invocation, in the order run');

# The reader on that file: each metric's invocations in order, its value
# the median invocation's, with that invocation's line.
my $m = LMResults::metrics(LMResults::parse($file));
my (@badmed, $nmet);
for my $n (grep { !/^:/ } keys %$m) {
	my $rec = $m->{$n};
	my @iv = @{ $rec->{invocations} // [] };
	$nmet++;
	push(@badmed, "$n: invocations " . join(',', map { $_->{inv} } @iv)), next
		unless join(',', map { $_->{inv} } @iv) eq '1,2,3';
	my @by = sort { $a->{value} <=> $b->{value} } @iv;
	# (the line of an invocation with that value: two may have it)
	my ($own) = grep { $_->{line} == $rec->{line} } @iv;
	push @badmed, "$n: $rec->{value} (line $rec->{line}) is not the median of "
		. join(',', map { "$_->{value} (line $_->{line})" } @iv)
		unless $rec->{value} == $by[1]{value} && $own && $own->{value} == $rec->{value};
}
ok($nmet >= 6, "metrics read ($nmet)");
is_deeply(\@badmed, [], 'every metric: invocations 1, 2, 3; its value and line the median one\'s');

# ---- the plan decides; ROUNDS, PASSES, the quick profile -------------------------------
# (Run from an empty directory, which it leaves empty: nothing of a run
# is written where it was started.)
my $cwd = tempdir(DIR => $tmp);
$r = run(['sh', '-c', 'cd "$0" && exec sh "$@"', $cwd, Cwd::abs_path('scripts/lmbench'), '-o', "$tmp/plan",
	  Cwd::abs_path(bindir()), $cfg], env => { %env, PROFILE => 'standard', ONLY => 'lat_syscall' });
is($r->{status}, 0, 'a run with the plan\'s counts exits 0') or diag($r->{err});
$text = slurp((results_files("$tmp/plan"))[0] // '/dev/null');
opendir(my $dh, $cwd) or die;
is_deeply([ grep { !/^\.\.?$/ } readdir $dh ], [], 'nothing left in the directory it was started in');
my $count = plan_of($text, 'syscall')->[0] // 0;
ok($count >= 5 && $count <= 15, "the plan: syscall $count times (5 to 15)");
my @ks = map { $_->{k} } grep { $_->{group} eq 'syscall' } invocations($text);
my ($left) = $text =~ /^\[PLAN_NOTE: (\d+) invocations beyond the least left out/m;
is(scalar @ks, $count - ($left // 0), 'as many invocations ran (but those left out when behind)');
like($text, qr/^\[PASSES: $count\]$/m, '[PASSES: ] the largest count');
for my $e ([ PROFILE => 'quick' ], [ PROFILE => 'standard', ROUNDS => 1 ],
	   [ PROFILE => 'standard', PASSES => 1 ]) {
	my ($t) = one_run("$tmp/once" . join('', @$e), @$e, ONLY => 'lat_syscall', DRIFT => 0);
	like($t, qr/^\[PASSES: 1\]$/m, "@$e: [PASSES: 1]");
	is(plan_of($t, 'syscall')->[0], 1, "@$e: planned once");
	unlike($t, qr/^\[PASS: /m, "@$e: no later invocation");
	my @n = $t =~ /^(?:#\+ )?Simple syscall: /mg;
	is(scalar @n, 1, "@$e: lat_syscall null ran once");
}
my ($t2) = one_run("$tmp/passes2", PROFILE => 'standard', PASSES => 2, ONLY => 'lat_syscall', DRIFT => 0);
is(plan_of($t2, 'syscall')->[0], 2, 'PASSES=2 (the older knob): two invocations');

# ---- the memory groups: a second sweep, then the summary's points ------------------------
# MB 4 with a 1 MB cache: MAIN is MB, the main memory from twice the cache
# (2 MB) up.  0.5 ms intervals: the layout is tested, not the figures.
# mem_run(PROFILE, ONLY, CONFIG...): the text, and each invocation's series
# (k => title => [ x ... ], a latency curve's as "heading|stride=N"; the
# random chase over huge pages has stride 64).
sub mem_run {
	my ($profile, $only, @c) = @_;
	my ($t, undef, $f) = one_run("$tmp/mem-$profile", PROFILE => $profile, ROUNDS => 3, ENOUGH => 500,
				     DRIFT => 0, config => tiny_config(tempdir(DIR => $tmp), @c), ONLY => $only);
	my @hidden = map { my $i = $_; map { "$i->{group}/$i->{k}: $_" } grep { $_ ne '' && !/^[\[#]/ } @{ $i->{lines} } }
		grep { $_->{k} > 1 } invocations($t);
	is_deeply(\@hidden, [], "$only: the later invocations behind \"#+\"");
	my %ser;
	for my $s (@{ LMResults::parse($f // '/dev/null')->{series} }) {
		my $key = $s->{title} =~ /^stride=/ ? ($s->{heading} // '') . "|$s->{title}" : $s->{title};
		$ser{ $s->{pass} // 1 }{$key} = [ map { $_->{x} } @{ $s->{points} } ];
	}
	return ($t, \%ser);
}
# The bandwidths (the quick profile: fewer sizes, the same steps).
{
	my ($t, $ser) = mem_run('quick', 'bw_mem bw_file_rd bw_mmap_rd');
	my %ser = %$ser;
	like($t, qr/^\[MAIN_MB: 4\]$/m, 'MAIN 4 MB');
	is_deeply([ map { join ' ', @{ plan_of($t, $_) }[0 .. 2] } qw(file mem) ],
		  [ '3 3 2', '3 3 2' ], 'file, mem: 3 invocations, 2 of them sweeps');
	my @file = ('read bandwidth', 'read open2close bandwidth', 'Mmap read bandwidth',
		    'Mmap read open2close bandwidth');
	my @mem = ('libc bcopy unaligned', 'libc bcopy aligned', 'Memory bzero bandwidth',
		   'unrolled bcopy unaligned', 'unrolled partial bcopy unaligned', 'Memory read bandwidth',
		   'Memory partial read bandwidth', 'Memory write bandwidth', 'Memory partial write bandwidth',
		   'Memory partial read/write bandwidth');
	is_deeply([ sort keys %{ $ser{1} } ], [ sort @file, @mem ], 'the first sweep: the 14 bandwidth series');
	is_deeply($ser{2}, $ser{1}, 'the second sweep (invocation 2): every series at every size again');
	# The summary's points: the largest size of four bandwidths and two
	# rereads.
	my %p3 = %{ $ser{3} // {} };
	my @pts = sort keys %p3;
	is_deeply(\@pts, [ sort 'read bandwidth', 'Mmap read bandwidth',
		'libc bcopy unaligned', 'unrolled bcopy unaligned', 'Memory read bandwidth',
		'Memory write bandwidth' ], 'invocation 3: the summary\'s series only');
	is_deeply([ map { $p3{$_} } @pts ], [ map { [ $ser{1}{$_}[-1] ] } @pts ],
		  '... each at its largest size only');
	is_deeply([ map { $ser{1}{$_}[-1] } 'libc bcopy unaligned', 'Memory read bandwidth' ],
		  [ 2.097152, 4.194304 ], '... the copies\' HALF_MAIN (2 MB), the rest MAIN (4 MB)');
}
# The latencies.  FASTMEM=NO: the first sweep takes every stride.
{
	my ($t, $ser) = mem_run('standard', 'lat_mem_rd', FASTMEM => 'NO');
	my %ser = %$ser;
	is_deeply([ @{ plan_of($t, 'memlat') }[0 .. 2] ], [ 3, 3, 2 ], 'memlat: 3 invocations, 2 of them sweeps');
	my @lat1 = sort grep { /^Memory load latency\|stride=/ } keys %{ $ser{1} };
	is(scalar @lat1, 7, 'memlat\'s first sweep: seven strides');
	my @sum = ('Memory load latency|stride=128', 'Random load latency|stride=16');
	# The huge-page chase is read under its own heading ("Random load
	# latency, huge pages": RESULTS_FORMAT 6 reads any line a block
	# follows as its title).
	is_deeply([ sort keys %{ $ser{2} } ], [ sort @sum, 'Random load latency, huge pages|stride=64' ],
		  'its second sweep (AGAIN): the curves the summary reads, the huge-page chase too');
	is_deeply([ @{ $ser{2} }{@sum} ], [ @{ $ser{1} }{@sum} ], '... over the same sizes');
	is_deeply([ sort keys %{ $ser{3} // {} } ], \@sum, 'invocation 3: the curves the summary reads');
	my @x = @{ $ser{3}{ $sum[0] } // [] };
	ok(@x >= 2 && $x[0] >= 2 && $x[-1] == 4, 'over main memory only: from twice the cache (2 MB) to MAIN (4 MB)')
		or diag("@x");
}

# ---- the reader on a hand-written file -------------------------------------------------
# syscall ran 3 times, pipe 4; a metric's value is its median invocation's
# (of an even count the better of the middle two), with that invocation's
# line and #stats.  Its invocations in the order run, each with its inv,
# its floor (the best sample, where its #stats are the value's own; else
# the value) and when it was taken.
my $f = "$tmp/inv";
sub st {
	my ($label, $unit, $med, $k, $at, @s) = @_;
	return "#stats label=\"$label\" unit=$unit parallel=1 samples=" . join(',', @s) . ' n=' . scalar(@s)
		. " min=$s[0] q1=$s[0] median=$med q3=$s[-1] max=$s[-1] ci_lo=$s[0] ci_hi=$s[-1] ci_level=0.75"
		. " inv=$k at=$at";
}
my $ctx_decl = '#series name=ctx.size_16k unit=microseconds better=lower x_name=processes x_unit=processes';
write_lines($f, '[lmbench3.0 results for Linux vm 6.18.44 #1 SMP x86_64 GNU/Linux]', '[RESULTS_FORMAT: 4]', '[TIME_BUDGET: 120]', '[PLAN_SEED: 42]', '[PLAN_ESTIMATE: 9]',
	'[MAIN_MB: 16]', '[PLAN: syscall 3 3 1 0.10 0.10 30]', '[PLAN: pipe 4 4 1 0.04 0.04 30]', '[PASSES: 4]',
	'Simple syscall: 0.5000 microseconds',
	st('Simple syscall', 'microseconds', 0.5, 1, '1.0', 0.45, 0.5, 0.55),
	'"mappings', '0.524288 200.0', '', '[GROUP_TIME: syscall 0.3 at 1.0]',
	'Pipe latency: 10.0000 microseconds',
	'Pipe bandwidth: 3000.00 MB/sec',
	'AF_UNIX sock stream latency: 7.0000 microseconds',
	'[GROUP_TIME: pipe 0.1 at 1.3]',
	'[PASS: 2]', '#+ Simple syscall: 0.3000 microseconds',
	st('Simple syscall', 'microseconds', 0.3, 2, '2.0', 0.29, 0.3, 0.31),
	'#+ "mappings', '#+ 0.524288 190.0', '#+', '[GROUP_TIME: syscall/2 0.3 at 2.0]',
	'[PASS: 2]', '#+ Pipe latency: 12.0000 microseconds',
	'#+ Pipe bandwidth: 3500.00 MB/sec',
	st('MB/sec', 'MB/sec', 3500, 2, '2.4', 3400, 3500, 3600),
	'#+ "size=16k ovr=1.0', '#+ 2 6.0', '#+', $ctx_decl,
	'[GROUP_TIME: pipe/2 0.1 at 2.3]',
	'[PASS: 3]', '#+ Simple syscall: 0.4000 microseconds',
	st('Simple syscall', 'microseconds', 0.4, 3, '3.0', 0.38, 0.4, 0.42),
	'#+ "mappings', '#+ 0.524288 210.0', '#+', '[GROUP_TIME: syscall/3 0.3 at 3.0]',
	'[PASS: 3]', '#+ Pipe latency: 11.0000 microseconds',
	'#+ Pipe bandwidth: 2000.00 MB/sec', '#+ "size=16k ovr=1.5', '#+ 2 5.0', '#+', $ctx_decl,
	'[GROUP_TIME: pipe/3 0.1 at 3.3]',
	'[PASS: 4]', '#+ Pipe latency: 13.0000 microseconds',
	'#+ Pipe bandwidth: 3200.00 MB/sec', '#+ "size=16k ovr=2.0', '#+ 2 4.0', '#+', $ctx_decl,
	'[GROUP_TIME: pipe/4 0.1 at 4.3]', '[STATUS: complete]');
my @flines = split /\n/, slurp($f);
# line(TEXT): the number of the file's line that is TEXT.
sub line { my ($t) = @_; my ($i) = grep { $flines[$_] eq $t } 0 .. $#flines; return defined $i ? $i + 1 : -1 }
$m = LMResults::metrics(LMResults::parse($f));
my %by = map { ($m->{$_}{label} // '') . ' ' . ($m->{$_}{unit} // '') => $m->{$_} }
	grep { !/^:/ } keys %$m;
my ($sys) = grep { /^Simple syscall / } keys %by;
my ($lat) = grep { /^Pipe latency / } keys %by;
my ($bw) = grep { /^Pipe bandwidth / } keys %by;
my ($unix) = grep { /^AF_UNIX sock stream latency / } keys %by;
ok($sys && $lat && $bw && $unix, 'the four metrics') or diag(join(', ', sort keys %by));
$sys //= ''; $lat //= ''; $bw //= ''; $unix //= '';
is($by{$sys}{value}, 0.4, 'three invocations (0.5, 0.3, 0.4): the median, 0.4');
is($by{$sys}{line}, line('#+ Simple syscall: 0.4000 microseconds'), '... with its own line');
is($by{$sys}{stats}{median}, 0.4, '... and its own #stats');
is($by{$lat}{value}, 11, 'four, lower is better (10, 12, 11, 13): the better middle one, 11');
is($by{$lat}{line}, line('#+ Pipe latency: 11.0000 microseconds'), '... with its own line');
is($by{$bw}{value}, 3200, 'four, higher is better (3000, 3500, 2000, 3200): the better middle one, 3200');
is($by{$bw}{line}, line('#+ Pipe bandwidth: 3200.00 MB/sec'), '... with its own line');
ok(!$by{$bw}{stats}, '... and no #stats, as that invocation had none');
my $inv = sub { my ($k, @f) = @_; [ map { my $i = $_; [ map { $i->{$_} } @f ] } @{ $by{$k}{invocations} // [] } ] };
is_deeply($inv->($sys, qw(inv value floor at line)),
	  [ [ 1, 0.5, 0.45, 1, line('Simple syscall: 0.5000 microseconds') ],
	    [ 2, 0.3, 0.29, 2, line('#+ Simple syscall: 0.3000 microseconds') ],
	    [ 3, 0.4, 0.38, 3, line('#+ Simple syscall: 0.4000 microseconds') ] ],
	  'syscall\'s invocations in order: inv, value, floor (the least sample), at, line');
is_deeply($inv->($bw, qw(inv value floor)),
	  [ [ 1, 3000, 3000 ], [ 2, 3500, 3600 ], [ 3, 2000, 2000 ], [ 4, 3200, 3200 ] ],
	  'bandwidth\'s: the floor the most bandwidth where #stats were taken, else the value');
is_deeply($inv->($unix, qw(inv value floor)), [ [ 1, 7, 7 ] ], 'a metric measured once: one invocation');
my ($pt) = grep { ($m->{$_}{label} // '') =~ /^mappings/ } grep { !/^:/ } keys %$m;
is($m->{$pt // ''}{value}, 200, 'a series point (200, 190, 210): the median');
my ($ctx) = grep { /^ctx\.size_16k\@2$/ } keys %$m;
ok($ctx, 'a point measured from the second invocation on') or diag(join ', ', sort keys %$m);
my $c = $m->{$ctx // ''} // {};
is_deeply([ map { [ $_->{inv}, $_->{value} ] } @{ $c->{invocations} // [] } ], [ [ 2, 6 ], [ 3, 5 ], [ 4, 4 ] ],
	  '... its invocations 2, 3, 4');
is_deeply([ $c->{value}, $c->{line}, $c->{label} ], [ 5, line('#+ 2 5.0'), 'size=16k ovr=1.5 2' ],
	  '... its value, line and label (with that invocation\'s overhead) the median invocation\'s');
is(scalar @{ $m->{':series'} }, 1, 'the series drawn are the first invocation\'s only');
is(scalar(grep { /#\d+$/ } keys %$m), 0, 'no metric counted twice (no name#2)');

# The JSON twin: each value's invocations, the plan, when each group began.
$r = run([$^X, 'scripts/json', $f]);
is($r->{status}, 0, 'json: exit 0') or diag($r->{err});
my $j = eval { decode_json($r->{out}) } // {};
my @e = MiniSchema::validate(decode_json(slurp('doc/results-schema.json')), $j);
is(scalar @e, 0, 'json: valid') or diag(join "\n", @e);
my ($jsys) = grep { ($_->{label} // '') eq 'Simple syscall' } @{ $j->{values} // [] };
is_deeply([ map { [ @$_{qw(value floor inv at_s line)} ] } @{ $jsys->{invocations} // [] } ],
	  [ [ 0.5, 0.45, 1, 1, line('Simple syscall: 0.5000 microseconds') ],
	    [ 0.3, 0.29, 2, 2, line('#+ Simple syscall: 0.3000 microseconds') ],
	    [ 0.4, 0.38, 3, 3, line('#+ Simple syscall: 0.4000 microseconds') ] ],
	  'json: syscall\'s invocations');
is($jsys->{value}, 0.4, 'json: its value the median invocation\'s');
is_deeply([ map { "$_->{group} $_->{count} $_->{least} $_->{sweeps}" } @{ $j->{plan} // [] } ],
	  [ 'syscall 3 3 1', 'pipe 4 4 1' ], 'json: the plan');
is_deeply($j->{group_start_s}, { syscall => 1, pipe => 1.3, 'syscall/2' => 2, 'pipe/2' => 2.3,
	  'syscall/3' => 3, 'pipe/3' => 3.3, 'pipe/4' => 4.3 }, 'json: when each invocation began');
is_deeply([ @{ $j->{config} // {} }{qw(TIME_BUDGET PLAN_SEED PLAN_ESTIMATE MAIN_MB PASSES)} ],
	  [ 120, 42, 9, 16, 4 ], 'json: the budget, seed, estimate, MAIN and the largest count, as numbers');

# ---- an older file: two passes ----------------------------------------------------------
# The better value of the two passes, with its own line and #stats; the
# series are the first pass's.
$f = "$tmp/two";
open(my $fh, '>', $f) or die "$f: $!";
print $fh <<'END';
[PASSES: 2]
Simple syscall: 0.5000 microseconds
#stats label="Simple syscall" unit=microseconds parallel=1 samples=0.5,0.5,0.5 n=3 min=0.5 q1=0.5 median=0.5 q3=0.5 max=0.5 ci_lo=0.5 ci_hi=0.5 ci_level=0.75
Pipe latency: 10.0000 microseconds
Pipe bandwidth: 3000.00 MB/sec
"mappings
0.524288 200.0
1.048576 400.0

[PASS: 2]
Simple syscall: 0.4000 microseconds
#stats label="Simple syscall" unit=microseconds parallel=1 samples=0.4,0.4,0.4 n=3 min=0.4 q1=0.4 median=0.4 q3=0.4 max=0.4 ci_lo=0.4 ci_hi=0.4 ci_level=0.75
Pipe latency: 12.0000 microseconds
Pipe bandwidth: 3500.00 MB/sec
"mappings
0.524288 190.0
1.048576 450.0

[STATUS: complete]
END
close $fh;
$m = LMResults::metrics(LMResults::parse($f));
%by = map { ($m->{$_}{label} // '') . ' ' . ($m->{$_}{unit} // '') => $m->{$_} }
	grep { !/^:/ } keys %$m;
($sys) = grep { /^Simple syscall / } keys %by;
ok($sys, 'one syscall metric') or diag(join(', ', sort keys %by));
is($by{$sys}{value}, 0.4, 'lower is better: the second pass (0.4 < 0.5)') if $sys;
is($by{$sys}{line}, 11, '... with its own line') if $sys;
is($by{$sys}{stats}{median}, 0.4, '... and its own #stats') if $sys;
is_deeply([ map { $_->{inv} } @{ $by{$sys}{invocations} // [] } ], [ 1, 2 ], '... two invocations') if $sys;
($lat) = grep { /^Pipe latency / } keys %by;
is($by{$lat}{value}, 10, 'lower is better: the first pass (10 < 12)') if $lat;
($bw) = grep { /^Pipe bandwidth / } keys %by;
is($by{$bw}{value}, 3500, 'higher is better: the second pass (3500 > 3000)') if $bw;
my @pts = sort { $a <=> $b } map { $m->{$_}{value} } grep { !/^:/ && ($m->{$_}{label} // '') =~ /^mappings/ } keys %$m;
is_deeply(\@pts, [ 190, 400 ], 'series points: each the better of its two');
is(scalar @{ $m->{':series'} }, 1, 'the series drawn are the first pass\'s only');
is(scalar(grep { /#\d+$/ } keys %$m), 0, 'no metric counted twice (no name#2)');

# The summary's columns that read a series point (TCP bandwidth, the
# context switches) take the better pass too, as metrics() does.
open($fh, '>', "$tmp/pts") or die "$tmp/pts: $!";
print $fh <<'END';
[PASSES: 2]
"size=16k ovr=1.0
2 5.0
8 9.0

"Socket bandwidth using localhost
0.000001 0.60
10.485760 2000.00

"File system latency
0k	100	100000	100000

[PASS: 2]
"size=16k ovr=1.0
2 4.0
8 9.5

"Socket bandwidth using localhost
0.000001 0.70
10.485760 9000.00

"File system latency
0k	100	50000	200000

[STATUS: complete]
END
close $fh;
use LMSummary;
my %cell;
for my $t (LMSummary::tables([ LMResults::parse("$tmp/pts") ])) {
	my $row = $t->{rows}[0] or next;
	for my $i (0 .. $#{ $t->{names} }) {
		$cell{ $t->{names}[$i] } //= $row->{values}[$i];
	}
}
is($cell{TCP}, 9000, 'summary TCP bandwidth: the better pass (9000 > 2000)');
is($cell{'2p/16K ctxsw'}, 4, 'summary 2p/16K: the better pass (4 < 5)');
is($cell{'8p/16K ctxsw'}, 9, 'summary 8p/16K: the better pass (9 < 9.5)');
is($cell{'0K File Create'}, 10, 'summary 0K create: the better pass (10 us < 20 us)');
is($cell{'0K File Delete'}, 5, 'summary 0K delete: the better pass (5 us < 10 us)');

done_testing();
