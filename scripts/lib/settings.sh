# settings.sh - the rules for the settings of a run, written once for
# scripts/config-run (which asks for them) and scripts/lmbench (which checks
# the saved file again).  POSIX sh, sourced.
#
# Each st_* rule takes a value; a value that breaks it prints what is
# wanted on stdout and returns 1.  scripts/config-run shows that text and asks
# again; scripts/lmbench refuses the configuration with it (exit 2).
#
# The placement policies (LMBENCH_SCHED) are listed here once for the sh
# side, in the order of config's menu; src/harness/lib_sched.c has the same names
# in its table, and t/settings.t checks that the two lists agree.

# NAME|what it does, one a line; a name ending in CUSTOM or CUSTOM_SPREAD
# takes a list of CPUs after it.
ST_POLICY_TABLE='DEFAULT|let the scheduler place jobs, but each lat_ctx ring on one CPU
BALANCED|each benchmark and its helpers on consecutive CPUs
BALANCED_SPREAD|like BALANCED, spread across packages
UNIQUE|every process of a benchmark on its own CPU
UNIQUE_SPREAD|like UNIQUE, spread across packages
CUSTOM|a custom list of CPUs
CUSTOM_SPREAD|a custom list of CPUs, spread'
ST_POLICIES=$(printf '%s\n' "$ST_POLICY_TABLE" | sed 's/|.*//' | tr '\n' ' ')
ST_POLICIES=${ST_POLICIES% }

# st_policy N: the name of the Nth policy (1-based), or nothing.
st_policy() {
	printf '%s\n' "$ST_POLICY_TABLE" | sed -n "${1}s/|.*//p"
}

# st_policy_menu: config's menu, "    N) what it does (NAME)".
st_policy_menu() {
	printf '%s\n' "$ST_POLICY_TABLE" |
		awk -F'|' '{ printf "    %d) %s (%s)\n", NR, $2, $1 }'
}

# st_policy_count: how many policies there are.
st_policy_count() {
	printf '%s\n' "$ST_POLICY_TABLE" | awk 'END { print NR }'
}

# st_takes_cpus NAME: does the policy take a list of CPUs?
st_takes_cpus() {
	case $1 in CUSTOM|CUSTOM_SPREAD) return 0 ;; esac
	return 1
}

st_uint() { case $1 in ''|*[!0-9]*) return 1 ;; esac; return 0; }
# A decimal number, as the probes write one (0.028027, 5000).
st_number() {
	case $1 in ''|.|*[!0-9.]*|*.*.*) echo "a number, please"; return 1 ;; esac
	return 0
}

# SYNC_MAX: copies of each benchmark run at once.
st_copies() {
	st_uint "$1" && [ "$1" -ge 1 ] && [ "$1" -le 1024 ] && return 0
	echo "a whole number of copies from 1 to 1024, please"; return 1
}

# st_menu_choice N: a number of the placement menu.
st_menu_choice() {
	st_uint "$1" && [ "$1" -ge 1 ] && [ "$1" -le "$(st_policy_count)" ] &&
		return 0
	echo "a number from 1 to $(st_policy_count), please"; return 1
}

# st_cpus LIST [NCPU]: CPU numbers, each below NCPU when it is given.
st_cpus() {
	[ "$1" != none ] && [ -n "$1" ] || { echo "a list of CPU numbers, please"; return 1; }
	for _st_c in $1; do
		if st_uint "$_st_c" && { [ -z "${2:-}" ] || [ "$_st_c" -lt "$2" ]; }; then
			continue
		fi
		if [ -n "${2:-}" ]; then
			echo "$_st_c: not a CPU number (0 .. $(($2 - 1)))"
		else
			echo "$_st_c: not a CPU number"
		fi
		return 1
	done
	return 0
}

# LMBENCH_SCHED: a policy name; CUSTOM and CUSTOM_SPREAD then the CPUs,
# separated by blanks or commas (as src/harness/lib_sched.c reads them).
st_sched() {
	_st_s=$(printf '%s' "$1" | tr '\t,' '  ')
	_st_n=${_st_s%% *}
	case " $ST_POLICIES " in *" $_st_n "*) ;; *)
		echo "expected one of $ST_POLICIES (CUSTOM and CUSTOM_SPREAD with CPU numbers)"
		return 1 ;;
	esac
	_st_s=${_st_s#"$_st_n"}
	if st_takes_cpus "$_st_n"; then
		[ -n "${_st_s#"${_st_s%%[! ]*}"}" ] ||
			{ echo "$_st_n needs a list of CPU numbers"; return 1; }
		st_cpus "$_st_s"
		return
	fi
	[ -z "${_st_s#"${_st_s%%[! ]*}"}" ] && return 0
	echo "$_st_n takes no CPU list"; return 1
}

# MB: megabytes for the memory benchmarks; at most MAXMB when it is given
# (config: 80% of this machine's memory).
st_mb() {
	st_uint "$1" || { echo "a number of megabytes, please"; return 1; }
	[ "$1" -ge 1 ] || { echo "at least 1 MB, please"; return 1; }
	if [ -n "${2:-}" ] && [ "$1" -gt "$2" ]; then
		echo "$1 MB is more than 80% of this machine's memory ($2 MB)"; return 1
	fi
	return 0
}

# SUBSET, as an older configuration saved it.
st_subset() {
	case $1 in ALL|HARDWARE|OS|DEVELOPMENT) return 0 ;; esac
	echo "ALL, HARDWARE, OS or DEVELOPMENT, please"; return 1
}

# st_subset_answer ANSWER: the SUBSET question's answer, any case, by its
# first letter as lmbench3 reads it (hw, os, dev); prints the subset.
st_subset_answer() {
	case $1 in
	[Aa]*) echo ALL ;;
	[Hh]*) echo HARDWARE ;;
	[Oo]*) echo OS ;;
	[Dd]*) echo DEVELOPMENT ;;
	*) echo "ALL, HARDWARE, OS or DEVELOPMENT, please"; return 1 ;;
	esac
}

# A BENCHMARK_<X> switch as saved: YES, NO or empty (off).
st_switch() {
	case $1 in YES|yes|NO|no|'') return 0 ;; esac
	echo "YES, NO or nothing, please"; return 1
}

# An answer to a yes/no question, and the saved form (FASTMEM, SLOWFS,
# MAIL: YES or NO, lmbench3's yes or no; nothing is no).
st_yesno() {
	case $1 in [Yy]|[Yy][Ee][Ss]|[Nn]|[Nn][Oo]) return 0 ;; esac
	echo "yes or no, please"; return 1
}
st_yesno_saved() {
	case $1 in YES|NO|yes|no|'') return 0 ;; esac
	echo "YES or NO, please"; return 1
}

# DISKS: none (or nothing), or devices or files to read.
st_disks() {
	[ "$1" = none ] || [ -z "$1" ] && return 0
	for _st_d in $1; do
		[ -b "$_st_d" ] || [ -c "$_st_d" ] || [ -f "$_st_d" ] ||
			{ echo "$_st_d: not a disk device or file"; return 1; }
		[ -r "$_st_d" ] || { echo "$_st_d: not readable"; return 1; }
	done
	return 0
}

# REMOTE: none (or nothing), or host names.
st_remote() {
	[ "$1" = none ] || [ -z "$1" ] && return 0
	for _st_h in $1; do
		case $_st_h in
		*[!A-Za-z0-9._:@-]*|-*) echo "$_st_h: not a host name"; return 1 ;;
		esac
	done
	return 0
}

# RSH, RCP: a command found on PATH, with its arguments.
st_cmd() {
	# shellcheck disable=SC2086
	set -- $1
	[ $# -ge 1 ] || { echo "a command, please"; return 1; }
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "$1: command not found"; return 1
}

# MHZ: as config asks it, and as the run takes it (a rate in MHz).
st_mhz() {
	case $1 in
	*[!0-9.]*|''|.|*.*.*) echo "a clock rate in MHz, please"; return 1 ;;
	esac
	awk -v m="$1" 'BEGIN { exit !(m >= 1 && m <= 100000) }' && return 0
	echo "$1 MHz is not a plausible clock rate"; return 1
}

# FSDIR: where the file benchmarks make their files.
st_fsdir() {
	[ -d "$1" ] || { echo "$1: not a directory"; return 1; }
	[ -w "$1" ] || { echo "$1: not writable"; return 1; }
	return 0
}

# OUTPUT (STATUS in an older configuration): where progress lines go.
# /dev/tty is taken where there is none (lmbench3's default, saved for a
# later run from a terminal): the run writes to stderr then.
st_status() {
	case $1 in
	/dev/tty|/dev/stderr|/dev/stdout|/dev/null) return 0 ;;
	esac
	_st_dir=$(dirname -- "$1")
	[ -d "$_st_dir" ] && [ -w "$_st_dir" ] && return 0
	echo "$1: cannot write there"; return 1
}

# PROFILE: how thorough the run is.
st_profile() {
	case $1 in quick|standard|full) return 0 ;; esac
	echo "quick, standard or full"; return 1
}

# LMBENCH_SPAN: milliseconds each result's samples cover at least.
st_span() {
	st_uint "$1" && [ "$1" -le 600000 ] && return 0
	echo "milliseconds, 0 to 600000"; return 1
}

# PASSES: the older name of ROUNDS, 1 or 2.
st_passes() {
	case $1 in 1|2) return 0 ;; esac
	echo "1 or 2"; return 1
}

# ROUNDS: how many times every group that runs again runs (1 to 20);
# empty: as many as the budget holds (the plan decides).
st_rounds() {
	[ -z "$1" ] && return 0
	st_uint "$1" && [ "$1" -ge 1 ] && [ "$1" -le 20 ] && return 0
	echo "a number of invocations, 1 to 20"; return 1
}

# TIME_BUDGET: seconds the run's plan may take, 10 to 86400.
st_budget() {
	st_uint "$1" && [ "$1" -ge 10 ] && [ "$1" -le 86400 ] && return 0
	echo "seconds, 10 to 86400"; return 1
}

# PLAN_SEED: the order of the later invocations, a whole number.
st_seed() {
	[ -z "$1" ] && return 0
	st_uint "$1" && [ ${#1} -le 9 ] && return 0
	echo "a whole number of at most 9 digits"; return 1
}

# IPC_PLACE: where the run puts the ends of the local IPC benchmarks.
st_ipc_place() {
	case $1 in same|scheduler) return 0 ;; esac
	echo "same or scheduler"; return 1
}

# LOADERS: the loader counts of the loaded group, whole numbers 1..64
# (lat_mem_load's limit) separated by blanks; empty: the default.
st_loaders() {
	for _l in $1; do
		st_uint "$_l" && [ "$_l" -ge 1 ] && [ "$_l" -le 64 ] && continue
		echo "loader counts from 1 to 64, separated by blanks"; return 1
	done
	return 0
}

# HOST_LLC_KB: the last-level cache config found, KB; empty when unknown.
st_llc_kb() {
	[ -z "$1" ] || st_uint "$1" || { echo "not a number of KB"; return 1; }
	return 0
}

# st_only LIST: ONLY as the run uses it, names or globs separated by
# blanks (commas allowed on input).
st_only() {
	printf '%s' "$1" | tr ',' ' '
}
