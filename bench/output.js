#!/usr/bin/env node
// Benchmark: a program's output through ndbg (python engine, line mode) beside
// `python3 -m pdb`, in the same run (alternating, medians; the ratio is the
// result). The program prints 200,000 lines of 200 characters (40 MB); the
// debugger gets `c` then `q` on stdin, its stdout is a pipe this script reads
// to the end. Per peer: wall time from spawn to the end (exit, pipes closed),
// peak memory (each process's peak resident set, its own and its children's,
// summed), and whether ndbg's stdout is byte for byte pdb's.
// Target: ndbg <= 1.3x pdb's time.
//
// Both run the same interpreter binary, resolved once (`python3` may be a pyenv
// shim, whose own start would be added to both sides).
//
// Usage: node bench/output.js [runs (default 5)] [lines (default 200000)]

import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 5);
const lines = Number(process.argv[3] ?? 200000);
const python = execFileSync(process.env.PYTHON ?? 'python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
const NDBG = join(root, 'bin', 'ndbg'); // what `npx ndbg` runs: the launcher

const work = mkdtempSync(join(tmpdir(), 'ndbg-output-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const SCRIPT = join(work, 'loud.py');
writeFileSync(SCRIPT, `line = 'x' * 199\nfor i in range(${lines}):\n    print(line)\n`);

const peers = {
  pdb: [python, ['-m', 'pdb', SCRIPT]],
  'ndbg python': [NDBG, ['--engine', 'python', '--python', python, SCRIPT]],
};

/**
 * Peak resident set (kB) of each process of the tree under pid, by pid, merged
 * into `peaks`: the kernel's own high-water mark (VmHWM), so a sample every 50 ms
 * misses nothing but processes that start and end between two samples.
 */
function samplePeaks(pid, peaks) {
  for (const stack = [pid]; stack.length; ) {
    const p = stack.pop();
    try {
      const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      peaks.set(p, Math.max(peaks.get(p) ?? 0, kb));
      for (const t of readdirSync(`/proc/${p}/task`)) {
        stack.push(...readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
      }
    } catch {
      // gone
    }
  }
}

function once([exe, argv]) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(exe, argv, { cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end('c\nq\n');
    const hash = createHash('sha256');
    let bytes = 0;
    child.stdout.on('data', (d) => {
      bytes += d.length;
      hash.update(d);
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    const peaks = new Map();
    const sampler = setInterval(() => samplePeaks(child.pid, peaks), 50);
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      clearInterval(sampler);
      if (code !== 0) reject(new Error(`${exe} ${argv.join(' ')}: exit ${code}: ${err}`));
      else resolve({ ms, peakMB: [...peaks.values()].reduce((a, b) => a + b, 0) / 1024, bytes, digest: hash.digest('hex') });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

console.log(`ndbg output benchmark: ${lines} lines of 200 characters, 'c' and 'q' piped; python ${python}; load average ${load()}`);
const names = Object.keys(peers);
const got = Object.fromEntries(names.map((n) => [n, []]));
for (const n of names) await once(peers[n]); // warm-up
for (let i = 0; i < runs; i++) for (const n of names) got[n].push(await once(peers[n]));
const base = got.pdb;
const same = got['ndbg python'].every((r) => r.digest === base[0].digest && r.bytes === base[0].bytes);
console.log(`${runs} runs each, median`);
for (const n of names) {
  const ms = median(got[n].map((r) => r.ms));
  const mb = median(got[n].map((r) => r.peakMB));
  const ratio = ms / median(base.map((r) => r.ms));
  const verdict =
    n === 'pdb'
      ? ''
      : `   ${ratio.toFixed(2)}x time, ${(mb / median(base.map((r) => r.peakMB))).toFixed(2)}x memory  (target <= 1.3x time: ${ratio <= 1.3 ? 'ok' : 'OVER'})`;
  console.log(`  ${n.padEnd(12)} ${ms.toFixed(0).padStart(6)} ms  ${mb.toFixed(0).padStart(4)} MB peak${verdict}`);
}
console.log(`  stdout: ${base[0].bytes} bytes; ndbg's ${same ? 'identical to' : 'DIFFERS from'} pdb's`);
console.log(`load average after: ${load()}`);
