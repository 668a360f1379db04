/*
 * page_live.js - the live page: the server's event stream (serve.c) and
 * the steering requests.
 */
/* ---- live: the server's stream, steering ----------------------------- */

let client = 0;
function setLive(on) {
	const b = $('live');
	if (b)
		b.checked = on;
}
const following = () => live && $('live') && $('live').checked;

function request(method, path, body) {
	const h = { 'X-Planview-Client': String(client) };
	if (body)
		h['Content-Type'] = 'application/x-www-form-urlencoded';
	return fetch(path, { method, headers: h, body }).then((r) =>
	    r.json().catch(() => ({ ok: false, text: 'HTTP ' + r.status })),
	    (e) => ({ ok: false, text: 'the server did not answer: ' + e }));
}
const post = (path, args) => request('POST', path,
    new URLSearchParams(args).toString());

function answer(a) {
	const s = $('answer');
	if (s) {
		s.textContent = a.text || '';
		s.classList.toggle('bad', !a.ok);
	} else if (a.text)
		$('q-res').textContent = a.text;
	if (a.breaks) {
		breaks = a.breaks;
		drawBreaks();
	}
}

function buildSteer(d) {
	const drv = mk('select', { id: 's-drive' });
	DRIVES.forEach((g) => drv.append(mk('option', { value: EL[g].n },
	    EL[g].n)));
	const el = mk('select', { id: 's-elem' });
	EL.forEach((e) => el.append(mk('option', { value: e.n }, e.t + ' ' +
	    e.n)));
	const n = (id, v, w) => mk('input', { id, type: 'number', value: v,
	    style: 'width:' + w + 'em' });
	d.append(button('s-pause', 'pause', 'pause (space)'),
	    button('s-resume', 'resume', 'resume (space)'),
	    button('s-step', 'step', 'step N cycles (s)'), n('s-n', 1, 4),
	    mk('br'), 'priority ', drv, n('s-prio', 100, 5),
	    button('s-setprio', 'set'), mk('br'), 'monitor ', el,
	    mk('input', { id: 's-flags', value: 'ESPFZR', size: 7 }),
	    button('s-setmon', 'set'), mk('br'), 'rate ', n('s-rate', 10, 4),
	    'Hz ', button('s-setrate', 'set'),
	    mk('div', { id: 'answer', role: 'status' }));
}

function steer(args) {
	post('control', args).then(answer);
}

function onView(v) {
	limit = v.limit;
	let text = v.source || '';
	if (v.paused)
		text = (v.reason || 'paused') + (v.cycle !== undefined ?
		    ' (cycle ' + v.cycle + ')' : '');
	status(text, v.paused);
	if (v.ended && !R().ended) {
		runs.forEach((r) => { r.ended = true; r.catchUp(); });
	}
	if (following())
		show(limit >= 0 ? limit : R().nc - 1);
}

/* New events: the view follows them every 100 ms; the timeline is drawn
 * again then too, but for no more than a tenth of the time (drawing it
 * is linear in the run). */
let redraw = 0, drawMs = 0, drawnAt = 0, stale = false;
function liveTick() {
	const t0 = performance.now(), run = R();
	redraw = 0;
	if (stale && t0 - drawnAt >= 10 * drawMs) {
		drawTimeline();
		drawnAt = performance.now();
		drawMs = drawnAt - t0;
		stale = false;
	}
	if (following())
		show(limit >= 0 ? Math.min(limit, run.nc - 1) : run.nc - 1,
		    true);
	else
		moveCursor(cur);
	if (stale)	/* drawn later, when its turn comes */
		redraw = setTimeout(liveTick, Math.max(100, 10 * drawMs -
		    (performance.now() - drawnAt)));
}

function onEvents(text) {
	R().feed(text);
	stale = true;
	if (!redraw)
		redraw = setTimeout(liveTick, 100);
}

function connect() {
	const es = new EventSource('events?from=' + live.from);
	es.addEventListener('hello', (m) => {
		const h = JSON.parse(m.data);
		client = h.client;
		breaks = h.breaks || [];
		drawBreaks();
	});
	es.addEventListener('ev', (m) => onEvents(m.data));
	es.addEventListener('view', (m) => onView(JSON.parse(m.data)));
	es.addEventListener('breaks', (m) => {
		breaks = JSON.parse(m.data);
		drawBreaks();
	});
	es.onerror = () => status('the server is gone (reconnecting)');
}
