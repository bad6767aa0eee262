// scopes and variables: a frame's locals (from the stop event, typed and sized
// by Engine.evaluate), the module's globals for function frames (python
// engine), and the children of containers and objects, fetched lazily with
// Engine.children when the editor opens them, page by page for big ones.

import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Frame, StopEvent, ValueView } from '../engine/engine.js';
import type { Ref, References } from './references.js';
import type { Runner } from './runner.js';
import { isAttributeEntry } from '../model/format/format.js';
import { show } from './values.js';

/** More children than this and the editor pages them (DAP's indexedVariables). */
const PAGE = 100;

/** The stop's frames that are the program's (pdb's own `bdb.py run()` and `<string>` come first). */
export function programStart(frames: readonly Frame[]): number {
  const i = frames.findIndex((f) => f.file === '<string>');
  return i < 0 ? 0 : i + 1;
}

/** How many of the stop's frames are the program's. */
export function programDepth(stop: StopEvent): number {
  return stop.frames.length - programStart(stop.frames);
}

export function scopes(runner: Runner, refs: References, frame: number): DebugProtocol.Scope[] {
  const f = runner.stop?.frames[frame];
  if (!f) return [];
  const predicted = runner.predicted;
  const out: DebugProtocol.Scope[] = [
    {
      name: predicted ? 'Locals (predicted)' : 'Locals',
      presentationHint: 'locals',
      variablesReference: refs.scope('locals', frame),
      namedVariables: Object.keys(f.locals).filter((k) => !isAttributeEntry(k)).length,
      expensive: false,
    },
  ];
  // the neural engine knows a frame's locals only; at module level they are the globals
  if (!predicted && f.func !== '<module>') {
    out.push({ name: 'Globals', variablesReference: refs.scope('globals', frame), expensive: false });
  }
  return out;
}

export async function variables(runner: Runner, refs: References, ref: Ref, args: DebugProtocol.VariablesArguments): Promise<DebugProtocol.Variable[]> {
  const stop = runner.stop;
  if (!stop || !runner.atPrompt) return [];
  if (ref.kind === 'locals') return locals(runner, refs, stop, ref.frame);
  if (args.filter === 'named' && ref.kind === 'value') return [];
  const expr = ref.kind === 'globals' ? 'globals()' : ref.expr;
  const start = args.start ?? 0;
  const page = await runner.childrenNow(expr, { frame: ref.frame, start, count: args.count ?? 100_000 });
  if (!page.ok) return [{ name: '(error)', value: page.error, variablesReference: 0 }];
  const out: DebugProtocol.Variable[] = [];
  for (const c of page.result.children) {
    let name = c.name;
    if (ref.kind === 'globals') {
      name = globalName(c.name);
      if (/^__.*__$/.test(name)) continue;
    } else ref.childExprs.set(name, c.expr);
    out.push(variable(name, c, c.expr, ref.frame, refs, { predicted: c.predicted === true || runner.predicted, confidence: c.confidence }));
  }
  return out;
}

/** The Locals scope: the stop's locals, in the engine's order; the return value or exception first. */
async function locals(runner: Runner, refs: References, stop: StopEvent, frame: number): Promise<DebugProtocol.Variable[]> {
  const f = stop.frames[frame];
  if (!f) return [];
  const predicted = runner.predicted;
  const bottom = frame === stop.frames.length - 1;
  const out: DebugProtocol.Variable[] = [];
  if (bottom && stop.retval !== undefined) {
    out.push({ name: '(return value)', ...show({ value: stop.retval, type: '' }, { predicted, origin: f.origin?.['<retval>'] }), variablesReference: 0 });
  }
  if (bottom && runner.returned) {
    const { func, value } = runner.returned;
    out.push({ name: `(return) ${func}`, ...show({ value, type: '' }, { predicted }), variablesReference: 0 });
  }
  if (bottom && stop.exception !== undefined) {
    out.push({ name: '(exception)', ...show({ value: stop.exception, type: '' }, { predicted, origin: f.origin?.['<exception>'] }), variablesReference: 0 });
  }
  for (const [name, repr] of Object.entries(f.locals)) {
    if (/^__.*__$/.test(name)) continue; // pdb's __return__ / __exception__: shown above
    if (isAttributeEntry(name)) continue; // `cart.items`: a child of `cart`, shown when it is opened
    const r = await runner.evaluateNow(name, { frame });
    const view: ValueView = r.ok ? r.result : { value: repr, type: '', size: 0 };
    const verify = bottom ? stop.verify?.locals?.[name] : undefined;
    out.push(variable(name, view, name, frame, refs, { predicted, confidence: f.confidence?.[name] ?? view.confidence, verify, origin: f.origin?.[name] }));
  }
  return out;
}

/** One variable; a handle to open it when it has children. */
export function variable(name: string, view: ValueView, expr: string, frame: number, refs: References, o: Parameters<typeof show>[1]): DebugProtocol.Variable {
  const v: DebugProtocol.Variable = {
    name,
    ...show(view, o),
    evaluateName: expr,
    variablesReference: view.size > 0 ? refs.value(frame, expr) : 0,
  };
  if (view.size > PAGE) v.indexedVariables = view.size;
  return v;
}

/** `['name']` (a key of globals()) as the name itself. */
function globalName(name: string): string {
  const m = /^\[(['"])(.*)\1\]$/.exec(name);
  return m ? m[2]! : name;
}
