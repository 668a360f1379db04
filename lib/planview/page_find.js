/*
 * page_find.js - search across time, breakpoints and play.
 */
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
