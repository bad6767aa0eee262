#!/usr/bin/env node
// Soundness of the value automaton (src/model/decode/reprAuto.ts) on traced programs: every
// value a trace holds that the after-the-fact check (validate.ts reprProblem) accepts
// must be one the decoder can write. Also counts what the automaton lets through that
// the check refuses (how much is left for the check to catch).
//
//   npm run build && node scripts/check-repr-grammar.mjs data/corpus data/handwritten
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { reprProblem } from '../dist/engine/neural/validate.js';
import { Repr, ownReprs } from '../dist/model/decode/reprAuto.js';

const accepts = (text, own) => {
  const r = new Repr(own);
  for (const b of Buffer.from(text, 'utf8')) if (!r.push(b)) return false;
  return r.complete();
};

let values = 0;
let refusedGood = 0;
let passedBad = 0;
let checkedBad = 0;
const examples = [];
const badExamples = [];
for (const dir of process.argv.slice(2)) {
  for (const split of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const f of readdirSync(join(dir, split.name)).filter((n) => /^traces-.*\.jsonl\.gz$/.test(n))) {
      const lines = gunzipSync(readFileSync(join(dir, split.name, f)))
        .toString('utf8')
        .split('\n');
      for (const line of lines) {
        if (!line) continue;
        const rec = JSON.parse(line);
        const own = ownReprs(rec.source);
        for (const ev of rec.events) {
          const vals = Object.values(ev.locals ?? {});
          if (typeof ev.retval === 'string') vals.push(ev.retval);
          for (const v of vals) {
            values++;
            const good = reprProblem(v, own) === null;
            const ok = accepts(v, own);
            if (good && !ok) {
              refusedGood++;
              if (examples.length < 20) examples.push(v);
            }
            if (!good) {
              checkedBad++;
              if (badExamples.length < 8) badExamples.push(v);
              if (ok) passedBad++;
            }
          }
        }
      }
    }
  }
}
console.log(`${values} values; ${refusedGood} the check accepts but the automaton refuses (must be 0)`);
console.log(`${checkedBad} the check refuses; of them ${passedBad} the automaton would let through`);
for (const e of examples) console.log('  refused:', JSON.stringify(e));
for (const e of badExamples) console.log('  real, yet the check refuses it:', JSON.stringify(e));
process.exitCode = refusedGood ? 1 : 0;
