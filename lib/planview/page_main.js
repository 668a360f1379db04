/*
 * page_main.js - the last part of the page script: keys and buttons
 * wired, the page drawn at the cycle its address names.
 */
/* ---- wiring ---------------------------------------------------------- */

function keys(ev) {
	const t = ev.target;
	if ((t.tagName === 'INPUT' && t.type !== 'range' &&
	    t.type !== 'checkbox') || t.tagName === 'SELECT')
		return;
	const k = ev.key, step = (d) => {
		stopPlay();
		setLive(false);
		show(cur + d);
	};
	if (k === ' ') {
		if (live)
			steer({ cmd: $('status').classList.contains('stopped') ?
			    'resume' : 'pause' });
		else
			play();
	} else if (k === 'ArrowRight')
		step(1);
	else if (k === 'ArrowLeft')
		step(-1);
	else if (k === 'Home')
		step(-cur);
	else if (k === 'End')
		step(R().nc);
	else if (k === 'n')
		search(1);
	else if (k === 'N')
		search(-1);
	else if (k === 'f')
		$('follow').click();
	else if (k === 'c')
		$('collapse').click();
	else if (k === 'z')
		$('fit').click();
	else if (k === 'l' && $('live'))
		$('live').click();
	else if (k === 's' && live)
		steer({ cmd: 'step', n: $('s-n').value });
	else if (k === '/')
		$('f-elem').focus();
	else
		return;
	ev.preventDefault();
}

function wire() {
	const on = (id, ev, fn) => $(id).addEventListener(ev, fn);
	on('play', 'click', play);
	on('first', 'click', () => { stopPlay(); setLive(false); show(0); });
	on('last', 'click', () => { stopPlay(); show(R().nc - 1); });
	on('prev', 'click', () => { stopPlay(); setLive(false); show(cur - 1); });
	on('next', 'click', () => { stopPlay(); setLive(false); show(cur + 1); });
	on('slider', 'input', () => { setLive(false); show(+slider.value); });
	on('speed', 'change', () => { if (playing) { t0 = performance.now();
	    k0 = cur; } });
	on('follow', 'change', () => show(cur));
	on('collapse', 'change', () => {
		for (const key in sections)
			sections[key].removeAttribute('data-pinned');
		show(cur);
	});
	on('fit', 'click', () => graph.classList.toggle('fit'));
	on('q-kind', 'change', formKind);
	on('q-next', 'click', () => search(1));
	on('q-prev', 'click', () => search(-1));
	on('q-add', 'click', addBreak);
	if ($('which'))
		on('which', 'change', () => {
			ri = +$('which').value;
			show(Math.min(cur, R().nc - 1));
		});
	if ($('live'))
		on('live', 'change', () => {
			if ($('live').checked)
				show(limit >= 0 ? limit : R().nc - 1);
		});
	['f-elem', 'f-E', 'f-S', 'f-P', 'f-F', 'f-Z', 'f-R', 'f-Q'].forEach(
	    (id) => {
		on(id, 'input', () => { dim(); show(cur, true); });
		on(id, 'change', () => { dim(); show(cur, true); });
	});
	if (live) {
		on('s-pause', 'click', () => steer({ cmd: 'pause' }));
		on('s-resume', 'click', () => steer({ cmd: 'resume' }));
		on('s-step', 'click', () => steer({ cmd: 'step',
		    n: $('s-n').value }));
		on('s-setprio', 'click', () => steer({ cmd: 'prio',
		    drive: $('s-drive').value, value: $('s-prio').value }));
		on('s-setmon', 'click', () => steer({ cmd: 'mon',
		    elem: $('s-elem').value, flags: $('s-flags').value }));
		on('s-setrate', 'click', () => steer({ cmd: 'rate',
		    hz: $('s-rate').value }));
	}
	document.addEventListener('keydown', keys);
	window.addEventListener('resize', () => { drawTimeline(true);
	    moveCursor(cur); });
	window.addEventListener('hashchange', () => {
		const k = fromHash();
		if (k !== cur)
			show(k);
	});
}

function fromHash() {
	const m = /cycle=(-?[0-9]+)/.exec(location.hash);
	if (m)
		setLive(false);
	return m ? R().find(+m[1]) : (live ? R().nc - 1 : 0);
}

marks.read = performance.now();
style();
buildBar();
buildTimeline();
buildSide();
formKind();
wire();
marks.built = performance.now();
drawTimeline(true);
marks.drawn = performance.now();
if (opts.compare)
	status(opts.compare.text);
show(fromHash());
marks.shown = performance.now();
if (live)
	connect();
/* for tests and scripts/bench-planview: the page's state, read only */
window.planview = {
	readyAt: performance.now(),
	marks,
	cycle: () => cur,
	cycles: () => R().nc,
	events: () => R().n,
	boundaries: () => {	/* cycles that begin a run */
		const r = R();
		let n = 0;
		for (let k = 0; k < r.nc; k++)
			n += (r.cmark[k] & F_BOUND) !== 0;
		return n;
	},
	playing: () => playing,
	client: () => client,	/* the server's id for this page, 0 until its hello */
	show,
};
document.body.setAttribute('data-ready', '1');
