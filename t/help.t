#!/usr/bin/perl
# Every built program and every script answers --help and -h: the usage
# line, then a line per option the usage line names (and per mode of a
# mode operand such as lat_syscall's null|getpid|...), on stdout, exit 0,
# nothing on stderr.  A bad option is still refused: exit 2, a line naming
# it, nothing on stdout.  The programs are whatever the build made, so a
# new one cannot escape.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

# Programs where -h is an option of their own (lmbench3's options kept):
# they answer --help only.  None today: no lmbench3 program has a -h, and
# the usage lines are checked below against this list.
my %own_h = ();

my $dir = bindir();
opendir(my $dh, $dir) or BAIL_OUT("$dir: $! (run make test)");
my @progs = sort grep { -f "$dir/$_" && -x _ } readdir($dh);
closedir($dh);
cmp_ok(scalar(@progs), '>=', 50, "the programs in $dir") or diag("@progs");

opendir($dh, 'scripts') or die "scripts: $!";
my @scripts = sort grep { -f "scripts/$_" } readdir($dh);
closedir($dh);
ok((grep { $_ eq 'lmbench' } @scripts), 'the scripts in scripts/');

# The options a usage line names: "-X" at the start of a word.
sub usage_opts {
	my ($usage) = @_;
	my %o;
	$o{$1} = 1 while $usage =~ /(?:^|[\s\[|])-(\w)(?![\w-])/g;
	return sort keys %o;
}

# The modes of a mode operand: "a|b|c" as a word that is not an option's
# argument ("-p tcp|udp") nor a key's value ("fsync=0|1").
sub usage_modes {
	my ($usage) = @_;
	my @m;
	while ($usage =~
	       /(\S+\s+)?(?<![^\s\[])\[?(\w+(?:\|\w+)+)\]?(?=[\s\]]|$)/g) {
		my ($before, $alt) = ($1 // '', $2);
		next if $before =~ /^\[?-\w\s+$/;
		push @m, split(/\|/, $alt);
	}
	return @m;
}

sub check_help {
	my ($name, $cmd, $is_prog) = @_;
	my $r = run([@$cmd, '--help'], timeout => 60);
	subtest "$name --help" => sub {
		is($r->{status}, 0, 'exit 0');
		is($r->{err}, '', 'nothing on stderr');
		like($r->{out}, qr/\AUsage: \S*\Q$name\E(?: |\n)/,
		     'begins with the usage line');
		my @lines = split(/\n/, $r->{out});
		# The usage: the first line and any that go on with the name.
		my $usage = shift(@lines);
		$usage .= ' ' . shift(@lines)
			while @lines && $lines[0] =~ /^\s+\S*\Q$name\E /;
		my @desc = grep { /^ {2,}\S/ } @lines;
		for my $o (usage_opts($usage)) {
			ok((grep { /^ {2,}-\Q$o\E(?![\w-])/ } @desc),
			   "a line for -$o");
		}
		for my $m (usage_modes($usage)) {
			ok((grep { /^ {2,}\Q$m\E(?:\s|$)/ } @desc),
			   "a line for $m");
		}
		return unless $is_prog;
		my @opts = usage_opts($usage);
		cmp_ok(scalar(@desc), '>=', scalar(@opts),
		       'at least a line per option');
		# And no line for an option the usage does not name.
		my %named = map { $_ => 1 } @opts;
		for (@desc) {
			next unless /^ {2,}-(\w)(?![\w-])/;
			ok($named{$1}, "-$1 is in the usage line");
		}
		is(!!$named{h}, !!$own_h{$name},
		   $own_h{$name} ? '-h is its own option' : 'no -h option');
	};
	return $r;
}

sub check_h {
	my ($name, $cmd, $help) = @_;
	my $r = run([@$cmd, '-h'], timeout => 60);
	subtest "$name -h" => sub {
		is($r->{status}, 0, 'exit 0');
		is($r->{err}, '', 'nothing on stderr');
		is($r->{out}, $help->{out}, 'the --help text');
	};
}

for my $p (@progs) {
	my $help = check_help($p, ["$dir/$p"], 1);
	check_h($p, ["$dir/$p"], $help) unless $own_h{$p};
	# -Z is no program's option: the refusal names it.
	my $r = run(["$dir/$p", '-Z'], timeout => 60, env => {quick_env()});
	subtest "$p -Z" => sub {
		is($r->{status}, 2, 'exit 2');
		like($r->{err}, qr/(?:^|\/)\Q$p\E: [^\n]*Z/m,
		     'a line naming the bad option');
		like($r->{err}, qr/^Usage: \Q$p\E[ \n]/m, 'the usage line');
		is($r->{out}, '', 'nothing on stdout');
	};
}

for my $s (@scripts) {
	open(my $fh, '<', "scripts/$s") or die "scripts/$s: $!";
	my $shebang = <$fh>;
	close($fh);
	my @cmd = ($shebang =~ /perl/ ? $^X : 'sh', "scripts/$s");
	# lmbench-ng.in is the installed lmbench-ng before make install.
	my $name = $s eq 'lmbench-ng.in' ? 'lmbench-ng' : $s;
	my $help = check_help($name, \@cmd, 0);
	check_h($name, \@cmd, $help);
}
done_testing();
