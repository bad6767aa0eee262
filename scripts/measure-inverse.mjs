// Input prediction on the project's own programs, greedy against generate-and-check:
// for each function return in the traced runs of an evaluation set (default
// evalsets/handwritten; at most PER_PROGRAM returns a program, distinct functions
// first), the model is given that return alone (as --at-return and MCP's
// predict_arguments give it: the value, no locals) and asked inv_step_call. Before:
// its greedy call, run forward by the evaluator to see whether it reproduces the
// value. After: up to N candidates (src/engine/neural/checked.ts). Reported: how many
// answers are checked, and how many equal the true call's arguments. Uses dist/:
// `npm run build` first.
//
//   node scripts/measure-inverse.mjs [--set handwritten] [--candidates 8] [--per-program 3] [--out FILE.jsonl]

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkedCall } from '../dist/engine/neural/checked.js';
import { setDir, traceProgramsDir } from '../dist/eval/programs.js';
import { readRecords, stacksOf, stateAt } from '../dist/eval/traces.js';
import { sourceLines } from '../dist/model/format/format.js';
import { loadPredictor } from '../dist/model/predictor.js';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const set = arg('--set', 'handwritten');
const n = Number(arg('--candidates', '8'));
const perProgram = Number(arg('--per-program', '3'));
const out = arg('--out', null);
const python = arg('--python', 'python3');

const predictor = await loadPredictor({ python });
const traced = traceProgramsDir(setDir(set), join(predictor.info.dir, 'tokenizer.json'), python);
const rows = [];
try {
  for (const r of readRecords(traced.data, 'test')) {
    const stacks = stacksOf(r.events);
    // returns of functions (not the module), each with its call: distinct functions first
    const picked = [];
    const seen = new Set();
    const returns = r.events.map((e, i) => [e, i]).filter(([e]) => e.event === 'return' && e.func !== '<module>' && !e.func.startsWith('<'));
    for (const pass of [0, 1]) {
      for (const [e, i] of returns) {
        if (picked.length >= perProgram) break;
        if (picked.some(([, k]) => k === i) || (pass === 0 && seen.has(e.func))) continue;
        seen.add(e.func);
        picked.push([e, i]);
      }
    }
    if (!picked.length) continue;
    const session = await predictor.open(r.source, { constrain: true, alternatives: false });
    const lines = sourceLines(r.source);
    try {
      for (const [e, i] of picked) {
        let c = i;
        while (c >= 0 && !(r.events[c].event === 'call' && r.events[c].depth === e.depth)) c--;
        if (c < 0) continue;
        const truth = stateAt(r, stacks, c);
        const ret = { ...stateAt(r, stacks, i), locals: {} };
        const history = [{ action: null, state: ret }];
        const q = { history, action: { kind: 'inv_step_call' }, returns: ret.retval ?? 'None', lines, program: session.program };
        const exact = (p) => !!p?.state && p.state.event === 'call' && JSON.stringify(p.state.locals) === JSON.stringify(truth.locals);
        const before = await checkedCall(session, { ...q, n: 1 });
        const after = await checkedCall(session, { ...q, n });
        rows.push({
          id: r.id,
          func: e.func,
          returns: ret.retval,
          truth: truth.locals,
          greedy: before?.prediction.state?.locals ?? null,
          greedyExact: exact(before?.prediction),
          greedyCheck: before?.check.origin ?? null,
          answer: after?.prediction.state?.locals ?? null,
          answerExact: exact(after?.prediction),
          check: after ? { ...after.check, note: undefined } : null,
        });
        process.stderr.write('.');
      }
    } finally {
      session.close();
    }
  }
} finally {
  traced.cleanup();
  await predictor.close();
}
const count = (f) => rows.filter(f).length;
const pct = (k) => `${k}/${rows.length} (${((100 * k) / Math.max(1, rows.length)).toFixed(1)}%)`;
process.stderr.write('\n');
console.log(`inverse answers on evalsets/${set}: ${rows.length} returns (at most ${perProgram} a program), model ${predictor.info.name}`);
console.log(
  `before (greedy, checked by running it forward): checked ${pct(count((x) => x.greedyCheck === 'checked'))}, exact arguments ${pct(count((x) => x.greedyExact))}`,
);
console.log(
  `after (${n} candidates, first that checks): checked ${pct(count((x) => x.check?.origin === 'checked'))}, exact arguments ${pct(count((x) => x.answerExact))}`,
);
console.log(`  checked by a later candidate than the greedy one: ${count((x) => x.check?.origin === 'checked' && x.check.rank > 1)}`);
console.log(`  no candidate could be run forward: ${count((x) => x.check && x.check.computed === 0)}`);
console.log(`  exact among checked: ${count((x) => x.check?.origin === 'checked' && x.answerExact)}/${count((x) => x.check?.origin === 'checked')}`);
if (out) writeFileSync(out, rows.map((x) => JSON.stringify(x)).join('\n') + '\n');
