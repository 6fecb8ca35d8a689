#!/usr/bin/perl
# The harness and helper modules form a one-way graph (doc/harness.md):
# every symbol a module's object leaves undefined that another module
# defines must be defined on a strictly lower layer of the table in
# doc/harness.md, and every module of src/harness and src/helpers must
# be in that table (and nothing else).  Reads the built objects with nm.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

plan skip_all => 'nm is not installed' unless have_tool('nm');
my $obj = bindir() . '/obj';

# The declaration: "| <layer> | <module> | <folder> | ..." rows.
my (%layer, %folder);
open(my $fh, '<', 'doc/harness.md') or die "doc/harness.md: $!";
while (<$fh>) {
	$layer{$2} = $1, $folder{$2} = $3
		if /^\|\s*(\d+)\s*\|\s*(lib_\w+)\s*\|\s*(harness|helpers)\s*\|/;
}
close $fh;
ok(%layer > 20, scalar(keys %layer) . ' modules declared in doc/harness.md');

my %src;
for my $dir (qw(harness helpers)) {
	$src{ s{.*/}{}r =~ s/\.c$//r } = $dir for glob("src/$dir/lib_*.c");
}
is_deeply([ sort grep { ($folder{$_} // '') ne $src{$_} } keys %src ], [],
	  'every module of src/harness and src/helpers declared, in its folder');
is_deeply([ sort grep { !$src{$_} } keys %layer ], [],
	  'no module declared that does not exist');

my %def;
for my $m (sort keys %src) {
	my $o = "$obj/$m.o";
	BAIL_OUT("$o is not built (run make)") unless -f $o;
	for (`nm -g --defined-only $o`) {
		$def{$1} = $m if /^\S*\s+[A-Z]\s+(\S+)$/;
	}
}
ok(%def > 100, scalar(keys %def) . ' symbols defined by the modules');

# Calls that do not go to a lower layer under the given layers.
sub violations {
	my ($lay) = @_;
	my @bad;
	for my $m (sort keys %src) {
		next unless defined $lay->{$m};
		for (`nm -u $obj/$m.o`) {
			next unless /^\s+U\s+(\S+)$/;
			my $d = $def{$1} // next;
			push @bad, "$m (layer $lay->{$m}) calls $1 of $d (layer "
				. ($lay->{$d} // '?') . ')'
				unless defined $lay->{$d} && $lay->{$d} < $lay->{$m};
		}
	}
	return @bad;
}
my @bad = violations(\%layer);
is_deeply(\@bad, [], 'every call goes to a lower layer') or diag(join("\n", @bad));

# The check can fail: with the error exits moved to the top, every module
# that calls bench_die is a violation.
my @moved = violations({ %layer, lib_error => 99 });
ok(@moved > 10, scalar(@moved) . ' violations with lib_error on layer 99');
# One door: a program includes bench.h and no other header of the
# harness (helpers' headers are its own business); the harness's headers
# include lib_core.h, never bench.h, so that the includes form no circle.
my %harness_h = map { s{.*/}{}r => 1 } glob('src/harness/*.h');
my (@door, @circle);
for my $f (glob('src/programs/*.c'), glob('src/harness/*.h')) {
	open(my $in, '<', $f) or die "$f: $!";
	while (<$in>) {
		next unless /^\s*#\s*include\s+"([^"]+)"/;
		my $h = $1;
		push @door, "$f: $h" if $f =~ m{/programs/} && $harness_h{$h};
		push @circle, "$f: $h" if $f =~ m{/harness/} && $h eq 'bench.h';
	}
	close $in;
}
is_deeply(\@door, [], 'no program includes a harness header but bench.h');
is_deeply(\@circle, [], 'no harness header includes bench.h');

done_testing();
