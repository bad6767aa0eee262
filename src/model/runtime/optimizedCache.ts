// ONNX Runtime's optimized graph of a model, kept between runs so that a session
// opens sooner.
//
// Creating a session optimizes the graph first (fusions, constant folding, layout):
// about 60 of the 160 ms a CPU session of the shipped model took to open here. ORT can
// write the optimized graph out, and a session opened on that file with optimization
// off runs the same graph. The optimized graph may use kernels picked for this CPU
// and this ORT build, so the file is named for the model file (path, size, mtime),
// the onnxruntime-node version, the CPU and the optimization level; anything else
// is a new file. Stored under $XDG_CACHE_HOME/ndbg/ort (default ~/.cache/ndbg/ort,
// NDBG_ORT_CACHE overrides, NDBG_ORT_CACHE=off turns it off). A cache that cannot be
// written or read costs only the time it would have saved: the caller falls back to
// the model itself.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { arch, cpus, homedir } from 'node:os';
import { join } from 'node:path';

/** Files kept per directory; older ones go (a new model or ORT version each leaves one). */
const KEEP = 8;

export function ortCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NDBG_ORT_CACHE === 'off') return null;
  if (env.NDBG_ORT_CACHE) return env.NDBG_ORT_CACHE;
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'ndbg', 'ort');
}

export interface CachedGraph {
  /** Open this with graph optimization disabled when it exists. */
  path: string;
  exists: boolean;
  /** Where ORT should write the optimized graph (then `commit()` moves it into place). */
  scratch: string;
  commit(): void;
}

/** The cache entry for `modelPath` optimized at `level` by onnxruntime-node `ortVersion`, or null (no cache). */
export function cachedGraph(modelPath: string, level: string, ortVersion: string, dir = ortCacheDir()): CachedGraph | null {
  if (!dir) return null;
  let key: string;
  try {
    const st = statSync(modelPath);
    const cpu = cpus()[0]?.model ?? 'cpu';
    key = createHash('sha256')
      .update(JSON.stringify([modelPath, st.size, st.mtimeMs, ortVersion, arch(), cpu, level]))
      .digest('hex')
      .slice(0, 24);
  } catch {
    return null;
  }
  const path = join(dir, `${key}.onnx`);
  const scratch = join(dir, `${key}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`);
  return {
    path,
    exists: existsSync(path),
    scratch,
    commit() {
      try {
        renameSync(scratch, path);
        prune(dir);
      } catch {
        rmSync(scratch, { force: true });
      }
    },
  };
}

/** Make the cache directory; false when it cannot be made. */
export function ensureCacheDir(entry: CachedGraph): boolean {
  try {
    mkdirSync(join(entry.path, '..'), { recursive: true });
    return true;
  } catch {
    return false;
  }
}

function prune(dir: string): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.onnx'))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(KEEP)) rmSync(join(dir, f), { force: true });
}
