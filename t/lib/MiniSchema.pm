# MiniSchema - the part of JSON Schema that doc/results-schema.json uses
# (type, enum, pattern, minimum, required, properties, patternProperties,
# additionalProperties, items), for the tests, in core perl.
#   my @errors = MiniSchema::validate($schema, $data);
package MiniSchema;
use strict;
use warnings;
use JSON::PP ();
use B ();

sub is_number {
	my ($v) = @_;
	return 0 if !defined $v || ref $v;
	my $f = B::svref_2object(\$v)->FLAGS;
	return ($f & (B::SVf_IOK | B::SVf_NOK)) && !($f & B::SVf_POK);
}

sub type_of {
	my ($v) = @_;
	return 'null' unless defined $v;
	return 'boolean' if JSON::PP::is_bool($v);
	return 'object' if ref $v eq 'HASH';
	return 'array' if ref $v eq 'ARRAY';
	return is_number($v) ? ($v == int($v) ? 'integer' : 'number') : 'string';
}

sub validate {
	my ($s, $v, $path) = @_;
	$path //= '$';
	my @e;
	if (exists $s->{type}) {
		my @t = ref $s->{type} ? @{ $s->{type} } : ($s->{type});
		my $have = type_of($v);
		my $ok = grep { $_ eq $have || ($_ eq 'number' && $have eq 'integer') } @t;
		return ("$path: $have, not " . join('|', @t)) unless $ok;
	}
	if ($s->{enum}) {
		my $j = JSON::PP->new->canonical->allow_nonref;
		my $x = $j->encode($v);
		push @e, "$path: $x is none of the allowed values"
			unless grep { $j->encode($_) eq $x } @{ $s->{enum} };
	}
	return @e unless defined $v;
	if (defined $s->{pattern} && !ref $v) {
		push @e, "$path: '$v' does not match $s->{pattern}" unless $v =~ /$s->{pattern}/;
	}
	if (defined $s->{minimum} && is_number($v)) {
		push @e, "$path: $v is below $s->{minimum}" if $v < $s->{minimum};
	}
	if (ref $v eq 'HASH') {
		for my $k (@{ $s->{required} // [] }) {
			push @e, "$path: no '$k'" unless exists $v->{$k};
		}
		my $props = $s->{properties} // {};
		my $pp = $s->{patternProperties} // {};
		for my $k (sort keys %$v) {
			my @pat = grep { $k =~ /$_/ } sort keys %$pp;
			push @e, validate($pp->{$_}, $v->{$k}, "$path.$k") for @pat;
			if ($props->{$k}) {
				push @e, validate($props->{$k}, $v->{$k}, "$path.$k");
			} elsif (@pat) {
				next;
			} elsif (exists $s->{additionalProperties}) {
				my $a = $s->{additionalProperties};
				if (ref $a eq 'HASH') {
					push @e, validate($a, $v->{$k}, "$path.$k");
				} elsif (!$a) {
					push @e, "$path: '$k' is not allowed";
				}
			}
		}
	}
	if (ref $v eq 'ARRAY' && $s->{items}) {
		push @e, validate($s->{items}, $v->[$_], "$path\[$_]") for 0 .. $#$v;
	}
	return @e;
}

1;
