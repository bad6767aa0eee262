// The neural engine: debugging by prediction. The model (src/model) predicts the
// state each debugger action leads to; the neural debugger (./neural/) speaks
// pdb's language over those states. The script is read (and parsed by
// python/ndbg/analysis/cfg.py for the model's constraints), never run: no process
// executes any line of it. `--verify` wraps this engine with the python engine
// in lockstep (./verify.ts).

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SessionOptions } from './options.js';
import type { Engine } from './engine.js';
import { UserError } from './errors.js';
import { readAccuracy } from './neural/accuracy.js';
import { NeuralDebugger, type ModelSession } from './neural/debugger.js';
import { pdbFacts } from './neural/probe.js';
import { ScriptSource } from './neural/source.js';
import type { Program } from '../model/cfg.js';
import type { Predictor } from '../model/types.js';

export { NeuralDebugger } from './neural/debugger.js';

type Runtime = typeof import('../model/predictor.js');

/** Options of the neural engine beyond SessionOptions (tests inject a predictor, or a runtime that fails to load). */
export interface NeuralDeps {
  /** A loaded predictor; default: loadPredictor({ modelDir: o.model, device: o.device }). */
  predictor?: Predictor;
  /** The model runtime's module (default: src/model/predictor.ts, which loads onnxruntime-node). */
  runtime?: () => Promise<Runtime>;
}

/** The script's path as pdb prints it (realpath, as pdb's _ScriptTarget). */
export function scriptPath(o: Pick<SessionOptions, 'target' | 'cwd' | 'module' | 'engine'>): string {
  if (o.module) {
    throw new UserError("ndbg: the neural engine debugs a script file; '-m module' needs '--engine python'.", 2);
  }
  const abs = resolve(o.cwd ?? process.cwd(), o.target);
  if (!existsSync(abs)) throw new UserError(`Error: ${o.target} does not exist`, 1);
  if (statSync(abs).isDirectory()) throw new UserError(`Error: ${o.target} is a directory`, 1);
  return realpathSync(abs);
}

/** The neural debugger for a session's options (no python process runs the script). */
export async function createNeuralDebugger(o: SessionOptions, deps: NeuralDeps = {}): Promise<NeuralDebugger> {
  const file = scriptPath(o);
  const text = readFileSync(file, 'utf8');
  const source = new ScriptSource(file, text);
  if (o.atReturn) {
    const d = source.findDefs(o.atReturn.func).find((x) => x.kind === 'def');
    if (!d) throw new UserError(`ndbg: --at-return: ${o.target} defines no function '${o.atReturn.func}'`, 2);
  }
  const facts = pdbFacts(o.python);
  let predictor = deps.predictor;
  let owned = false;
  if (!predictor) {
    const { loadPredictor, ModelError } = await loadRuntime(deps.runtime ?? (() => import('../model/predictor.js')));
    try {
      predictor = await loadPredictor({ modelDir: o.model, device: o.device, python: o.python });
      owned = true;
    } catch (e) {
      if (e instanceof ModelError) throw new UserError(`ndbg: ${e.message}`, 1);
      throw e;
    }
  }
  const session = await predictor.open(text, { constrain: o.constrain !== false, stdin: o.stdin });
  const notes = [...(predictor.info.warnings ?? [])];
  for (const n of (session as { notes?: string[] }).notes ?? []) notes.push(n);
  if (o.constrain === false) notes.push('constrained decoding is off (--no-constrain): predictions may be malformed or impossible');
  const p = predictor;
  const pdb = await facts;
  return new NeuralDebugger({
    file,
    source,
    model: session as ModelSession,
    facts: pdb,
    info: { name: 'neural', model: p.info.name, device: p.info.device, ...pythonOf(pdb.python), ...accuracyOf(p) },
    jump: o.jump,
    rolloutCap: o.rolloutCap,
    commands: o.commands,
    args: o.args,
    atReturn: o.atReturn,
    notes,
    release: owned ? () => p.close() : undefined,
    program: (session as { program?: Program | null }).program ?? null,
  });
}

/** The Python whose pdb the engine speaks like, when it could be asked. */
function pythonOf(version: string): { python?: string } {
  return /^\d+\.\d+/.test(version) ? { python: version } : {};
}

/** How often the model is right on programs people wrote, from its directory's measured.json (absent when unmeasured). */
function accuracyOf(p: Predictor): { accuracy?: ReturnType<typeof readAccuracy> } {
  const accuracy = readAccuracy(p.info.dir);
  return accuracy ? { accuracy } : {};
}

/**
 * The model runtime, loaded when a session needs a model (it loads onnxruntime-node's
 * native library). When it cannot be loaded, one line says what failed and what to do.
 */
async function loadRuntime(load: () => Promise<Runtime>): Promise<Runtime> {
  try {
    return await load();
  } catch (e) {
    const text = (e instanceof Error ? e.message : String(e)).split('\n')[0]!.trim().replace(/\.$/, '');
    throw new UserError(
      `ndbg: the model runtime could not be loaded: ${text || 'unknown error'}. Reinstall ndbg's dependencies (in a checkout: npm ci), or use '--engine python'.`,
      1,
    );
  }
}

/** Loaded by the command layer for `--engine neural` (src/commands/session.ts). */
export async function createNeuralEngine(o: SessionOptions, deps: NeuralDeps = {}): Promise<Engine> {
  const neural = await createNeuralDebugger(o, deps);
  if (!o.verify) return neural;
  const { VerifyEngine } = await import('./verify.js');
  return new VerifyEngine(neural, o);
}
