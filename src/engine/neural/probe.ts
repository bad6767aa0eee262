// Facts about the local CPython's pdb that its transcripts contain: where bdb's
// and pdb's own frames are (`w` shows `bdb.py(600)run()`), and pdb's help texts.
// Asked once from python/ndbg/analysis/pdbfacts.py, which imports only pdb: the
// user's script is not read, imported or run by it. bin/ndbg.js asks them of the
// Python process that analyses the script (seedPdbFacts), saving a start-up.
// They are a function of the interpreter and its pdb, so they are kept between
// runs (factsCacheDir): asking pdb for its help texts costs that process 70 ms
// of CPU (importing pdb and pydoc, every `help`), on the way to the first prompt.

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, readSync, closeSync, realpathSync, renameSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Readable } from 'node:stream';
import { analysisScript } from '../bridgePath.js';
import { resolvePython } from '../../meta/pythonCommand.js';

export interface PdbFacts {
  python: string;
  bdbFile: string;
  pdbFile: string;
  /** [line, source] of `exec(cmd, globals, locals)` in Bdb.run. */
  bdbRun: [number, string];
  /** [line, source] of `self.quitting = True` in Bdb.run (pdb stops there after `s` past the end). */
  bdbQuit: [number, string];
  /** [line, source] of `except BdbQuit:` in Bdb.run (an exception leaving the program passes it). */
  bdbExcept: [number, string];
  /** [line, source] of `pdb._run(target)` in pdb.main. */
  pdbMain: [number, string];
  /** [line, source] of `self.run(target.code)` in Pdb._run. */
  pdbRun: [number, string];
  /** `help` with no argument. */
  helpIndex: string;
  /** `help NAME` for every command and topic pdb documents. */
  help: Record<string, string>;
}

/** Stand-ins when no Python can be asked (the transcript then differs from pdb's in `w` and `h`). */
export const FALLBACK_FACTS: PdbFacts = {
  python: 'unknown',
  bdbFile: '<bdb>',
  pdbFile: '<pdb>',
  bdbRun: [0, 'exec(cmd, globals, locals)'],
  bdbQuit: [0, 'self.quitting = True'],
  bdbExcept: [0, 'except BdbQuit:'],
  pdbMain: [0, 'pdb._run(target)'],
  pdbRun: [0, 'self.run(target.code)'],
  helpIndex: '',
  help: {},
};

const cache = new Map<string, Promise<PdbFacts>>();

/** pdb's facts for interpreter `python` (cached per interpreter; never rejects). */
export function pdbFacts(python = 'python3'): Promise<PdbFacts> {
  let p = cache.get(python);
  if (!p) {
    const kept = readKept(python);
    p = kept ? Promise.resolve(kept) : probe(python).then((f) => keep(python, f));
    cache.set(python, p);
  }
  return p;
}

/**
 * Whether the facts for `python` still have to be asked of it: false when this
 * process has them or is getting them, or they were kept by an earlier run (then
 * pdbFacts answers from there).
 */
export function factsWanted(python = 'python3'): boolean {
  if (cache.has(python)) return false;
  const kept = readKept(python);
  if (!kept) return true;
  cache.set(python, Promise.resolve(kept));
  return false;
}

/**
 * The facts for `python` will come from `facts` (another process that ran pdbfacts.py);
 * when it brings none, pdbFacts asks Python itself.
 */
export function seedPdbFacts(python: string, facts: Promise<unknown>): void {
  if (cache.has(python)) return;
  cache.set(
    python,
    facts
      .then(
        (f) => (isFacts(f) ? f : probe(python)),
        () => probe(python),
      )
      .then((f) => keep(python, f)),
  );
}

/**
 * Where the facts are kept between runs: $XDG_CACHE_HOME/ndbg/pdbfacts (default
 * ~/.cache/ndbg/pdbfacts); NDBG_PDBFACTS_CACHE names another folder, or `off`.
 */
export function factsCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NDBG_PDBFACTS_CACHE === 'off') return null;
  if (env.NDBG_PDBFACTS_CACHE) return env.NDBG_PDBFACTS_CACHE;
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'ndbg', 'pdbfacts');
}

interface Kept {
  /** The interpreter's binary, bdb.py and pdb.py: [path, size, mtime] when the facts were asked. */
  stamps: Array<[string, number, number]>;
  facts: PdbFacts;
}

/**
 * The interpreter binary `python` runs, or undefined where that is not certain:
 * a script (a pyenv shim for the `system` version, a wrapper) may run another
 * interpreter from one directory to the next.
 */
function interpreterFile(python: string): string | undefined {
  const cmd = resolvePython(python).command;
  let path: string | undefined;
  if (isAbsolute(cmd) || cmd.includes('/')) path = cmd;
  else {
    for (const dir of (process.env.PATH ?? '').split(delimiter)) {
      if (!dir) continue;
      const p = join(dir, cmd);
      if (statSync(p, { throwIfNoEntry: false })?.isFile()) {
        path = p;
        break;
      }
    }
  }
  if (!path) return undefined;
  try {
    const real = realpathSync(path);
    const head = Buffer.alloc(2);
    const fd = openSync(real, 'r');
    try {
      readSync(fd, head, 0, 2, 0);
    } finally {
      closeSync(fd);
    }
    return head.toString('latin1') === '#!' ? undefined : real;
  } catch {
    return undefined;
  }
}

function stamp(path: string): [string, number, number] | undefined {
  const st = statSync(path, { throwIfNoEntry: false });
  return st?.isFile() ? [path, st.size, st.mtimeMs] : undefined;
}

function keptFile(python: string): { file: string; interpreter: string } | undefined {
  const dir = factsCacheDir();
  const interpreter = dir ? interpreterFile(python) : undefined;
  if (!dir || !interpreter) return undefined;
  return { file: join(dir, `${createHash('sha256').update(interpreter).digest('hex').slice(0, 24)}.json`), interpreter };
}

/** The facts an earlier run kept for `python`, if its interpreter, bdb.py and pdb.py are the same files still. */
function readKept(python: string): PdbFacts | undefined {
  try {
    const where = keptFile(python);
    if (!where) return undefined;
    const k = JSON.parse(readFileSync(where.file, 'utf8')) as Kept;
    if (!isFacts(k.facts) || !Array.isArray(k.stamps) || k.stamps[0]?.[0] !== where.interpreter) return undefined;
    const now = [where.interpreter, k.facts.bdbFile, k.facts.pdbFile].map(stamp);
    return JSON.stringify(now) === JSON.stringify(k.stamps) ? k.facts : undefined;
  } catch {
    return undefined;
  }
}

/** Keep facts asked of `python` for later runs (a cache that cannot be written only costs the time it would save). */
function keep(python: string, facts: PdbFacts): PdbFacts {
  if (facts === FALLBACK_FACTS) return facts;
  try {
    const where = keptFile(python);
    if (!where) return facts;
    const stamps = [where.interpreter, facts.bdbFile, facts.pdbFile].map(stamp);
    if (stamps.some((s) => s === undefined)) return facts; // nothing to check the facts against later
    mkdirSync(join(where.file, '..'), { recursive: true });
    const tmp = `${where.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ stamps: stamps as Kept['stamps'], facts } satisfies Kept));
    try {
      renameSync(tmp, where.file);
    } catch {
      rmSync(tmp, { force: true });
    }
  } catch {
    // not kept
  }
  return facts;
}

function isFacts(f: unknown): f is PdbFacts {
  const x = f as Partial<PdbFacts> | undefined;
  return typeof x?.bdbFile === 'string' && Array.isArray(x.bdbRun) && typeof x.help === 'object' && x.help !== null;
}

function probe(python: string): Promise<PdbFacts> {
  return new Promise<PdbFacts>((resolve) => {
    let text = '';
    let child: ChildProcessByStdio<null, Readable, null>;
    try {
      const py = resolvePython(python);
      child = spawn(py.command, ['-I', '-S', analysisScript('pdbfacts.py')], {
        env: { ...process.env, ...py.env },
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 20_000,
      });
    } catch {
      resolve(FALLBACK_FACTS);
      return;
    }
    child.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
    child.on('error', () => resolve(FALLBACK_FACTS));
    child.on('close', () => {
      try {
        const f = JSON.parse(text) as unknown;
        resolve(isFacts(f) ? f : FALLBACK_FACTS);
      } catch {
        resolve(FALLBACK_FACTS);
      }
    });
  });
}
