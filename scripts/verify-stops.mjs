#!/usr/bin/env node
// How often the neural engine's stops are exact on real programs, as a user sees
// them: each program of a directory is debugged with `ndbg --verify --json`, once
// with N `s` and once with N `n` piped, and every stop's `verify.exact` is counted.
// The program runs (that is what --verify compares with), so use it on code you trust.
//
//   node scripts/verify-stops.mjs evalsets/classes [--steps 40] [--model models/v8] [--out FILE.json]
//                                [--misses FILE.jsonl]
//
// Prints one line per program and the totals per command; --out keeps them as JSON;
// --misses writes each inexact stop (the predicted top frame with its origins beside
// pdb's), one JSON object per line, to find what the engine gets wrong most often.
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dir = args.find((a, i) => !a.startsWith('--') && !(args[i - 1] ?? '').startsWith('--'));
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
if (!dir) {
  console.error('usage: node scripts/verify-stops.mjs DIR [--steps N] [--model DIR] [--out FILE.json]');
  process.exit(2);
}
const steps = Number(opt('--steps', '40'));
const model = opt('--model');
const out = opt('--out');
const missesFile = opt('--misses');
const misses = [];

function session(file, cmd) {
  return new Promise((done) => {
    const argv = [join(ROOT, 'bin', 'ndbg.js'), '--verify', '--json', ...(model ? ['--model', model] : []), file];
    const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'pipe'] });
    let buf = '';
    const stops = [];
    child.stdout.on('data', (d) => {
      buf += d;
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        nl = buf.indexOf('\n');
        try {
          const ev = JSON.parse(line);
          if (ev.type === 'stop' && ev.verify) stops.push({ exact: ev.verify.exact === true, ev });
        } catch {
          // not an event line
        }
      }
    });
    child.stderr.resume();
    // the first stop is the program's start, not a prediction
    child.on('close', () => done(stops.slice(1)));
    child.stdin.end(`${`${cmd}\n`.repeat(steps)}q\n`);
  });
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.py'))
  .sort();
const totals = { s: [0, 0], n: [0, 0] };
const rows = [];
for (const f of files) {
  const row = { program: f };
  for (const cmd of ['s', 'n']) {
    const stops = await session(resolve(dir, f), cmd);
    const exact = stops.filter((s) => s.exact).length;
    stops.forEach((s, i) => {
      if (s.exact) return;
      const top = s.ev.frames[s.ev.selected ?? s.ev.frames.length - 1] ?? {};
      const predicted = { event: s.ev.event, line: top.line, func: top.func, locals: top.locals, origin: top.origin };
      misses.push({ program: f, cmd, stop: i + 1, predicted, real: s.ev.verify.real });
    });
    totals[cmd][0] += exact;
    totals[cmd][1] += stops.length;
    row[cmd] = { exact, stops: stops.length };
  }
  rows.push(row);
  console.log(`${f}: s ${row.s.exact}/${row.s.stops}  n ${row.n.exact}/${row.n.stops}`);
}
const pct = ([a, b]) => (b ? ((100 * a) / b).toFixed(1) : '-');
console.log(`all: s ${totals.s[0]}/${totals.s[1]} (${pct(totals.s)}%)  n ${totals.n[0]}/${totals.n[1]} (${pct(totals.n)}%)`);
if (missesFile) writeFileSync(missesFile, misses.map((m) => `${JSON.stringify(m)}\n`).join(''));
if (out) writeFileSync(out, `${JSON.stringify({ dir, steps, model: model ?? 'default', totals, rows }, null, 2)}\n`);
