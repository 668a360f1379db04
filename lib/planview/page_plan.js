/*
 * page_plan.js - the first part of planview's page script (assets.c puts
 * the parts in order inside one function; they share its names): small
 * helpers, the plan and its words as the page reads them from itself.
 */
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
/* the senses the releasers read: charted, their values followed */
const SENSES = plan.reads.filter((s) => EL.some((e) => e.rel &&
    e.rel.s === s));
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
