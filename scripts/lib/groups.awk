# groups.awk - read group declarations (scripts/lib/lmbench.groups; a
# drop-in <name>.group file with -v dropin=1) for scripts/lmbench,
# scripts/config-run and scripts/validate.  The form: doc/results.md,
# "Groups, and drop-in groups of your own".
#
#   -v want=table   a line per group: name part profile limit estimate
#                   later span switches again flags programs... (estimate
#                   and later: cost models, terms joined by +, each a
#                   number of seconds or NUMBER*NAME (scripts/lib/plan.awk
#                   names them); later "-" where the later invocations
#                   cost what the first does; switches comma-separated;
#                   again "-" or N/D; flags "-" or a comma list of pin,
#                   hide, file (it uses $FILE), dropin, requires=KEY,
#                   sweeps=N, runs=MIN-MAX, cut=MODEL: what a later
#                   invocation costs where the plan cut those (CUT),
#                   resweep=MODEL: what a sweep
#                   after the first costs, points: its pass2 steps (and
#                   its first invocation's FIRST ones) make every figure
#                   the summary and the harnesses take from it, so the
#                   plan may leave it unswept, cpus=N: it needs N CPUs
#                   allowed to the run, else it is skipped, floor=N: the
#                   fewest invocations the plan may take it down to where
#                   even the least plan is over the budget, below the
#                   usual 3)
#   -v want=sh      each group as a shell function grp_<name> (steps:
#                   steps_<name>) that scripts/lmbench runs
#
# A declaration that cannot be used prints "BAD <why>" alone, and exit 1.

function bad(why) {
	if (!failed) print "BAD " (FNR ? "line " FNR ": " : "") why
	failed = 1
	exit 1
}
# s as a shell word in double quotes ($ expansions kept), or single quotes.
function dq(s) { gsub(/[\\"`]/, "\\\\&", s); return "\"" s "\"" }
function sq(s) { gsub(/'/, "'\\''", s); return "'" s "'" }
# Words go to the shell as written: one command, no second one, its input
# and output the run's.
function words(s, what,    t) {
	t = s
	gsub(/\$\(\([^)]*\)\)/, "", t)	# $((arithmetic)) may compare
	if (t ~ /[;&|`<>]/) bad(what ": it would be more than one command, or redirected")
	return s
}
function name_ok(v, what) {
	if (v !~ /^[a-z][a-z0-9_]*$/) bad(what " " v ": a name of lower-case letters, digits and _")
	vars[v] = 1
}
function addprog(p,    k) {
	for (k = 0; k <= depth; k++)
		if (index(" " progs[k] " ", " " p " ") == 0)
			progs[k] = progs[k] (progs[k] == "" ? "" : " ") p
}
function tabs(n,    s) { s = ""; while (n-- > 0) s = s "\t"; return s }
function put(line) { code[++ncode] = tabs(depth + 1) line }

# A block: its opener's code now, its programs (for will_run) and closing
# code when its last line has been read.
function open_block(type, opener) {
	put(opener)
	btype[depth + 1] = type; bopen[depth + 1] = ncode; progs[depth + 1] = ""
	expect = 1
	if (type == "series" || type == "file" || type == "server") closing++
	if (type == "for") infor++
}
function close_block(    t, i, j) {
	t = btype[depth]; i = bopen[depth]
	if ((j = index(code[i], "@P@"))) code[i] = substr(code[i], 1, j - 1) progs[depth] substr(code[i], j + 3)
	if (t == "series") put("out \"\"")
	if (t == "server") { put("fi"); put("server_stop") }
	depth--
	put(t == "for" ? "done" : "fi")
	if (t == "series" || t == "file" || t == "server") closing--
	if (t == "for") infor--
}

# A cost model: terms joined by +, each seconds or NUMBER*NAME.
function model_ok(v) {
	return v ~ /^[0-9]+([.][0-9]+)?([*](main|chase|mb|span|pairs|nodes|loaders|sys))*([+][0-9]+([.][0-9]+)?([*](main|chase|mb|span|pairs|nodes|loaders|sys))*)*$/
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
	else bad(k " " v ": not one of its values")
}
# The facts, on lines of their own or after the group's name:
# "group net part OS switch UDP=lat_udp,TCP=lat_tcp+bw_tcp estimate 4 again".
function facts(from,    i) {
	for (i = from; i <= NF; i++) {
		if ($i == "pin") pin = 1
		else if ($i == "hide") hide = 1
		else if ($i == "points") points = 1
		else if ($i == "again" && $(i + 1) !~ /\//) again = "1/1"
		else if ($i == "estimate" && $(i + 2) == "mb") {
			# The older form: a quarter fixed, the rest in
			# proportion to MB from 1040 MB (1.015625 GB).
			if ($(i + 1) !~ /^[0-9]+$/) bad("limit and estimate are seconds")
			fact($i, sprintf("%g+%g*mb", $(i + 1) / 4, $(i + 1) * 0.75 / 1.015625)); i += 2
		}
		else if ($i ~ /^(part|limit|estimate|later|resweep|cut|profile|span|switch|again|requires|sweeps|runs|cpus|floor)$/ && i < NF) {
			fact($i, $(i + 1)); i++
		} else bad("'" $i "' is not a fact of a group")
	}
}

function begin_stanza(kind, name) {
	end_stanza()
	if (name !~ /^[A-Za-z0-9_]+$/) bad("no group name, or not letters, digits and _")
	if (name in seen) bad(kind " " name " is already defined")
	if (kind == "steps" && dropin) bad("steps: only in scripts/lib/lmbench.groups")
	ngroups += kind == "group"
	if (dropin && ngroups > 1) bad("more than one group in the file")
	stanza = kind; sname = name; seen[name] = 1
	part = "OS"; profile = "all"; limit = 120; est = 5; later = "-"; span = ""
	switches = ""; again = "-"; pin = hide = usesfile = points = 0; requires = ""
	sweeps = 1; runs = ""; resweep = ""; cpus = ""; floor = ""; cutm = ""
	ncode = nmetric = depth = infor = closing = expect = 0; progs[0] = ""
}
function end_stanza(    f, i) {
	if (stanza == "") return
	if (expect) bad("a block with nothing in it")
	while (depth > 0) close_block()
	if (stanza == "steps") {
		steps[sname] = progs[0]; stepsfile[sname] = usesfile
		fn("steps_" sname, 0)
	} else {
		if (progs[0] == "") bad("no run line")
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
			" " again " " (f == "" ? "-" : substr(f, 2)) " " progs[0]
		fn("grp_" sname, 1)
	}
	stanza = ""
}
function fn(name, metrics,    i) {
	sh[++nsh] = name "() {"
	sh[++nsh] = "\t:"
	for (i = 1; metrics && i <= nmetric; i++) sh[++nsh] = "\tout " sq("[METRIC_MAP: " metric[i] "]")
	for (i = 1; i <= ncode; i++) sh[++nsh] = code[i]
	sh[++nsh] = "}"
}
# The names a declaration gives (let, for) are v_<name> in the shell, so
# that they cannot overwrite the run's own variables.
function rename(s,    r, n) {
	r = ""
	while (match(s, /\$\{?[a-z][a-z0-9_]*/)) {
		n = substr(s, RSTART, RLENGTH)
		sub(/^\$\{?/, "", n)
		r = r substr(s, 1, RSTART - 1) substr(s, RSTART, RLENGTH - length(n)) ((n in vars) ? "v_" : "") n
		s = substr(s, RSTART + RLENGTH)
	}
	return r s
}
function rest(s) { sub(/^[ \t]*[^ \t]+[ \t]*/, "", s); sub(/[ \t]+$/, "", s); return s }

{
	sub(/\r$/, "")
	if ($0 ~ /^[ \t]*(#|$)/) next
	match($0, /^[ \t]*/)
	ind = substr($0, 1, RLENGTH)
	kw = $1
	arg = rest($0)
	# The line's block: the one just opened, that one, or an outer one.
	if (stanza == "" && kw != "group" && kw != "steps") bad("'" kw "' before a group line")
	if (expect) {
		if (length(ind) <= length(bind[depth]) || index(ind, bind[depth]) != 1)
			bad("a block with nothing in it")
		bind[++depth] = ind
		expect = 0
	}
	while (depth > 0 && ind != bind[depth] && length(ind) < length(bind[depth])) close_block()
	if (ind != bind[depth]) bad("indented, but not under a block")
}
depth == 0 && (kw == "group" || kw == "steps") { begin_stanza(kw, $2); facts(3); next }
depth == 0 && kw ~ /^(part|profile|limit|estimate|later|resweep|cut|span|switch|again|pin|hide|points|requires|sweeps|runs|cpus|floor)$/ { facts(1); next }
depth == 0 && kw == "metric" {
	# "metric NAME REGEX": a result line whose label matches is NAME.
	if (NF >= 3 && $2 ~ /^[A-Za-z0-9_.]+$/) metric[++nmetric] = $2 " = " rest(arg)
	next
}
kw == "run" {
	if (dropin ? $2 ~ /[;&|`<>$"'()]/ : $2 !~ /^[A-Za-z0-9_]+$/) bad("run " $2 ": not a program's name")
	a = words(rest(arg), "run " $2)
	put("bench " $2 (a == "" ? "" : " " a))
	addprog($2)
	if (arg ~ /\$\{?FILE([^A-Za-z0-9_]|$)/) usesfile = 1
	next
}
kw == "note" { put("out " dq(arg)); next }
kw == "let" {
	name_ok($2, "let")
	if (index(rest(arg), "\"")) bad("let " $2 ": no double quotes")
	put("v_" $2 "=" dq(words(rest(arg), "let")))
	next
}
kw == "for" {
	name_ok($2, "for")
	if ($3 != "in") bad("for NAME in WORDS")
	a = arg; sub(/^[^ \t]+[ \t]+in[ \t]*/, "", a)
	open_block("for", "for v_" $2 " in " words(a, "for") "; do")
	next
}
kw == "if" || kw == "unless" {
	for (i = 2; i <= NF; i++)
		if ($i !~ /^(quick|standard|full|pass2|[A-Z][A-Z0-9_]*)$/)
			bad(kw " " $i ": quick, standard, full, pass2 or a configuration KEY")
	if (NF < 2) bad(kw " what?")
	open_block("if", "if " (kw == "unless" ? "! " : "") "when " arg "; then")
	next
}
kw == "series" {
	open_block("series", "if will_run \"@P@\"; then")
	if (arg != "") code[++ncode] = tabs(depth + 2) "title " dq(arg)
	next
}
kw == "file" {
	if (arg == "") bad("file MB")
	usesfile = 1
	open_block("file", "if will_run \"@P@\" && need_file " words(arg, "file") "; then")
	next
}
kw == "server" {
	if ($2 !~ /^[A-Za-z0-9_]+$/ || NF > 3) bad("server PROG [HOST]")
	for (i = 1; i <= depth; i++) if (btype[i] == "server") bad("a server inside a server")
	addprog($2)
	open_block("server", "if will_run \"@P@\" && built " $2 "; then")
	code[++ncode] = tabs(depth + 2) "if server_start " $2 (NF == 3 ? " " words($3, "server") : "") "; then"
	next
}
kw == "call" || kw == "step" {
	if (closing) bad(kw " inside a series, file or server block")
	if (kw == "step" && ($2 !~ /^[A-Za-z0-9_]+$/ || NF < 3)) bad("step PROG FUNCTION [ARGS]")
	if (arg == "") bad("call what?")
	if (kw == "step") { addprog($2); put("if will_run " $2 "; then " words(rest(arg), "step") "; fi") }
	else put(words(arg, "call") (infor ? " || continue" : " || return 0"))
	next
}
kw == "use" {
	if (!($2 in steps)) bad("use " $2 ": no steps " $2 " above")
	n = split(steps[$2], w, " ")
	for (i = 1; i <= n; i++) addprog(w[i])
	if (stepsfile[$2]) usesfile = 1
	put("steps_" $2)
	next
}
{ bad("'" kw "' is not a keyword here") }

END {
	if (failed) exit 1
	FNR = 0
	end_stanza()
	if (failed) exit 1
	if (dropin && ngroups == 0) bad("no group line")
	for (i = 1; i <= ntable && want == "table"; i++) print table[i]
	for (i = 1; i <= nsh && want == "sh"; i++) print rename(sh[i])
}
