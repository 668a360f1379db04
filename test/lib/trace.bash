# trace.bash - reading the reference traces for the planrun conformance
# suite: the README's table (plan, cycles, timer period, action results),
# the name maps of an .inst plan, and the translation of planrun's output
# into the traces' formats (ids instead of names).  Loaded after helper.

TRACES=$SHARED/reference/traces
PLANS=$SHARED/reference/plans

# Every trace name, one a line.
trace_names() {
	local f
	for f in "$TRACES"/*.actions.csv; do
		[ -e "$f" ] || continue
		f=${f##*/}
		echo "${f%.actions.csv}"
	done
}

# The README's table row of trace $1, cells separated by tabs:
# name, plan, cycles, timers, results.
trace_row() {
	awk -v name="$1" -F'|' '
		$2 ~ "^ *`" name "` *$" {
			for (i = 2; i <= 6; i++) {
				gsub(/^ +| +$|`/, "", $i)
				printf "%s%s", $i, i < 6 ? "\t" : "\n"
			}
			exit
		}' "$SHARED/reference/README.md"
}

trace_field() {	# trace_field NAME N (1 name .. 5 results)
	trace_row "$1" | cut -f "$2"
}

# Cycles per timer tick from the timers cell: "every cycle", "every K
# cycles", "before cycles 1, 1+K, ...", or 0 when timers never advance.
trace_tick_every() {
	trace_field "$1" 4 | awk '
		/never|no tick|not advanced|none/ { print 0; exit }
		/every cycle/ { print 1; exit }
		match($0, /every [0-9]+ cycles/) {
			s = substr($0, RSTART + 6); print s + 0; exit
		}
		match($0, /cycles 1, [0-9]+/) {
			s = substr($0, RSTART + 10); print s - 1; exit
		}'
}

# The --result rules the README states, e.g. "action 37 fails, 54 fails,
# 36 is in progress twice then succeeds, all others succeed".  Prints
# nothing for an item it cannot read (the caller then infers).
trace_readme_rules() {
	trace_field "$1" 5 | awk '
	function count(w) {
		if (w == "once") return 1
		if (w == "twice") return 2
		if (w == "thrice") return 3
		if (w ~ /^[0-9]+$/) return w
		split("one two three four five six seven eight nine ten", nw, " ")
		for (i = 1; i <= 10; i++) if (nw[i] == w) return i
		return -1
	}
	function final(w) {
		if (w ~ /^succeed/) return "success"
		if (w ~ /^fail/) return "fail"
		if (w ~ /^err/) return "error"
		return ""
	}
	{
		gsub(/ and /, ", "); n = split($0, item, /, */); out = ""
		for (k = 1; k <= n; k++) {
			s = item[k]; sub(/^action /, "", s)
			m = split(s, w, " ")
			if (s ~ /^(every|all)( other)? actions? (succeed|fail)/ ||
			    s ~ /^all others (succeed|fail)/) {
				r = final(w[m]); key = "default"
			} else if (w[1] ~ /^[0-9]+$/ && m == 2) {
				r = final(w[2]); key = "#" w[1]
			} else if (w[1] ~ /^[0-9]+$/ && s ~ /is (always )?(in progress|running)$/) {
				r = "running"; key = "#" w[1]
			} else if (w[1] ~ /^[0-9]+$/ && s ~ /is (in progress|running) .* then /) {
				t = s; sub(/.* (in progress|running) /, "", t)
				nv = split(t, v, " "); c = count(v[1])
				r = final(v[nv])
				if (c < 0 || r == "") { print "?"; exit }
				r = "running:" c (r == "success" ? "" : ":" r)
				key = "#" w[1]
			} else { print "?"; exit }
			if (r == "") { print "?"; exit }
			out = out (out ? "," : "") key "=" r
		}
		print out
	}'
}

# Rules inferred from the action lines of the events file (cycle,id,
# value,S|F|P|Z): the in-progress answers before each action's first
# final answer.
trace_inferred_rules() {
	awk -F, '
		NF == 4 && $2 ~ /^[0-9]+$/ && $4 ~ /^[SFPZ]$/ {
			if (!($2 in done)) {
				if ($4 == "P") { p[$2]++; seen[$2] = 1 }
				else { fin[$2] = $4; done[$2] = 1 }
			}
			seen[$2] = 1
		}
		END {
			for (a in seen) {
				if (!(a in done)) { r = "running" }
				else {
					f = fin[a] == "S" ? "" : fin[a] == "F" ? ":fail" : ":error"
					if (p[a] + 0 == 0)
						r = f == "" ? "success" : substr(f, 2)
					else
						r = "running:" p[a] f
				}
				out = out (out ? "," : "") "#" a "=" r
			}
			print out
		}' "$TRACES/$1.events.csv"
}

# The rules for a run: the README's when it can be read, else inferred.
trace_rules() {
	local r
	r=$(trace_readme_rules "$1")
	case $r in
	*'?'*|'') trace_inferred_rules "$1" ;;
	*) echo "$r" ;;
	esac
}

# Translate planrun output ($3) to trace format with the .inst name maps
# ($2); $1: actions | log | stats.
trace_translate() {
	awk -v mode="$1" '
	FNR == NR {
		if ($1 == "PELEM" || $1 == "RSENSE" || $1 == "RACTION") {
			split($2, p, "="); map[$1, p[1]] = p[2]
		}
		next
	}
	function id(kind, name) {
		if (name ~ /^#/) return substr(name, 2)
		if ((kind, name) in map) return map[kind, name]
		return "?" name
	}
	FNR == 1 { FS = ","; next }
	{ $0 = $0 }
	mode == "actions" { print $1 "," id("RACTION", $3) "," $4 }
	# the event log: cycle,time_ms,event,type,id,name,sense,sense_id,
	# value,released,latch,reason
	mode == "log" && $3 == "R" {
		print $1 ",R," id("PELEM", $6) "," $9 "," $10
	}
	mode == "log" && $3 ~ /^[ESPFZ]$/ {
		print $1 "," $3 "," id("PELEM", $6) "," $4
	}
	mode == "log" && $3 == "I" { print $1 ",idle" }
	mode == "stats" { print "COUNTERS," id("PELEM", $2) "," $3 "," $4 }
	' "$2" "$3"
}

# The reference events as planrun can show them: E/S/P/F/Z as they are, R
# with its latch after the check (the log's released column), "idle" for
# each cycle in which no drive ran.
trace_reference_log() {
	awk -F, '
		$2 ~ /^[ESPFZ]$/ {
			print; if ($2 == "E" && $4 == "D") ran[$1] = 1; next
		}
		$2 == "R" { print $1 ",R," $3 "," $4 "," $5; next }
		$2 == "RTN" { if (!($1 in ran)) print $1 ",idle" }
	' "$TRACES/$1.events.csv"
}

# Reference counters: COUNTERS,<id>,<executions>,<successes>.
trace_reference_counters() {
	awk -F'[, ]' '$1 == "COUNTERS" { print $1 "," $2 "," $3 "," $4 }' \
		"$TRACES/$1.events.csv"
}

# Compile trace $1's plan and run it; leaves $2.plan, $2.actions,
# $2.log, $2.stats.
trace_run() {
	local name=$1 out=$2 plan cycles every
	plan=$PLANS/$(trace_field "$name" 2)
	cycles=$(trace_field "$name" 3)
	every=$(trace_tick_every "$name")
	[ -n "$every" ] || { echo "cannot read the timers of $name"; return 1; }
	plancc -o "$out.plan" "$plan" 2>/dev/null || return 1
	planrun "$out.plan" --senses "$TRACES/$name.senses.csv" \
		--cycles "$cycles" --tick-every "$every" \
		--result "$(trace_rules "$name")" \
		--log "$out.log" --stats="$out.stats" >"$out.actions"
}
