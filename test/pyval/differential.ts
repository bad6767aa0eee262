// The differential harness: seeded random cases evaluated by pyval and by real
// CPython, compared repr for repr (and error line for error line), on every
// installed CPython 3.9-3.13. One python process per version evaluates a whole
// batch, so a file of a thousand cases costs one spawn per version.
//
// A case is an expression, optionally after statements that build its state
// (`x = [3, 1]; r = x.sort()` then `(r, x)`): the statements run in pyval's
// `!` mode (mutating methods allowed), the expression in `p` mode, exactly as
// a user would type them at the prompt.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { evaluate, execute, setHashSeed } from '../../src/pyval/index.js';

export interface Case {
  /** Statements run first (`;`-separated, one line), in a fresh module namespace. */
  setup?: string;
  expr: string;
}

export interface Python {
  minor: number;
  bin: string;
}

/**
 * The CPythons to compare against: pyenv's 3.9-3.13 where installed; without
 * pyenv, the python3 on PATH alone. A version that is not installed is simply
 * not in the list, so its checks are skipped, not failed.
 */
export function installedPythons(minors: readonly number[] = [9, 10, 11, 12, 13]): Python[] {
  const root = join(process.env.PYENV_ROOT ?? join(homedir(), '.pyenv'), 'versions');
  const found: Python[] = [];
  const dirs = existsSync(root) ? readdirSync(root) : [];
  for (const minor of minors) {
    const dir = dirs.filter((d) => d.startsWith(`3.${minor}.`)).sort()[0];
    const bin = dir && join(root, dir, 'bin', 'python3');
    if (bin && existsSync(bin)) found.push({ minor, bin });
  }
  if (found.length) return found;
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.version_info[1])'], { encoding: 'utf8' });
  const minor = Number(r.stdout.trim());
  return r.status === 0 && minors.includes(minor) ? [{ minor, bin: 'python3' }] : [];
}

const ORACLE = String.raw`
import json, sys, traceback
NS = {'nan': float('nan'), 'inf': float('inf')}
out = []
for case in json.load(sys.stdin):
    ns = dict(NS)
    try:
        if case.get('setup'):
            exec(compile(case['setup'], '<stdin>', 'exec'), ns)
        out.append(repr(eval(case['expr'], ns)))
    except BaseException as e:
        out.append('*** ' + traceback.format_exception_only(type(e), e)[-1].strip())
sys.stdout.write(json.dumps(out))
`;

/** What CPython prints for each case: the repr, or pdb's `*** Type: message` line. */
export function cpython(py: Python, cases: readonly Case[]): string[] {
  const r = spawnSync(py.bin, ['-c', ORACLE], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    env: { ...process.env, PYTHONHASHSEED: '0', PYTHONIOENCODING: 'utf-8' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${py.bin} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}

/** What pyval says for each case, following CPython 3.`minor`. */
export function pyval(cases: readonly Case[], minor: number): string[] {
  setHashSeed(0);
  try {
    return cases.map((c) => {
      let locals: Record<string, string> = {};
      if (c.setup) {
        const x = execute(c.setup, { locals: {} }, { pythonMinor: minor });
        if (!x.ok) return x.error ?? '*** (no error text)';
        locals = x.changes;
      }
      const r = evaluate(c.expr, { locals }, { pythonMinor: minor });
      return r.ok ? r.repr : r.error;
    });
  } finally {
    setHashSeed(null);
  }
}

/**
 * Every case on which pyval and CPython 3.`py.minor` disagree, as readable
 * lines (the first `max`). Cases pyval refuses count as disagreements too:
 * a differential test pins what is implemented, so it only generates those.
 * NDBG_DIFF_MAX=N in the environment lists more of them.
 */
export function disagreements(py: Python, cases: readonly Case[], max = Number(process.env.NDBG_DIFF_MAX ?? 25)): string[] {
  const want = cpython(py, cases);
  const got = pyval(cases, py.minor);
  const bad: string[] = [];
  cases.forEach((c, i) => {
    if (got[i] !== want[i] && bad.length < max) {
      const src = c.setup ? `${c.setup}; ${c.expr}` : c.expr;
      bad.push(`${src}\n    python 3.${py.minor}: ${want[i]}\n    ndbg:        ${got[i]}`);
    }
  });
  return bad;
}

/** A small seeded PRNG (mulberry32), so a failing case can be reproduced from its seed. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  list<T>(lo: number, hi: number, f: () => T): T[] {
    return Array.from({ length: this.int(lo, hi) }, f);
  }
}

/** Python source for a str literal (repr-style, always single-quoted where possible). */
export const pyStrLit = (s: string): string => JSON.stringify(s);
