# facts.awk - the facts of the run's groups as a table, checked (for
# scripts/lib/groups.sh: groups_table).  Its input is what sourcing a
# group declaration (scripts/lib/lmbench.groups, or a drop-in <name>.group
# file with -v dropin=1) printed: a line "group NAME FACTS..." per
# "group" call, "nofunc NAME" where the file defines no grp_NAME, and any
# other line is something the file printed or a shell error.  The facts:
# doc/results.md, "Groups, and drop-in groups of your own".
#
# Output: a line per group, in the order of the declaration:
#   name part profile limit estimate later span switches again flags
#   programs...
# (estimate and later: cost models, terms joined by +, each a number of
# seconds or NUMBER*NAME, scripts/lib/plan.awk names them; later "-"
# where the later invocations cost what the first does; switches
# comma-separated; again "-" or N/D; flags "-" or a comma list of pin,
# hide, file (it uses $FILE), dropin, requires=KEY, sweeps=N,
# runs=MIN-MAX, resweep=MODEL (what a sweep after the first costs),
# cut=MODEL (what a later invocation costs where the plan cut its sweeps,
# CUT), points (its pass2 steps, and its first invocation's FIRST ones,
# make every figure the summary and the harnesses take from it, so the
# plan may leave it unswept), cpus=N (it needs N CPUs allowed to the run,
# else it is skipped), floor=N (the fewest invocations the plan may take
# it down to where even the least plan is over the budget, below the
# usual 3)).
#
# A declaration that cannot be used prints "BAD <why>" alone, and exit 1.

function bad(why) {
	if (!failed) print "BAD " (sname != "" ? "group " sname ": " : "") why
	failed = 1
	exit 1
}
# A cost model: terms joined by +, each seconds or NUMBER*NAME.
function model_ok(v) {
	return v ~ /^[0-9]+([.][0-9]+)?([*](main|chase|mb|span|pairs|nodes|loaders|sys))*([+][0-9]+([.][0-9]+)?([*](main|chase|mb|span|pairs|nodes|loaders|sys))*)*$/
}
# A program a drop-in runs may be a path; the built-in groups' are names
# in bin/<os>.
function progs_ok(v,    n, w, i) {
	n = split(v, w, ",")
	for (i = 1; i <= n; i++) {
		if (dropin ? w[i] ~ /^$|[;&|`<>$"'()\\*?]/ : w[i] !~ /^[A-Za-z0-9_]+$/)
			return 0
		progs = progs (progs == "" ? "" : " ") w[i]
	}
	return n > 0
}
function fact(k, v) {
	if (k == "part" && v ~ /^(OS|HARDWARE|OS\+HARDWARE)$/) part = v
	else if (k == "part") bad("part must be OS, HARDWARE or OS+HARDWARE")
	else if (k == "limit" && v !~ /^[0-9]+$/) bad("limit and estimate are seconds")
	else if ((k == "estimate" || k == "later" || k == "resweep" || k == "cut") && !model_ok(v))
		bad(k " " v ": seconds, or a cost model (terms like 2+30*main)")
	else if (k == "limit") limit = v
	else if (k == "estimate") est = v
	else if (k == "later") later = v
	else if (k == "resweep") resweep = v
	else if (k == "cut") cutm = v
	else if (k == "sweeps" && v ~ /^[1-9]$/) sweeps = v
	else if (k == "runs" && v ~ /^[1-9][0-9]?(-[1-9][0-9]?)?$/) runs = v ~ /-/ ? v : v "-" v
	else if (k == "profile" && v ~ /^(all|full)$/) profile = v
	else if (k == "span" && v ~ /^(yes|no)$/) span = v == "yes"
	else if (k == "switch" && v ~ /^([A-Z0-9_]+(=[A-Za-z0-9_]+(\+[A-Za-z0-9_]+)*)?,?)+$/ && v !~ /,$/)
		switches = switches (switches == "" ? "" : ",") v
	else if (k == "again" && v ~ /^[0-9]+\/[1-9][0-9]*$/) again = v
	else if (k == "requires" && v ~ /^[A-Z][A-Z0-9_]*$/) requires = v
	else if (k == "cpus" && v ~ /^[1-9][0-9]?$/) cpus = v
	else if (k == "floor" && v ~ /^[1-9]$/) floor = v
	else if (k == "progs" && progs_ok(v)) ;
	else if (k == "progs") bad("progs " v ": programs' names, comma-separated")
	else bad(k " " v ": not one of its values")
}

# Lines are kept until all are read: what the file printed, or a shell
# error, comes first.
NF { line[++nline] = $0 }

END {
	if (failed) exit 1
	for (k = 1; k <= nline; k++)
		if (split(line[k], w, " ") && w[1] != "group" && w[1] != "nofunc")
			bad("it printed, or did not read as shell: " line[k])
	for (k = 1; k <= nline; k++) {
		$0 = line[k]
		if ($1 == "nofunc") { sname = $2; bad("no function grp_" $2) }
		else one_group()
	}
	sname = ""
	if (ntable == 0) bad("no group line")
	for (i = 1; i <= ntable; i++) print table[i]
}

function one_group(    i, f, rr) {
	sname = ""
	if ($2 !~ /^[A-Za-z0-9_]+$/) bad("no group name, or not letters, digits and _")
	sname = $2
	if (sname in seen) bad("already defined")
	seen[sname] = 1
	if (dropin && ++ngroups > 1) bad("more than one group in the file")
	part = "OS"; profile = "all"; limit = 120; est = 5; later = "-"; span = ""
	switches = ""; again = "-"; pin = hide = usesfile = points = 0; requires = ""
	sweeps = 1; runs = ""; resweep = ""; cpus = ""; floor = ""; cutm = ""; progs = ""
	for (i = 3; i <= NF; i++) {
		if ($i == "pin") pin = 1
		else if ($i == "hide") hide = 1
		else if ($i == "points") points = 1
		else if ($i == "file") usesfile = 1
		else if ($i == "again" && $(i + 1) !~ /\//) again = "1/1"
		else if ($i == "estimate" && $(i + 2) == "mb") {
			# The older form: a quarter fixed, the rest in
			# proportion to MB from 1040 MB (1.015625 GB).
			if ($(i + 1) !~ /^[0-9]+$/) bad("limit and estimate are seconds")
			fact($i, sprintf("%g+%g*mb", $(i + 1) / 4, $(i + 1) * 0.75 / 1.015625)); i += 2
		}
		else if ($i ~ /^(part|limit|estimate|later|resweep|cut|profile|span|switch|again|requires|sweeps|runs|cpus|floor|progs)$/ && i < NF) {
			fact($i, $(i + 1)); i++
		} else bad("'" $i "' is not a fact of a group")
	}
	if (progs == "") bad("no progs (the programs its steps run)")
	if ((sweeps > 1 || runs != "" || later != "-" || resweep != "" || cutm != "") && again == "-")
		bad("later, resweep, cut, sweeps and runs are for a group that runs again")
	if (points && again == "-")
		bad("points: for a group that runs again")
	if (runs != "" && split(runs, rr, "-") == 2 && rr[1] + 0 > rr[2] + 0)
		bad("runs " runs ": the least first")
	if (sweeps > 1 && runs != "" && rr[1] + 0 < sweeps + 0)
		bad("runs " runs ": fewer than its sweeps")
	if (floor != "" && again == "-")
		bad("floor: for a group that runs again")
	if (floor != "" && (floor + 0 < sweeps + 0 || floor + 0 > (runs != "" ? rr[1] + 0 : 5)))
		bad("floor " floor ": from its sweeps to its least count")
	f = (pin ? ",pin" : "") (hide ? ",hide" : "") (usesfile ? ",file" : "") \
		(dropin ? ",dropin" : "") (requires != "" ? ",requires=" requires : "") \
		(sweeps > 1 ? ",sweeps=" sweeps : "") (runs != "" ? ",runs=" runs : "") \
		(resweep != "" ? ",resweep=" resweep : "") (cutm != "" ? ",cut=" cutm : "") \
		(points ? ",points" : "") \
		(cpus != "" ? ",cpus=" cpus : "") (floor != "" ? ",floor=" floor : "")
	table[++ntable] = sname " " part " " profile " " limit " " est " " later " " \
		(span == "" ? part == "OS" : span) " " (switches == "" ? toupper(sname) : switches) \
		" " again " " (f == "" ? "-" : substr(f, 2)) " " progs
}
