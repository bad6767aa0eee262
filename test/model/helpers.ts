// Test models: random weights exported through the real export path
// (test/model/make_model.py), cached under the OS temp dir by a hash of the script and
// its arguments. Tests that need one skip, saying why, where torch is not installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(import.meta.dirname, 'make_model.py');
const ROOT = join(import.meta.dirname, '..', '..');

export function testPython(): string {
  if (process.env.NDBG_TEST_PYTHON) return process.env.NDBG_TEST_PYTHON;
  return existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

/** The minor version of testPython() (3.x), whose traces the computed-step tests compare with. */
export function testPythonMinor(): number {
  return Number(spawnSync(testPython(), ['-c', 'import sys; print(sys.version_info[1])'], { encoding: 'utf8' }).stdout.trim());
}

let torchChecked: string | null | undefined;

/** null when torch can be imported, else the reason it cannot. */
export function torchMissing(): string | null {
  if (torchChecked !== undefined) return torchChecked;
  const r = spawnSync(testPython(), ['-c', 'import torch, onnx'], { encoding: 'utf8' });
  torchChecked =
    r.status === 0
      ? null
      : `torch and onnx are needed to build a test model (${testPython()}: ${(r.stderr || r.error?.message || '').trim().split('\n').pop()})`;
  return torchChecked;
}

/** A model directory built by make_model.py with `args` (cached), or a reason to skip. */
export function testModel(args: string[] = []): { dir: string } | { skip: string } {
  const why = torchMissing();
  if (why) return { skip: why };
  const hash = createHash('sha256')
    .update(readFileSync(SCRIPT))
    .update(readFileSync(join(ROOT, 'python', 'ndbg', 'learn', 'export.py')))
    .update(readFileSync(join(ROOT, 'python', 'ndbg', 'learn', 'model.py')))
    .update(JSON.stringify(args))
    .digest('hex')
    .slice(0, 16);
  const root = join(tmpdir(), 'ndbg-test-models');
  const dir = join(root, hash);
  if (existsSync(join(dir, 'config.json'))) return { dir };
  mkdirSync(root, { recursive: true });
  const tmp = join(root, `${hash}.tmp-${process.pid}-${Date.now()}`);
  const r = spawnSync(testPython(), [SCRIPT, '--out', tmp, ...args], { encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`make_model.py failed: ${r.stderr}`);
  }
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another worker won the race
  }
  return { dir };
}
