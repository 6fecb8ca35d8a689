# drift.sh - the host's drift, measured in the run (sourced by scripts/lmbench).
#
#   drift_check             DRIFT and DRIFT_GAP, else what is wrong
#   drift_begin             [DRIFT_PROBES: ] (names and units) and the
#                           first point, [DRIFT: start 0 ...]
#   drift_point WHERE       a point after the group WHERE (its name, or
#                           <name>/<k> for its k-th invocation), unless the last
#                           one is less than DRIFT_GAP seconds old
#   drift_point end         the last point, always taken
#
# A point is one run of the drift program (doc/drift.8: a few fixed
# probes, about 0.1 s in all), written as
#   [DRIFT: <where> <seconds since the start> <probe>=<value> ...]
# and, where /proc/stat is, the machine's CPU time since the point before
# (so over the groups between them): others= the share of all CPUs' time
# that other processes used (busy time, less what the run's own commands
# used: the shell's times), steal= the share the hypervisor gave to
# other guests, both in percent.
# The probes are fixed, not the run's settings: their ENOUGH is their own
# (the user's ENOUGH is for the benchmarks), and the scheduler places
# them.  DRIFT=0 turns them off ([DRIFT_PROBES: off (DRIFT=0)]); where
# drift is not built the header says so and no point is taken.
# Uses out, status, quiet_run, BINDIR and START of scripts/lmbench.

DRIFT=${DRIFT:-1}
# Seconds between points at least, but at the start and the end: the
# host's states last minutes (doc/validation/stability.md), and a run of
# short groups probed after each would spend a second on every ten.
DRIFT_GAP=${DRIFT_GAP:-10}
DRIFT_ON= DRIFT_LAST= DRIFT_FIRST=

# drift_check: the knobs' values, else what is wrong with them (status 1).
drift_check() {
	case $DRIFT in
	0|1) ;;
	*) echo "DRIFT=$DRIFT: 1 (probe the host's drift) or 0"; return 1 ;;
	esac
	case $DRIFT_GAP in
	''|*[!0-9]*) echo "DRIFT_GAP=$DRIFT_GAP: whole seconds"; return 1 ;;
	esac
	return 0
}

drift_measure() {
	[ -n "${LMBENCH_TIMES:-}" ] && _dt0=$(date +%s.%N)
	(
		unset ENOUGH LMBENCH_SCHED
		quiet_run "$BINDIR/drift" "$@"
	)
	_drc=$?
	# LMBENCH_TIMES: the probes' time too, as run_watched writes it.
	[ -n "${LMBENCH_TIMES:-}" ] &&
		awk -v a="$_dt0" -v b="$(date +%s.%N)" -v c="drift${*:+ $*}" \
		    'BEGIN { printf "%.2f %s\n", b - a, c }' >>"$LMBENCH_TIMES"
	return $_drc
}

# drift_cpu: "<all CPUs' time> <their busy time> <steal>" in clock ticks
# (/proc/stat) and the CPU seconds of this shell's finished commands
# (times: it must run in this shell, as it does here, not in a subshell),
# into $TMPD/drift.cpu; nothing where /proc/stat is not.
drift_cpu() {
	: >"$TMPD/drift.cpu"
	[ -r /proc/stat ] || return 0
	times >"$TMPD/drift.times" 2>/dev/null || return 0
	awk -v tf="$TMPD/drift.times" '
		function s(t, m) { m = t; sub(/m.*/, "", m); sub(/^[^m]*m/, "", t); sub(/s$/, "", t); return m * 60 + t }
		BEGIN { while ((getline l < tf) > 0) if (++n == 2) { split(l, f, " "); ours = s(f[1]) + s(f[2]) } }
		$1 == "cpu" { t = 0; for (i = 2; i <= 9; i++) t += $i
			print t, t - $5 - $6, $9, ours + 0; exit }' /proc/stat >"$TMPD/drift.cpu"
}
DRIFT_CPU= DRIFT_TCK=$(getconf CLK_TCK 2>/dev/null || echo 100)
# drift_load: " others=<%> steal=<%>" since the last call into
# $TMPD/drift.load (nothing the first time, or without /proc/stat).
drift_load() {
	drift_cpu
	_dc=$(cat "$TMPD/drift.cpu")
	: >"$TMPD/drift.load"
	[ -n "$_dc" ] || return 0
	if [ -n "$DRIFT_CPU" ]; then
		printf '%s %s\n' "$DRIFT_CPU" "$_dc" | awk -v hz="$DRIFT_TCK" '{
			dt = $5 - $1; if (dt <= 0) exit
			o = ($6 - $2) - ($8 - $4) * hz; if (o < 0) o = 0
			printf " others=%.1f steal=%.2f", 100 * o / dt, 100 * ($7 - $3) / dt }' >"$TMPD/drift.load"
	fi
	DRIFT_CPU=$_dc
}

drift_begin() {
	if [ "$DRIFT" = 0 ]; then
		out "[DRIFT_PROBES: off (DRIFT=0)]"
		return 0
	fi
	if [ ! -x "$BINDIR/drift" ]; then
		out "[DRIFT_PROBES: not measured: drift not built in $BINDIR]"
		return 0
	fi
	if ! _dp=$(drift_measure -l | awk '{ printf "%s%s=%s", (NR > 1 ? " " : ""), $1, $2 }') ||
	   [ -z "$_dp" ]; then
		out "[DRIFT_PROBES: not measured: drift -l failed]"
		return 0
	fi
	[ -r /proc/stat ] && _dp="$_dp others=% steal=%"
	out "[DRIFT_PROBES: $_dp]"
	DRIFT_ON=1
	drift_point start
}

drift_point() {
	[ -n "$DRIFT_ON" ] || return 0
	_dnow=$(date +%s)
	case $1 in
	start|end) ;;
	*) [ $((_dnow - DRIFT_LAST)) -ge "$DRIFT_GAP" ] || return 0 ;;
	esac
	# The load of the groups since the last point, then the probes.  A
	# share over less than a second (the end just after a group's point:
	# the probes' own run) says nothing of the groups: none is written.
	drift_load
	_dl=$(cat "$TMPD/drift.load")
	[ -n "$DRIFT_LAST" ] && [ $((_dnow - DRIFT_LAST)) -lt 1 ] && _dl=
	DRIFT_LAST=$_dnow
	if _dv=$(drift_measure) && [ -n "$_dv" ]; then
		# The start's figures, for the plan (its memory bandwidth).
		[ "$1" = start ] && DRIFT_FIRST=$(printf '%s\n' "$_dv" | awk '{ printf "%s=%s ", $1, $2 }')
		out "[DRIFT: $1 $((_dnow - START)) $(printf '%s\n' "$_dv" |
			awk '{ printf "%s%s=%s", (NR > 1 ? " " : ""), $1, $2 }')$_dl]"
	else
		out "[DRIFT: $1 $((_dnow - START)) failed$_dl]"
	fi
}
