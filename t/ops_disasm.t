#!/usr/bin/perl
# lat_ops, par_ops, mhz: the compiled kernels really contain their chains.
# x86-64 only (needs objdump): in every kernel's inner loop, the operation
# under test appears once per operation of the chain (nothing folded,
# strength-reduced or vectorised) and (almost) nothing is spilled.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;

my $arch = `uname -m`;
chomp $arch;
plan skip_all => 'kernel check is written for x86_64' if $arch ne 'x86_64';
plan skip_all => 'objdump not installed'
	if system('objdump --version >/dev/null 2>&1') != 0;

# The inner loop of each function: from the earliest target of a backward
# branch to the last backward branch (a compiler may rotate the loop or
# put rare paths after it).  Returns {name => [instruction lines]}.
sub loops {
	my ($path) = @_;
	my (%loop, $name, @insn);
	my $flush = sub {
		return unless defined $name;
		my ($from, $to);
		for my $i (0 .. $#insn) {
			my ($addr, $text) = @{ $insn[$i] };
			next unless $text =~ /^j\w+\s+([0-9a-f]+)\s/;
			my $t = hex $1;
			next unless $t < $addr && $t >= $insn[0][0];
			$from = $t if !defined $from || $t < $from;
			$to = $addr if !defined $to || $addr > $to;
		}
		$loop{$name} = defined $from
			? [map { $_->[1] } grep { $_->[0] >= $from && $_->[0] <= $to } @insn]
			: [];
	};
	open(my $fh, '-|', 'objdump', '-d', '--no-show-raw-insn', $path)
		or die "objdump: $!";
	while (<$fh>) {
		if (/^[0-9a-f]+ <([^>]+)>:$/) {
			$flush->();
			($name, @insn) = ($1);
		} elsif (/^\s+([0-9a-f]+):\s+(.*)$/) {
			push @insn, [hex $1, $2];
		}
	}
	$flush->();
	close $fh;
	return \%loop;
}

sub count {
	my ($lines, $re) = @_;
	return scalar grep { /^(?:$re)\s/ } @$lines;
}

# Mnemonics of each operation; int add may come out as lea.
my %op = (
	int_bit => 'xor', int_add => 'add|lea', int_mul => 'imul',
	int_div => 'idiv', int_mod => 'idiv',
	float_add => 'addss|subss', float_mul => 'mulss', float_div => 'divss',
	double_add => 'addsd|subsd', double_mul => 'mulsd',
	double_div => 'divsd', float_bogo => 'divss', double_bogo => 'divsd',
);
$op{"int64_$_"} = $op{"int_$_"} for qw(bit add mul div mod);

sub check {
	my ($loops, $fn, $re, $want) = @_;
	my $l = $loops->{$fn};
	ok($l && @$l, "$fn: inner loop found") or return;
	cmp_ok(count($l, $re), '>=', $want, "$fn: $want x /$re/");
	# A register-starved compiler may spill a chain at the loop edge:
	# allow one stack access per 32 operations (about 1% of the time).
	cmp_ok(scalar(grep { /\(%rsp\)|\(%rbp\)/ } @$l), '<=', int($want / 32),
	       "$fn: (almost) no stack access");
}

my $lat = loops(bin('lat_ops'));
for my $k (sort keys %op) {
	check($lat, "lat_$k", $op{$k}, 512);
}
check($lat, 'lat_float_bogo', 'mulss', 512);
check($lat, 'lat_double_bogo', 'mulsd', 512);

my $par = loops(bin('par_ops'));
for my $k (grep { !/bogo/ } sort keys %op) {
	check($par, "par_${k}_$_", $op{$k}, 32 * $_) for 1, 4, 8;
}

my $mhz = loops(bin('mhz'));
check($mhz, 'add1024', 'add|lea', 1024);
check($mhz, 'add4096', 'add|lea', 4096);
check($mhz, 'alu1024', 'xor', 512);
check($mhz, 'alu1024', 'add|lea', 512);
check($mhz, 'mul256', 'imul', 256);

done_testing();
