#!/usr/bin/env node
// Benchmark: how fast ndbg starts, beside the debuggers it replaces, in the
// same run (alternating, medians; a ratio, not a time, is the result: the
// machine may be shared and busy).
//
//   line mode, first prompt (stdin and stdout piped; process start -> "(Pdb) "):
//     python3 -m pdb   vs  ndbg --engine python   (target <= 1.3x)
//                      vs  ndbg --engine neural   (model load and code prefill included; <= 2x)
//   TUI, first full screen (in tmux; window created -> the script's source on screen):
//     python3 -m pudb  vs  ndbg --engine python / neural   (target <= 2x each)
//
// Usage: node bench/startup.js [runs (default 9)] [--line | --tui]
// Needs `npm run build`, python3, and for the TUI part tmux and PuDB
// (Debian: python3-pudb; PUDB_PYTHON names the Python that has it, default /usr/bin/python3).

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 9);
const only = args.includes('--line') ? 'line' : args.includes('--tui') ? 'tui' : 'both';
const python = process.env.PYTHON ?? 'python3';
const pudbPython = process.env.PUDB_PYTHON ?? '/usr/bin/python3';
const NDBG = join(root, 'bin', 'ndbg.js');

const work = mkdtempSync(join(tmpdir(), 'ndbg-startup-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
// A small program of the kind one debugs; the marker line tells "source on screen".
const SCRIPT = join(work, 'fib.py');
writeFileSync(SCRIPT, 'def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)  # marker\n\n\nfor i in range(10):\n    print(i, fib(i))\n');
const MARKER = 'fib(n - 1) + fib(n - 2)';
// PuDB shows a welcome dialog until its config says it was seen.
const xdg = join(work, 'config');
mkdirSync(join(xdg, 'pudb'), { recursive: true });
writeFileSync(join(xdg, 'pudb', 'pudb.cfg'), '[pudb]\nseen_welcome = z999\n');

const ndbg = (engine) => [process.execPath, [NDBG, '--engine', engine, '--python', python, SCRIPT]];
const LINE = {
  pdb: [python, ['-m', 'pdb', SCRIPT]],
  'ndbg python': ndbg('python'),
  'ndbg neural': ndbg('neural'),
};
const TUI = {
  pudb: [pudbPython, ['-m', 'pudb', SCRIPT]],
  'ndbg python': ndbg('python'),
  'ndbg neural': ndbg('neural'),
};

/** ms from spawn to the first "(Pdb) " prompt on stdout (line mode). */
function firstPrompt([exe, argv]) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(exe, argv, { cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let t;
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      if (t === undefined && out.endsWith('(Pdb) ')) {
        t = Number(process.hrtime.bigint() - t0) / 1e6;
        child.stdin.end('q\n');
      }
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (t === undefined ? reject(new Error(`${exe} ${argv.join(' ')}: no prompt (exit ${code}): ${out}${err}`)) : resolve(t)));
  });
}

// tmux: one server for the whole run, a window per start.
const TMUX = ['-L', `ndbg-bench-${process.pid}`, '-f', '/dev/null'];
const tmux = (...a) => execFileSync('tmux', [...TMUX, ...a], { encoding: 'utf8' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** ms from creating a tmux window running the debugger to the script's source on screen. */
async function firstScreen([exe, argv]) {
  const env = `XDG_CONFIG_HOME=${xdg} TERM=xterm-256color`;
  const cmd = `cd ${work} && env ${env} ${[exe, ...argv].map((a) => `'${a}'`).join(' ')}; sleep 60`;
  const t0 = process.hrtime.bigint();
  const pane = tmux('new-window', '-d', '-P', '-F', '#{pane_id}', cmd).trim();
  try {
    for (;;) {
      const screen = tmux('capture-pane', '-p', '-t', pane);
      if (screen.includes(MARKER)) return Number(process.hrtime.bigint() - t0) / 1e6;
      if (Number(process.hrtime.bigint() - t0) > 30e9) throw new Error(`${exe}: no source on screen after 30 s:\n${screen}`);
      await sleep(5);
    }
  } finally {
    tmux('kill-window', '-t', pane);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function compare(title, peers, measure, targets) {
  const names = Object.keys(peers);
  const t = Object.fromEntries(names.map((n) => [n, []]));
  await measure(peers[names[0]]); // warm the file cache for everyone
  for (const n of names.slice(1)) await measure(peers[n]);
  for (let i = 0; i < runs; i++) for (const n of names) t[n].push(await measure(peers[n]));
  const base = median(t[names[0]]);
  console.log(`${title}: ${runs} runs each, median`);
  console.log(`  ${names[0].padEnd(12)} ${base.toFixed(0).padStart(6)} ms`);
  for (const n of names.slice(1)) {
    const m = median(t[n]);
    const r = m / base;
    const target = targets[n];
    console.log(`  ${n.padEnd(12)} ${m.toFixed(0).padStart(6)} ms   ${r.toFixed(2)}x ${names[0]}  (target <= ${target}x: ${r <= target ? 'ok' : 'OVER'})`);
  }
}

const load = () => execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0];
console.log(`ndbg start-up benchmark; python: ${python}; load average ${load()}`);
if (only !== 'tui') await compare('line mode, first prompt', LINE, firstPrompt, { 'ndbg python': 1.3, 'ndbg neural': 2 });
if (only !== 'line') {
  tmux('new-session', '-d', '-x', '120', '-y', '40', '-s', 'bench', 'sleep 3600');
  try {
    await compare('TUI, first full screen (tmux 120x40)', TUI, firstScreen, { 'ndbg python': 2, 'ndbg neural': 2 });
  } finally {
    tmux('kill-server');
  }
}
console.log(`load average after: ${load()}`);
