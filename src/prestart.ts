// Run by bin/ndbg.js before the rest of ndbg loads: parse the arguments and,
// for an ordinary python-engine session, start the bridge right away so
// Python's start-up overlaps Node's. Anything unusual: do nothing, the CLI
// proper handles it (and reports errors).

import { statSync } from 'node:fs';
import { parseArgs, sessionOptions } from './cliArgs.js';
import { spawnBridge, type SpawnedBridge } from './engine/spawnBridge.js';

export function prestart(argv: string[]): SpawnedBridge | undefined {
  try {
    if (argv[0] === 'eval') return undefined; // ndbg eval: no debugging session
    const o = parseArgs(argv);
    if (o.help || o.version || !o.target || o.engine !== 'python') return undefined;
    if (!o.module && statSync(o.target, { throwIfNoEntry: false })?.isDirectory()) return undefined;
    const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY) && !o.json;
    return spawnBridge(sessionOptions(o, interactive));
  } catch {
    return undefined;
  }
}
