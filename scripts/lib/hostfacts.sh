# hostfacts.sh - the cache facts of this host, for scripts/config-run and
# scripts/lmbench (POSIX sh, sourced).
#
# hf_caches BINDIR sets
#   HF_CACHE         the levels, "L1d 48K; L1i 32K; L2 1024K; L3 32768K"
#   HF_CACHE_SOURCE  where the figures came from, and why those were used
#   HF_LLC_KB        the last-level cache in KB; empty when unknown
#   HF_LLC_SOURCE    sysfs, getconf, cache (measured) or unknown
#   HF_MB_BASIS_KB   the size the memory benchmarks must exceed 4 times:
#                    the last level, or where the measurement was used, the
#                    range in which it saw main memory
#                    (the edge of a shared cache moves with the neighbours'
#                    load, 5 to 16 MB between three runs on one VM;
#                    the range does not, so MB stays the same run to run)
#
# Sources, best first:
#   sysfs    the kernel's description of cpu0's caches;
#   getconf  the C library's, from CPUID: often made up inside a virtual
#            machine, so it is checked against the measurement when the
#            suite's own `cache` program is built;
#   cache    the suite's measurement: latency plateaus of a random chase
#            up to HF_MEASURE_LEN.  It sees the share of a cache that this
#            process can really use, which on a busy host can be less than
#            the chip's.
# A source is implausible when its sizes are not positive, L1d is outside
# 2 KB .. 4 MB, a level is smaller than the one below, or the last level is
# more than a quarter of memory.  getconf's figure for a level is not
# believed when it is more than HF_AGREE times the measured one, or when it
# exceeds the measured range while the measurement reached main memory.
#
# LMBENCH_SYSFS_ROOT (default /sys) lets the tests use a fake tree.

HF_SYS=${LMBENCH_SYSFS_ROOT:-/sys}
HF_LIB=${SCRIPTS:-scripts}/lib	# LMResults: the sourcing script's SCRIPTS
HF_MEASURE_LEN_KB=65536		# cache -M: past the LLC of most machines, 10 s
HF_AGREE=4

# hf_build BINDIR KEY: what the build in BINDIR says it was made with
# (the Makefile's obj/build: compiler, cflags), else nothing; status 1
# where that build keeps no record.
hf_build() {
	[ -f "$1/obj/build" ] || return 1
	sed -n "s/^$2: //p" "$1/obj/build"
}

# hf_kb SIZE: a size as sysfs writes it (48K, 32M, 1G or bytes) in KB.
hf_kb() {
	case $1 in
	*K) _n=${1%K} ;;
	*M) _n=${1%M} ;;
	*G) _n=${1%G} ;;
	*) _n=$1 ;;
	esac
	case $_n in ''|*[!0-9]*) echo 0; return ;; esac
	case $1 in
	*K) echo "$_n" ;;
	*M) echo $((_n * 1024)) ;;
	*G) echo $((_n * 1048576)) ;;
	*) echo $((_n / 1024)) ;;
	esac
}

# Each source prints one "NAME KB" line per level: L1d, L1i, L2, L3, ...
hf_from_sysfs() {
	for _d in "$HF_SYS"/devices/system/cpu/cpu0/cache/index*; do
		[ -r "$_d/size" ] && [ -r "$_d/level" ] || continue
		_t=$(cat "$_d/type" 2>/dev/null)
		case $_t in Data) _t=d ;; Instruction) _t=i ;; *) _t= ;; esac
		echo "L$(cat "$_d/level")$_t $(hf_kb "$(cat "$_d/size")")"
	done
}

hf_from_getconf() {
	command -v getconf >/dev/null 2>&1 || return 0
	for _p in 1d:LEVEL1_DCACHE_SIZE 1i:LEVEL1_ICACHE_SIZE 2:LEVEL2_CACHE_SIZE \
		  3:LEVEL3_CACHE_SIZE 4:LEVEL4_CACHE_SIZE; do
		_b=$(getconf "${_p#*:}" 2>/dev/null)
		case $_b in ''|*[!0-9]*) continue ;; esac
		[ "$_b" -ge 1024 ] && echo "L${_p%%:*} $((_b / 1024))"
	done
}

# hf_watched LIMIT cmd...: cmd under timeout(1)'s watchdog of LIMIT seconds
# where there is one.  --foreground keeps it in this process group, so
# that a Ctrl-C, or the kill of the group that scripts/validate and
# scripts/lmbench do on an interrupt, reaches it as it reaches the script;
# a timeout without that option (busybox) leads a group of its own, and
# an interrupted run leaves the probe to finish alone.
hf_watched() {
	_hw_lim=$1
	shift
	if timeout --foreground 5 true 2>/dev/null; then
		timeout --foreground -k 5 "$_hw_lim" "$@"
	elif command -v timeout >/dev/null 2>&1; then
		timeout -k 5 "$_hw_lim" "$@"
	else
		"$@"
	fi
}

# hf_run_cache BINDIR: what the suite's `cache` prints, measured up to
# HF_MEASURE_LEN_KB; nothing useful when it is not built or fails.
hf_run_cache() {
	[ -x "$1/cache" ] || return 0
	# cache's own short intervals, whatever ENOUGH the run was given.  A
	# noisy moment can leave it without a plateau, and it exits 1; then
	# getconf's figures go unchecked (a VM's made-up 508 MB L3 made MB
	# 2032 and a default run of 327 s): up to three tries, the first that
	# ends well.
	for _hc_try in 1 2 3; do
		if _hc_out=$(unset ENOUGH
			hf_watched 120 "$1/cache" -M "${HF_MEASURE_LEN_KB}k" 2>&1 </dev/null); then
			printf '%s\n' "$_hc_out"
			return 0
		fi
	done
	printf '%s\n' "$_hc_out"
}

# hf_from_cache OUTPUT: the measured levels (cache's L1 is the data
# cache), as the reports read them (LMResults, LMCaches::run_levels): a
# "level" at a third of memory's latency or more is the rise of memory
# latency with TLB misses, not a cache.  One at the end of the measured
# range has no known size: left out too.
hf_from_cache() {
	printf '%s\n' "$1" | perl -I"$HF_LIB" -MLMResults -MLMCaches -e '
		local $/;
		my $run = LMResults::parse_output(<STDIN> // "");
		printf "%d %d\n", $_->[0], $_->[1] / 1024 for LMCaches::run_levels($run);' |
	awk -v len="$HF_MEASURE_LEN_KB" '$2 < len { printf "L%s%s %d\n", $1, $1 == 1 ? "d" : "", $2 }'
}

# hf_llc TABLE: the largest data or unified level, KB (0 if none).
hf_llc() {
	printf '%s\n' "$1" | awk '$1 !~ /i$/ && $2 > m { m = $2 } END { print m + 0 }'
}

# hf_implausible TABLE: prints why the table cannot be right, or nothing.
hf_implausible() {
	printf '%s\n' "$1" | awk -v mem="${HF_MEMKB:-0}" '
		NF < 2 { next }
		{ n++ }
		$2 <= 0 { bad = bad "; " $1 " has no size"; next }
		$1 ~ /^L1d?$/ && ($2 < 2 || $2 > 4096) {
			bad = bad "; " $1 " " $2 "K is not a first-level cache size" }
		$1 !~ /i$/ { lv = substr($1, 2) + 0; size[lv] = $2 }
		END {
			if (n == 0) { print "no figures"; exit }
			for (lv = 2; lv <= 8; lv++)
				if ((lv in size) && (lv - 1 in size) && size[lv] < size[lv - 1])
					bad = bad "; L" lv " " size[lv] "K is smaller than L" lv - 1
			for (lv in size) if (size[lv] > top) top = size[lv]
			if (mem > 0 && top > mem / 4)
				bad = bad "; the last level (" top "K) is more than a quarter of memory"
			sub(/^; /, "", bad)
			print bad
		}'
}

# hf_desc TABLE: "L1d 48K; L2 1024K", in level order, data before instruction.
hf_desc() {
	printf '%s\n' "$1" | awk 'NF == 2 { print }' | sort | awk '
		{ s = s (s == "" ? "" : "; ") $1 " " $2 "K" } END { print s }'
}

# hf_check_getconf MODE GETCONF MEASURED: getconf's levels, each kept
# unless the measurement contradicts it (MODE table), or the notes on what
# was not believed (MODE notes).
hf_check_getconf() {
	printf '%s\n' "$2" | awk -v mode="$1" -v meas="$3" -v agree="$HF_AGREE" \
	    -v len="$HF_MEASURE_LEN_KB" -v memseen="$HF_MEM_SEEN" '
		BEGIN {
			n = split(meas, l, "\n")
			for (i = 1; i <= n; i++) if (split(l[i], f, " ") == 2) m[f[1]] = f[2]
		}
		NF == 2 {
			name = $1; g = $2
			if ((name in m) && g > agree * m[name]) {
				note = note sprintf("; getconf %s %dK is %.0fx the measured %dK: not believed", name, g, g / m[name], m[name])
				row = name " " m[name]
			} else if (!(name in m) && name !~ /i$/ && memseen && g > len) {
				note = note sprintf("; getconf %s %dK: not believed, the measurement reached main memory within %dK", name, g, len)
				next
			} else
				row = name " " g
			rows = rows row "\n"; used[name] = 1
		}
		END {
			for (k in m) if (!(k in used)) rows = rows k " " m[k] "\n"
			sub(/^; /, "", note)
			printf "%s", mode == "notes" ? note "\n" : rows
		}'
}

hf_find() {
	HF_CACHE= HF_CACHE_SOURCE= HF_LLC_KB= HF_LLC_SOURCE=unknown HF_NOTE=
	HF_MEM_SEEN=0
	HF_MEMKB=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
	_why=
	_s=$(hf_from_sysfs)
	_g=$(hf_from_getconf)
	if [ -n "$_s" ]; then
		_bad=$(hf_implausible "$_s")
		if [ -z "$_bad" ]; then
			HF_CACHE=$(hf_desc "$_s")
			HF_LLC_KB=$(hf_llc "$_s")
			HF_LLC_SOURCE=sysfs
			HF_CACHE_SOURCE="sysfs"
			_gl=$(hf_llc "$_g")
			[ "$_gl" -gt 0 ] && [ "$_gl" != "$HF_LLC_KB" ] &&
				HF_CACHE_SOURCE="sysfs (getconf says ${_gl}K for the last level; the kernel's figure is used)"
			return 0
		fi
		_why="sysfs not used: $_bad"
	else
		_why="no cache sizes in sysfs"
	fi
	_o=$(hf_run_cache "$1")
	_m=$(hf_from_cache "$_o")
	# Memory reached within the range: a fact of the measurement, also
	# where no level came out clear (every level "no clear plateau", one
	# run in three here): getconf's levels beyond the range are then
	# contradicted as they are beside clear ones.  Left unchecked, a VM's
	# made-up 508 MB L3 made MB 2032 and a default run of 298 s.
	HF_MEM_SEEN=0
	case $_o in *"Memory latency:"*) HF_MEM_SEEN=1 ;; esac
	if [ -n "$_g" ] && [ -z "$(hf_implausible "$_g")" ]; then
		if [ -z "$_m" ] && [ "$HF_MEM_SEEN" = 0 ]; then
			HF_CACHE=$(hf_desc "$_g")
			HF_LLC_KB=$(hf_llc "$_g")
			HF_LLC_SOURCE=getconf
			HF_CACHE_SOURCE="getconf, not checked: no measurement ($1/cache not built or failed); $_why"
			return 0
		fi
		_t=$(hf_check_getconf table "$_g" "$_m")
		HF_NOTE=$(hf_check_getconf notes "$_g" "$_m")
		HF_CACHE=$(hf_desc "$_t")
		HF_LLC_KB=$(hf_llc "$_t")
		HF_LLC_SOURCE=getconf
		# Which source gave the last level?
		printf '%s\n' "$_g" | grep -qx "[^ ]* $HF_LLC_KB" || HF_LLC_SOURCE="cache (measured)"
		if [ -n "$HF_NOTE" ]; then
			HF_CACHE_SOURCE="getconf checked against cache (measured): $HF_NOTE; $_why"
		elif [ -z "$_m" ]; then
			HF_CACHE_SOURCE="getconf, within the ${HF_MEASURE_LEN_KB}K in which cache (measured) reached main memory, no level of its clear; $_why"
		else
			HF_CACHE_SOURCE="getconf, confirmed within ${HF_AGREE}x by cache (measured): $(hf_desc "$_m"); $_why"
		fi
		return 0
	fi
	[ -n "$_g" ] && _why="$_why; getconf not used: $(hf_implausible "$_g")"
	if [ -n "$_m" ] && [ -z "$(hf_implausible "$_m")" ]; then
		HF_CACHE=$(hf_desc "$_m")
		HF_LLC_KB=$(hf_llc "$_m")
		HF_LLC_SOURCE="cache (measured)"
		HF_CACHE_SOURCE="cache (measured); $_why"
		return 0
	fi
	HF_LLC_KB=
	HF_CACHE_SOURCE="unknown: $_why; no measurement ($1/cache not built or found nothing)"
}

hf_caches() {
	hf_find "$1"
	HF_MB_BASIS_KB=$HF_LLC_KB
	# Where the measurement decided, its range is the stable basis.
	[ "$HF_MEM_SEEN" = 1 ] && [ -n "$HF_LLC_KB" ] &&
		[ "$HF_MEASURE_LEN_KB" -gt "$HF_LLC_KB" ] &&
		HF_MB_BASIS_KB=$HF_MEASURE_LEN_KB
	return 0
}

# hf_default_mb BASIS_KB MAXMB: MB for the memory benchmarks: 4x the basis
# and at least 8; 1024 when it is unknown; at most MAXMB.
hf_default_mb() {
	if [ -n "$1" ] && [ "$1" -gt 0 ]; then
		_mb=$(((4 * $1 + 1023) / 1024))
		[ "$_mb" -ge 8 ] || _mb=8
	else
		_mb=1024
	fi
	[ "$_mb" -le "$2" ] || _mb=$2
	echo "$_mb"
}

# hf_mhz BINDIR: the clock rate as mhz measures it (at most 120 s), else
# the kernel's figure from /proc/cpuinfo, else nothing.  Sets HF_MHZ and
# HF_MHZ_SOURCE: mhz, or cpuinfo with the reason mhz gave no figure.
hf_mhz() {
	HF_MHZ=
	HF_MHZ_SOURCE="cpuinfo: mhz not built"
	if [ -x "$1/mhz" ]; then
		_mo=$(hf_watched 120 "$1/mhz" 2>&1 </dev/null)
		HF_MHZ=$(printf '%s\n' "$_mo" | awk '/^[0-9.]+ MHz/ { print $1; exit }')
		if [ -n "$HF_MHZ" ]; then
			HF_MHZ_SOURCE=mhz
			return 0
		fi
		_why=$(printf '%s\n' "$_mo" | sed -n 's/^mhz: //p' | tail -1 | cut -c1-160)
		HF_MHZ_SOURCE="cpuinfo: mhz measured no clock rate${_why:+ ($_why)}"
	fi
	HF_MHZ=$(awk -F: '/^cpu MHz/ { printf "%d\n", $2 + 0.5; exit }' /proc/cpuinfo 2>/dev/null)
	[ -n "$HF_MHZ" ] || HF_MHZ_SOURCE="unknown: ${HF_MHZ_SOURCE#cpuinfo: }; no cpu MHz in /proc/cpuinfo"
}
