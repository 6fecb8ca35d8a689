# steps.sh - what the groups' functions (scripts/lib/lmbench.groups, the
# drop-in group files) call beyond bench, title and out, and the steps
# written in code (POSIX sh, sourced by scripts/lmbench).

# will_run PROGS: will one of these programs run (selected and built; a
# drop-in's commands are looked for when they run)?  A group's function
# asks before it makes a file or starts a server; series asks itself.
will_run() {
	for _w in $1; do
		selected "$_w" || continue
		[ -n "$DROPIN" ] && return 0
		built "$_w" && return 0
	done
	return 1
}

# series TITLE PROG ARGS...: PROG's output as one series under TITLE
# (none where it is ""), and a blank line after it, where PROG will run.
series() {
	_st=$1
	shift
	will_run "$1" || return 0
	[ -z "$_st" ] || title "$_st"
	bench "$@"
	out ""
}

# metric NAME REGEX: a drop-in group's result line whose label matches
# REGEX is its metric NAME (scripts/json, compare and html read it so).
metric() { out "[METRIC_MAP: $1 = $2]"; }

# when COND...: does one of them hold: quick, standard, full (the
# profile), pass2 (a later invocation of a group that runs its points
# then: POINTS), or a configuration key that is YES?
when() {
	for _c in "$@"; do
		case $_c in
		quick|standard|full) [ "$PROFILE" = "$_c" ] && return 0 ;;
		pass2) [ -n "${POINTS:-}" ] && return 0 ;;
		*) eval "[ \"\${$_c:-}\" = YES ]" && return 0 ;;
		esac
	done
	return 1
}

# ---- servers -------------------------------------------------------------------
#
# server_start PROG [HOST]: PROG's server, for the steps of a server block,
# stopped by server_stop after them.  On HOST (localhost: here, pinned with
# SRV_PIN; otherwise there, through $RSH, from the copies in RDIR): PROG
# -s on a free port (-p 0, lat_rpc -o 0), which it says; PORT is the port.
# lmhttp serves three files of the run's from a free port it says, whose
# names are the input of what runs against it (lat_http), stopped by
# lat_http -S.  With no HOST (lat_unix_connect): PROG -s and PROG -S,
# run as benchmarks are, stopped whether or not it started.
port_opt() { [ "$1" = lat_rpc ] && echo -o || echo -p; }
PORT= SRV_NOW=
server_start() {
	SRV_NOW= PORT=
	if [ $# -lt 2 ]; then
		SRV_NOW=$1
		# shellcheck disable=SC2086
		run_watched $SRV_PIN "$BINDIR/$1" -s
		return
	fi
	_po=$(port_opt "$1")
	if [ "$1" = lmhttp ]; then
		_www=$TMPD/www
		mkdir -p "$_www" || return 1
		: >"$_www/empty"
		dd if=/dev/zero of="$_www/file10k" bs=1024 count=10 2>/dev/null
		dd if=/dev/zero of="$_www/file100k" bs=1024 count=100 2>/dev/null
		printf 'empty\nfile10k\nfile100k\n' >"$TMPD/urls"
		# shellcheck disable=SC2086
		PORT=$(cd "$_www" && quiet_run $SRV_PIN "$BINDIR/lmhttp" -p 0)
		case $PORT in
		''|*[!0-9]*) failed "lmhttp -p 0: no server (it said '$PORT')"; PORT=; return 1 ;;
		esac
		RUN_INPUT=$TMPD/urls
		set -- lat_http "$2"
	elif [ "$2" = localhost ]; then
		# shellcheck disable=SC2086
		PORT=$(quiet_run $SRV_PIN "$BINDIR/$1" -s "$_po" 0)
	else
		# Servers listen on loopback unless told: there, on the address
		# the host name has (-b), or as LMBENCH_REMOTE_SERVER_OPTS says.
		PORT=$($RSH "$2" "$RDIR/$1 -s $_po 0 ${LMBENCH_REMOTE_SERVER_OPTS--b $2}" 2>/dev/null </dev/null)
	fi
	case $PORT in
	''|*[!0-9]*) failed "$1 -s $_po 0 on $2: no server (it said '${PORT}')"; PORT=; return 1 ;;
	esac
	SERVERS="$SERVERS $1@$2@$PORT"
	SRV_NOW="$1 $2 $PORT"
}
# server_stop [PROG HOST PORT]: the server started last (or this one) shut
# down by its client (-S), and no longer one to stop at the end.
server_stop() {
	[ $# -eq 3 ] || set -- $SRV_NOW
	SRV_NOW=
	case $# in
	0) return 0 ;;
	1) run_watched "$BINDIR/$1" -S; return ;;
	esac
	if [ "$1" = lat_http ]; then
		RUN_INPUT=/dev/null
		run_watched "$BINDIR/lat_http" -S "$2" "$3"
	else
		run_watched "$BINDIR/$1" -S "$2" "$(port_opt "$1")" "$3"
	fi
	_left=
	for _s in $SERVERS; do [ "$_s" = "$1@$2@$3" ] || _left="$_left $_s"; done
	SERVERS=$_left
}

# ---- the steps in code -------------------------------------------------------------

# place_pairs: "cpu cpu kind" per line: both ends on one CPU, then one pair
# of CPUs of each kind that lat_c2c -l finds (SMT siblings, shared LLC,
# other LLC, other node), or without it CPUs 0 and 1.
place_pairs() {
	if [ -x "$BINDIR/lat_c2c" ] && _l=$(quiet_run "$BINDIR/lat_c2c" -l) && [ -n "$_l" ]; then
		_first=$(printf '%s\n' "$_l" | awk 'NR == 1 { print $1 }')
		echo "$_first $_first same CPU"
		printf '%s\n' "$_l" | awk '$1 == first && !seen[substr($0, index($0, $3))]++' first="$_first"
	else
		echo "0 0 same CPU"
		[ "$(cpus_allowed)" -ge 2 ] && echo "0 1 another CPU"
	fi
}
# place_list: the pairs, kept in $TMPD/pairs; prints their numbers.
place_list() {
	place_pairs >"$TMPD/pairs"
	awk '{ print NR }' "$TMPD/pairs"
}
# place_on N: the place group's programs on pair N (LMBENCH_SCHED), whose
# CPUs are cpu_a and cpu_b and whose kind is kind.
place_on() {
	# shellcheck disable=SC2046
	set -- $(sed -n "${1}p" "$TMPD/pairs")
	[ $# -ge 3 ] || return 1
	cpu_a=$1 cpu_b=$2
	shift 2
	kind=$*
	if [ "$cpu_a" = "$cpu_b" ]; then
		LMBENCH_SCHED="CUSTOM $cpu_a"
	else
		LMBENCH_SCHED="CUSTOM_SPREAD $cpu_a $cpu_b"
	fi
	export LMBENCH_SCHED
}
# place_tcp: lat_tcp with the server on cpu_b (taskset, where there is
# one; the servers are not placed by LMBENCH_SCHED), the client on cpu_a.
# Always 0: the placement's closing line follows.
place_tcp() {
	if selected lat_tcp && built lat_tcp && command -v taskset >/dev/null 2>&1 &&
	   _port=$(quiet_run taskset -c "$cpu_b" "$BINDIR/lat_tcp" -s -p 0) &&
	   is_uint "$_port" && [ -n "$_port" ]; then
		SERVERS="$SERVERS lat_tcp@localhost@$_port"
		LMBENCH_SCHED="CUSTOM $cpu_a"
		run_watched "$BINDIR/lat_tcp" -p "$_port" localhost
		server_stop lat_tcp localhost "$_port"
	fi
	return 0
}

# remote_open HOST: the host recorded (its uname -a), the same machine
# type as here, a private directory there (RDIR) with the group's
# programs copied into it; else a FAILED or SKIPPED line and 1.
REMOTE_DIRS=
remote_open() {
	[ "$1" = none ] && return 1
	if ! _ri=$($RSH "$1" uname -a 2>&1 </dev/null); then
		failed "REMOTE $1: $RSH $1 uname -a: $(echo "$_ri" | head -1)"
		return 1
	fi
	_ra=$($RSH "$1" uname -m </dev/null 2>/dev/null)
	if [ "$_ra" != "$(uname -m)" ]; then
		out "[SKIPPED: REMOTE $1: machine type $_ra differs from $(uname -m)]"
		return 1
	fi
	if ! RDIR=$($RSH "$1" 'mktemp -d /tmp/lmbench.XXXXXX' </dev/null 2>/dev/null) || [ -z "$RDIR" ]; then
		failed "REMOTE $1: cannot make a directory there"
		return 1
	fi
	REMOTE_DIRS="$REMOTE_DIRS $1:$RDIR"
	_rp=
	for _p in $(group_progs "$g"); do
		[ -x "$BINDIR/$_p" ] && _rp="$_rp $BINDIR/$_p"
	done
	# shellcheck disable=SC2086
	if [ -n "$_rp" ] && ! $RCP $_rp "$1:$RDIR/" </dev/null >/dev/null 2>&1; then
		failed "REMOTE $1: $RCP of the servers failed"
		return 1
	fi
	out "[ Networking remote to $1: $_ri ]"
}
# remote_close HOST: its directory removed.
remote_close() {
	$RSH "$1" "rm -rf '$RDIR'" </dev/null >/dev/null 2>&1
	_left=
	for _r in $REMOTE_DIRS; do [ "$_r" = "$1:$RDIR" ] || _left="$_left $_r"; done
	REMOTE_DIRS=$_left
}

# note_memsize: the memory memsize could allocate and touch, up to MB.
note_memsize() {
	_m=$(quiet_run "$BINDIR/memsize" "$MB") &&
		out "[MEMSIZE: $_m MB allocated and touched (asked for MB=$MB)]"
	return 0
}

# main_mb: the size, MB, at which the run measures main memory (MAIN: the
# memory bandwidth and latency sweeps end there, stream's arrays and
# par_mem's range): twice the last-level cache the header records, past
# what any replacement policy keeps of a sweep, at least 16 MB, at most
# MB; MB where the cache is unknown (lmbench3's range).  Prints the size
# and where it comes from.
main_mb() {
	_llc=${HF_LLC_KB:-0}
	case $_llc in ''|*[!0-9]*) _llc=0 ;; esac
	if [ "$_llc" -gt 0 ]; then
		_m=$(((_llc * 2 + 1023) / 1024))
		_w="twice the last-level cache (${_llc}K)"
		[ "$_m" -ge 16 ] || { _m=16; _w="16 MB, the least"; }
		if [ "$_m" -gt "$MB" ]; then
			case $_w in
			16*) _w="MB, less than 16 MB, the least" ;;
			*) _w="MB, less than twice the last-level cache (${_llc}K)" ;;
			esac
			_m=$MB
		fi
	else
		_m=$MB
		_w="MB: the last-level cache is unknown"
	fi
	echo "$_m $_w"
}
# caches_opt: lat_mem_rd's -c with the data caches the header records
# (HF_CACHE: "L1d 32K; L1i 32K; L2 1024K"), where its curve changes;
# nothing where none is known.
caches_opt() {
	_c=$(printf '%s\n' "${HF_CACHE:-}" | tr ';' '\n' | awk '
		$1 ~ /^L[0-9]+[du]?$/ && $1 !~ /i$/ && $2 ~ /^[0-9]+[KMG]$/ {
			printf "%s%s", s, tolower($2); s = "," }')
	[ -n "$_c" ] && echo "-c $_c"
	return 0
}

# memlat_from: the smallest size of memlat's later invocations: beyond twice the
# last-level cache the header records ([LLC_KB: ], where the summary's
# main memory begins), else MAIN.
memlat_from() {
	_llc=${HF_LLC_KB:-0}
	if [ "$_llc" -gt 0 ] && [ $((_llc * 2)) -lt $((MAIN * 1024)) ]; then
		echo "$((_llc * 2))k"
	else
		echo "${MAIN}m"
	fi
}

# ctx's points: a sweep measures every size with every process count it
# is given; the quick profile and the later invocations the summary's
# (0, 16 and 64 KB with 2, 8 and 16 processes), and a later one of the
# other profiles also two sizes of the whole curve (ctx_row), so that each
# point of the curve is measured more often than the sweeps alone measure
# it.  The K-th later invocation (POINT_K, scripts/lmbench) takes the
# (2K-1)-th and 2K-th sizes of an order that puts the sizes without any
# of the summary's points first, round again after the last.  Where the
# plan cut ctx's later invocations (CUT: one of its last resorts where the
# budget is short), they keep to the summary's points, as the quick
# profile's.
# The sizes (KB) of the summary's points.
CTX_SUMMARY_SIZES="0 16 64"
ctx_summary() { [ "${PROFILE:-standard}" = quick ] || [ -n "${POINTS:-}" ]; }
ctx_row() {
	[ -n "${POINTS:-}" ] && [ "${PROFILE:-standard}" != quick ] && [ -z "${CUT:-}" ] || return 0
	_o= _l=
	for _s in $1; do
		case " $CTX_SUMMARY_SIZES " in *" $_s "*) _l="$_l $_s" ;; *) _o="$_o $_s" ;; esac
	done
	set -- $_o $_l
	_i=$(((2 * ${POINT_K:-1} - 2) % $#)) _j=$(((2 * ${POINT_K:-1} - 1) % $#)) _c=0 _r=
	for _s; do
		if [ "$_c" = "$_i" ] || [ "$_c" = "$_j" ]; then _r="$_r $_s"; fi
		_c=$((_c + 1))
	done
	echo $_r
}
# ctx_sizes "SIZES": the sizes this invocation measures, in order.
ctx_sizes() {
	ctx_summary || { echo "$1"; return 0; }
	_r=$(ctx_row "$1")
	for _s in $1; do
		case " $CTX_SUMMARY_SIZES $_r " in *" $_s "*) printf '%s ' "$_s" ;; esac
	done
	echo
}
# ctx_procs "SIZES" SIZE PROCS...: the process counts it measures SIZE at.
ctx_procs() {
	_all=$1 _k=$2
	shift 2
	if ctx_summary && case " $(ctx_row "$_all") " in *" $_k "*) false ;; *) true ;; esac; then
		for _p in "$@"; do
			case $_p in 2|8|16) printf '%s ' "$_p" ;; esac
		done
		echo
	else
		echo "$@"
	fi
}

# memlat_len: the one size at which the run's memory latency is measured
# three ways (the random chase over huge pages, lat_mem_load's idle chase,
# numa_mem): memlat's second pass begins there, or 256 MB where that is
# more (a smaller chase beyond the caches sees fewer TLB misses, but the
# loaders' streams should be long), at most MB.
memlat_len() {
	_f=$((${HF_LLC_KB:-0} * 2))
	[ "$_f" -ge 262144 ] || _f=262144
	[ "$_f" -le $((MB * 1024)) ] || _f=$((MB * 1024))
	echo "${_f}k"
}

# cpus_allowed: how many CPUs the run may use: its affinity mask (taskset,
# a container's cpuset; Linux's Cpus_allowed_list, not nproc, which
# OMP_NUM_THREADS changes), else the online ones.
cpus_allowed() {
	awk -F'[:,]' '/^Cpus_allowed_list:/ { for (i = 2; i <= NF; i++) {
		n = split($i, r, "-"); c += n == 2 ? r[2] - r[1] + 1 : 1 }
		print c; f = 1; exit } END { if (!f) exit 1 }' /proc/self/status 2>/dev/null ||
		getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1
}
# loader_counts: one loader, and with more than two CPUs every other CPU
# the run may use loading (at most 64).
loader_counts() {
	_n=$(($(cpus_allowed) - 1))
	[ "$_n" -ge 1 ] || _n=1
	[ "$_n" -le 64 ] || _n=64
	[ "$_n" -gt 1 ] && echo "1 $_n" || echo 1
}
