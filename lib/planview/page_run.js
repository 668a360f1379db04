/*
 * page_run.js - a run's packed events (lib/planview/pack.h) into typed
 * arrays, and what is known as of any cycle (counters, attention,
 * priorities, drive states, senses) from copies kept every few cycles.
 */
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
 * cycles each drive had attention.  A run boundary starts all but the
 * senses afresh (the world did not restart). */
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
		else if (kd === 8) {	/* a new run: the senses stay */
			const sv = st.slice(O_SV, O_NC);
			st.set(fresh());
			st.set(sv, O_SV);
		}
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
