/*
 * page_show.js - follow and collapse, and showing one cycle everywhere.
 */
/* ---- follow and collapse --------------------------------------------- */

function collapse(run, k) {
	const auto = $('collapse').checked, a = run.catt[k];
	for (const key in sections) {
		const s = sections[key];
		if (s.getAttribute('data-pinned'))
			continue;
		s.classList.toggle('collapsed', auto && (key === 'U' ||
		    byKey[key] !== a));
	}
}

/* The drive's heading and its lit nodes in view: all of them, the
 * heading on top, when they fit; else the lit nodes, centred; across,
 * all of them, or the action that ran.  Nothing
 * moves while they are in view already (playing stays calm). */
function followNow(run, k) {
	if (!$('follow').checked || run.catt[k] < 0)
		return;
	const s = sections[EL[run.catt[k]].k];
	if (!s || s.classList.contains('collapsed'))
		return;
	const c = graph.getBoundingClientRect();
	const top = c.top, bottom = Math.min(c.bottom, window.innerHeight);
	/* the section's own top: its heading sticks to the box's top */
	const h = s.getBoundingClientRect();
	let lo = Infinity, hi = -Infinity, left = Infinity, right = -Infinity;
	s.querySelectorAll('.node.lit').forEach((n) => {
		const r = n.getBoundingClientRect();
		lo = Math.min(lo, r.top);
		hi = Math.max(hi, r.bottom);
		left = Math.min(left, r.left);
		right = Math.max(right, r.right);
	});
	if (lo === Infinity) {
		lo = h.top;
		hi = h.top + 20;
	}
	if (lo < top || hi > bottom || h.top > bottom) {
		if (hi - h.top <= bottom - top)
			graph.scrollTop += h.top - top;
		else
			graph.scrollTop += (lo + hi - top - bottom) / 2;
	}
	/* across: from the drive to the action, or at least the action
	   (the deepest, drawn on the right) */
	if (left !== Infinity && (left < c.left || right > c.right))
		graph.scrollLeft += right - left <= c.width - 16 ?
		    left - c.left - 8 : right - c.right + 8;
}

/* After the frame is drawn: reading the layout then costs no extra pass
 * (one follow a frame, however many cycles went by). */
let followAsked = false;
function follow() {
	if (followAsked)
		return;
	followAsked = true;
	requestAnimationFrame(() => {
		followAsked = false;
		if (cur >= 0)
			followNow(R(), cur);
	});
}

/* ---- showing a cycle ------------------------------------------------- */

function status(text, stopped) {
	const s = $('status');
	s.textContent = text;
	s.classList.toggle('stopped', !!stopped);
}

function show(k, keepHash) {
	const run = R(), max = String(Math.max(0, run.nc - 1));
	if (slider.max !== max)
		slider.max = max;
	if (!run.nc) {
		where.textContent = 'no cycles yet';
		return;
	}
	k = Math.max(0, Math.min(k | 0, run.nc - 1));
	cur = k;
	slider.value = k;
	const before = run.before(k), after = before.slice();
	fold(run, after, k);
	const p = prios(run, k, before), why = whyDrives(run, k, before, p);
	light(run, k);
	where.textContent = `cycle ${run.cnum[k]} (${k + 1} of ${run.nc}), ` +
	    (run.clock ? run.ctime[k] + ' ms' : 'no clock') +
	    ', attention: ' + name(run.catt[k]);
	drivesPanel(run, k, before, after, p, why);
	whyCompetences(run, k, before);
	countersPanel(after);
	sensesNow(after);
	eventsTable(run, k);
	collapse(run, k);
	follow(run, k);
	moveCursor(k);
	document.body.setAttribute('data-cycle', run.cnum[k]);
	if (!keepHash && !playing)
		try {
			history.replaceState(null, '', '#cycle=' + run.cnum[k]);
		} catch (x) { /* a file: page may refuse: no matter */ }
}
