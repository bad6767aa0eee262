// The neural engine: debugging by prediction. The model (src/model) predicts the
// state each debugger action leads to; the neural debugger (./neural/) speaks
// pdb's language over those states. The script is read (and parsed by
// python/ndbg/analysis/cfg.py for the model's constraints), never run: no process
// executes any line of it. `--verify` wraps this engine with the python engine
// in lockstep (./verify.ts).

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionOptions } from './options.js';
import type { Engine, EngineInfo } from './engine.js';
import { UserError } from './errors.js';
import { readAccuracy } from './neural/accuracy.js';
import { NeuralDebugger, type ModelSession } from './neural/debugger.js';
import { factsWanted, pdbFacts, seedPdbFacts, type PdbFacts } from './neural/probe.js';
import { ScriptSource } from './neural/source.js';
import { initialState } from '../model/initialState.js';
import { DEFAULT_CFG_TARGET, Program, startCfg, type CfgResult } from '../model/format/cfg.js';
import type { HistoryEntry, ModelAction, ModelState, PredictOptions, Prediction, Predictor, PredictorSession } from '../model/types.js';
import type { ProgramContext } from '../pyval/evaluate.js';

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
  const dir = deps.predictor || o.verify ? undefined : quickModelDir(o.model);
  if (dir === undefined) return eagerDebugger(o, deps, file, source, pdbFacts(o.python));
  // One Python process analyses the script and reads pdb's texts (bin/ndbg.js
  // usually started it already: then this takes the running one). The model's
  // session takes the same analysis when it opens (src/model/format/cfg.ts, startCfg).
  const wanted = factsWanted(o.python);
  const analysis = startCfg(text, { python: o.python, target: DEFAULT_CFG_TARGET, pdbFacts: wanted });
  if (wanted) {
    seedPdbFacts(
      o.python ?? 'python3',
      analysis.then((r) => r.pdb_facts),
    );
  }
  return lazyDebugger(o, deps, file, source, pdbFacts(o.python), analysis, dir);
}

/**
 * The model loaded before the first stop: with an injected predictor (tests), for
 * --verify (it compares the first stop in the model's format), and wherever the
 * model directory is not plainly there (the runtime's own checks then say what
 * is wrong before anything is shown).
 */
async function eagerDebugger(o: SessionOptions, deps: NeuralDeps, file: string, source: ScriptSource, facts: Promise<PdbFacts>): Promise<NeuralDebugger> {
  let predictor = deps.predictor;
  let owned = false;
  if (!predictor) {
    predictor = await loadModel(o, deps);
    owned = true;
  }
  const session = await predictor.open(source.text, { constrain: o.constrain !== false, stdin: o.stdin });
  const notes = [...(predictor.info.warnings ?? [])];
  for (const n of (session as { notes?: string[] }).notes ?? []) notes.push(n);
  if (o.constrain === false) notes.push(NO_CONSTRAIN);
  const p = predictor;
  const pdb = await facts;
  return new NeuralDebugger({
    ...debuggerOptions(o, file, source),
    model: session as ModelSession,
    facts: pdb,
    info: { name: 'neural', model: p.info.name, device: p.info.device, ...pythonOf(pdb.python), ...accuracyOf(p.info.dir) },
    notes,
    release: owned ? () => p.close() : undefined,
    program: (session as { program?: Program | null }).program ?? null,
  });
}

const NO_CONSTRAIN = 'constrained decoding is off (--no-constrain): predictions may be malformed or impossible';

/** How long the debugger waits at a prompt before it loads the model anyway. */
const IDLE_LOAD_MS = 100;

/**
 * The first stop before the model: it needs only the analysis of the script
 * (its entry line, or the syntax error it ends with) and pdb's texts, from the
 * Python process started at once. onnxruntime, the model's session and the read
 * of the code into its cache (about a second on two busy cores) start when a
 * command first asks for a prediction, or after the debugger has waited
 * IDLE_LOAD_MS at a prompt (the user's first keystrokes hide it); a command that
 * needs the model waits for it. `q` before that loads nothing. The model's
 * warnings and notes are printed before its first prediction; the device is
 * known, in `info`, once it has loaded. When the model cannot be loaded, each
 * command that needs it says why (the eager path's message); the rest work.
 */
async function lazyDebugger(
  o: SessionOptions,
  deps: NeuralDeps,
  file: string,
  source: ScriptSource,
  facts: Promise<PdbFacts>,
  analysis: Promise<CfgResult>,
  dir: string,
): Promise<NeuralDebugger> {
  const [program, pdb] = await Promise.all([analysis.then((r) => new Program(source.text, r)).catch(() => null), facts]);
  const info: EngineInfo = { name: 'neural', model: basename(dir), ...pythonOf(pdb.python), ...accuracyOf(dir) };
  let dbg: NeuralDebugger | undefined;
  let loaded: Promise<{ predictor: Predictor; session: PredictorSession }> | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const load = () =>
    (loaded ??= (async () => {
      const predictor = await loadModel(o, deps);
      const session = await predictor.open(source.text, { constrain: o.constrain !== false, stdin: o.stdin });
      if (predictor.info.device) info.device = predictor.info.device;
      return { predictor, session };
    })());
  let told = false;
  const model = new DeferredModel(initialState(program, source.text), formatVersionOf(dir), async () => {
    let s: { predictor: Predictor; session: PredictorSession };
    try {
      s = await load();
    } catch (e) {
      // every prediction fails with the reason (the debugger says `the model failed: ...`)
      const msg = e instanceof UserError ? e.message.replace(/^ndbg: /, '') : ((e as Error)?.message ?? String(e));
      throw new Error(msg);
    }
    if (!told) {
      told = true;
      for (const n of [...(s.predictor.info.warnings ?? []), ...((s.session as { notes?: string[] }).notes ?? [])]) dbg?.diagnostic(`ndbg: ${n}\n`);
    }
    return s.session;
  });
  dbg = new NeuralDebugger({
    ...debuggerOptions(o, file, source),
    model,
    facts: pdb,
    info,
    notes: o.constrain === false ? [NO_CONSTRAIN] : [],
    release: async () => {
      closed = true;
      clearTimeout(timer);
      if (!loaded) return;
      const s = await loaded.catch(() => undefined);
      await s?.predictor.close();
    },
    program,
  });
  dbg.on((e) => {
    if (e.type !== 'prompt' || loaded || closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void load().catch(() => undefined), IDLE_LOAD_MS);
    timer.unref(); // a session that ends first loads nothing
  });
  return dbg;
}

/** The options both paths give the debugger. */
function debuggerOptions(o: SessionOptions, file: string, source: ScriptSource) {
  return { file, source, jump: o.jump, rolloutCap: o.rolloutCap, commands: o.commands, args: o.args, atReturn: o.atReturn };
}

/** The predictor for the session's model and device, its failures as one line for the user. */
async function loadModel(o: SessionOptions, deps: NeuralDeps): Promise<Predictor> {
  const { loadPredictor, ModelError } = await loadRuntime(deps.runtime ?? (() => import('../model/predictor.js')));
  try {
    return await loadPredictor({ modelDir: o.model, device: o.device, python: o.python });
  } catch (e) {
    if (e instanceof ModelError) throw new UserError(`ndbg: ${e.message}`, 1);
    throw e;
  }
}

/**
 * The model session as the debugger sees it, before and after it has loaded: the
 * first state from the source, every prediction from the session once it is there.
 */
class DeferredModel implements ModelSession {
  private real?: PredictorSession;
  private closed = false;

  constructor(
    private readonly first: ModelState,
    private readonly format: number | undefined,
    private readonly get: () => Promise<PredictorSession>,
  ) {}

  private async session(): Promise<PredictorSession> {
    if (!this.real) {
      this.real = await this.get();
      if (this.closed) this.real.close();
    }
    return this.real;
  }

  initialState(): ModelState {
    return this.real ? this.real.initialState() : this.first;
  }

  get formatVersion(): number | undefined {
    return this.real ? this.real.formatVersion : this.format;
  }

  async predict(history: HistoryEntry[], action: ModelAction, opts?: PredictOptions): Promise<Prediction> {
    return (await this.session()).predict(history, action, opts);
  }

  async *candidates(history: HistoryEntry[], action: ModelAction, opts?: PredictOptions & { n?: number }): AsyncGenerator<Prediction> {
    const s = await this.session();
    // what checked.ts asks of a session without candidates
    if (s.candidates) yield* s.candidates(history, action, opts);
    else yield await s.predict(history, action, { signal: opts?.signal });
  }

  /** Objects are built by the session's computed steps, so none are known before it loads. */
  objectsAt(state: ModelState): ProgramContext | null {
    return this.real?.objectsAt?.(state) ?? null;
  }

  close(): void {
    this.closed = true;
    this.real?.close();
  }
}

/**
 * The model directory loadPredictor will open, when it is plainly there: a
 * --model that is a directory with its config.json, tokenizer.json and
 * model.onnx (or the list of its parts), by path or by name under models/, or
 * the one models/default names. Anything else (a pointer file given
 * as --model, no default, a missing config.json) is undefined: the runtime
 * resolves it and reports what is wrong (src/model/runtime/onnx.ts, resolveModelDir).
 */
export function quickModelDir(choice: string | undefined, modelsDir = MODELS_DIR): string | undefined {
  const isDir = (p: string) => statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  const isFile = (p: string) => statSync(p, { throwIfNoEntry: false })?.isFile() === true;
  const model = (d: string) =>
    isDir(d) &&
    isFile(join(d, 'config.json')) &&
    isFile(join(d, 'tokenizer.json')) &&
    (isFile(join(d, 'model.onnx')) || isFile(join(d, 'model.onnx.parts.json')))
      ? d
      : undefined;
  if (choice) {
    const asPath = resolve(choice);
    if (existsSync(asPath)) return basename(asPath) === 'default' ? undefined : model(asPath);
    if (isAbsolute(choice) || choice.includes('/')) return undefined;
    return basename(choice) === 'default' ? undefined : model(join(modelsDir, choice));
  }
  const def = join(modelsDir, 'default');
  if (!isFile(def)) return undefined;
  const name = readFileSync(def, 'utf8').split('\n')[0]!.trim();
  return name ? model(join(modelsDir, name)) : undefined;
}

/** The trace format the model in `dir` was trained on (config.json), as its session will say. */
function formatVersionOf(dir: string): number | undefined {
  try {
    const v = (JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { format_version?: unknown }).format_version;
    return typeof v === 'number' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Where the models are: models/ at the package root (dist/bundle/ and dist/engine/ are both two below it). */
const MODELS_DIR = fileURLToPath(new URL('../../models/', import.meta.url));

/** The Python whose pdb the engine speaks like, when it could be asked. */
function pythonOf(version: string): { python?: string } {
  return /^\d+\.\d+/.test(version) ? { python: version } : {};
}

/** How often the model is right on programs people wrote, from its directory's measured.json (absent when unmeasured). */
function accuracyOf(dir: string | undefined): { accuracy?: ReturnType<typeof readAccuracy> } {
  const accuracy = readAccuracy(dir);
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
