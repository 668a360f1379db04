#!/usr/bin/env bats
# planview's page (--html, --compare) in headless Chromium, driven over
# the DevTools protocol (test/lib/cdp.bash): what is lit and where, the
# outcome colours, counters, share of attention, "why not", runtime
# priorities, search across time, breakpoints, follow, A/B.  Expected
# values come from the log by awk and from the plan (examples/
# explorer.yaml) by hand, never from the page's own code.

load lib/helper
load lib/cdp
bats_require_minimum_version 1.5.0

# One Chromium for the whole file (test/lib/cdp.bash), each test in its
# own tab: fourteen starts cost more CPU than the checks themselves.
setup_file() {
	cdp_share "$BATS_FILE_TMPDIR/cdp" 1400,1000
}

teardown_file() {
	cdp_unshare
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	plancc "$SPINE_ROOT/examples/explorer.yaml" -o e.plan 2>/dev/null
	# 40 cycles: open space, then a wall coming closer, a person at
	# 10..13, hot motors from 31 on
	awk 'BEGIN {
		print "cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery"
		for (i = 1; i <= 40; i++)
			print i "," (1500 - i * 40) ",1," (i > 30 ? 2500 : 500) \
			    "," (i >= 10 && i < 14) ",0," (90 - i)
	}' > s.csv
	# PanHead fails, so some cycles show a failure and its reason
	planrun e.plan --senses s.csv --result PanHead=fail --log run.log \
	    -o /dev/null
	planview --html run.html e.plan run.log
}

teardown() {
	cdp_stop
}

# The log's columns (spine-evlog(5)): cycle,time_ms,event,type,id,name,
# sense,sense_id,value,released,latch,reason

# "TYPE name" of every element with an outcome event (E S P F Z) in cycle $1
lit_at() {
	awk -F, -v c="$1" '$1 == c && $3 ~ /^[ESPFZ]$/ { print $4 " " $6 }' \
	    run.log | sort -u
}

# the drive with attention in cycle $1: the first drive executed in it
attention_at() {
	awk -F, -v c="$1" '$1 == c && $3 == "E" && $4 == "D" { print $6; exit }' \
	    "${2:-run.log}"
}

# open FILE at cycle N and wait (bounded) until it shows it
page_open() {
	cdp_open "file://$PWD/$1#cycle=$2"
	cdp_wait "document.body.getAttribute('data-ready') === '1' &&
	    document.body.getAttribute('data-cycle') === '$2'"
}

# the element key (D3, A12 ...) of "TYPE name", from the page's plan data
key_of() {
	cdp_text "JSON.parse(document.getElementById('plan').textContent).el
	    .find((e) => e.t === '$1' && e.n === '$2').k"
}

# JS: "TYPE name" of a graph node
NAME='(n) => { const P = JSON.parse(document.getElementById("plan").textContent);
    const e = P.el.find((x) => x.k === n.id.split(".")[0]); return e.t + " " + e.n; }'

@test "page: cycle 12 lit in the drive that ran it, its events listed" {
	page_open run.html 12
	cdp_text "[...document.querySelectorAll('#graph g.node.lit')].map($NAME).join('\n')" |
	    sort -u > got
	lit_at 12 > want
	[ -s want ]
	diff want got
	# every lit node (and lit edge) is inside the attention drive's graph,
	# also the ones other drives share (Halt, Stop ...)
	d=$(key_of D "$(attention_at 12)")
	[ "$(cdp_text "[...document.querySelectorAll('#graph .lit')].filter((n) =>
	    n.closest('section').dataset.drive !== '$d' ||
	    !n.id.endsWith('.$d')).length")" = 0 ]
	[ "$(cdp_text "document.querySelectorAll('#graph .edge.lit').length")" -gt 0 ]
	# the events table: the log's lines of cycle 12, in order
	cdp_text "[...document.querySelectorAll('#events tbody tr')].map((r) =>
	    [...r.cells].slice(0, 7).map((c) => c.textContent).join(',')).join('\n')" > table
	awk -F, -v OFS=, '$1 == 12 { print $1, $2, $3, $4, $6, $7, $9 }' \
	    run.log > want
	diff want table
}

@test "page: outcome letters and colours come from the one table plancc's legend shows" {
	# a failing cycle after others (what ran before it fades)
	c=$(awk -F, '$1 > 2 && $3 == "F" { print $1; exit }' run.log)
	page_open run.html "$c"
	# the last outcome of each element in that cycle, by awk
	awk -F, -v c="$c" '$1 == c && $3 ~ /^[ESPFZ]$/ { last[$4 " " $6] = $3 }
	    END { for (k in last) print k, last[k] }' run.log | sort > want
	cdp_text "[...document.querySelectorAll('#graph g.node.lit')].map((n) =>
	    ($NAME)(n) + ' ' + n.dataset.outcome).join('\n')" | sort > got
	diff want got
	# plancc --emit dot's legend: word -> colour
	plancc --emit dot "$SPINE_ROOT/examples/explorer.yaml" |
	    grep -o '<td bgcolor="#[0-9a-f]*">[a-z ]*</td>' |
	    sed 's/<td bgcolor="\(#[0-9a-f]*\)">\([a-z ]*\)<\/td>/\2:\1/' > legend
	[ "$(wc -l < legend)" = 5 ]
	# lit: filled with its outcome's colour; faded: outlined in it and
	# filled as at rest, so it looks neither like a resting node nor like
	# a lit one (the words by letter: spine-evlog(5))
	legend=$(awk -F: '{ printf "%s\"%s\":\"%s\"", (NR > 1 ? "," : ""), $1, $2 }' legend)
	[ "$(cdp_text "(() => { const L = {$legend};
	    const W = { E: 'executed', S: 'success', P: 'in progress', F: 'fail', Z: 'error' };
	    const rgb = (h) => 'rgb(' + [1, 3, 5].map((i) =>
	        parseInt(h.substr(i, 2), 16)).join(', ') + ')';
	    const all = Object.values(L).map(rgb), bad = [];
	    const look = (n) => getComputedStyle(n.querySelector('polygon, ellipse, path'));
	    const lit = document.querySelectorAll('#graph g.node.lit');
	    const fade = document.querySelectorAll('#graph g.node.fade');
	    if (!lit.length || !fade.length) return 'none lit or faded';
	    lit.forEach((n) => { if (look(n).fill !== rgb(L[W[n.dataset.outcome]]))
	        bad.push('lit ' + n.id + ' ' + look(n).fill); });
	    fade.forEach((n) => { const s = look(n);
	        if (s.stroke !== rgb(L[W[n.dataset.outcome]]) || all.includes(s.fill))
	            bad.push('faded ' + n.id + ' ' + s.stroke + ' ' + s.fill); });
	    return bad.join('; ') || 'ok'; })()")" = ok ]
	# the events table gives each failure's reason as the log does
	cdp_text "[...document.querySelectorAll('#events tr.ev-F, #events tr.ev-Z')].map((r) =>
	    r.cells[4].textContent + ': ' + r.cells[9].textContent).join('\n')" > got
	awk -F, -v c="$c" '$1 == c && $3 ~ /^[FZ]$/ { print $6 ": " $12 }' \
	    run.log > want
	[ -s want ]
	diff want got
}

@test "page: counters and share of attention as of the selected cycle" {
	page_open run.html 25
	# executed, succeeded, failed (F and Z), in progress per element up to
	# cycle 25, by awk; the page lists every element, these are the ones
	# that did anything
	awk -F, '$1 <= 25 && $3 ~ /^[ESPFZ]$/ {
		k = $4 " " $6; seen[k] = 1
		if ($3 == "E") x[k]++; else if ($3 == "S") ok[k]++
		else if ($3 == "P") p[k]++; else f[k]++ }
	    END { for (k in seen) print k "," x[k] + 0 "," ok[k] + 0 "," f[k] + 0 "," p[k] + 0 }' \
	    run.log | sort > want
	cdp_text "[...document.querySelectorAll('#counters tbody tr')].map((r) =>
	    [...r.cells].map((c) => c.textContent).join(',')).filter((l) =>
	    !/,0,0,0,0$/.test(l)).join('\n')" | sort > got
	[ "$(wc -l < want)" -gt 5 ]
	diff want got
	# cycles each drive had attention, and its share of the 25
	awk -F, '$1 <= 25 && $3 == "E" && $4 == "D" && !seen[$1]++ { n[$6]++ }
	    END { for (d in n) printf "%s %d %.1f%%\n", d, n[d], 100 * n[d] / 25 }' \
	    run.log | sort > want
	cdp_text "[...document.querySelectorAll('#drives tbody tr')].filter((r) =>
	    r.cells[2].textContent !== '0').map((r) => r.cells[0].textContent + ' ' +
	    r.cells[2].textContent + ' ' + r.cells[3].textContent).join('\n')" | sort > got
	diff want got
}

# the "this cycle" column of the drives table: "name: text" lines
drive_why() {
	cdp_text "[...document.querySelectorAll('#drives tbody tr')].map((r) =>
	    r.cells[0].textContent + ': ' + r.cells[4].textContent).join('\n')"
}

@test "page: why not, for every drive, as the log and the plan say" {
	page_open run.html 12
	# the values read in cycle 12, from the log's R lines
	r() { awk -F, -v n="$1" '$1 == 12 && $3 == "R" && $6 == n { print $9 "," $10 "," $11 }' run.log; }
	[ "$(r ProtectMotors)" = "500,0,0" ]
	[ "$(r AvoidCollision)" = "1020,0,0" ]
	[ -z "$(r GreetHuman)" ]	# not checked: its interval (40 ticks)
	explore=$(awk -F, '$1 == 12 && $4 == "D" && $6 == "Explore" && $3 ~ /^[SPFZ]$/ { o = $3 }
	    END { print o == "S" ? "success" : o == "P" ? "in progress" : "fail" }' run.log)
	# thresholds by hand from explorer.yaml
	cat > want <<-EOF
	ProtectMotors: not released: MotorCurrent = 500, needs > 2400
	AvoidCollision: not released: RangeAhead = 1020, needs < 150
	GreetHuman: frequency-limited: checked at most every 40 ticks
	Explore: ran: $explore; released: Asleep = 0, needs == 0
	Snooze: not checked: Explore (p100) ran first (it ramps: its runtime priority is not in the log)
	EOF
	drive_why > got
	diff want got
	# cycle 36: ProtectMotors holds, its latch moved the threshold by the
	# hysteresis (2400 - 2300); nothing below it is checked
	[ "$(awk -F, '$1 == 36 && $3 == "R" && $6 == "ProtectMotors" { print $9 "," $10 "," $11 }' run.log)" = "2500,1,1" ]
	cdp_eval "location.hash = '#cycle=36'" > /dev/null
	cdp_wait "document.body.getAttribute('data-cycle') === '36'"
	cat > want <<-EOF
	ProtectMotors: ran: in progress; released: MotorCurrent = 2500, needs > 100 (latched: hysteresis 2300 moves it from 2400)
	AvoidCollision: not checked: ProtectMotors (p250) ran first
	GreetHuman: not checked: ProtectMotors (p250) ran first
	Explore: not checked: ProtectMotors (p250) ran first
	Snooze: not checked: ProtectMotors (p250) ran first (it ramps: its runtime priority is not in the log)
	EOF
	drive_why > got
	diff want got
}

# Roam's elements in cycle $1, from the log and the plan: OpenSpace
# (RangeAhead > 1000, hysteresis 100), SomethingAhead (> 300, 30),
# Cornered (always), one OR group in that order.  An element checked has
# an R line; one not checked comes after the one that ran, or is passed
# over while the current element runs (only it is checked again).
roam_why() {
	awk -F, -v c="$1" '
	function rel(v, r, l, t, h) {
		return (r ? "released" : "not released") ": RangeAhead = " v \
		    ", needs > " (l ? t - h : t) \
		    (l ? " (latched: hysteresis " h " moves it from " t ")" : "")
	}
	$1 == c && $4 == "CE" && $3 == "R" { v[$6] = $9; r[$6] = $10; l[$6] = $11; R[$6] = 1 }
	$1 == c && $4 == "CE" && $3 == "E" { ran = $6 }
	$1 == c && $4 == "CE" && $3 ~ /^[SPFZ]$/ { o[$6] = $3 }
	END {
		w["S"] = "success"; w["P"] = "in progress"; w["F"] = "fail"
		n = split("OpenSpace SomethingAhead Cornered", e, " ")
		t["OpenSpace"] = 1000; h["OpenSpace"] = 100
		t["SomethingAhead"] = 300; h["SomethingAhead"] = 30
		for (i = 1; i <= n; i++) if (e[i] == ran) at = i
		for (i = 1; i <= n; i++) {
			x = e[i]
			if (x == "Cornered" && R[x]) s = (r[x] ? "released" : "not released") ": always released"
			else if (R[x]) s = rel(v[x], r[x], l[x], t[x], h[x])
			if (x == ran) s = "ran: " w[o[x]] "; " (R[x] ? s : "not checked again: its action pattern is part-way")
			else if (!R[x]) s = "not checked: " ran (i > at ? " ran first" : " is the current element (only it is checked while it runs)")
			print x ": " s
		}
	}' run.log
}

@test "page: why not, for each element of a competence that ran" {
	# the first cycle Roam ran SomethingAhead, and one where it carried on
	# with it without looking at OpenSpace
	first=$(awk -F, '$3 == "E" && $4 == "CE" && $6 == "SomethingAhead" { print $1; exit }' run.log)
	later=$(awk -F, '$4 == "CE" && $3 == "E" && $6 == "SomethingAhead" { s[$1] = 1 }
	    $4 == "CE" && $3 == "R" && $6 == "OpenSpace" { o[$1] = 1 }
	    END { for (c = 1; c <= 40; c++) if (s[c] && !o[c]) { print c; exit } }' run.log)
	[ -n "$first" ] && [ -n "$later" ]
	for c in "$first" "$later"; do
		page_open run.html "$c"
		roam_why "$c" > want
		cdp_text "[...document.querySelectorAll('#comp table[data-competence] tbody tr')].map((r) =>
		    r.cells[0].textContent + ': ' + r.cells[2].textContent).join('\n')" > got
		diff want got
	done
	grep -q 'is the current element' want
}

@test "page: a drive's runtime priority as of the cycle, and the order it gives" {
	# Q lines (spine-evlog(5)) before cycles 5 and 10 set Explore to 3,
	# then 77; at 3 it is below Snooze (20), so it comes after it
	id=$(awk -F, '$4 == "D" && $6 == "Explore" { print $5; exit }' run.log)
	awk -F, -v id="$id" 'NR > 1 && ($1 == 5 || $1 == 10) && !done[$1]++ {
	    print $1 "," $2 ",Q,D," id ",Explore,,,"($1 == 5 ? 3 : 77)",,," }
	    { print }' run.log > q.log
	planview --html q.html e.plan q.log
	page_open q.html 3
	key=$(key_of D Explore)
	order() {
		cdp_text "[...document.querySelectorAll('#drives tbody tr')].map((r) =>
		    r.cells[0].textContent).join(' ') + ' / ' +
		    [...document.querySelectorAll('#graph section.drive')].map((s) =>
		    s.dataset.drive).join(' ')"
	}
	[ "$(cdp_text "document.getElementById('prio-$key').textContent")" = "" ]
	keys() { for d in "$@"; do key_of D "$d"; done | tr '\n' ' ' | sed 's/ $//'; }
	[ "$(order)" = "ProtectMotors AvoidCollision GreetHuman Explore Snooze / $(keys ProtectMotors AvoidCollision GreetHuman Explore Snooze)" ]
	for c in 7:3 12:77; do
		cdp_eval "location.hash = '#cycle=${c%:*}'" > /dev/null
		cdp_wait "document.body.getAttribute('data-cycle') === '${c%:*}'"
		[ "$(cdp_text "document.getElementById('prio-$key').textContent")" = " runtime p${c#*:}" ]
	done
	cdp_eval "location.hash = '#cycle=7'" > /dev/null
	cdp_wait "document.body.getAttribute('data-cycle') === '7'"
	[ "$(order)" = "ProtectMotors AvoidCollision GreetHuman Snooze Explore / $(keys ProtectMotors AvoidCollision GreetHuman Snooze Explore)" ]
	# the timeline's marks: the lower half of the column of cycles 5 and
	# 10 (the 5th and 10th of 40) in the priority colour, not of 7
	px() {
		cdp_text "(() => { const c = document.getElementById('marks0');
		    const x = Math.floor(($1 - 0.5) * c.width / 40);
		    return [...c.getContext('2d').getImageData(x, c.height - 1, 1, 1).data]
		    .slice(0, 3).join(','); })()"
	}
	[ "$(px 5)" = "0,114,178" ] && [ "$(px 10)" = "0,114,178" ]
	[ "$(px 7)" = "0,0,0" ]
}

# set the search form: kind, then the element's or sense's option
search_form() {
	cdp_eval "(() => { const k = document.getElementById('q-kind');
	    k.value = '$1'; k.dispatchEvent(new Event('change'));
	    const el = document.getElementById('q-el');
	    const o = [...el.options].find((o) => o.textContent === '$2');
	    if (o) el.value = o.value;
	    const s = document.getElementById('q-sense');
	    const so = [...s.options].find((o) => o.textContent === '$2');
	    if (so) s.value = so.value;
	    document.getElementById('q-op').value = '${3:->}';
	    document.getElementById('q-val').value = '${4:-0}';
	    return true; })()" > /dev/null
}

click() {
	cdp_eval "document.getElementById('$1').click(), true" > /dev/null
}

@test "page: search across time: next and previous cycle where a condition holds" {
	page_open run.html 1

	# LookAhead's failures (the action PanHead fails) after cycle 1
	awk -F, '$1 > 1 && $3 == "F" && $6 == "LookAhead" && !s[$1]++ { print $1 }' \
	    run.log > fails
	[ "$(wc -l < fails)" -ge 2 ]
	search_form fail "A LookAhead"
	click q-next
	cdp_wait "document.body.getAttribute('data-cycle') === '$(sed -n 1p fails)'"
	click q-next
	cdp_wait "document.body.getAttribute('data-cycle') === '$(sed -n 2p fails)'"
	click q-prev
	cdp_wait "document.body.getAttribute('data-cycle') === '$(sed -n 1p fails)'"
	# the first cycle ProtectMotors gets attention, and the first reading
	# of MotorCurrent above 2400 (both 31: the motors run hot from 31)
	first=$(awk -F, '$3 == "E" && $4 == "D" && $6 == "ProtectMotors" { print $1; exit }' run.log)
	hot=$(awk -F, '$3 == "R" && $7 == "MotorCurrent" && $9 > 2400 { print $1; exit }' run.log)
	[ "$first" = 31 ] && [ "$hot" = 31 ]
	cdp_eval "location.hash = '#cycle=1'" > /dev/null
	cdp_wait "document.body.getAttribute('data-cycle') === '1'"
	search_form attention "D ProtectMotors"
	click q-next
	cdp_wait "document.body.getAttribute('data-cycle') === '$first'"
	cdp_eval "location.hash = '#cycle=1'" > /dev/null
	cdp_wait "document.body.getAttribute('data-cycle') === '1'"
	search_form sense MotorCurrent '>' 2400
	click q-next
	cdp_wait "document.body.getAttribute('data-cycle') === '$hot'"
	[ "$(cdp_text "document.getElementById('q-res').textContent")" = "sense MotorCurrent > 2400: cycle $hot" ]
	# after the last failure there is none
	cdp_eval "location.hash = '#cycle=40'" > /dev/null
	cdp_wait "document.body.getAttribute('data-cycle') === '40'"
	search_form fail "A LookAhead"
	click q-next
	[ "$(cdp_text "document.getElementById('q-res').textContent")" = "none after this cycle" ]
}

@test "page: a breakpoint stops the replay where ProtectMotors gets attention" {
	page_open run.html 1
	first=$(awk -F, '$3 == "E" && $4 == "D" && $6 == "ProtectMotors" { print $1; exit }' run.log)
	search_form attention "D ProtectMotors"
	click q-add
	[ "$(cdp_text "document.querySelector('#breaks li').firstChild.textContent")" = "attention ProtectMotors " ]
	cdp_eval "document.getElementById('speed').value = '1000', true" > /dev/null
	click play
	cdp_wait "!planview.playing()"
	[ "$(cdp_text "document.body.getAttribute('data-cycle')")" = "$first" ]
	[ "$(cdp_text "document.getElementById('status').textContent")" = "stopped at cycle $first: breakpoint attention ProtectMotors" ]
	# removed, play goes to the end
	cdp_eval "document.querySelector('#breaks li button').click(), true" > /dev/null
	[ "$(cdp_text "document.querySelectorAll('#breaks li').length")" = 0 ]
	click play
	cdp_wait "!planview.playing()"
	[ "$(cdp_text "document.body.getAttribute('data-cycle')")" = 40 ]
}

@test "page: follow keeps the lit part in view, collapse leaves the running drive" {
	cdp_stop
	cdp_start "$BATS_TEST_TMPDIR/cdp2" 900,500
	page_open run.html 12	# Explore: the fourth drive's graph
	inview="(() => { const g = document.getElementById('graph').getBoundingClientRect();
	    const l = [...document.querySelectorAll('#graph g.node.lit')];
	    const r = l[l.length - 1].getBoundingClientRect();
	    return r.top >= g.top && r.bottom <= g.bottom && r.left >= g.left &&
	    r.right <= g.right; })()"
	cdp_wait "$inview"
	cdp_eval "location.hash = '#cycle=35'" > /dev/null	# ProtectMotors
	cdp_wait "document.body.getAttribute('data-cycle') === '35'"
	cdp_wait "$inview"
	# collapse: every drive but the one with attention folded away
	click collapse
	pm=$(key_of D ProtectMotors)
	[ "$(cdp_text "[...document.querySelectorAll('#graph section.drive:not(.collapsed)')].map((s) =>
	    s.dataset.drive).join(' ')")" = "$pm" ]
	# fit: each graph as wide as the box at most
	click fit
	[ "$(cdp_eval "[...document.querySelectorAll('#graph section.drive:not(.collapsed) svg')].every((s) =>
	    s.getBoundingClientRect().width <= document.getElementById('graph').clientWidth + 1)")" = true ]
}

@test "page --compare: two runs, their attention, the first cycle they differ" {
	# B: the same run with ProtectMotors set to priority 10 before cycle 5
	# and replayed (planrun --replay applies Q lines): from 31, when the
	# motors run hot, Explore keeps attention
	id=$(awk -F, '$4 == "D" && $6 == "ProtectMotors" { print $5; exit }' run.log)
	awk -F, -v id="$id" 'NR > 1 && $1 == 5 && !done[$1]++ {
	    print $1 "," $2 ",Q,D," id ",ProtectMotors,,,10,,," } { print }' \
	    run.log > q.log
	planrun e.plan --replay q.log --log b.log -o /dev/null 2>/dev/null
	# the first cycle whose drive with attention differs, by awk
	awk -F, 'FNR > 1 && $3 == "E" && $4 == "D" && !s[FILENAME, $1]++ {
	    if (FILENAME == "run.log") a[$1] = $6; else b[$1] = $6 }
	    END { for (c = 1; c <= 40; c++) if (a[c] != b[c]) {
	        print c, a[c], b[c]; exit } }' run.log b.log > diff
	read -r c da db < diff
	[ "$c" = 31 ] && [ "$da" = ProtectMotors ] && [ "$db" = Explore ]
	run -0 planview --compare --html cmp.html run.log b.log e.plan
	[ "${lines[0]}" = "A: run.log, 40 cycles" ]
	[ "${lines[1]}" = "B: b.log, 40 cycles" ]
	[ "${lines[2]}" = "first difference: the ${c}st cycle (A $c, B $c): A $da, B $db" ]
	# each drive's cycles of attention in both, by awk
	for f in run.log b.log; do
		awk -F, 'FNR > 1 && $3 == "E" && $4 == "D" && !s[$1]++ { n[$6]++ }
		    END { for (d in n) print d "," n[d] }' "$f" | sort > "$f.n"
	done
	join -t, -a1 -a2 -e0 -o 0,1.2,2.2 run.log.n b.log.n > want
	printf '%s\n' "${lines[@]:4}" | grep -v ',0,0$' | grep -v '^(none)' | sort > got
	diff want got
	# the page: two timelines, the difference marked, B lit on demand
	page_open cmp.html 33
	[ "$(cdp_text "document.querySelectorAll('#tl canvas.band').length")" = 2 ]
	[ "$(cdp_text "document.getElementById('diffmark') !== null")" = true ]
	[ "$(cdp_text "document.getElementById('status').textContent")" = "${lines[2]}" ]
	[ "$(cdp_text "document.querySelector('#drives tr.att td').textContent")" = "$(attention_at 33)" ]
	cdp_eval "(() => { const w = document.getElementById('which'); w.value = '1';
	    w.dispatchEvent(new Event('change')); return true; })()" > /dev/null
	[ "$(cdp_text "document.querySelector('#drives tr.att td').textContent")" = "$(attention_at 33 b.log)" ]
	run -0 planview --compare run.log run.log e.plan
	[ "${lines[2]}" = "no difference in attention over 40 cycles" ]
	run -2 planview --compare run.log e.plan
	run -2 planview --compare --svg x.svg run.log b.log e.plan
}

@test "page: a log without a clock (a robot's) says so" {
	awk -F, -v OFS=, 'NR > 1 { $2 = "" } { print }' run.log > noclock.log
	planview --html nc.html e.plan noclock.log
	page_open nc.html 12
	[[ "$(cdp_text "document.getElementById('where').textContent")" == "cycle 12 (12 of 40), no clock, attention: Explore" ]]
	[ "$(cdp_text "document.querySelector('#events tbody td:nth-child(2)').textContent")" = "–" ]
}

@test "page: 40 bytes an event at most, nothing fetched" {
	# 20,000 cycles of the explorer: the page's bytes beyond the small one's
	awk 'BEGIN { print "cycle,RangeAhead,NearestSide,MotorCurrent,HumanNear,Asleep,Battery"
	    for (i = 1; i <= 20000; i++) printf "%d,%d,%d,%d,%d,0,%d\n", i,
	        100 + (i * 37) % 1500, (i % 7 < 3) ? -1 : 1,
	        (i % 500 < 40) ? 2500 : 600, (i % 300 < 5), 20 + (i % 80) }' > big.csv
	planrun e.plan --senses big.csv --tick-ms 10 --log big.log -o /dev/null
	planview --html big.html e.plan big.log
	events=$(($(wc -l < big.log) - 1))
	awk 'NR <= 1' big.log > empty.log
	planview --html empty.html e.plan empty.log
	per=$(( ($(wc -c < big.html) - $(wc -c < empty.html)) / events ))
	[ "$per" -le 40 ]
	page_open big.html 15000
	[ "$(cdp_text "planview.events()")" = "$events" ]
}
