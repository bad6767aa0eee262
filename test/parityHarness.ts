// Runs a fixture (fixtures/NAME.py + NAME.cmds [+ NAME.args]) under
// `python3 -m pdb` and under ndbg's line mode, with the same stdin, cwd and
// interpreter, and returns both transcripts (stdout, stderr, exit status).

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const FIXTURES = join(ROOT, 'fixtures');
export const NDBG = join(ROOT, 'bin', 'ndbg.js');
export const PYTHON = process.env.NDBG_TEST_PYTHON ?? 'python3';

export interface Transcript {
  stdout: string;
  stderr: string;
  code: number | null;
}

interface ArgsFile {
  pdb?: string[];
  module?: string;
  script?: string[];
}

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.cmds'))
    .map((f) => f.slice(0, -'.cmds'.length))
    .sort();
}

export function fixtureArgv(name: string): { pdb: string[]; target: string[] } {
  const argsPath = join(FIXTURES, `${name}.args`);
  let a: ArgsFile = {};
  if (existsSync(argsPath)) {
    const parsed = JSON.parse(readFileSync(argsPath, 'utf8')) as ArgsFile | string[];
    a = Array.isArray(parsed) ? { script: parsed } : parsed;
  }
  const opts = (a.pdb ?? []).filter((x) => x !== '-m');
  const target = a.module ? ['-m', a.module, ...(a.script ?? [])] : [`fixtures/${name}.py`, ...(a.script ?? [])];
  return { pdb: opts, target };
}

export function runProcess(cmd: string, args: string[], stdin: string, timeoutMs = 30_000): Promise<Transcript> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ stdout, stderr, code });
    });
    child.stdin.on('error', () => {}); // the debugger may quit before reading it all
    child.stdin.end(stdin);
  });
}

export async function runBoth(name: string): Promise<{ pdb: Transcript; ndbg: Transcript }> {
  const stdin = readFileSync(join(FIXTURES, `${name}.cmds`), 'utf8');
  const { pdb, target } = fixtureArgv(name);
  const [a, b] = await Promise.all([
    runProcess(PYTHON, ['-m', 'pdb', ...pdb, ...target], stdin),
    runProcess(process.execPath, [NDBG, '--engine', 'python', '--python', PYTHON, ...pdb, ...target], stdin),
  ]);
  return { pdb: a, ndbg: b };
}
