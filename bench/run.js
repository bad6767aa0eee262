#!/usr/bin/env node
// Benchmark: ndbg (python engine, line mode) beside `python3 -m pdb`, in the
// same run, on the same machine. Prints medians and ratios:
//   1. time to the first prompt (process start -> "(Pdb) " on stdout)
//   2. `c` through a 300,000-iteration loop with a breakpoint that is never
//      hit (the debugger traces every line), until the program has finished.
// Targets: 1.5x and 1.2x of pdb. Usage: node bench/run.js [runs] [python]

import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 7);
const python = process.argv[3] ?? 'python3';
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node bench/run.js [runs (a positive integer, default 7)] [python (default python3)]');
  process.exit(2);
}
const LOOP = join(root, 'bench', 'loop.py');
const NDBG = join(root, 'bin', 'ndbg.js');

const cmd = {
  pdb: (script) => [python, ['-m', 'pdb', script]],
  ndbg: (script) => [process.execPath, [NDBG, '--engine', 'python', '--python', python, script]],
};

/** Starts a debugger; `until(re)` resolves with the time when stdout matches. */
function start(which, script) {
  const [exe, args] = cmd[which](script);
  const t0 = process.hrtime.bigint();
  const child = spawn(exe, args, { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  let waiter;
  child.stdout.setEncoding('utf8').on('data', (d) => {
    out += d;
    if (waiter?.re.test(out)) {
      const w = waiter;
      waiter = undefined;
      w.resolve(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  });
  return {
    until(re) {
      return new Promise((resolve) => {
        if (re.test(out)) resolve(Number(process.hrtime.bigint() - t0) / 1e6);
        else waiter = { re, resolve };
      });
    },
    send(line) {
      out = '';
      child.stdin.write(`${line}\n`);
    },
    async quit() {
      child.stdin.end('q\n');
      await new Promise((r) => child.on('close', r));
    },
  };
}

async function firstPrompt(which) {
  const s = start(which, LOOP);
  const t = await s.until(/\(Pdb\) $/);
  await s.quit();
  return t;
}

async function loopContinue(which, withBreakpoint = true) {
  const s = start(which, LOOP);
  await s.until(/\(Pdb\) $/);
  if (withBreakpoint) {
    s.send('b 4');
    await s.until(/\(Pdb\) $/);
  }
  s.send('c');
  const t0 = await s.until(/^/); // now
  const t1 = await s.until(/The program finished and will be restarted\n[\s\S]*\(Pdb\) $/);
  await s.quit();
  return t1 - t0;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(name, fn, target = Infinity) {
  const t = { pdb: [], ndbg: [] };
  for (let i = 0; i < runs; i++) {
    // Interleave, so both see the same machine load.
    t.pdb.push(await fn('pdb'));
    t.ndbg.push(await fn('ndbg'));
  }
  const p = median(t.pdb);
  const n = median(t.ndbg);
  const ratio = n / p;
  console.log(
    `${name.padEnd(34)} pdb ${p.toFixed(0).padStart(6)} ms   ndbg ${n.toFixed(0).padStart(6)} ms   ` +
      `ratio ${ratio.toFixed(2)}x` +
      (target === Infinity ? ' (no target)' : ` (target ${target}x) ${ratio <= target ? 'ok' : 'OVER'}`),
  );
}

console.log(`ndbg benchmark: ${runs} runs each, median; python: ${python}`);
await measure('time to first prompt', firstPrompt, 1.5);
await measure('c through 300k-iteration loop', loopContinue, 1.2);
// Without breakpoints pdb stops tracing, and so does ndbg (a replay finds the
// stop after it for reverse execution, README: "Cost"); an untraced run should
// cost what pdb's does.
await measure('same, no breakpoint (both untraced)', (w) => loopContinue(w, false), 1.5);
