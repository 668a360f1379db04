/*
 * page_light.js - lighting the graphs: each node's latest outcome in the
 * drive that ran it, fading by outline, and the edges taken.
 */
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
