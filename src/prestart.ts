// Run by bin/ndbg.js before the rest of ndbg loads: parse the arguments and
// start the Python processes the session will wait for, so that Python's
// start-up overlaps Node's loading of ndbg (and, for the neural engine, of
// onnxruntime and the model):
//   - python engine: the bridge that runs the script under pdb;
//   - neural engine: one process for the control-flow analysis of the script
//     (src/model/format/cfg.ts) and the local pdb's texts (src/engine/neural/probe.ts);
//     both are memoised where they live, and the engine takes the running ones.
// bin/ndbg may have started either already (prebootBridge.ts, prebootCfg.ts):
// taken when it fits the session, stopped when not.
// Anything unusual: do nothing, the CLI proper handles it (and reports errors).

import { readFileSync, statSync } from 'node:fs';
import { parseArgs, sessionOptions } from './cliArgs.js';
import { factsWanted, seedPdbFacts } from './engine/neural/probe.js';
import { adoptPreboot, discardPreboot, type Preboot, prebootFits, takePreboot } from './engine/prebootBridge.js';
import { adoptCfgPreboot, discardCfgPreboot, takeCfgPreboot } from './engine/prebootCfg.js';
import { spawnBridge, type SpawnedBridge } from './engine/spawnBridge.js';
import { DEFAULT_CFG_TARGET, startCfg } from './model/format/cfg.js';

export function prestart(argv: string[]): SpawnedBridge | undefined {
  // bin/ndbg may have started the bridge's Python already (prebootBridge.ts), or
  // the neural engine's analysis (prebootCfg.ts)
  const preboot = takePreboot();
  const cfg = takeCfgPreboot();
  let cfgTaken = false;
  try {
    const bridge = startEarly(argv, preboot, (target, python, source, wanted) => {
      cfgTaken = cfg !== undefined && adoptCfgPreboot(cfg, target, python, source, wanted);
      return cfgTaken;
    });
    if (preboot && !bridge) discardPreboot(preboot);
    return bridge;
  } catch {
    if (preboot) discardPreboot(preboot);
    return undefined;
  } finally {
    if (cfg && !cfgTaken) discardCfgPreboot(cfg);
  }
}

/** Takes the launcher's analysis of the script (its text and bytes) when it fits; true if it did. */
type TakeCfg = (target: string, python: string | undefined, source: { text: string; bytes: Buffer }, factsWanted: boolean) => boolean;

function startEarly(argv: string[], preboot: Preboot | undefined, takeCfg: TakeCfg): SpawnedBridge | undefined {
  if (argv[0] === 'eval') return undefined; // ndbg eval: no debugging session
  if (argv[0] === 'dap') return undefined; // ndbg dap: the editor's launch request starts the session
  if (argv[0] === 'mcp') return undefined; // ndbg mcp: sessions start on request
  const o = parseArgs(argv);
  if (o.help || o.version || !o.target) return undefined;
  if (o.engine === 'neural') {
    if (!o.module) startNeural(o.target, o.python, takeCfg);
    return undefined;
  }
  if (!o.module && statSync(o.target, { throwIfNoEntry: false })?.isDirectory()) return undefined;
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY) && !o.json;
  const options = sessionOptions(o, interactive);
  return preboot && prebootFits(preboot, options) ? adoptPreboot(preboot, options) : spawnBridge(options);
}

function startNeural(target: string, python: string | undefined, takeCfg: TakeCfg): void {
  let bytes: Buffer;
  try {
    bytes = readFileSync(target);
  } catch {
    return; // the engine says what is wrong with the file
  }
  // Spawned now, not after the chunks that use it have loaded: the analysis is
  // what the first prompt waits for. (cfg.ts and probe.ts are in the one file
  // line mode loads, about 12 kB, compiled from V8's code cache: bin/ndbg.js.)
  // pdb's facts, unless an earlier run kept them for this interpreter
  const wanted = factsWanted(python);
  const source = bytes.toString('utf8'); // as readFileSync(target, 'utf8') decodes it
  if (takeCfg(target, python, { text: source, bytes }, wanted)) return;
  const run = startCfg(source, { python, target: DEFAULT_CFG_TARGET, pdbFacts: wanted });
  if (wanted) {
    seedPdbFacts(
      python ?? 'python3',
      run.then((r) => r.pdb_facts),
    );
  }
}
