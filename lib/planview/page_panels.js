/*
 * page_panels.js - the drives in runtime priority order with their share
 * of attention and why each ran or not; the competences' elements; the
 * counters; the senses' last values; the cycle's events.
 */
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
		    kd === 8 && run.fl[i] ? plan.runs[run.fl[i] - 1] || '' : ''];
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
