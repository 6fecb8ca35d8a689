# checks.sh - the self-checks of a run, for scripts/lmbench (POSIX sh,
# sourced).  Each writes one line to the results file,
#
#   [CHECK: name: ok|warn|info|unknown: value: message]
#
# and a warning also goes to the status output.  The caller provides
# out LINE (append to the results file) and status MESSAGE.
#
#   self_checks MB LLC_KB LLC_SOURCE   before the benchmarks: governor,
#                                      turbo, thp, smt, hypervisor, load,
#                                      working_set; notes the CPU time
#                                      counters for end_checks
#   end_checks                         after them: steal, [LOAD_AFTER: ]
#
# The ck_* functions judge values already read, so that each rule can be
# tried on any value (t/checks.t); self_checks and end_checks read them
# from /sys and /proc.

check() {
	out "[CHECK: $1: $2: $3: $4]"
	[ "$2" = warn ] && status "warning: $1: $4"
	return 0
}

# ck_governor GOVERNORS: the distinct scaling governors of all CPUs.
ck_governor() {
	case $1 in
	'') check governor unknown none "no cpufreq interface (usual in a virtual machine)" ;;
	performance) check governor ok performance "all CPUs use the performance governor" ;;
	*) check governor warn "$1" "frequency governor is not performance: clock may change during the run" ;;
	esac
}

# ck_turbo KIND VALUE: KIND no_turbo (intel_pstate), boost (cpufreq) or
# none (no control visible).
ck_turbo() {
	case $1 in
	no_turbo)
		if [ "$2" = 0 ]; then
			check turbo warn on "turbo boost is on: the clock depends on load and temperature"
		else check turbo ok off "turbo boost is off"; fi ;;
	boost)
		if [ "$2" = 1 ]; then
			check turbo warn on "frequency boost is on: the clock depends on load and temperature"
		else check turbo ok off "frequency boost is off"; fi ;;
	*) check turbo unknown unknown "no boost control visible" ;;
	esac
}

# ck_thp MODE: the transparent huge page mode (always, madvise, never).
ck_thp() {
	case $1 in
	always) check thp warn always "transparent huge pages always on: memory latencies may hide TLB misses" ;;
	madvise|never) check thp ok "$1" "transparent huge pages only where asked ($1)" ;;
	*) check thp unknown unknown "transparent huge page mode not visible" ;;
	esac
}

# ck_smt SIBLINGS: cpu0's thread_siblings_list.
ck_smt() {
	case $1 in
	'') check smt unknown unknown "thread siblings not visible" ;;
	*[,-]*) check smt warn "on ($1)" "SMT: cpu0 shares its core with other hardware threads" ;;
	*) check smt ok off "no SMT sibling of cpu0 is online" ;;
	esac
}

# ck_hypervisor FLAG VIRT: FLAG yes when the CPU says it runs under a
# hypervisor; VIRT what systemd-detect-virt and /sys/hypervisor say.
ck_hypervisor() {
	if [ -n "$1" ]; then
		check hypervisor warn "yes${2:+ ($2)}" "running under a hypervisor: other guests can steal time"
	elif [ -n "$2" ] && [ "$2" != none ]; then
		check hypervisor info "container ($2)" "no hypervisor CPU flag; runs in a $2 container"
	else
		check hypervisor ok no "no hypervisor detected"
	fi
}

# ck_load LOAD: the one-minute load average before the run.
ck_load() {
	[ -n "$1" ] || return 0
	if awk -v l="$1" 'BEGIN { exit !(l > 0.5) }'; then
		check load warn "$1" "load average $1 before the run: other work competes with the benchmarks"
	else check load ok "$1" "machine idle before the run (load average $1)"; fi
}

# ck_working_set MB LLC_KB LLC_SOURCE: do the memory benchmarks run past
# the last-level cache (4 times it)?
ck_working_set() {
	if [ -z "$2" ]; then
		check working_set unknown "MB=$1 LLC=unknown" "the last-level cache is unknown: main-memory figures may come from cache"
	elif [ $(($1 * 1024)) -lt $((4 * $2)) ]; then
		check working_set warn "MB=$1 LLC=${2}K" "MB is less than 4x the last-level cache ($3): main-memory figures may come from cache"
	else
		check working_set ok "MB=$1 LLC=${2}K" "MB is at least 4x the last-level cache ($3)"
	fi
}

# ck_steal TOTAL0 STEAL0 TOTAL1 STEAL1: the share of CPU time the
# hypervisor took between two readings of /proc/stat (STEAL0 empty: none).
ck_steal() {
	if [ -n "$2" ] && [ -n "$4" ] && [ "$3" -gt "$1" ]; then
		_ck_st=$(awk -v a="$4" -v b="$2" -v t="$3" -v u="$1" 'BEGIN { printf "%.2f", 100 * (a - b) / (t - u) }')
		if awk -v s="$_ck_st" 'BEGIN { exit !(s > 1) }'; then
			check steal warn "$_ck_st%" "the hypervisor took $_ck_st% of CPU time during the run"
		else check steal ok "$_ck_st%" "steal time $_ck_st% during the run"; fi
	else
		check steal unknown unknown "no steal accounting in /proc/stat"
	fi
}

# stat_cpu: "total steal" CPU time from /proc/stat.
stat_cpu() { awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print t, $9; exit }' /proc/stat 2>/dev/null; }

self_checks() {
	ck_governor "$(cat /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor 2>/dev/null | sort -u | tr '\n' ' ' | sed 's/ $//')"
	if [ -r /sys/devices/system/cpu/intel_pstate/no_turbo ]; then
		ck_turbo no_turbo "$(cat /sys/devices/system/cpu/intel_pstate/no_turbo)"
	elif [ -r /sys/devices/system/cpu/cpufreq/boost ]; then
		ck_turbo boost "$(cat /sys/devices/system/cpu/cpufreq/boost)"
	else
		ck_turbo none ''
	fi
	ck_thp "$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)"
	ck_smt "$(cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list 2>/dev/null)"
	_ck_hv=
	grep -qw hypervisor /proc/cpuinfo 2>/dev/null && _ck_hv=yes
	_ck_virt=$(systemd-detect-virt 2>/dev/null) || _ck_virt=
	[ -r /sys/hypervisor/type ] && _ck_virt="$_ck_virt $(cat /sys/hypervisor/type)"
	ck_hypervisor "$_ck_hv" "$_ck_virt"
	ck_load "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)"
	ck_working_set "$1" "$2" "$3"
	# shellcheck disable=SC2046
	set -- $(stat_cpu)
	CK_TOTAL0=${1:-0} CK_STEAL0=${2:-}
}

end_checks() {
	# shellcheck disable=SC2046
	set -- $(stat_cpu)
	if [ $# -eq 2 ]; then
		ck_steal "$CK_TOTAL0" "${CK_STEAL0:-}" "$1" "$2"
	else
		ck_steal "$CK_TOTAL0" '' '' ''
	fi
	_ck_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
	[ -n "$_ck_load" ] && out "[LOAD_AFTER: $_ck_load]"
	return 0
}
