// Facts about the local CPython's pdb that its transcripts contain: where bdb's
// and pdb's own frames are (`w` shows `bdb.py(600)run()`), and pdb's help texts.
// Asked once from python/ndbg/analysis/pdbfacts.py, which imports only pdb: the
// user's script is not read, imported or run by it. bin/ndbg.js asks them of the
// Python process that analyses the script (seedPdbFacts), saving a start-up.

import { spawn, type ChildProcessByStdio } from 'node:child_process';
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
    p = probe(python);
    cache.set(python, p);
  }
  return p;
}

/**
 * The facts for `python` will come from `facts` (another process that ran pdbfacts.py);
 * when it brings none, pdbFacts asks Python itself.
 */
export function seedPdbFacts(python: string, facts: Promise<unknown>): void {
  if (cache.has(python)) return;
  cache.set(
    python,
    facts.then(
      (f) => (isFacts(f) ? f : probe(python)),
      () => probe(python),
    ),
  );
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
