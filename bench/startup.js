#!/usr/bin/env node
// Benchmark: how fast ndbg starts as the user feels it, beside the debuggers it
// replaces, in the same run (peers alternate, A B C A B C; medians; the ratio,
// not the time, is the result: the machine may be shared and busy).
//
//   line mode (stdin and stdout pipes), against `python3 -m pdb`:
//     prompt   spawn -> "(Pdb) " read from stdout as it arrives, `q` piped
//              (python engine <= 1.3x, neural engine <= 2x)
//     whole    spawn -> exit with every pipe closed, `q` piped
//              (python engine <= 1.2x, neural engine <= 1.6x)
//     empty    the same with stdin empty (pdb quits at EOF): no target, shown
//              because it is what `ndbg script.py </dev/null` costs
//   TUI (in tmux, 120x40), against PuDB: window created -> the first full
//   screen: the script's source with the current line marked (<= 1.2x each).
//
// Every peer runs the same interpreter binary, resolved once: `python3` on PATH
// may be a pyenv shim (a bash script that costs more than pdb's own start), so
// the bench asks it for sys.executable and hands that path to pdb, PuDB's check
// and ndbg (--python). The TUI rows use the Python that has PuDB for all three.
//
// NODE_EXTRA_CA_CERTS, when set, makes every Node process read those
// certificates (and Node's own) as it starts, before any of its code runs: about
// 110 ms of CPU on the machine the targets were set on, a cost of that machine's
// network setup, not of ndbg, that a debugger never needs. The bench unsets it
// for every peer and says so; --keep-env keeps the environment as it is.
//
// Checked against outside timers: docs/benchmarks.md has the hyperfine and
// bench/prompt-timer.py runs this was compared with.
//
// Usage: node bench/startup.js [runs (default 9)] [--line | --tui] [--keep-env]
// Needs `npm run build`, python3, and for the TUI part tmux and PuDB
// (Debian: python3-pudb; PUDB_PYTHON names the Python that has it, default /usr/bin/python3).

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 9);
const only = args.includes('--line') ? 'line' : args.includes('--tui') ? 'tui' : 'both';
// What `npx ndbg` runs: the launcher, which starts Node (and for the python
// engine the bridge's Python beside it).
const NDBG = join(root, 'bin', 'ndbg');
const env = { ...process.env };
const unset = args.includes('--keep-env') ? [] : ['NODE_EXTRA_CA_CERTS'].filter((k) => env[k] !== undefined);
for (const k of unset) delete env[k];

/** The interpreter a command names, as a path: what it runs after any shim. */
const realPython = (cmd) => execFileSync(cmd, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
const python = realPython(process.env.PYTHON ?? 'python3');
const pudbPython = only === 'line' ? '' : realPython(process.env.PUDB_PYTHON ?? '/usr/bin/python3');

const work = mkdtempSync(join(tmpdir(), 'ndbg-startup-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
// The 12-line program users measured with; the marker tells "source on screen".
const SCRIPT = join(work, 'fib.py');
writeFileSync(
  SCRIPT,
  [
    'def fib(n):',
    '    return n if n < 2 else fib(n - 1) + fib(n - 2)  # marker',
    '',
    '',
    'def main():',
    '    total = 0',
    '    for i in range(10):',
    '        total += fib(i)',
    '        print(i, fib(i))',
    '    return total',
    '',
    'main()',
    '',
  ].join('\n'),
);
const MARKER = 'fib(n - 1) + fib(n - 2)';
// The current line (1) marked: PuDB "> def fib", ndbg "1 ▶ def fib".
const CURRENT = /^(> def fib\(n\):|\s*1 ▶ def fib\(n\):)/m;
// PuDB shows a welcome dialog until its config says it was seen.
const xdg = join(work, 'config');
mkdirSync(join(xdg, 'pudb'), { recursive: true });
writeFileSync(join(xdg, 'pudb', 'pudb.cfg'), '[pudb]\nseen_welcome = z999\n');

const ndbg = (engine, py) => [NDBG, ['--engine', engine, '--python', py, SCRIPT]];

/**
 * One start with `input` on stdin (written at once, then closed): ms from spawn
 * to the first "(Pdb) " on stdout, and to the process's end (exit and every
 * pipe closed: what a shell waiting on a pipeline waits for).
 */
function lineRun([exe, argv], input) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - t0) / 1e6;
    const child = spawn(exe, argv, { cwd: work, env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.on('error', () => {}); // it may quit before reading
    child.stdin.end(input);
    let out = '';
    let prompt;
    child.stdout.setEncoding('utf8').on('data', (d) => {
      if (prompt !== undefined) return;
      out += d;
      if (out.includes('(Pdb) ')) prompt = ms();
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const whole = ms();
      if (prompt === undefined || code !== 0) reject(new Error(`${exe} ${argv.join(' ')}: exit ${code}, prompt ${prompt}: ${out}${err}`));
      else resolve({ prompt, whole });
    });
  });
}

/**
 * A tmux server in control mode (tmux -C): one client for the whole run that
 * reports each pane's output as it arrives (%output) and answers commands in
 * %begin/%end blocks. No polling: the screen is captured when the pane wrote.
 */
function controlTmux() {
  const sock = `ndbg-bench-${process.pid}`;
  const c = spawn('tmux', ['-L', sock, '-f', '/dev/null', '-C', 'new-session', '-x', '120', '-y', '40', '-s', 'bench', 'sleep 3600'], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = []; // command callbacks, in order
  const listeners = new Set(); // (paneId) => void on %output
  let block; // lines of the %begin block being read
  let buf = '';
  c.stdout.setEncoding('utf8').on('data', (d) => {
    buf += d;
    for (let i; (i = buf.indexOf('\n')) >= 0; ) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (block) {
        if (/^%(end|error) /.test(line)) {
          const lines = block;
          block = undefined;
          // The first block answers the session's own start, not a command.
          if (started) waiting.shift()?.(lines, line.startsWith('%error'));
          else started = true;
        } else block.push(line);
      } else if (line.startsWith('%begin ')) block = [];
      else if (line.startsWith('%output ')) for (const l of listeners) l(line.split(' ', 2)[1]);
    }
  });
  let started = false;
  const command = (cmd) =>
    new Promise((resolve, reject) => {
      waiting.push((lines, failed) => (failed ? reject(new Error(`tmux ${cmd}: ${lines.join('\n')}`)) : resolve(lines)));
      c.stdin.write(`${cmd}\n`);
    });
  return {
    command,
    listeners,
    // The control client's own size decides the windows' size.
    ready: command('refresh-client -C 120x40'),
    close: () => {
      c.stdin.end();
      execFileSync('tmux', ['-L', sock, 'kill-server']);
    },
  };
}

const quote = (a) => `'${a.replaceAll("'", "'\\''")}'`;

/** ms from creating a tmux window running the debugger to its first full screen. */
async function firstScreen(tmux, [exe, argv]) {
  const cmd = `cd ${quote(work)} && exec env XDG_CONFIG_HOME=${quote(xdg)} TERM=xterm-256color ${[exe, ...argv].map(quote).join(' ')}`;
  let pane;
  let lastOutput;
  let capturing = false;
  let dirty = false;
  let done;
  const finished = new Promise((r) => (done = r));
  const capture = async () => {
    if (capturing) return void (dirty = true);
    capturing = true;
    const at = lastOutput;
    const screen = (await tmux.command(`capture-pane -p -t ${pane}`)).join('\n');
    capturing = false;
    if (screen.includes(MARKER) && CURRENT.test(screen)) done(at);
    else if (dirty) {
      dirty = false;
      void capture();
    }
  };
  const early = [];
  const listener = (id) => {
    const t = Number(process.hrtime.bigint() - t0) / 1e6;
    if (pane === undefined) return void early.push([id, t]);
    if (id !== pane) return;
    lastOutput = t;
    void capture();
  };
  tmux.listeners.add(listener);
  const t0 = process.hrtime.bigint();
  pane = (await tmux.command(`new-window -d -P -F '#{pane_id}' ${quote(cmd)}`))[0].trim();
  for (const [id, t] of early) {
    if (id !== pane) continue;
    lastOutput = t;
    void capture();
  }
  const timeout = setTimeout(() => done(undefined), 30000);
  const t = await finished;
  clearTimeout(timeout);
  tmux.listeners.delete(listener);
  await tmux.command(`kill-pane -t ${pane}`);
  if (t === undefined) throw new Error(`${exe}: no full screen after 30 s`);
  return t;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(0).padStart(6)} ms`;

/** Runs every peer once per round (warm-up round first); returns samples[name][metric]. */
async function rounds(peers, measure) {
  const names = Object.keys(peers);
  const samples = Object.fromEntries(names.map((n) => [n, {}]));
  for (const n of names) await measure(peers[n]); // warm the file and compile caches
  for (let i = 0; i < runs; i++) {
    for (const n of names) {
      const r = await measure(peers[n]);
      for (const [k, v] of Object.entries(r)) (samples[n][k] ??= []).push(v);
    }
  }
  return samples;
}

function table(title, samples, metrics, targets) {
  const names = Object.keys(samples);
  const base = names[0];
  console.log(`${title}: ${runs} runs each, median; ratio to ${base}`);
  for (const [metric, label] of metrics) {
    const b = median(samples[base][metric]);
    console.log(`  ${label}`);
    console.log(`    ${base.padEnd(12)} ${fmt(b)}`);
    for (const n of names.slice(1)) {
      const m = median(samples[n][metric]);
      const r = m / b;
      const target = targets[metric]?.[n];
      const verdict = target === undefined ? '' : `  (target <= ${target}x: ${r <= target ? 'ok' : 'OVER'})`;
      console.log(`    ${n.padEnd(12)} ${fmt(m)}   ${r.toFixed(2)}x${verdict}`);
    }
  }
}

const load = () => execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0];
console.log(`ndbg start-up benchmark; node ${process.version}; python ${python}; load average ${load()}`);
if (unset.length) console.log(`unset for every peer: ${unset.join(', ')} (--keep-env keeps it)`);

if (only !== 'tui') {
  const peers = { pdb: [python, ['-m', 'pdb', SCRIPT]], 'ndbg python': ndbg('python', python), 'ndbg neural': ndbg('neural', python) };
  const samples = await rounds(peers, async (p) => {
    const q = await lineRun(p, 'q\n');
    const empty = await lineRun(p, '');
    return { prompt: q.prompt, whole: q.whole, empty: empty.whole };
  });
  table(
    'line mode',
    samples,
    [
      ['prompt', "first prompt, 'q' piped"],
      ['whole', "whole process, 'q' piped"],
      ['empty', 'whole process, stdin empty'],
    ],
    {
      prompt: { 'ndbg python': 1.3, 'ndbg neural': 2 },
      whole: { 'ndbg python': 1.2, 'ndbg neural': 1.6 },
    },
  );
}
if (only !== 'line') {
  const tmux = controlTmux();
  try {
    await tmux.ready;
    const peers = {
      pudb: [pudbPython, ['-m', 'pudb', SCRIPT]],
      'ndbg python': ndbg('python', pudbPython),
      'ndbg neural': ndbg('neural', pudbPython),
    };
    const samples = await rounds(peers, async (p) => ({ screen: await firstScreen(tmux, p) }));
    table('TUI (tmux 120x40)', samples, [['screen', 'first full screen']], { screen: { 'ndbg python': 1.2, 'ndbg neural': 1.2 } });
  } finally {
    tmux.close();
  }
}
console.log(`load average after: ${load()}`);
