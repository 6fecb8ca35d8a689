#!/usr/bin/perl
# A program's records are the truth its readers take (RESULTS_FORMAT 7,
# doc/results.md "The layout"): every program of the build, run once with
# its records (LMBENCH_STATS=1) and its JSON lines (--json), is read three
# ways, and the three must agree:
#   - by its records alone (LMResults, the reader of current files);
#   - by its lines' wording (LMPast, the reader of older files);
#   - from its JSON lines, which the harness writes from the same record.
# Every record must be read into a value, the records reading must find
# each metric the JSON lines name with the same value (as printed), and
# the wording reading the same metrics and values (lat_ctx's overhead
# aside: its record has more digits than its title).
use strict;
use warnings;
use lib 't/lib';
use lib 'scripts/lib';
use LmTest;
use LmEvery;
use LmRun qw(slurp);
use LMResults;
use File::Temp qw(tempdir);
use JSON::PP;
use Test::More;

my $dir = bindir();
my $tmp = tempdir(CLEANUP => 1);
my %env = (quick_env(), ENOUGH => 1000, LMBENCH_STATS => 1);
my $json = JSON::PP->new;

sub read_text {
	my ($text, %opt) = @_;
	open(my $fh, '<', \$text) or die;
	return LMResults::parse_fh($fh, 'output', %opt);
}

# The metrics of a reading: name => value (points too).
sub values_of {
	my ($run) = @_;
	my $m = LMResults::metrics($run);
	return { map { $_ => $m->{$_}{value} } grep { !/^:/ } keys %$m };
}

# A program's output as the run writes it into a results file: through
# scripts/lmbench's own layout (EMIT_AWK: a point's #stats after its
# block with x=), under a title where it prints its points without one.
my ($emit) = slurp('scripts/lmbench') =~ /^EMIT_AWK='\n(.*?)'\nemit\(\)/ms or die 'no EMIT_AWK';
sub as_run_writes {
	my ($prog, $text) = @_;
	my $untitled = $text !~ /^"/m && $text =~ /^#(?:series |stats .*"x_name":)/m;
	$text = "\"$prog\n$text" if $untitled;
	my $in = "$tmp/emit.in";
	open(my $fh, '>', $in) or die;
	print $fh $text, "\n";
	close $fh;
	my $r = run([ 'awk', '-v', 'blk=0', '-v', 'lastx=', '-v', 'hide=', '-v', "pend=$tmp/emit.pend",
		      '-v', "st=$tmp/emit.st", '-v', "cst=$tmp/emit.cst", $emit, $in ]);
	die "awk: $r->{err}" if $r->{status};
	return "[RESULTS_FORMAT: 7]\n$r->{out}" . slurp("$tmp/emit.pend");
}

# The labels of a reading's values (not the points'): name => label.
sub labels_of {
	my ($run) = @_;
	my $m = LMResults::metrics($run);
	return { map { $_ => $m->{$_}{label} } grep { !/^:/ && !/@/ } keys %$m };
}

sub near {
	my ($a, $b) = @_;
	return abs($a - $b) <= 0.006 * abs($b) + 0.006;
}

my ($n, $values, $points) = (0, 0, 0);
for my $r (LmEvery::runs($tmp)) {
	next unless -x "$dir/$r->{prog}" && $r->{results};
	# The run keeps these figures as its facts (header lines: [MHZ: ],
	# [ENOUGH: ], [TIMING_O: ], the drift probes' [DRIFT: ]), not as
	# results: their JSON lines are their only records.
	next if $r->{prog} =~ /^(?:drift|enough|line|loop_o|memsize|mhz|timing_o)$/;
	$r->{before}->() if $r->{before};
	my @args = map { ref $_ ? $$_ : $_ } @{ $r->{args} };
	my $x = run([ bin($r->{prog}), '--json', @args ], env => \%env,
		    timeout => 120, (defined $r->{stdin} ? (stdin => $r->{stdin}) : ()));
	$r->{after}->() if $r->{after};
	# line and tlb print no figure where their sweeps disagree.
	next if $r->{prog} =~ /^(?:line|tlb)$/ && $x->{status} == 1;
	$n++;
	subtest "$r->{prog}: records, wording and JSON agree" => sub {
		is($x->{status}, 0, 'exit 0') or diag($x->{err});
		my $err = as_run_writes($r->{prog}, $x->{err});
		my $rec = read_text($err);
		my $past = read_text($err, past => 1);
		ok($rec->{records}, 'read by its records');
		is_deeply([ map { $_->{line} } @{ $rec->{orphan_stats} }, @{ $rec->{orphan_decls} } ], [],
			  'every record read into a value');
		is_deeply($rec->{unreadable}, [], 'no value left unread');
		my ($a, $b) = (values_of($rec), values_of($past));
		is_deeply([ sort keys %$a ], [ sort keys %$b ], 'the same metrics by records and by wording');
		my @diff = grep { defined $b->{$_} && $a->{$_} != $b->{$_} } keys %$a;
		is_deeply(\@diff, [], 'with the same values');
		# The labels alike, but that the wording reader put "lat_http "
		# before lat_http's (its records say the file alone).
		my ($la, $lb) = (labels_of($rec), labels_of($past));
		is_deeply([ grep { defined $lb->{$_} && ($la->{$_} // '') ne ($lb->{$_} =~ s/^lat_http //r) } sort keys %$la ],
			  [], 'and the same labels');
		is_deeply([ map { $_ // {} } @{ $rec }{qw(unclear)} ], [ map { $_ // {} } @{ $past }{qw(unclear)} ],
			  'the same unclear levels');
		is_deeply($rec->{c2c_stability}, $past->{c2c_stability}, 'the same c2c verdict');
		my (@missing, @off);
		for my $l (split /\n/, $x->{out}) {
			my $o = eval { $json->decode($l) } or next;
			next unless defined $o->{name} && defined $o->{value};
			# lat_c2c's verdict figures are JSON's alone (the
			# text says them in a sentence: a #finding).
			next if $o->{name} =~ /^c2c\.stability\./;
			if (!defined $a->{ $o->{name} }) {
				push @missing, $o->{name};
				next;
			}
			$o->{name} =~ /@/ ? $points++ : $values++;
			push @off, "$o->{name}: JSON $o->{value}, records $a->{ $o->{name} }"
				unless near($a->{ $o->{name} }, $o->{value});
		}
		is_deeply(\@missing, [], 'every metric of the JSON lines read from the records');
		is_deeply(\@off, [], '... with the value printed');
	};
}
ok($n > 40, "$n programs read three ways");
ok($values > 50, "$values values and $points points compared with their JSON lines");

# A value whose number is none (nan): named, not dropped, and its record
# attaches to nothing else.
my $run = read_text("[RESULTS_FORMAT: 6]\nSimple syscall: 0.1000 microseconds\n"
	. "#metric name=syscall.null unit=microseconds better=lower\n"
	. "Simple read: nan microseconds\n"
	. "#metric name=syscall.read unit=microseconds better=lower\n");
is_deeply([ map { $_->{line} } @{ $run->{unreadable} } ], [ 4 ], 'nan: unreadable, named by its line');
is_deeply([ sort keys %{ values_of($run) } ], [ 'syscall.null' ], 'and no value for it');
is(scalar @{ $run->{orphan_decls} }, 1, 'its record attached to nothing');

# The number a record names: the word before its unit, else the last
# number not taken; the label, what the line says before ": " (a later
# number of the line: its #metric's label).
$run = read_text("[RESULTS_FORMAT: 6]\ntlb: 96 pages 1.625 nanoseconds\n"
	. "#metric name=tlb.pages unit=pages better=none kind=property\n"
	. "#metric name=tlb.miss unit=nanoseconds better=lower label=\"tlb miss\"\n"
	. "empty 94 63.5\n#metric name=http.empty unit=microseconds better=lower\n");
my $m = LMResults::metrics($run);
is_deeply([ map { [ $m->{$_}{value}, $m->{$_}{label} ] } qw(tlb.pages tlb.miss http.empty) ],
	  [ [ 96, 'tlb' ], [ 1.625, 'tlb miss' ], [ 63.5, 'empty' ] ],
	  'two records of one line, and a line without its unit');

# A finding this reader does not know leaves the value its line holds.
$run = read_text("[RESULTS_FORMAT: 6]\nSimple syscall: 0.1000 microseconds\n"
	. "#metric name=syscall.null unit=microseconds better=lower\n"
	. "#finding of=something.new state=odd\n\n");
is_deeply([ $run->{unparsed}, [ sort keys %{ values_of($run) } ] ], [ [], [ 'syscall.null' ] ],
	  'an unknown finding: the value stays read, its line not put back');

# A line no record claims: a title where a block follows, else not read.
$run = read_text("[RESULTS_FORMAT: 6]\nRandom load latency, huge pages\n\"stride=64\n128.00000 157.4\n\n"
	. "Socket bandwidth using localhost\n0.065536 900.00 MB/sec\n\nsome note\n");
is_deeply([ map { [ $_->{heading} // '', $_->{title} ] } @{ $run->{series} } ],
	  [ [ 'Random load latency, huge pages', 'stride=64' ], [ 'Random load latency, huge pages', 'Socket bandwidth using localhost' ] ],
	  'a heading and a title told by the block after them');
is_deeply($run->{unparsed}, [ 'some note' ], 'a line nothing follows: not read');
done_testing();
