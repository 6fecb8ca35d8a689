# LMNames - how a metric name is made from what a results file says: a
# label or title as a name part (slug), the part for a network peer
# (host_part) and for a disk or file (disk_part), and how disk read, as
# its titles end (disk_how).  The programs make their names the same way
# (src/harness/lib_metric.c, src/programs/disk.c); the readers need these
# for what a program cannot know (the placement's suffix, a peer's name
# in a report) and for lines that declare no names: files before them
# (LMPast) and a drop-in group's lines (their direction: better); and a
# number as the files write one ($NUM, finite), for both readers.
package LMNames;
use strict;
use warnings;

our $NUM = qr/[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/;

# A finite number (a string that is one, or a number but inf or nan).
sub finite { return defined $_[0] && $_[0] =~ /^$NUM$/ && abs($_[0]) < 9**9**9 }

# A name part: lower case, each run of other characters one underscore.
sub slug {
	my ($s) = @_;
	$s = lc $s;
	$s =~ s/[^a-z0-9]+/_/g;
	$s =~ s/^_|_$//g;
	return $s;
}

# A network peer's part: local, or remote.<host>.
sub host_part {
	my ($h) = @_;
	return 'local' if !defined $h || $h eq 'localhost' || $h eq '127.0.0.1';
	return 'remote.' . slug($h);
}

# disk's name for a device or file: its last path component, slugged
# (/dev/sda: sda).
sub disk_part {
	my ($path) = @_;
	$path =~ s{/+$}{};
	$path =~ s{.*/}{};
	return slug($path) || 'root';
}

# How disk read: its titles and labels end "(<how>...)".
sub disk_how {
	my ($text) = @_;
	return undef unless $text =~
		/\((O_DIRECT|page cache dropped, unverified|page cache dropped|page cache included)/;
	return { O_DIRECT => 'direct', 'page cache dropped' => 'dropped',
		 'page cache dropped, unverified' => 'unverified',
		 'page cache included' => 'cached' }->{$1};
}

# Which way is better for a value that declares none, by its unit: less
# time, more bandwidth or parallelism.
sub better {
	my ($unit) = @_;
	return 'lower' if $unit =~ /seconds$/;
	return 'higher' if $unit =~ /MB\/sec|parallelism|\/sec$/;
	return 'none';
}

1;
