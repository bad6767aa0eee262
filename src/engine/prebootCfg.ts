// The neural engine's analysis of the script, started by bin/ndbg before Node (a
// "preboot", as the python engine's bridge is: prebootBridge.ts). The first stop
// of a neural session waits for that analysis (python/ndbg/analysis/cfg.py), a
// Python process of about 50 ms; started by the launcher, it runs while Node
// starts instead of after Node has loaded ndbg's code.
//
// The launcher runs `PYTHON -S -m ndbg.analysis.cfg SCRIPT --target T` from ndbg's
// python/ folder, its output to a file only this user can read, and hands Node
// NDBG_CFG_PID, NDBG_CFG_OUT, NDBG_CFG_SCRIPT, NDBG_CFG_PYTHON and
// NDBG_CFG_TARGET. Node takes it when it analysed what Node would have: the same
// script argument, interpreter and target, the script's bytes the UTF-8 of the text
// Node read, and pdb's facts already kept for that interpreter (probe.ts; the
// launcher does not ask for them). Otherwise, or when it fails, Node runs the
// analysis itself as it does without a preboot (cfg.ts, startCfg).

import { readFileSync, statSync, unlinkSync } from 'node:fs';
import { DEFAULT_CFG_TARGET, seedCfg, spawnCfg } from '../model/format/cfg.js';
import { ownChild, procStatus } from './prebootBridge.js';

export interface CfgPreboot {
  pid: number;
  out: string;
  script: string;
  python: string;
  target: string;
}

const VARS = ['NDBG_CFG_PID', 'NDBG_CFG_OUT', 'NDBG_CFG_SCRIPT', 'NDBG_CFG_PYTHON', 'NDBG_CFG_TARGET'];

/** The preboot bin/ndbg started, if any; its variables leave the environment (the program never sees them). */
export function takeCfgPreboot(env: NodeJS.ProcessEnv = process.env): CfgPreboot | undefined {
  const [pid, out, script, python, target] = VARS.map((k) => env[k]);
  for (const k of VARS) delete env[k];
  const n = Number(pid);
  if (!Number.isInteger(n) || n <= 0 || !out || !script || !python || !target || !ownChild(n)) return undefined;
  return { pid: n, out, script, python, target };
}

/** The output file, when it is this user's (the launcher ran nothing where another's was in the way). */
function ours(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.uid === process.getuid?.();
}

function remove(path: string): void {
  try {
    if (ours(path)) unlinkSync(path);
  } catch {
    // gone
  }
}

/** Stop it and remove its output: the session does without. */
export function discardCfgPreboot(p: CfgPreboot): void {
  try {
    process.kill(p.pid, 'SIGKILL');
  } catch {
    // already ended
  }
  remove(p.out);
}

/**
 * Hand the preboot's analysis to the session (cfg.ts's early analyses) when it is
 * the one the session would run for the script `target` (its bytes, and its text
 * as Node decoded them); true if taken. The caller discards it otherwise.
 */
export function adoptCfgPreboot(
  p: CfgPreboot,
  target: string,
  python: string | undefined,
  script: { text: string; bytes: Buffer },
  factsWanted: boolean,
): boolean {
  if (factsWanted || p.script !== target || p.python !== (python ?? 'python3') || p.target !== DEFAULT_CFG_TARGET) return false;
  const source = script.text;
  if (!script.bytes.equals(Buffer.from(source, 'utf8'))) return false; // not what Node would have given it
  const opts = { python, target: DEFAULT_CFG_TARGET };
  seedCfg(
    source,
    opts,
    output(p).catch(() => spawnCfg(source, opts)),
  );
  return true;
}

const POLL_MS = 2;
const TIMEOUT_MS = 30_000;

/**
 * Its output once it has ended. It is this process's child but not Node's, so
 * its end is seen in /proc (polled; it stays there until this process ends).
 */
function output(p: CfgPreboot): Promise<unknown> {
  const deadline = Date.now() + TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const check = () => {
      const s = procStatus(p.pid);
      if (s && s.state !== 'Z' && s.state !== 'X') {
        if (Date.now() < deadline) return void setTimeout(check, POLL_MS);
        discardCfgPreboot(p);
        return reject(new Error('the analysis took too long'));
      }
      let text = '';
      try {
        if (ours(p.out)) text = readFileSync(p.out, 'utf8');
      } catch {
        // reported below
      }
      remove(p.out);
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new Error(`the analysis failed (wait status ${s?.status ?? '?'})`));
      }
    };
    check();
  });
}
