/*
 * page_build.js - the page's controls and panels, made once.
 */
/* ---- the page's parts ----------------------------------------------- */

function style() {
	let css = '';
	for (const l in OUT) {
		const c = OUT[l].colour;
		css += `.node.lit.o-${l}>polygon,.node.lit.o-${l}>ellipse,` +
		    `.node.lit.o-${l}>path{fill:${c}}` +
		    `.node.fade.o-${l}>polygon,.node.fade.o-${l}>ellipse,` +
		    `.node.fade.o-${l}>path{stroke:${c}}`;
	}
	document.head.appendChild(mk('style', null, css));
}

const bar = $('bar'), side = $('side'), tl = $('tl'), graph = $('graph');
let slider, where, speed;
const button = (id, text, title) => mk('button', { id, type: 'button',
    title }, text);

function buildBar() {
	bar.append(button('first', '|\u25c0', 'first cycle (Home)'),
	    button('prev', '\u25c0', 'previous cycle (left)'),
	    button('play', 'play', 'play or stop (space)'),
	    button('next', '\u25b6', 'next cycle (right)'),
	    button('last', '\u25b6|', 'last cycle (End)'));
	slider = mk('input', { id: 'slider', type: 'range', min: 0, max: 0,
	    value: 0 });
	where = mk('span', { id: 'where' });
	speed = mk('select', { id: 'speed', title: 'cycles a second' });
	[1, 4, 16, 64, 250, 1000].forEach((v) => speed.append(
	    mk('option', v === 16 ? { value: v, selected: '' } : { value: v },
	    v + '/s')));
	const box = (id, text, on, title) => {
		const l = mk('label', { title });
		const c = mk('input', on ? { id, type: 'checkbox', checked: '' } :
		    { id, type: 'checkbox' });
		l.append(c, ' ' + text);
		return l;
	};
	bar.append(slider, where, speed,
	    box('follow', 'follow', true, 'keep the lit part in view (f)'),
	    box('collapse', 'only the running drive', false,
	    'collapse the drives not running (c)'),
	    button('fit', 'fit', 'zoom the graphs to fit (z)'));
	if (live)
		bar.append(box('live', 'live', true,
		    'follow the run as it comes (l)'));
	if (runs.length > 1) {
		const s = mk('select', { id: 'which', title: 'the run lit' });
		runs.forEach((r, k) => s.append(mk('option', { value: k },
		    'light ' + 'AB'[k])));
		bar.append(s);
	}
}

function details(id, title, open) {
	const d = mk('details', open ? { id: 'p-' + id, open: '' } :
	    { id: 'p-' + id });
	d.append(mk('summary', null, title));
	side.append(d);
	return d;
}

function table(id, heads) {
	const t = mk('table', { id });
	const tr = mk('tr');
	heads.forEach((h) => tr.append(mk('th', null, h)));
	t.append(mk('thead'), mk('tbody'));
	t.tHead.append(tr);
	return t;
}

function buildSide() {
	details('drives', 'Drives: attention and why not', true).append(
	    table('drives', ['drive', 'priority', 'cycles', 'share',
	    'this cycle']));
	details('comp', 'Competences that ran: why not', true).append(
	    mk('div', { id: 'comp' }));
	const f = details('find', 'Search and breakpoints', true);
	const kind = mk('select', { id: 'q-kind' });
	[['fail', 'element fails or errors'],
	    ['attention', 'drive gets attention'],
	    ['sense', 'sense crosses'], ['priority', 'priority set'],
	    ['boundary', 'run boundary']].forEach((o) =>
	    kind.append(mk('option', { value: o[0] }, o[1])));
	const el = mk('select', { id: 'q-el' });
	const sn = mk('select', { id: 'q-sense' });
	SENSES.forEach((s) => sn.append(mk('option', { value: s },
	    senseName(s))));
	const op = mk('select', { id: 'q-op' });
	['>', '<'].forEach((o) => op.append(mk('option', { value: o }, o)));
	const v = mk('input', { id: 'q-val', type: 'number', value: 0,
	    style: 'width:6em' });
	f.append(kind, ' ', el, sn, op, v, mk('br'),
	    button('q-prev', '\u25c0 previous', 'previous such cycle (N)'),
	    button('q-next', 'next \u25b6', 'next such cycle (n)'),
	    button('q-add', 'add breakpoint', 'stop there when playing'),
	    ' ', mk('span', { id: 'q-res' }), mk('ul', { id: 'breaks' }));
	if (live)
		buildSteer(details('steer', 'Steer', true));
	details('counters', 'Counters as of this cycle', true).append(
	    table('counters', ['element', 'executed', 'succeeded', 'failed',
	    'in progress']));
	const ev = details('events', 'Events of this cycle', true);
	const flt = mk('div', { id: 'filters' });
	flt.append('element ', mk('input', { id: 'f-elem', type: 'search',
	    placeholder: 'name contains' }), ' events ');
	const words = { R: 'releaser', Q: 'priority set' };
	for (const l in OUT)
		words[l] = OUT[l].word;
	'ESPFZRQ'.split('').forEach((l) => {
		const lab = mk('label');
		lab.append(mk('input', { type: 'checkbox', id: 'f-' + l,
		    checked: '' }), l + ' ' + words[l] + ' ');
		flt.append(lab);
	});
	ev.append(flt, table('events', ['cycle', 'time ms', 'event', 'type',
	    'element', 'sense', 'value', 'released', 'latch', 'reason']));
	const lg = details('legend', 'Legend', true);
	const d = mk('div', { id: 'legend' });
	for (const l in OUT) {
		const s = mk('span');
		s.append(mk('i', { style: 'background:' + OUT[l].colour }),
		    l + ' ' + OUT[l].word);
		d.append(s);
	}
	d.append(mk('br'), 'Lit: filled in the colour of its outcome, black ' +
	    'outline. Ran in the last cycles: its own fill, a dashed outline ' +
	    'in that colour. Timeline: the drive with attention; marks for ' +
	    'failures, priority changes (Q) and run boundaries.');
	lg.append(d, mk('p', { class: 'keys' }, 'Keys: space play/stop' +
	    (live ? ' (live: pause/resume)' : '') + ', left/right a cycle, ' +
	    'Home/End, n/N next/previous search hit, f follow, ' +
	    'c collapse, z fit, / filter'));
}
