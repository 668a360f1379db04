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

function followNow(run, k) {
	if (!$('follow').checked || run.catt[k] < 0)
		return;
	const s = sections[EL[run.catt[k]].k];
	if (!s || s.classList.contains('collapsed'))
		return;
	const lit = s.querySelectorAll('.node.lit');
	const head = s.querySelector('h2');
	const target = lit.length ? lit[lit.length - 1] : head;
	const c = graph.getBoundingClientRect();
	const r = target.getBoundingClientRect();
	const h = head.getBoundingClientRect();
	let dy = 0;
	if (r.bottom > c.bottom)
		dy = r.bottom - c.bottom + 10;
	if (r.top - dy < c.top)
		dy = r.top - c.top - 10;
	/* the drive's heading too, when both fit */
	if ((h.top - dy < c.top || h.top - dy > c.bottom) &&
	    r.bottom - h.top <= c.height)
		dy = h.top - c.top - 2;
	graph.scrollTop += dy;
	if (r.left < c.left || r.right > c.right)
		graph.scrollLeft += r.left - c.left - c.width / 3;
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
