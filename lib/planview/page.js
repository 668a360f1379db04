/*
 * page.js - the script of planview's page (html.c writes it in): reads
 * the plan and the packed events (lib/planview/pack.h) from the page, or
 * on a live page also from the server's event stream (serve.c); lights
 * each drive's graph as the run did, draws the attention timeline with
 * its marks and the sense charts once and moves a cursor over them,
 * counts, answers "why not", searches across time, plays, stops at
 * breakpoints and, live, steers.  No network but the page's own server.
 */
(function () {
'use strict';
const $ = (id) => document.getElementById(id);
const mk = (tag, attrs, text) => {
	const n = document.createElement(tag);
	if (attrs)
		for (const a in attrs)
			n.setAttribute(a, attrs[a]);
	if (text !== undefined)
		n.textContent = text;
	return n;
};
const plan = JSON.parse($('plan').textContent);
const opts = JSON.parse($('opts').textContent);
const live = opts.live;
const EL = plan.el, NE = EL.length;

/* Event kinds: the planner's 0..5, then I, Q and B (pack.h). */
const KC = new Int8Array(128).fill(8);
'ESPFZRIQB'.split('').forEach((c, k) => { KC[c.charCodeAt(0)] = k; });
const LETTER = 'ESPFZRIQB';
const F_FAIL = 1, F_PRIO = 2, F_BOUND = 4;

const DRIVES = [], dIdx = new Int32Array(NE).fill(-1);
const byKey = {}, parentOf = new Int32Array(NE).fill(-1);
EL.forEach((e, g) => {
	byKey[e.k] = g;
	if (e.t === 'D') {
		dIdx[g] = DRIVES.length;
		DRIVES.push(g);
	}
});
EL.forEach((e, g) => {
	if (e.m)
		e.m.forEach((x) => { parentOf[x] = g; });
});
const ND = DRIVES.length;
/* a competence's elements by priority (the list order on ties) */
EL.forEach((e) => {
	if (e.t === 'C')
		e.byP = e.m.map((x, i) => [x, i]).sort((a, b) =>
		    EL[b[0]].p - EL[a[0]].p || a[1] - b[1]).map((a) => a[0]);
});
const SENSES = plan.reads.slice();
const sIdx = new Int32Array(65536).fill(-1);
SENSES.forEach((s, i) => { sIdx[s] = i; });
const NS = SENSES.length;
const senseName = (s) => plan.senses[s] !== undefined ? plan.senses[s] :
    '#' + s;
const OUT = {};
plan.outcomes.forEach((o) => { OUT[o[0]] = { word: o[1], colour: o[2] }; });
const name = (g) => g >= 0 ? EL[g].n : 'none';
const PALETTE = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9',
    '#d55e00', '#f0e442', '#999999', '#332288', '#88ccee'];
const dcol = (g) => PALETTE[dIdx[g] % PALETTE.length];
const IDLE = '#e6e6e6';

/* ---- a run: the packed events into typed arrays ------------------- */

class Run {
	constructor(label, text) {
		this.label = label;
		this.n = 0;
		this.nc = 0;
		this.clock = false;
		this.ended = !live;
		this.kind = new Uint8Array(4096);
		this.el = new Int32Array(4096);
		this.val = new Int32Array(4096);
		this.sen = new Int32Array(4096);
		this.fl = new Uint8Array(4096);
		this.cnum = new Float64Array(1024);
		this.ctime = new Float64Array(1024);
		this.cstart = new Int32Array(1025);
		this.catt = new Int32Array(1024);
		this.cmark = new Uint8Array(1024);
		this.pc = 0;
		this.pt = 0;
		this.pdt = 0;
		this.hasR = false;
		this.S = 256;
		this.snaps = [fresh()];
		this.acc = fresh();
		this.accK = 0;
		this.cache = null;
		if (text)
			this.feed(text);
	}
	growEv() {
		const n = this.kind.length * 2;
		for (const f of ['kind', 'el', 'val', 'sen', 'fl']) {
			const a = new this[f].constructor(n);
			a.set(this[f]);
			this[f] = a;
		}
	}
	growCy() {
		const n = this.cnum.length * 2;
		for (const f of ['cnum', 'ctime', 'catt', 'cmark']) {
			const a = new this[f].constructor(n);
			a.set(this[f]);
			this[f] = a;
		}
		const s = new Int32Array(n + 1);
		s.set(this.cstart);
		this.cstart = s;
	}
	/* Room for n more events and c more cycles. */
	reserve(n, c) {
		while (this.n + n > this.kind.length)
			this.growEv();
		while (this.nc + c + 1 >= this.cnum.length)
			this.growCy();
	}
	/* Whole tokens (pack.h); a chunk never splits one.  One pass with
	   the arrays in locals: a million events load in well under a
	   second. */
	feed(s) {
		const L = s.length;
		let nt = 1, ncy = 0;
		for (let i = s.indexOf(' '); i >= 0; i = s.indexOf(' ', i + 1)) {
			nt++;
			if (s.charCodeAt(i + 1) === 99)
				ncy++;
		}
		this.reserve(nt, ncy + 1);
		const kind = this.kind, el = this.el, val = this.val;
		const sen = this.sen, fl = this.fl, cnum = this.cnum;
		const ctime = this.ctime, cstart = this.cstart, catt = this.catt;
		const cmark = this.cmark;
		let n = this.n, nc = this.nc, pc = this.pc, pt = this.pt;
		let pdt = this.pdt, hasR = this.hasR, clock = this.clock;
		let i = 0, c, neg, v;
		while (i < L) {
			c = s.charCodeAt(i++);
			if (c === 32 || c === 10)
				continue;
			if (c === 99) {		/* c: a new cycle */
				let dc = 1, dt = pdt;
				c = s.charCodeAt(i);
				if (c === 45 || (c >= 48 && c <= 57)) {
					neg = c === 45;
					if (neg)
						i++;
					for (v = 0; (c = s.charCodeAt(i)) >= 48 &&
					    c <= 57; i++)
						v = v * 10 + c - 48;
					dc = neg ? -v : v;
				}
				if (s.charCodeAt(i) === 64) {
					neg = s.charCodeAt(++i) === 45;
					if (neg)
						i++;
					for (v = 0; (c = s.charCodeAt(i)) >= 48 &&
					    c <= 57; i++)
						v = v * 10 + c - 48;
					dt = neg ? -v : v;
				}
				pc += dc;
				pt += dt;
				pdt = dt;
				cnum[nc] = pc;
				ctime[nc] = pt;
				catt[nc] = -1;
				cmark[nc] = 0;
				cstart[nc] = n;
				cstart[++nc] = n;
				if (pt !== 0)
					clock = true;
				continue;
			}
			const k = c < 128 ? KC[c] : 8;
			let g = -1, sn = -1, f = 0;
			v = 0;
			if (k <= 5 || k === 7)
				for (g = 0; (c = s.charCodeAt(i)) >= 48 && c <= 57;
				    i++)
					g = g * 10 + c - 48;
			if (s.charCodeAt(i) === 58) {	/* ':' fields */
				let f0 = 0, f1 = 0, f2 = 0, h0 = false, nf = 0;
				while (s.charCodeAt(i) === 58 && nf < 3) {
					neg = s.charCodeAt(++i) === 45;
					if (neg)
						i++;
					let x = 0, any = false;
					for (; (c = s.charCodeAt(i)) >= 48 &&
					    c <= 57; i++) {
						x = x * 10 + c - 48;
						any = true;
					}
					if (neg)
						x = -x;
					if (nf === 0) {
						f0 = x;
						h0 = any;
					} else if (nf === 1)
						f1 = x;
					else
						f2 = x;
					nf++;
				}
				if (k === 5) {
					sn = h0 ? f0 : -1;
					v = f1;
					f = f2;
				} else if (k === 7)
					v = f0;
				else
					f = f0;
			}
			while (i < L && s.charCodeAt(i) !== 32)
				i++;
			if (g >= NE || (g < 0 && (k <= 5 || k === 7)))
				continue;	/* not this plan's: never lit */
			if (nc === 0) {
				cnum[0] = ctime[0] = cmark[0] = 0;
				catt[0] = -1;
				cstart[0] = n;
				nc = 1;
			}
			kind[n] = k;
			el[n] = g;
			val[n] = v;
			sen[n] = sn;
			fl[n] = f;
			n++;
			cstart[nc] = n;
			const cy = nc - 1;
			if (k === 0 && dIdx[g] >= 0 && catt[cy] < 0)
				catt[cy] = g;
			else if (k === 3 || k === 4)
				cmark[cy] |= F_FAIL;
			else if (k === 5)
				hasR = true;
			else if (k === 7)
				cmark[cy] |= F_PRIO;
			else if (k === 8)
				cmark[cy] |= F_BOUND;
		}
		this.n = n;
		this.nc = nc;
		this.pc = pc;
		this.pt = pt;
		this.pdt = pdt;
		this.hasR = hasR;
		this.clock = clock;
		this.catchUp();
	}
	/* Fold every whole cycle into the running state, keeping a copy
	   every S cycles (a live run's last cycle may still grow). */
	catchUp() {
		const lim = this.ended ? this.nc : this.nc - 1;
		while (this.accK < lim) {
			fold(this, this.acc, this.accK++);
			if (this.accK % this.S === 0)
				this.snaps.push(this.acc.slice());
		}
		if (this.snaps.length * SZ > 8000000) {	/* 32 MB: thin out */
			this.snaps = this.snaps.filter((x, j) => j % 2 === 0);
			this.S *= 2;
			this.cache = null;
		}
	}
	/* The state before cycle k, as of its first event. */
	before(k) {
		const c = this.cache;
		if (!c || c.k > k || k - c.k > this.S) {
			const j = Math.min(Math.floor(k / this.S),
			    this.snaps.length - 1);
			this.cache = { k: j * this.S, st: this.snaps[j].slice() };
		}
		const st = this.cache;
		while (st.k < k)
			fold(this, st.st, st.k++);
		return st.st;
	}
	/* The cycle whose number is n (the first at or after it). */
	find(n) {
		for (let k = 0; k < this.nc; k++)
			if (this.cnum[k] >= n)
				return k;
		return this.nc - 1;
	}
}

/* ---- what is known as of a cycle: counters, attention, senses ------ */

const O_ATT = NE * 5, O_PRIO = O_ATT + ND, O_DST = O_PRIO + ND;
const O_SV = O_DST + ND, O_SS = O_SV + NS, O_NC = O_SS + NS;
const SZ = O_NC + 1;

function fresh() {
	const s = new Int32Array(SZ);
	DRIVES.forEach((g, d) => { s[O_PRIO + d] = EL[g].p; });
	return s;
}

/* Cycle k into st: counters E S P F Z, drives' runtime priorities (Q),
 * statuses (running 1, interrupted 2), the senses' last values, the
 * cycles each drive had attention.  A run boundary starts afresh. */
function fold(run, st, k) {
	const e = run.cstart[k + 1];
	for (let i = run.cstart[k]; i < e; i++) {
		const kd = run.kind[i], g = run.el[i];
		if (kd <= 4) {
			st[g * 5 + kd]++;
			const d = dIdx[g];
			if (d < 0)
				continue;
			if (kd === 0) {
				for (let x = 0; x < ND; x++)
					if (x !== d && st[O_DST + x] === 1)
						st[O_DST + x] = 2;
			} else
				st[O_DST + d] = kd === 2 ? 1 : 0;
		} else if (kd === 5) {
			const si = run.sen[i] >= 0 ? sIdx[run.sen[i]] : -1;
			if (si >= 0) {
				st[O_SV + si] = run.val[i];
				st[O_SS + si] = 1;
			}
			if (dIdx[g] >= 0 && !(run.fl[i] & 1))
				st[O_DST + dIdx[g]] = 0;
		} else if (kd === 7)
			st[O_PRIO + dIdx[g]] = run.val[i];
		else if (kd === 8)
			st.set(fresh());
	}
	const a = run.catt[k];
	if (a >= 0)
		st[O_ATT + dIdx[a]]++;
	st[O_NC]++;
}

/* ---- the page's runs ------------------------------------------------ */

const marks = { start: performance.now() };
const runs = [];
for (let k = 0; $('ev' + k); k++) {
	const s = $('ev' + k);
	runs.push(new Run(s.getAttribute('data-name'), s.textContent));
}
if (!runs.length)
	runs.push(new Run('', ''));
let ri = 0;			/* the run that lights the graph */
const R = () => runs[ri];
let cur = -1, limit = -1;	/* live: the cycle the view stops at */

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

/* ---- the timeline: drawn once, a cursor moved over it ---------------- */

const rows = [];		/* {run, band, mk} per run; charts */
let charts = [], cursor, diffmark;

function buildTimeline() {
	runs.forEach((run, k) => {
		const lab = runs.length > 1 ? 'AB'[k] + ': ' + run.label :
		    'attention';
		const r1 = mk('div', { class: 'row' });
		const band = mk('canvas', { class: 'band', id: 'band' + k });
		r1.append(mk('span', { class: 'lab', title: lab }, lab), band);
		const r2 = mk('div', { class: 'row' });
		const m = mk('canvas', { class: 'mk', id: 'marks' + k });
		r2.append(mk('span', { class: 'lab' }, 'marks'), m);
		tl.append(r1, r2);
		rows.push({ run, band, m });
	});
	charts = SENSES.map((s) => {
		const r = mk('div', { class: 'row' });
		const c = mk('canvas', { class: 'chart' });
		const lab = mk('span', { class: 'lab', title: senseName(s) });
		r.append(lab, c);
		tl.append(r);
		return { s, c, lab };
	});
	cursor = mk('div', { id: 'cursor' });
	tl.append(cursor);
	if (opts.compare && opts.compare.index >= 0) {
		diffmark = mk('div', { id: 'diffmark', title:
		    'the first cycle where the runs differ' });
		tl.append(diffmark);
	}
	tl.addEventListener('click', (ev) => {
		const c = rows[0].band, r = c.getBoundingClientRect();
		if (ev.clientX < r.left || !r.width)
			return;
		stopPlay();
		setLive(false);
		show(Math.floor((ev.clientX - r.left) * span() / r.width));
	});
}

const span = () => Math.max(1, ...runs.map((r) => r.nc));

/* Columns of cycles: cycles [k0, k1) fall in column x of w. */
function columns(w, n, fn) {
	for (let x = 0; x < w; x++) {
		const k0 = Math.floor(x * n / w);
		const k1 = Math.max(k0 + 1, Math.floor((x + 1) * n / w));
		fn(x, k0, k1);
	}
}

function sizeCanvas(c) {
	const w = Math.max(1, c.clientWidth | 0), h = Math.max(1,
	    c.clientHeight | 0);
	if (c.width !== w || c.height !== h) {
		c.width = w;
		c.height = h;
	}
	const g = c.getContext('2d');
	g.clearRect(0, 0, w, h);
	return [g, w, h];
}

function drawBand(run, c, m, n) {
	const [g, w, h] = sizeCanvas(c), cnt = new Int32Array(ND + 1);
	const [gm, , hm] = sizeCanvas(m);
	const fc = OUT.F ? OUT.F.colour : '#cc79a7';
	columns(w, n, (x, k0, k1) => {
		if (k0 >= run.nc)
			return;
		cnt.fill(0);
		let marks = 0;
		for (let k = k0; k < k1 && k < run.nc; k++) {
			const a = run.catt[k];
			cnt[a < 0 ? ND : dIdx[a]]++;
			marks |= run.cmark[k];
		}
		let best = ND;
		for (let d = 0; d < ND; d++)
			if (cnt[d] > cnt[best])
				best = d;
		g.fillStyle = best === ND ? IDLE : dcol(DRIVES[best]);
		g.fillRect(x, 0, 1, h);
		if (marks & F_FAIL) {
			gm.fillStyle = fc;
			gm.fillRect(x, 0, 1, hm / 2);
		}
		if (marks & F_PRIO) {
			gm.fillStyle = '#0072b2';
			gm.fillRect(x, hm / 2, 1, hm / 2);
		}
		if (marks & F_BOUND) {
			gm.fillStyle = '#000';
			gm.fillRect(x, 0, 2, hm);
			g.fillStyle = '#000';
			g.fillRect(x, 0, 2, h);
		}
	});
}

/* One pass over the events: per column and sense, the least and the
 * greatest value read. */
function drawCharts(run, n) {
	if (!charts.length)
		return;
	const w = Math.max(1, charts[0].c.clientWidth | 0);
	const lo = new Float64Array(w * NS).fill(Infinity);
	const hi = new Float64Array(w * NS).fill(-Infinity);
	const min = new Float64Array(NS).fill(Infinity);
	const max = new Float64Array(NS).fill(-Infinity);
	for (let k = 0; k < run.nc; k++) {
		const x = Math.min(w - 1, Math.floor(k * w / n));
		for (let i = run.cstart[k]; i < run.cstart[k + 1]; i++) {
			if (run.kind[i] !== 5 || run.sen[i] < 0)
				continue;
			const si = sIdx[run.sen[i]], v = run.val[i];
			if (si < 0)
				continue;
			const j = x * NS + si;
			if (v < lo[j])
				lo[j] = v;
			if (v > hi[j])
				hi[j] = v;
			if (v < min[si])
				min[si] = v;
			if (v > max[si])
				max[si] = v;
		}
	}
	charts.forEach((ch, si) => {
		const [g, cw, h] = sizeCanvas(ch.c);
		const th = thresholds(ch.s);
		let a = Math.min(min[si], ...th), b = Math.max(max[si], ...th);
		if (!isFinite(a))
			return;
		if (a === b) {
			a -= 1;
			b += 1;
		}
		const y = (v) => h - 2 - (v - a) * (h - 4) / (b - a);
		g.strokeStyle = '#bbb';
		g.setLineDash([3, 3]);
		th.forEach((t) => {
			g.beginPath();
			g.moveTo(0, y(t) + 0.5);
			g.lineTo(cw, y(t) + 0.5);
			g.stroke();
		});
		g.setLineDash([]);
		/* a step line: a column without a reading keeps the last */
		g.fillStyle = '#333';
		let last = null;
		for (let x = 0; x < cw && x < w; x++) {
			const j = x * NS + si;
			if (lo[j] !== Infinity) {
				const y0 = y(hi[j]), y1 = y(lo[j]);
				g.fillRect(x, y0, 1, Math.max(1.5, y1 - y0));
				last = y(lo[j]);
			} else if (last !== null && x * n / w < run.nc)
				g.fillRect(x, last, 1, 1.5);
		}
		ch.range = [a, b];
	});
}

/* The thresholds the plan's releasers compare this sense with. */
function thresholds(s) {
	const t = [];
	EL.forEach((e) => {
		if (e.rel && e.rel.s === s)
			t.push(e.rel.v);
	});
	return t;
}

let drawn = { w: -1, n: -1, nev: -1 };
function drawTimeline(force) {
	const n = span(), w = rows[0].band.clientWidth;
	const nev = runs.reduce((a, r) => a + r.n, 0);
	if (!force && drawn.w === w && drawn.n === n && drawn.nev === nev)
		return;
	drawn = { w, n, nev };
	band = { left: rows[0].band.offsetLeft, width: w || 1 };
	rows.forEach((r) => drawBand(r.run, r.band, r.m, n));
	drawCharts(runs[0], n);
	if (diffmark) {
		const c = rows[0].band;
		diffmark.style.left = (c.offsetLeft + (opts.compare.index +
		    0.5) * c.clientWidth / n) + 'px';
	}
}

/* The band's place, read when the timeline is drawn (not on every
 * step: reading the layout after changing the page costs a layout). */
let band = { left: 0, width: 1 };
function moveCursor(k) {
	const n = span();
	cursor.style.transform = 'translateX(' + (band.left + Math.max(0,
	    (k + 0.5) * band.width / n - 1)) + 'px)';
}

/* ---- lighting the graphs --------------------------------------------- */

const nodeCache = new Map();
function node(id) {
	let n = nodeCache.get(id);
	if (n === undefined) {
		n = document.getElementById(id);
		nodeCache.set(id, n);
	}
	return n;
}
let litNow = new Map();		/* element id -> class string */
const FADE_MS = 3000, FADE_MAX = 64, FADE_NOCLOCK = 8;
const OCLS = ['o-E', 'o-S', 'o-P', 'o-F', 'o-Z'];

/* What to light at cycle k: each node's latest outcome, in the drive
 * that ran it (each drive has its own copy of a shared element), and the
 * path of edges taken in cycle k. */
function lights(run, k) {
	const want = new Map(), t = run.ctime[k];
	for (let j = k; j >= 0 && k - j <= FADE_MAX; j--) {
		if (j < k && (run.clock ? t - run.ctime[j] >= FADE_MS :
		    k - j > FADE_NOCLOCK))
			break;
		if (j < k && (run.cmark[j + 1] & F_BOUND))
			break;
		const a = run.catt[j];
		if (a < 0)
			continue;
		const dk = '.' + EL[a].k, cls = j === k ? 'lit' : 'fade';
		const stack = [];
		for (let i = run.cstart[j]; i < run.cstart[j + 1]; i++) {
			const kd = run.kind[i];
			if (kd > 4)
				continue;
			const g = run.el[i], id = EL[g].k + dk;
			const had = want.get(id);
			if (!had || had.j === j)
				want.set(id, { j, c: cls + ' o-' + LETTER[kd] });
			if (j !== k)
				continue;
			if (kd === 0) {
				const p = stack.length ? stack[stack.length - 1] : -1;
				if (p >= 0)
					want.set(EL[p].k + '-' + EL[g].k + dk,
					    { j, c: 'lit', edge: true });
				stack.push(g);
			} else {	/* its outcome: it has returned */
				const at = stack.lastIndexOf(g);
				if (at >= 0)
					stack.length = at;
			}
		}
	}
	return want;
}

function light(run, k) {
	const want = lights(run, k);
	for (const [id, c] of litNow)
		if (!want.has(id) || want.get(id).c !== c) {
			const n = node(id);
			if (n) {
				n.classList.remove('lit', 'fade', ...OCLS);
				n.removeAttribute('data-outcome');
			}
			litNow.delete(id);
		}
	for (const [id, w] of want) {
		if (litNow.get(id) === w.c)
			continue;
		const n = node(id);
		if (!n)
			continue;
		n.classList.add(...w.c.split(' '));
		if (!w.edge)
			n.setAttribute('data-outcome', w.c.slice(-1));
		litNow.set(id, w.c);
	}
}

/* ---- drives: order, state, why not ---------------------------------- */

const sections = {};
document.querySelectorAll('section.drive').forEach((s) => {
	sections[s.getAttribute('data-drive')] = s;
	s.querySelector('h2').addEventListener('click', () => {
		s.classList.toggle('collapsed');
		s.setAttribute('data-pinned', '1');
	});
});

/* The runtime priorities in force in cycle k: the state before it and
 * the Q lines logged for it (they come first in the cycle). */
function prios(run, k, st) {
	const p = new Int32Array(ND);
	for (let d = 0; d < ND; d++)
		p[d] = st[O_PRIO + d];
	for (let i = run.cstart[k]; i < run.cstart[k + 1]; i++)
		if (run.kind[i] === 7)
			p[dIdx[run.el[i]]] = run.val[i];
	return p;
}

const byPrio = (p) => DRIVES.slice().sort((a, b) =>
    p[dIdx[b]] - p[dIdx[a]] || a - b);

/* Why a releaser check came out as it did: the sense's value against
 * the threshold, moved by the hysteresis (or, for an interrupted drive,
 * the flexible latch) while its latch held. */
function relText(run, i, g, interrupted) {
	const r = EL[g].rel, v = run.val[i], yes = (run.fl[i] & 1) === 1;
	const held = (run.fl[i] & 2) === 2;
	if (r.s === null)
		return r.c === 'TR' ? 'always released' : 'never released (FL)';
	let t = r.v, how = '';
	if (held && (r.c === '>' || r.c === '<')) {
		const th = (m) => r.c === '>' ? r.v - m : r.v + m;
		const ok = (m) => (r.c === '>' ? v > th(m) : v < th(m)) === yes;
		let flex = interrupted;
		if (!ok(flex ? r.f : r.h) && ok(flex ? r.h : r.f))
			flex = !flex;
		const m = flex ? r.f : r.h;
		t = th(m);
		how = ` (latched: ${flex ? 'flexible latch' : 'hysteresis'} ` +
		    `${m} moves it from ${r.v})`;
	}
	return `${yes ? 'released' : 'not released'}: ${senseName(r.s)} = ` +
	    `${v}, needs ${r.c} ${t}${how}`;
}

function outcomeIn(run, k, g) {
	let o = '';
	for (let i = run.cstart[k]; i < run.cstart[k + 1]; i++)
		if (run.el[i] === g && run.kind[i] >= 1 && run.kind[i] <= 4)
			o = OUT[LETTER[run.kind[i]]].word;
	return o;
}

/* For every drive in cycle k: [class, text]. */
function whyDrives(run, k, st, p) {
	const res = {}, ran = run.catt[k], rOf = new Map();
	for (let i = run.cstart[k]; i < run.cstart[k + 1]; i++)
		if (run.kind[i] === 5 && dIdx[run.el[i]] >= 0)
			rOf.set(run.el[i], i);
	let held = -1;
	for (const g of byPrio(p)) {
		const d = dIdx[g], ramp = EL[g].ramp > 0 ?
		    ' (it ramps: its runtime priority is not in the log)' : '';
		if (g === ran) {
			const o = outcomeIn(run, k, g);
			res[g] = ['ran', 'ran' + (o ? ': ' + o : '') +
			    (rOf.has(g) ? '; ' + relText(run, rOf.get(g), g,
			    st[O_DST + d] === 2) : '')];
			held = g;
		} else if (p[d] === 0)
			res[g] = ['no', 'never selected: runtime priority 0'];
		else if (rOf.has(g))
			res[g] = ['no', relText(run, rOf.get(g), g,
			    st[O_DST + d] === 2) + ramp];
		else if (held >= 0) {
			const hp = p[dIdx[held]];
			res[g] = EL[g].p > EL[held].p ? ['no', `outranked: ` +
			    `runtime priority p${p[d]} below ${name(held)}'s ` +
			    `p${hp} (in the plan p${EL[g].p} above ` +
			    `p${EL[held].p}), not checked`] : ['no',
			    `not checked: ${name(held)} (p${hp}) ran first` +
			    ramp];
		} else if (EL[g].iv > 0 && st[O_DST + d] !== 1 && run.hasR)
			res[g] = ['no', `frequency-limited: checked at most ` +
			    `every ${EL[g].iv} ticks`];
		else
			res[g] = ['unknown', run.hasR ? 'the log has no ' +
			    'releaser check for it in this cycle' +
			    (EL[g].iv > 0 ? ' (frequency-limited?)' : '') :
			    'the log has no releaser checks (R events): ' +
			    'not known'];
	}
	return res;
}

let order = [];
function drivesPanel(run, k, before, after, p, why) {
	const tb = $('drives').tBodies[0], nc = after[O_NC];
	const ord = byPrio(p);
	if (ord.join() !== order.join()) {
		order = ord;
		tb.textContent = '';
		ord.forEach((g) => {
			const tr = mk('tr', { 'data-drive': EL[g].k });
			const sw = mk('i', { style: 'display:inline-block;width:' +
			    '10px;height:10px;margin-right:4px;background:' +
			    dcol(g) });
			const td = mk('td');
			td.append(sw, EL[g].n);
			const pr = mk('td');
			pr.append('p' + EL[g].p, mk('b', { id: 'prio-' + EL[g].k,
			    class: 'prio' }));
			tr.append(td, pr, mk('td', { class: 'n cycles' }),
			    mk('td', { class: 'n share' }), mk('td',
			    { class: 'why' }));
			tb.append(tr);
		});
		const sec = ord.map((g) => sections[EL[g].k]).filter((s) => s);
		sec.forEach((s) => graph.append(s));
		if (sections.U)
			graph.append(sections.U);
	}
	for (const tr of tb.rows) {
		const g = byKey[tr.getAttribute('data-drive')], d = dIdx[g];
		const a = after[O_ATT + d], share = nc ? (100 * a / nc).toFixed(1) +
		    '%' : '', prio = p[d] !== EL[g].p ? ' runtime p' + p[d] : '';
		const sig = [g === run.catt[k], prio, a, share, why[g]].join();
		if (tr.sig === sig)	/* unchanged: no work for the layout */
			continue;
		tr.sig = sig;
		tr.classList.toggle('att', g === run.catt[k]);
		$('prio-' + EL[g].k).textContent = prio;
		tr.cells[2].textContent = a;
		tr.cells[3].textContent = share;
		tr.cells[4].textContent = why[g][1];
		tr.cells[4].className = 'why why-' + why[g][0];
		const s = sections[EL[g].k];
		if (s) {
			const h = s.querySelector('h2');
			h.textContent = '';
			h.append(mk('b', null, EL[g].n), mk('span', null,
			    'p' + p[d] + (p[d] !== EL[g].p ? ' (plan p' +
			    EL[g].p + ')' : '')), mk('span', null,
			    (share || '0%') + ' attention'), mk('span',
			    { class: 'why-' + why[g][0] }, why[g][1]));
			s.classList.toggle('att', g === run.catt[k]);
		}
	}
}

/* Competences that ran in cycle k: each element, why it ran or not. */
function whyCompetences(run, k, st) {
	const box = $('comp'), cs = [], rOf = new Map(), ranCE = new Map();
	for (let i = run.cstart[k]; i < run.cstart[k + 1]; i++) {
		const g = run.el[i], kd = run.kind[i];
		if (kd === 0 && EL[g].t === 'C' && cs.indexOf(g) < 0)
			cs.push(g);
		if (kd === 5 && EL[g].t === 'CE')
			rOf.set(g, i);
		if (kd === 0 && EL[g].t === 'CE')
			ranCE.set(parentOf[g], g);
	}
	const sig = run.label + ':' + (cs.length ? k : -1);
	if (box.sig === sig)
		return;
	box.sig = sig;
	box.textContent = '';
	if (!cs.length) {
		box.append(mk('p', null, 'No competence ran in this cycle.'));
		return;
	}
	const a = run.catt[k], intr = a >= 0 && st[O_DST + dIdx[a]] === 2;
	cs.forEach((c) => {
		const t = table('', ['element', 'priority', 'this cycle']);
		t.removeAttribute('id');
		t.setAttribute('data-competence', EL[c].k);
		const ran = ranCE.has(c) ? ranCE.get(c) : -1;
		EL[c].byP.forEach((x, pos) => {
			let w;
			if (x === ran)
				w = ['ran', 'ran' + (outcomeIn(run, k, x) ? ': ' +
				    outcomeIn(run, k, x) : '') + (rOf.has(x) ?
				    '; ' + relText(run, rOf.get(x), x, intr) :
				    '; not checked again: its action pattern ' +
				    'is part-way')];
			else if (EL[x].p === 0)
				w = ['no', 'never: priority 0'];
			else if (rOf.has(x))
				w = ['no', relText(run, rOf.get(x), x, intr)];
			else if (ran >= 0 && pos > EL[c].byP.indexOf(ran))
				w = ['no', `not checked: ${name(ran)} ran first`];
			else if (ran >= 0)
				w = ['no', `not checked: ${name(ran)} is the ` +
				    `current element (only it is checked while ` +
				    `it runs)`];
			else
				w = ['unknown', run.hasR ? 'not checked' :
				    'the log has no releaser checks: not known'];
			const tr = mk('tr', { 'data-element': EL[x].k });
			tr.append(mk('td', null, EL[x].n), mk('td', { class: 'n' },
			    'p' + EL[x].p), mk('td', { class: 'why why-' + w[0] },
			    w[1]));
			t.tBodies[0].append(tr);
		});
		box.append(mk('div', null, EL[c].n + ' (' + (EL[c].or ? 'OR' :
		    'AND') + ')' + (ran < 0 ? ': no element ran' : '')), t);
	});
}

/* ---- counters, senses, events ---------------------------------------- */

let counterRows = null;
function countersPanel(st) {
	const tb = $('counters').tBodies[0];
	if (!counterRows) {
		counterRows = [];
		['D', 'C', 'CE', 'AP', 'APE', 'A'].forEach((ty) => EL.forEach(
		    (e, g) => {
			if (e.t !== ty)
				return;
			const tr = mk('tr', { 'data-key': e.k });
			tr.append(mk('td', null, e.t + ' ' + e.n));
			for (let j = 0; j < 4; j++)
				tr.append(mk('td', { class: 'n' }));
			tb.append(tr);
			counterRows.push([g, tr, '']);
		}));
	}
	const f = $('f-elem').value.toLowerCase();
	counterRows.forEach((r) => {
		const g = r[0], b = g * 5;
		const v = [st[b], st[b + 1], st[b + 3] + st[b + 4], st[b + 2]];
		const s = v.join();
		if (s !== r[2]) {
			for (let j = 0; j < 4; j++)
				r[1].cells[j + 1].textContent = v[j];
			r[2] = s;
		}
		r[1].hidden = (!!f && EL[g].n.toLowerCase().indexOf(f) < 0);
	});
}

function sensesNow(st) {
	charts.forEach((ch, si) => {
		const t = senseName(ch.s) + ' ' + (st[O_SS + si] ?
		    st[O_SV + si] : '?');
		if (ch.lab.textContent !== t)
			ch.lab.textContent = t;
	});
}

function shown(kd, g) {
	const l = LETTER[kd], box = $('f-' + l);
	if (box && !box.checked)
		return false;
	const f = $('f-elem').value.toLowerCase();
	return !f || (g >= 0 && EL[g].n.toLowerCase().indexOf(f) >= 0);
}

function eventsTable(run, k) {
	const tb = $('events').tBodies[0];
	tb.textContent = '';
	for (let i = run.cstart[k]; i < run.cstart[k + 1]; i++) {
		const kd = run.kind[i], g = run.el[i];
		if (!shown(kd, g))
			continue;
		const tr = mk('tr', { class: 'ev-' + LETTER[kd],
		    'data-element': g >= 0 ? EL[g].k : '' });
		const r = kd === 5, s = run.sen[i];
		const cells = [run.cnum[k], run.clock ? run.ctime[k] : '\u2013',
		    kd === 8 ? 'B' : LETTER[kd], g >= 0 ? EL[g].t : '',
		    g >= 0 ? EL[g].n : (kd === 8 ? 'run boundary' : ''),
		    r && s >= 0 ? senseName(s) : '', r || kd === 7 ? run.val[i] :
		    '', r ? (run.fl[i] & 1 ? 'yes' : 'no') : '',
		    r ? (run.fl[i] & 2 ? 'on' : 'off') : '',
		    (kd === 3 || kd === 4) && run.fl[i] ? plan.why[run.fl[i]] :
		    ''];
		cells.forEach((c) => tr.append(mk('td', null, String(c))));
		tb.append(tr);
	}
}

function dim() {
	const f = $('f-elem').value.toLowerCase();
	document.querySelectorAll('#graph g.node').forEach((n) => {
		const g = byKey[n.id.split('.')[0]];
		n.classList.toggle('dim', !!f && g !== undefined &&
		    EL[g].n.toLowerCase().indexOf(f) < 0);
	});
}

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

/* ---- search across time, breakpoints --------------------------------- */

/* A condition from the form: {kind, g, s, op, v, text}; the text is the
 * form planview --break and the server take. */
function condition() {
	const kind = $('q-kind').value, el = $('q-el').value;
	const c = { kind, g: el === '' ? -1 : +el };
	if (kind === 'sense') {
		c.s = +$('q-sense').value;
		c.op = $('q-op').value;
		c.v = +$('q-val').value;
		c.text = `sense ${senseName(c.s)} ${c.op} ${c.v}`;
	} else
		c.text = kind + (c.g >= 0 ? ' ' + EL[c.g].n : '');
	return c;
}

function formKind() {
	const kind = $('q-kind').value, el = $('q-el');
	el.textContent = '';
	if (kind === 'fail' || kind === 'priority')
		el.append(mk('option', { value: '' }, 'any'));
	EL.forEach((e, g) => {
		if (kind === 'fail' || ((kind === 'attention' ||
		    kind === 'priority') && e.t === 'D'))
			el.append(mk('option', { value: g }, e.t + ' ' + e.n));
	});
	el.hidden = kind === 'sense' || kind === 'boundary';
	['q-sense', 'q-op', 'q-val'].forEach((id) => {
		$(id).hidden = kind !== 'sense';
	});
}

/* Does cycle k hold the condition?  last: the sense's value known
 * before k (sense crossings), updated as cycles go by. */
function holds(run, k, c, last) {
	const a = run.catt[k];
	switch (c.kind) {
	case 'attention':
		return a >= 0 && a === c.g && (k === 0 || run.catt[k - 1] !== a ||
		    (run.cmark[k] & F_BOUND) !== 0);
	case 'boundary':
		return (run.cmark[k] & F_BOUND) !== 0;
	default:
		break;
	}
	let hit = false;
	for (let i = run.cstart[k]; i < run.cstart[k + 1]; i++) {
		const kd = run.kind[i], g = run.el[i];
		if (c.kind === 'fail' && (kd === 3 || kd === 4) &&
		    (c.g < 0 || g === c.g))
			hit = true;
		else if (c.kind === 'priority' && kd === 7 &&
		    (c.g < 0 || g === c.g))
			hit = true;
		else if (c.kind === 'sense' && kd === 5 && run.sen[i] === c.s) {
			const v = run.val[i];
			const is = (x) => c.op === '>' ? x > c.v : x < c.v;
			if (is(v) && (last.v === null || !is(last.v)))
				hit = true;
			last.v = v;
		}
	}
	return hit;
}

/* The sense's value known before cycle k. */
function lastValue(run, k, c) {
	if (c.kind !== 'sense' || sIdx[c.s] < 0)
		return { v: null };
	const st = run.before(k), si = sIdx[c.s];
	return { v: st[O_SS + si] ? st[O_SV + si] : null };
}

function search(dir) {
	const run = R(), c = condition();
	let hit = -1;
	if (dir > 0) {
		const last = lastValue(run, cur + 1, c);
		for (let k = cur + 1; k < run.nc && hit < 0; k++)
			if (holds(run, k, c, last))
				hit = k;
	} else {
		const last = lastValue(run, 0, c);
		for (let k = 0; k < cur; k++)
			if (holds(run, k, c, last))
				hit = k;
	}
	$('q-res').textContent = hit < 0 ? 'none ' + (dir > 0 ? 'after' :
	    'before') + ' this cycle' : c.text + ': cycle ' + run.cnum[hit];
	if (hit >= 0) {
		stopPlay();
		setLive(false);
		show(hit);
	}
}

let breaks = [];		/* a replay's own; live: the server's */
function drawBreaks() {
	const ul = $('breaks');
	ul.textContent = '';
	breaks.forEach((b) => {
		const li = mk('li', { 'data-id': b.id }, b.text + ' ');
		const x = button('', 'remove', 'remove this breakpoint');
		x.removeAttribute('id');
		x.addEventListener('click', () => unbreak(b.id));
		li.append(x);
		ul.append(li);
	});
}

let nextBreak = 1;
function addBreak() {
	const c = condition();
	if (live) {
		post('break', { spec: c.text }).then(answer);
		return;
	}
	c.id = nextBreak++;
	breaks.push(c);
	drawBreaks();
}

function unbreak(id) {
	if (live) {
		request('DELETE', 'break?id=' + id).then(answer);
		return;
	}
	breaks = breaks.filter((b) => b.id !== id);
	drawBreaks();
}

/* The first cycle in (from, to] where a breakpoint holds, or -1. */
function breakIn(run, from, to) {
	if (!breaks.length)
		return -1;
	const lasts = breaks.map((c) => lastValue(run, from + 1, c));
	for (let k = from + 1; k <= to; k++)
		for (let j = 0; j < breaks.length; j++)
			if (holds(run, k, breaks[j], lasts[j])) {
				status('stopped at cycle ' + run.cnum[k] +
				    ': breakpoint ' + breaks[j].text, true);
				return k;
			}
	return -1;
}

/* ---- play ------------------------------------------------------------ */

let playing = false, t0 = 0, k0 = 0;
function stopPlay() {
	if (!playing)
		return;
	playing = false;
	$('play').textContent = 'play';
	show(cur);
}

function frame() {
	if (!playing)
		return;
	const run = R(), now = performance.now();
	let k = Math.min(run.nc - 1, k0 + Math.floor((now - t0) *
	    +speed.value / 1000));
	if (k > cur) {
		const b = breakIn(run, cur, k);
		if (b >= 0) {
			show(b, true);
			stopPlay();
			return;
		}
		show(k, true);
	}
	if (cur >= run.nc - 1) {
		stopPlay();
		return;
	}
	if (document.hidden)
		setTimeout(frame, 16);
	else
		requestAnimationFrame(frame);
}

function play() {
	if (playing) {
		stopPlay();
		return;
	}
	const run = R();
	if (cur >= run.nc - 1)
		show(0);
	setLive(false);
	status('');
	playing = true;
	t0 = performance.now();
	k0 = cur;
	$('play').textContent = 'stop';
	requestAnimationFrame(frame);
}

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

let redraw = 0;
function onEvents(text) {
	R().feed(text);
	if (!redraw)
		redraw = setTimeout(() => {
			redraw = 0;
			drawTimeline();
			const run = R();
			slider.max = Math.max(0, run.nc - 1);
			if (following())
				show(limit >= 0 ? Math.min(limit, run.nc - 1) :
				    run.nc - 1, true);
			else
				moveCursor(cur);
		}, 100);
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
	playing: () => playing,
	show,
};
document.body.setAttribute('data-ready', '1');
})();
