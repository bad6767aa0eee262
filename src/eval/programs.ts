// `ndbg eval traces --programs DIR` (or `--set handwritten|long`): the evaluation
// sets of programs written by people (evalsets/), traced now into a temporary data
// set with the checkout's Python tools (python -m ndbg.data build --programs-dir,
// the model's own tokenizer), then measured like any held-out split. The tracer is
// not part of the package: this works in a checkout of ndbg. A set listed in
// evalsets/derived.json is not committed: its script makes it from another set when
// it is first needed (into data/evalsets/NAME) and checks the digest recorded there.

import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UserError } from '../engine/errors.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface Derived {
  from: string;
  script: string;
  sha256: string;
}

/** The sets made from others when needed: evalsets/derived.json. */
function derivedSets(): Record<string, Derived> {
  const file = join(ROOT, 'evalsets', 'derived.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Derived>) : {};
}

/** The named sets: directories under evalsets/ (each of .py programs) and the derived ones. */
export function namedSets(): string[] {
  const dir = join(ROOT, 'evalsets');
  if (!existsSync(dir)) return [];
  const dirs = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return [...new Set([...dirs, ...Object.keys(derivedSets())])].sort();
}

/** Where a derived set is made (ignored by git, like every other data set). */
function derivedDir(name: string): string {
  return join(ROOT, 'data', 'evalsets', name);
}

/** Why a Python tool failed: the spawn's error, else its last line of output. */
function failure(r: SpawnSyncReturns<string>): string {
  return r.error ? r.error.message : ((r.stderr || r.stdout).trim().split('\n').pop() ?? `exit ${r.status}`);
}

/** Makes a derived set with its script, which checks the recorded digest. */
function derive(name: string, spec: Derived, python: string): void {
  const r = spawnSync(python, [join(ROOT, spec.script), '--out', derivedDir(name)], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    const why = failure(r);
    throw new UserError(`ndbg eval: making the evaluation set '${name}' from '${spec.from}' failed: ${why}`, 1);
  }
}

export function setDir(name: string): string {
  const sets = namedSets();
  if (!sets.includes(name)) {
    throw new UserError(
      `ndbg eval: no evaluation set '${name}'${sets.length ? ` (there are: ${sets.join(', ')})` : ' (evalsets/ is in a checkout of ndbg only)'}`,
      2,
    );
  }
  return name in derivedSets() ? derivedDir(name) : join(ROOT, 'evalsets', name);
}

/** Traces the programs of `dir` into a temporary data set (its test split); returns the set's directory and a cleanup. */
export function traceProgramsDir(dir: string, tokenizer: string, python: string): { data: string; cleanup: () => void } {
  if (!existsSync(join(ROOT, 'python', 'ndbg', 'learn', 'data.py'))) {
    throw new UserError('ndbg eval: --programs needs the tracer, which is in a checkout of ndbg, not in the package', 1);
  }
  for (const [name, spec] of Object.entries(derivedSets())) {
    if (resolve(dir) === derivedDir(name)) derive(name, spec, python); // made fresh, digest checked
  }
  if (!existsSync(dir)) throw new UserError(`ndbg eval: --programs ${dir}: no such directory`, 2);
  const out = mkdtempSync(join(tmpdir(), 'ndbg-evalset-'));
  const cleanup = () => rmSync(out, { recursive: true, force: true });
  const r = spawnSync(python, ['-m', 'ndbg.data', 'build', '--programs-dir', resolve(dir), '--split-all', 'test', '--out', out, '--tokenizer', tokenizer], {
    cwd: join(ROOT, 'python'),
    env: { ...process.env, PYTHONPATH: join(ROOT, 'python') },
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    cleanup();
    const why = failure(r);
    const hint = /numpy/.test(why)
      ? " (the tracer writes numpy arrays: use a Python that has numpy, e.g. --python /usr/bin/python3 with Debian's python3-numpy)"
      : '';
    throw new UserError(`ndbg eval: tracing the programs of ${dir} failed: ${why}${hint}`, 1);
  }
  return { data: out, cleanup };
}
