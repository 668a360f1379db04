/*
 * page_timeline.js - the attention timeline, its marks and the sense
 * charts: drawn once (again on resize or new cycles), a cursor moved over
 * them.
 */
/* ---- the timeline: drawn once, a cursor moved over it ---------------- */

const rows = [];		/* {run, band, mk} per run; charts */
let charts = [], cursor, diffmark;

function buildTimeline() {
	/* bands and charts both keep a scrollbar's room, so their columns
	   line up when the charts scroll */
	const bands = mk('div', { id: 'bands' });
	runs.forEach((run, k) => {
		const lab = runs.length > 1 ? 'AB'[k] + ': ' + run.label :
		    'attention';
		const r1 = mk('div', { class: 'row' });
		const band = mk('canvas', { class: 'band', id: 'band' + k });
		r1.append(mk('span', { class: 'lab', title: lab }, lab), band);
		const r2 = mk('div', { class: 'row' });
		const m = mk('canvas', { class: 'mk', id: 'marks' + k });
		r2.append(mk('span', { class: 'lab' }, 'marks'), m);
		bands.append(r1, r2);
		rows.push({ run, band, m });
	});
	tl.append(bands);
	const box = mk('div', { id: 'charts' });
	charts = SENSES.map((s) => {
		const r = mk('div', { class: 'row' });
		const c = mk('canvas', { class: 'chart' });
		const lab = mk('span', { class: 'lab', title: senseName(s) });
		r.append(lab, c);
		box.append(r);
		return { s, c, lab };
	});
	tl.append(box);
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
