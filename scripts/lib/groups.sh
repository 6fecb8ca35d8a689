# groups.sh - the run's groups as scripts/lib/lmbench.groups and the
# drop-in group files declare them (POSIX sh, sourced; SCRIPTS is set).
# A declaration is shell: a "group" line of facts and a function
# grp_<name> per group.
#
#   groups_table [FILE [dropin]]
#                           the table of the groups FILE declares
#                           (default lmbench.groups; dropin: a drop-in
#                           file's one group), a line per group, as
#                           scripts/lib/facts.awk writes it, or "BAD why"
#                           and status 1
#   groups_switches TABLE   the BENCHMARK_<X> switches it names, once each
#
# and, for scripts/lmbench: groups_load (GROUPS_TAB, GROUP_LIST, the
# groups' shell functions, the drop-in groups), group_field and the
# questions about a group the run asks.

GROUPS_DECL=$SCRIPTS/lib/lmbench.groups

# The file is read in a subshell in which "group" prints its facts; then
# each group must have its function.  What else it prints (a shell error
# too) comes to facts.awk, which refuses it.  A file with no function
# grp_ is not read at all: earlier group files were a language of their
# own, whose lines are no commands to run.
groups_table() {
	_gf=${1:-$GROUPS_DECL}
	case $_gf in */*) ;; *) _gf=./$_gf ;; esac
	[ -r "$_gf" ] || { echo "BAD it cannot be read"; return 1; }
	grep -q '^[[:space:]]*grp_[A-Za-z0-9_]*[[:space:]]*()' "$_gf" || {
		echo "BAD no function grp_<name>: a group file is shell now (doc/results.md, \"Groups\")"
		return 1
	}
	_gt=$( (
		GT_NAMES=
		group() { printf 'group %s\n' "$*"; GT_NAMES="$GT_NAMES $1"; }
		. "$_gf" || exit 1
		for _n in $GT_NAMES; do
			command -v "grp_$_n" >/dev/null 2>&1 || echo "nofunc $_n"
		done
	) 2>&1 )
	printf '%s\n' "$_gt" | awk -f "$SCRIPTS/lib/facts.awk" -v dropin="${2:+1}"
}
groups_switches() {
	printf '%s\n' "$1" | awk 'NF { n = split($8, s, ","); for (i = 1; i <= n; i++) {
		sub(/=.*/, "", s[i]); if (!seen[s[i]]++) print s[i] } }'
}

# group_field GROUP N: the table's field N (11: the programs, to the end),
# from GT_<group>, the group's line of the table.
group_field() {
	eval "_gl=\${GT_$1:-}"
	[ -n "$_gl" ] || return 0
	_gifs=$IFS
	IFS=' '
	set -f
	# shellcheck disable=SC2086
	set -- "$2" $_gl
	set +f
	IFS=$_gifs
	if [ "$1" -ge 11 ]; then shift 11; echo "$*"; else shift "$1"; echo "$1"; fi
}
# groups_index: GT_<group> for each line of GROUPS_TAB.
groups_index() {
	eval "$(printf '%s\n' "$GROUPS_TAB" | awk 'NF { printf "GT_%s=\"%s\"\n", $1, $0 }')"
}
group_part() { group_field "$1" 2; }
group_progs() { group_field "$1" 11; }
# group_flag GROUP FLAG: has it this flag (pin, hide, file, dropin)?
group_flag() {
	case ",$(group_field "$1" 10)," in *",$2,"*) return 0 ;; esac
	return 1
}
# group_fact GROUP KEY: the value of its flag KEY=value (requires, cpus),
# nothing where it has none.
group_fact() {
	_gf=,$(group_field "$1" 10),
	case $_gf in *",$2="*) _gf=${_gf#*,"$2"=}; echo "${_gf%%,*}" ;; esac
}
# group_switched GROUP: the programs of GROUP that its switches set to YES
# turn on, "all" for all of them, nothing when none is YES.
group_switched() {
	_on=
	_IFS=$IFS
	IFS=,
	for _e in $(group_field "$1" 8); do
		IFS=$_IFS
		eval "_v=\${BENCHMARK_${_e%%=*}:-}"
		[ "$_v" = YES ] || continue
		case $_e in
		*=*) [ "$_on" = all ] || _on="$_on $(printf '%s' "${_e#*=}" | tr '+' ' ')" ;;
		*) _on=all ;;
		esac
	done
	IFS=$_IFS
	echo "${_on# }"
}
# group_estimate GROUP [/2]: seconds, before any run like this one is
# known; /2: its second pass, the share its declaration gives ("again N/D").
group_estimate() {
	_e=$(group_field "$1" 5)
	[ "$(group_field "$1" 6)" = 1 ] && _e=$((_e / 4 + _e * 3 * MB / 4160))
	[ "$PROFILE" = quick ] && _e=$(((_e + 1) / 2))
	if [ "${2:-}" = /2 ] && [ "$PROFILE" != quick ]; then
		_a=$(group_field "$1" 9)
		case $_a in */*) _e=$(((_e * ${_a%/*} + ${_a#*/} - 1) / ${_a#*/})) ;; esac
	fi
	echo "${_e:-5}"
}
group_limit() {		# watchdog per benchmark, seconds
	[ -n "${LMBENCH_TIMEOUT:-}" ] && { echo "$LMBENCH_TIMEOUT"; return; }
	group_field "$1" 4
}

# ---- loading -------------------------------------------------------------------
#
# groups_load: the built-in groups, then the drop-in group files <name>.group
# in $LMBENCH_GROUPS (directories separated by ":"), else in
# ${XDG_CONFIG_HOME:-$HOME/.config}/lmbench-ng/groups, which run after them.
# Sets GROUPS_TAB, GROUP_LIST (run order), DROPINS (name=file) and
# DROPIN_BAD (a line per file that cannot be used, with why), and defines
# each group's function grp_<name>.
groups_load() {
	GROUPS_TAB=$(groups_table) || { echo "lmbench: $GROUPS_DECL: $GROUPS_TAB" >&2; exit 1; }
	group() { :; }
	. "$GROUPS_DECL"
	groups_index
	DROPINS= DROPIN_BAD=
	_IFS=$IFS
	IFS=:
	for _d in ${LMBENCH_GROUPS:-${XDG_CONFIG_HOME:-$HOME/.config}/lmbench-ng/groups}; do
		IFS=$_IFS
		for _f in "$_d"/*.group; do
			[ -f "$_f" ] && dropin_add "$_f"
		done
		IFS=:
	done
	IFS=$_IFS
	GROUP_LIST=$(printf '%s\n' "$GROUPS_TAB" | awk '{ print $1 }' | tr '\n' ' ')
}
# dropin_add FILE: one drop-in group, or a DROPIN_BAD line saying why not.
dropin_add() {
	if _line=$(groups_table "$1" dropin); then
		_g=${_line%% *}
		[ -z "$(group_field "$_g" 1)" ] || _line="BAD group $_g: already defined"
	fi
	case $_line in
	"BAD "*) DROPIN_BAD="$DROPIN_BAD
$1: ${_line#BAD }"; return 1 ;;
	esac
	group() { :; }
	. "$1"
	GROUPS_TAB="$GROUPS_TAB
$_line"
	eval "GT_$_g=\$_line"
	DROPINS="$DROPINS $_g=$1"
}
dropin_file() { for _x in $DROPINS; do [ "${_x%%=*}" = "$1" ] && { echo "${_x#*=}"; return; }; done; }

# ---- which groups run ----------------------------------------------------------

# group_wanted GROUP: as lmbench3 decides: its part (BENCHMARK_OS,
# BENCHMARK_HARDWARE), else its switches (the DEVELOPMENT answers; an
# older configuration's GROUPS_ON); then its profile, what it requires,
# and ONLY.  Sets SWP_<group> to the programs its switches turned on, or
# "all".
group_wanted() {
	_g=$1
	_part=$(group_part "$_g")
	_in=
	case "+$_part+" in *+OS+*) [ "$BENCHMARK_OS" = YES ] && _in=all ;; esac
	case "+$_part+" in *+HARDWARE+*) [ "$BENCHMARK_HARDWARE" = YES ] && _in=all ;; esac
	if [ -z "$_in" ] && [ -n "$GROUPS_ON" ]; then
		case " $GROUPS_ON " in *" $_g "*) _in=all ;; esac
	elif [ -z "$_in" ]; then
		_in=$(group_switched "$_g")
	fi
	[ -n "$_in" ] || return 1
	eval "SWP_$_g=\$_in"
	_k=$(group_fact "$_g" requires)
	if [ -n "$_k" ]; then
		eval "_v=\${$_k:-none}"
		[ "$_v" != none ] || return 1
	fi
	[ "$(group_field "$_g" 3)" = full ] && { [ "$PROFILE" = full ] || return 1; }
	[ -z "$ONLY" ] && return 0
	# shellcheck disable=SC2086
	matches "$_g" $ONLY && return 0
	for _p in $(group_progs "$_g"); do
		# shellcheck disable=SC2086
		matches "$_p" $ONLY && return 0
	done
	return 1
}
group_built() {
	group_flag "$1" dropin && return 0	# its commands are looked for when run
	for _p in $(group_progs "$1"); do [ -x "$BINDIR/$_p" ] && return 0; done
	return 1
}
