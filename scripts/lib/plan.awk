# plan.awk - the run's plan: how many times each group runs, what each
# invocation is expected to cost, and in which order the later
# invocations come (scripts/lmbench, scripts/validate; doc/results.md,
# "The run's plan and its budget").
#
# Input: a line per group that runs, as facts.awk's table writes it
# (name part profile limit estimate later span switches again flags
# programs...), and optionally "gt GROUP[/K] SECONDS": an earlier run's
# [GROUP_TIME: ] figures, whose first, resweep and later times (the
# medians) stand for the model's; "gs GROUP SWEEPS" (its [PLAN: ]) and
# "gm GROUP[/K]" (its [SWEPT: ], a sweep the plan had cut made again)
# say which of them ran all the group's steps.
#
# Variables (-v):
#   budget    seconds the whole run may take (TIME_BUDGET)
#   fixed     seconds outside the groups: the header, probes, drift points
#   runs      "" (the plan decides) or a fixed count for the groups that
#             run again (ROUNDS; 1 runs everything once)
#   span      milliseconds of samples a span group's result takes over all
#             of its invocations (LMBENCH_SPAN)
#   main chase mb   the sizes the models' memory terms stand for, MB: the
#             main-memory size, the chase size (memlat_len), MB
#   bwratio   how much longer the memory terms take at the bandwidth
#             measured at the start (scripts/lmbench), 1 when not measured
#   pairs nodes loaders   CPU pairs of lat_c2c, NUMA nodes, loader runs
#   sysratio  how much dearer a system call is than on the VM the models
#             were fitted on (scripts/lmbench: the first drift point's
#             getppid, against 100 ns), 1 when not measured
#   seed      the later invocations' order (a number)
#   profile   quick, standard or full
#
# A cost model (lmbench.groups: estimate, later) is terms joined by +: a
# number of seconds, or NUMBER*NAME (or NUMBER*NAME*NAME..., their
# product: mb*sys, page faults that each enter the kernel): main, chase
# and mb in GB of those
# sizes (main and chase, memory sweeps, at the reference bandwidth: this
# project's VM, drift's bw probe 4000 MB/s; mb, file and mapping work,
# not scaled), span in seconds of one invocation's span, pairs, nodes
# (squared) and loaders in their counts, sys in units of the models' VM's
# system call (sysratio): what an invocation spends in the kernel beyond
# its timed intervals, forks, pipes, mappings (ctx's rings and rewarms,
# mmap's files, net's servers: 3-4 times their models on a host whose
# calls cost ten times more, doc/validation/runtime.md).
#
# A group that runs again runs RUNS_MIN to RUNS_MAX times (its "runs"
# flag, else the defaults below); the first "sweeps" invocations run all
# its steps, the rest the steps marked pass2 (its "later" model).  The
# plan gives each group its least count, then adds invocations where they
# cost least (the cheap groups run more often) while the estimate stays
# within the budget's share (PLAN_SHARE); where even the least counts do
# not fit, it takes them down to RUNS_FLOOR (the second sweeps go first)
# and then leaves the groups flagged points unswept (every invocation
# their pass2 steps: the summary's points, no curves), the dearest sweep
# first, then a group flagged cut=MODEL has its later invocations cut
# (CUT: ctx's measure the summary's points alone); last of all, a group
# flagged floor=N comes down to N invocations
# (below RUNS_FLOOR: a dear group that compare may judge between runs,
# as stream's), and it says so.
#
# Output, tab-separated:
#   group NAME COUNT LEAST SWEEPS FIRST LATER SPAN_MS ASKED PFIRST FLOOR CUT
#                                                    the plan per group
#                                                    (ASKED: the sweeps
#                                                    before a cut;
#                                                    PFIRST: its first
#                                                    invocation unswept;
#                                                    FLOOR: the least the
#                                                    run may come down to
#                                                    when it would pass
#                                                    the budget; CUT: 1
#                                                    where its later
#                                                    invocations were cut)
#   run NAME K                                       every invocation, in
#                                                    run order; those with
#                                                    K above COUNT are the
#                                                    extras (up to the
#                                                    group's most)
#   total SECONDS                                    the estimate
#   note TEXT                                        what the plan gave up
BEGIN {
	FS = " "
	OFS = "\t"
	RUNS_MIN = 5		# 5 + 5 invocations: the U test reaches p < 0.01
	RUNS_MAX = 15		# the cheap groups: a short latency's host
				# states last a second or two; each invocation
				# samples one or two of them
	RUNS_FLOOR = 3		# the least a group that runs again gets
	PLAN_SHARE = 0.88	# of the budget: the rest is the estimate's error
				# (a first run here took 7% more than its groups'
				# models said) and what make results does before
				# the run (config-run: 2 s); the run leaves out
				# invocations beyond the least when it falls behind
	SPAN_MIN_MS = 30	# an invocation's span, at least
	n = 0
	if (profile == "quick") { RUNS_MIN = 3; RUNS_MAX = 5 }
}
# An earlier run's [GROUP_TIME: ] figures: its first, its sweeps after
# the first and its later invocations (medians), in END.
$1 == "gt" { gt[$2] = $3; next }
$1 == "gs" { psw[$2] = $3 + 0; next }
$1 == "gm" { made[$2] = 1; next }
NF >= 11 {
	g = $1
	order[++n] = g
	est[g] = $5
	lat[g] = $6
	spanon[g] = $7
	again[g] = $9
	flags[g] = "," $10 ","
	sw[g] = match(flags[g], /,sweeps=[0-9]+,/) ? substr(flags[g], RSTART + 8, RLENGTH - 9) + 0 : 1
	pts[g] = index(flags[g], ",points,") > 0
	resw[g] = match(flags[g], /,resweep=[^,]+,/) ? substr(flags[g], RSTART + 9, RLENGTH - 10) : ""
	cutm[g] = match(flags[g], /,cut=[^,]+,/) ? substr(flags[g], RSTART + 5, RLENGTH - 6) : ""
	if (match(flags[g], /,floor=[0-9]+,/)) ownfl[g] = substr(flags[g], RSTART + 7, RLENGTH - 8) + 0
	lo[g] = 1; hi[g] = 1
	if (again[g] != "-") {
		lo[g] = RUNS_MIN; hi[g] = RUNS_MAX
		if (match(flags[g], /,runs=[0-9]+-[0-9]+,/)) {
			split(substr(flags[g], RSTART + 6, RLENGTH - 7), rr, "-")
			lo[g] = rr[1] + 0; hi[g] = rr[2] + 0
		}
		if (runs != "") lo[g] = hi[g] = runs + 0
		if (sw[g] > lo[g]) sw[g] = lo[g]
	}
	cnt[g] = lo[g]
}

# The model's seconds for one invocation whose span is spanms.
function cost(m, spanms,    t, i, j, k, nf, f, v, s) {
	k = split(m, t, "+")
	s = 0
	for (i = 1; i <= k; i++) {
		nf = split(t[i], f, "*")
		v = f[1]
		for (j = 2; j <= nf; j++)
			v *= f[j] == "main" ? main / 1024 * bwratio \
			   : f[j] == "chase" ? chase / 1024 * bwratio \
			   : f[j] == "mb" ? mb / 1024 \
			   : f[j] == "span" ? spanms / 1000 \
			   : f[j] == "pairs" ? pairs \
			   : f[j] == "nodes" ? nodes * nodes \
			   : f[j] == "loaders" ? loaders \
			   : f[j] == "sys" ? (sysratio == "" ? 1 : sysratio) : 0
		s += v
	}
	# The quick profile's sizes are x8 apart, its series shorter: about
	# half (the models are the standard profile's).
	return profile == "quick" ? s / 2 : s
}
# An invocation's span: the group's span shared among its invocations.
function span_of(g, c,    s) {
	if (!spanon[g]) return 0
	s = int(span / c + 0.5)
	return s < SPAN_MIN_MS && span > 0 ? SPAN_MIN_MS : s
}
function first_cost(g, c) {
	if (g in prev_first) return prev_first[g]
	return cost(est[g], span_of(g, c))
}
function later_cost(g, c,    a, d) {
	if (again[g] == "-") return 0
	if (g in prev_later) return prev_later[g]
	# Its later invocations cut (CUT in the run): its cut model.
	if (g in cutd) return cost(cutm[g], span_of(g, c))
	if (lat[g] != "-") return cost(lat[g], span_of(g, c))
	# "again N/D" without a later model: that share of the first.
	split(again[g], d, "/")
	return cost(est[g], span_of(g, c)) * d[1] / d[2]
}
# A sweep after the first: its resweep model, else the first's cost.
function resweep_cost(g, c) {
	if (g in prev_resweep) return prev_resweep[g]
	return resw[g] != "" ? cost(resw[g], span_of(g, c)) : first_cost(g, c)
}
# An unswept group's first invocation: its pass2 steps and its FIRST
# ones; an earlier run's such first where there is one, else a later
# one's cost.
function pfirst_cost(g, c) {
	return g in prev_pfirst ? prev_pfirst[g] : later_cost(g, c)
}
# What COUNT invocations of g cost: the sweeps in full, the rest later.
function total_of(g, c,    s) {
	if (sw[g] == 0) return c > 0 ? pfirst_cost(g, c) + (c - 1) * later_cost(g, c) : 0
	s = c < sw[g] ? c : sw[g]
	return first_cost(g, c) + (s - 1) * resweep_cost(g, c) + (c - s) * later_cost(g, c)
}
function plan_total(    i, s) {
	s = fixed
	for (i = 1; i <= n; i++) s += total_of(order[i], cnt[order[i]])
	return s
}
function prev_times(    g, k, i, j, t, c, v) {
	for (k in gt) {
		g = k; i = 1
		if (k ~ /\//) { g = substr(k, 1, index(k, "/") - 1); i = substr(k, index(k, "/") + 1) + 0 }
		if (!(g in est)) continue
		# A sweep: within that run's sweeps (else this plan's), or
		# made again.
		c = (i <= (g in psw ? psw[g] : sw[g]) || (k in made)) ? "r" : "l"
		if (i == 1 && c == "r") { prev_first[g] = gt[k]; continue }
		# Unswept there: its first made its FIRST steps too.
		if (i == 1) { prev_pfirst[g] = gt[k]; continue }
		nv[g, c]++; val[g, c, nv[g, c]] = gt[k]
	}
	for (g in est) for (j = 1; j <= 2; j++) {
		c = j == 1 ? "r" : "l"
		if (!nv[g, c]) continue
		# The median.
		n2 = nv[g, c]
		for (i = 1; i <= n2; i++) t[i] = val[g, c, i]
		for (i = 2; i <= n2; i++) { v = t[i]; for (k = i - 1; k >= 1 && t[k] > v; k--) t[k + 1] = t[k]; t[k + 1] = v }
		v = n2 % 2 ? t[(n2 + 1) / 2] : (t[n2 / 2] + t[n2 / 2 + 1]) / 2
		if (c == "r") prev_resweep[g] = v; else prev_later[g] = v
	}
}
# The order's random numbers: the minimal standard generator (Park and
# Miller), not awk's rand(): srand(n) does not give the same sequence
# twice in every awk (one mawk build seeds from the clock whatever n is),
# and PLAN_SEED must.  The products stay below 2^53: exact in a double.
function rng_seed(n) {
	rng_x = (n + 0) % 2147483646
	if (rng_x < 0) rng_x = -rng_x
	rng_x = int(rng_x) + 1
}
function rng() {
	rng_x = (rng_x * 16807) % 2147483647
	return rng_x / 2147483647
}
END {
	prev_times()
	avail = budget * PLAN_SHARE
	total = plan_total()
	for (i = 1; i <= n; i++) sw0[order[i]] = sw[order[i]]
	# Over the budget: the second sweeps first, then the counts, from
	# the group whose invocations cost most, down to the floor.
	while (total > avail) {
		best = ""
		for (i = 1; i <= n; i++) {
			g = order[i]
			if (again[g] == "-" || runs != "") continue
			if (sw[g] > 1 && cnt[g] > 1) {
				d = resweep_cost(g, cnt[g]) - later_cost(g, cnt[g])
				if (best == "" || d > bd) { best = g; bd = d; how = "sweep" }
			}
		}
		if (best == "") {
			for (i = 1; i <= n; i++) {
				g = order[i]
				if (again[g] == "-" || runs != "" || cnt[g] <= RUNS_FLOOR || cnt[g] <= sw[g]) continue
				d = total_of(g, cnt[g]) - total_of(g, cnt[g] - 1)
				if (best == "" || d > bd) { best = g; bd = d; how = "count" }
			}
		}
		if (best == "") {
			# Last: a group whose pass2 steps carry the summary's
			# figures, unswept, where that saves most.
			for (i = 1; i <= n; i++) {
				g = order[i]
				if (!pts[g] || sw[g] != 1 || again[g] == "-" || runs != "") continue
				d = first_cost(g, cnt[g]) - later_cost(g, cnt[g])
				if (d > 0 && (best == "" || d > bd)) { best = g; bd = d; how = "sweep" }
			}
		}
		if (best == "") {
			# Then a group with a cut model: its later invocations
			# cut (CUT: ctx's keep to the summary's points), where
			# that saves most.
			for (i = 1; i <= n; i++) {
				g = order[i]
				if (cutm[g] == "" || (g in cutd) || again[g] == "-" || runs != "") continue
				d = (cnt[g] - sw[g]) * (later_cost(g, cnt[g]) - cost(cutm[g], span_of(g, cnt[g])))
				if (d > 0 && (best == "" || d > bd)) { best = g; bd = d; how = "cut" }
			}
		}
		if (best == "") {
			# Last of all: a group whose floor is below RUNS_FLOOR
			# (its floor flag) gives up invocations down to it, the
			# dearest first.
			for (i = 1; i <= n; i++) {
				g = order[i]
				if (!(g in ownfl) || again[g] == "-" || runs != "" || cnt[g] <= ownfl[g] || cnt[g] <= sw[g]) continue
				d = total_of(g, cnt[g]) - total_of(g, cnt[g] - 1)
				if (best == "" || d > bd) { best = g; bd = d; how = "count" }
			}
		}
		if (best == "") break
		if (how == "sweep") { sw[best]--; fewsw[best] = 1 }
		else if (how == "cut") cutd[best] = 1
		else { cnt[best]--; fewer[best] = 1 }
		total = plan_total()
	}
	for (i = 1; i <= n; i++) if (order[i] in fewsw)
		gave = gave (gave == "" ? "" : ", ") order[i] \
			(sw[order[i]] == 0 ? " not swept (the summary's points only)" : " swept " (sw[order[i]] == 1 ? "once" : sw[order[i]] " times"))
	for (i = 1; i <= n; i++) if (order[i] in cutd)
		gave = gave (gave == "" ? "" : ", ") order[i] " later at the summary's points only"
	for (i = 1; i <= n; i++) if (order[i] in fewer)
		gave = gave (gave == "" ? "" : ", ") order[i] " " (cnt[order[i]] == 1 ? "once" : cnt[order[i]] " times")
	if (gave != "") print "note", "over the budget: " gave
	# Over the plan's share of the budget, or over the budget itself.
	if (total > avail) print "note", sprintf("the least plan is estimated at %d s, more than %s", total + 0.5,
		total > budget ? sprintf("the budget of %d s", budget) : sprintf("%d%% of the budget of %d s", 100 * PLAN_SHARE, budget))
	# Within it: one more invocation where it costs least (not where the
	# plan had to give something up: that comes back first).
	for (; gave == "";) {
		best = ""
		for (i = 1; i <= n; i++) {
			g = order[i]
			if (again[g] == "-" || cnt[g] >= hi[g] || runs != "") continue
			d = total_of(g, cnt[g] + 1) - total_of(g, cnt[g])
			if (total + d > avail) continue
			if (best == "" || d < bd) { best = g; bd = d }
		}
		if (best == "") break
		cnt[best]++
		total = plan_total()
	}
	for (i = 1; i <= n; i++) {
		g = order[i]
		least = cnt[g] < lo[g] ? cnt[g] : lo[g]
		# The floor: where the models (or an earlier run) said too
		# little and the run is on its way past the budget, it may
		# leave out its least count's invocations down to RUNS_FLOOR
		# (its floor=N), never a sweep; not where ROUNDS fixed the
		# counts.
		floor = least
		f0 = g in ownfl ? ownfl[g] : RUNS_FLOOR
		if (again[g] != "-" && runs == "" && floor > f0)
			floor = sw[g] > f0 ? sw[g] : f0
		if (floor > least) floor = least
		print "group", g, cnt[g], least, sw[g],
			sprintf("%.2f", first_cost(g, cnt[g])), sprintf("%.2f", later_cost(g, cnt[g])),
			span_of(g, cnt[g]), sw0[g], sprintf("%.2f", pfirst_cost(g, cnt[g])), floor, (g in cutd)
	}
	# The order: the first invocations in lmbench3's order, each at its
	# share of the first round's time, and each group's later ones spread
	# evenly from its first to the end, each at a random place in its
	# share, so that the groups come in a random order, none bunches up
	# at one end and a slow phase of the host falls on a few invocations
	# of many metrics rather than on all of one.
	rng_seed(seed)
	c1 = 0
	for (i = 1; i <= n; i++) c1 += first_cost(order[i], cnt[order[i]])
	m = 0; cum = 0
	for (i = 1; i <= n; i++) {
		g = order[i]
		f1 = first_cost(g, cnt[g])
		k1 = c1 > 0 ? (cum + f1 / 2) / c1 : i / (n + 1)
		cum += f1
		m++; key[m] = k1 * 0.999; who[m] = g "\t1"
		for (k = 2; k <= cnt[g]; k++) {
			m++
			key[m] = k1 + (1 - k1) * (k - 2 + rng()) / (cnt[g] - 1)
			who[m] = g "\t" k
		}
		# The extras, up to the group's most: each at a random place
		# after its first (the run takes one only when it is ahead of
		# the estimate).
		if (again[g] != "-" && runs == "")
			for (k = cnt[g] + 1; k <= hi[g]; k++) {
				m++
				key[m] = k1 + (1 - k1) * rng()
				who[m] = g "\t" k
			}
	}
	# Insertion sort (stable: a few hundred at most).
	for (i = 2; i <= m; i++) {
		kk = key[i]; ww = who[i]
		for (j = i - 1; j >= 1 && key[j] > kk; j--) { key[j + 1] = key[j]; who[j + 1] = who[j] }
		key[j + 1] = kk; who[j + 1] = ww
	}
	for (i = 1; i <= m; i++) print "run", who[i]
	printf "total\t%d\n", total + 0.5
}
