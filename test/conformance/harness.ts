// pdb conformance from CPython's own tests: each installed Python 3.9-3.13's
// Lib/test/test_pdb.py is converted (convert.py, run by that interpreter)
// into command-line sessions; each session runs under `python3.X -m pdb`
// twice (the harness must be deterministic: pdb against itself) and under
// `ndbg --python python3.X --engine python`, and the transcripts (stdout,
// stderr, exit status, as bytes) are compared.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const NDBG = join(ROOT, 'bin', 'ndbg.js');
const CONVERT = join(import.meta.dirname, 'convert.py');

export const MINORS = [9, 10, 11, 12, 13];

export interface Case {
  id: string;
  files: Record<string, string>; // path -> base64
  dirs: string[];
  args: string[];
  commands: string;
  code: number | null;
}

export interface Conversion {
  version: string;
  source: string;
  cases: Case[];
  skips: Array<{ id: string; reason: string }>;
}

export interface Transcript {
  stdout: Buffer;
  stderr: Buffer;
  code: number | null;
}

function works(python: string): boolean {
  try {
    execFileSync(python, ['-c', 'pass'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** The interpreter for 3.minor: python3.M on PATH if it runs, else pyenv's. */
export function findPython(minor: number): string | undefined {
  const env = process.env[`NDBG_CONFORMANCE_PY3${minor}`];
  if (env) return env;
  const name = `python3.${minor}`;
  const versions = join(process.env.PYENV_ROOT ?? join(homedir(), '.pyenv'), 'versions');
  const candidates: string[] = [];
  if (existsSync(versions)) {
    for (const v of readdirSync(versions).sort().reverse()) if (v.startsWith(`3.${minor}.`)) candidates.push(join(versions, v, 'bin', name));
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && !dir.includes('.pyenv/shims')) candidates.push(join(dir, name));
  return candidates.find((c) => existsSync(c) && works(c));
}

export function convert(python: string, randomStreams: number, seed: number): Conversion {
  const out = execFileSync(python, [CONVERT, '--random', String(randomStreams), '--seed', String(seed)], {
    maxBuffer: 64 << 20,
    encoding: 'utf8',
  });
  return JSON.parse(out) as Conversion;
}

/** A fresh directory with the case's files; again (same path) for each run: a session may change them. */
export function caseDir(version: string, c: Case, again?: string): string {
  const dir = again ?? mkdtempSync(join(tmpdir(), `ndbg-conf-${version}-`));
  if (again) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
  }
  for (const d of c.dirs) mkdirSync(join(dir, d), { recursive: true });
  for (const [p, b64] of Object.entries(c.files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), Buffer.from(b64, 'base64'));
  }
  return dir;
}

export function run(cmd: string, args: string[], cwd: string, stdin: string, timeoutMs = 30_000): Promise<Transcript> {
  return new Promise((resolvePromise, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PYTHONIOENCODING: 'utf-8' }; // as test_pdb runs pdb
    delete env.PYTHONSAFEPATH;
    delete env.PYTHONSTARTUP;
    const child = spawn(cmd, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ stdout: Buffer.concat(out), stderr: Buffer.concat(err), code });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

export function runPdb(python: string, c: Case, dir: string): Promise<Transcript> {
  return run(python, ['-m', 'pdb', ...c.args], dir, c.commands);
}

export function runNdbg(python: string, c: Case, dir: string): Promise<Transcript> {
  return run(process.execPath, [NDBG, '--engine', 'python', '--python', python, ...c.args], dir, c.commands);
}

/**
 * A transcript as text for comparison: bytes kept as they are (latin-1
 * view), object addresses (0x7f...) masked, since they differ from run to run
 * even between two runs of pdb.
 */
export function comparable(t: Transcript): { stdout: string; stderr: string; code: number | null } {
  const mask = (b: Buffer) => b.toString('latin1').replace(/0x[0-9a-f]{6,}/g, '0x?');
  return { stdout: mask(t.stdout), stderr: mask(t.stderr), code: t.code };
}

export interface ExpectedFailures {
  /** version "3.X" or "*" -> case id -> reason */
  [version: string]: Record<string, string>;
}

export function expectedFailures(): ExpectedFailures {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'expected-failures.json'), 'utf8')) as ExpectedFailures;
}
