// A list, set or dict comprehension's own frame (CPython 3.9 to 3.11; 3.12 runs
// them inline, PEP 709), as sys.settrace shows it: `s` on a statement that builds
// one enters `<listcomp>` (`<setcomp>`, `<dictcomp>`) on the same line; its line
// events come once at the start and once each time one of its loops goes back for
// the next element (the targets bound so far; the filtered elements too), then its
// return with the value built. The frame shows the enclosing function's names it
// reads (free variables, sorted by name), then its targets as they are bound. Only
// single-line `NAME = <comp>` and `return <comp>` statements over values pyval
// computes, that call none of the program's code.

import { evaluate, evaluateTruth, showValue, type Value } from '../../pyval/index.js';
import type { ProgramContext } from '../../pyval/evaluate.js';
import { parseExpression, type Comprehension, type Expr } from '../../pyval/parser.js';
import { readProgram } from '../../pyval/program.js';
import { DEFAULT_CFG_TARGET, type Program } from '../cfg.js';
import { CUT_MARKER } from '../format.js';
import type { HistoryEntry, ModelAction, ModelState } from '../types.js';
import { shown } from './objects.js';
import { finishWith } from './returns.js';
import { frameScope, guessedOrder, runsProgramCode, statementAt } from './scope.js';
import { programScope } from './programScope.js';
import type { ComputedStep } from './types.js';

const FRAMES: Record<string, string> = { list: '<listcomp>', set: '<setcomp>', dict: '<dictcomp>' };
const FRAME_NAMES = new Set(Object.values(FRAMES));
const SLOT = '__ndbg_comp';
const MAX_EVENTS = 500;
/** The CPython the neural engine models where the caller names none (cfg.ts). */
export const MODELLED_MINOR = Number(DEFAULT_CFG_TARGET.split('.')[1]);

type Comp = Extract<Expr, { k: 'comp' }>;

interface Site {
  comp: Comp;
  text: string;
  /** The statement with the comprehension's value in its place (SLOT). */
  rest: string;
}

/** `NAME = <comp>` / `return <comp>`: the comprehension, the statement around it. */
function siteOf(stmt: string): Site | null {
  if (stmt.includes('\n')) return null;
  const m = /^(return\s+|[A-Za-z_]\w*\s*=\s*)(\S.*)$/s.exec(stmt);
  if (!m || /:=/.test(m[2]!)) return null;
  let comp: Expr;
  try {
    comp = parseExpression(m[2]!);
  } catch {
    return null;
  }
  if (comp.k !== 'comp' || comp.kind === 'gen' || comp.s !== 0 || comp.e !== m[2]!.trimEnd().length) return null;
  return { comp, text: m[2]!.trimEnd(), rest: m[1]! + SLOT };
}

/** The names a target binds, in the order CPython stores them; null for a target this file does not unpack. */
export function targetNames(t: Expr, out: string[] = []): string[] | null {
  if (t.k === 'name') {
    if (!out.includes(t.id)) out.push(t.id);
    return out;
  }
  if (t.k === 'tuple' || t.k === 'list') {
    for (const e of t.elts) if (!targetNames(e, out)) return null;
    return out;
  }
  return null;
}

/** Whether an expression holds a node of a kind `is` accepts. */
export function holds(node: unknown, is: (k: string) => boolean): boolean {
  if (Array.isArray(node)) return node.some((x) => holds(x, is));
  if (!node || typeof node !== 'object') return false;
  if (typeof (node as { k?: unknown }).k === 'string' && is((node as { k: string }).k)) return true;
  return Object.values(node).some((v) => v !== null && typeof v === 'object' && holds(v, is));
}

/** The names an expression reads. */
export function namesRead(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const x of node) namesRead(x, out);
  else if (node && typeof node === 'object') {
    if ((node as Expr).k === 'name') out.add((node as { id: string }).id);
    for (const v of Object.values(node)) if (v && typeof v === 'object') namesRead(v, out);
  }
  return out;
}

/** `item` unpacked into `t`'s names (`env`); false where it cannot be. */
export function bind(t: Expr, item: Value, env: Map<string, Value>): boolean {
  if (t.k === 'name') {
    env.set(t.id, item);
    return true;
  }
  if ((t.k === 'tuple' || t.k === 'list') && (item.kind === 'tuple' || item.kind === 'list') && item.items.length === t.elts.length)
    return t.elts.every((e, i) => bind(e, item.items[i]!, env));
  return false;
}

interface Plan {
  func: string;
  /** The locals at each line event of the frame, in order. */
  events: Record<string, string>[];
  /** The free variables the frame shows from the start. */
  free: Record<string, string>;
  /** The comprehension's value, as its return event shows it. */
  value: string;
  site: Site;
}

/** The comprehension's frame, worked out from the caller's state at its line. */
function plan(lines: readonly string[], caller: ModelState, program: Program, pythonMinor: number | undefined): Plan | null {
  pythonMinor ??= MODELLED_MINOR;
  if (pythonMinor >= 12 || caller.event !== 'line' || caller.line === null) return null;
  if (frameScope(program, caller)?.kind === 'class') return null;
  const stmt = statementAt(lines, caller.line);
  const site = stmt === null ? null : siteOf(stmt);
  if (!site || runsProgramCode(site.text, lines)) return null;
  const { comp } = site;
  // a comprehension or lambda inside would be a frame of its own under `s`
  const inner = [comp.elt, comp.value, comp.generators.map((g, i) => [i ? g.iter : null, g.ifs])];
  if (holds(inner, (k) => k === 'comp' || k === 'lambda')) return null;
  const order: string[] = [];
  for (const g of comp.generators) if (!targetNames(g.target, order)) return null;
  // the names the frame reads from the enclosing function: all but the first iterable, which the caller evaluates
  const read = namesRead([comp.elt, comp.value, comp.generators.map((g, i) => [i ? g.iter : null, g.ifs])], new Set());
  const free: Record<string, string> = {};
  if (caller.func !== '<module>') for (const n of [...read].filter((n) => !order.includes(n) && n in caller.locals).sort()) free[n] = caller.locals[n]!;
  const whole = evaluate(site.text, programScope(caller, program), { pythonMinor });
  // a set of strings shows in an order only the run's hash seed decides
  if (!whole.ok || whole.output !== '' || whole.repr.endsWith(CUT_MARKER) || guessedOrder(whole.value)) return null;
  const env = new Map<string, Value>();
  const ctx: ProgramContext = { nodes: readProgram(lines), before: null, objects: new Map(), bound: env };
  const opts = { pythonMinor, program: ctx };
  const scope = () => {
    const s = programScope(caller, program);
    const locals: Record<string, string> = { ...s.locals };
    for (const n of env.keys()) locals[n] = 'None'; // read from `bound`
    return { ...s, locals };
  };
  const events: Record<string, string>[] = [{ ...free }];
  const snapshot = (): boolean => {
    const locals: Record<string, string> = {};
    for (const n of order) {
      const v = env.get(n);
      if (v === undefined) continue;
      if (guessedOrder(v)) return false;
      const text = showValue(v, opts);
      if (text === null) return false;
      locals[n] = shown(text);
    }
    // f_locals keeps its keys in the order they first appeared: the free variables, there from the call
    events.push({ ...free, ...locals });
    return events.length <= MAX_EVENTS;
  };
  const loop = (k: number): boolean => {
    const g: Comprehension = comp.generators[k]!;
    const it = evaluate(`list(${site.text.slice(g.iter.s, g.iter.e)})`, k === 0 ? programScope(caller, program) : scope(), opts);
    if (!it.ok || it.value.kind !== 'list' || it.output !== '') return false;
    for (const item of it.value.items) {
      if (!bind(g.target, item, env)) return false;
      let pass = true;
      for (const cond of g.ifs) {
        const t = evaluateTruth(site.text.slice(cond.s, cond.e), scope(), opts);
        if (!t.ok || t.truth === undefined || t.output !== '') return false;
        if (!t.truth) {
          pass = false;
          break;
        }
      }
      if (pass && k + 1 < comp.generators.length && !loop(k + 1)) return false;
      if (!snapshot()) return false;
    }
    return true;
  };
  if (!loop(0)) return null;
  return { func: FRAMES[comp.kind]!, events, free, value: shown(whole.repr), site };
}

/** The caller's line state of the comprehension frame `before` is in, and how many of the frame's line events came up to `before`. */
function position(before: ModelState, history: readonly HistoryEntry[]): { caller: ModelState; lineEvents: number } | null {
  let lineEvents = 0;
  const depth = before.stack.length;
  for (let i = history.length - 1; i >= 0; i--) {
    const s = history[i]!.state;
    if (s.func !== before.func || s.stack.length !== depth) return null;
    if (s.event === 'line') lineEvents++;
    else if (s.event === 'call') {
      const caller = history[i - 1]?.state;
      if (!caller || caller.stack.length !== depth - 1 || caller.line !== before.stack[depth - 1]) return null;
      return { caller, lineEvents };
    } else if (s !== before) return null;
  }
  return null;
}

/**
 * `s` / `n` in or into a comprehension's frame. undefined: not such a step (the
 * other rules apply); null: one, but it cannot be computed.
 */
export function comprehensionStep(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null | undefined {
  if ((action.kind !== 'step_into' && action.kind !== 'step_over') || !program || program.error) return undefined;
  const inFrame = before.func !== null && FRAME_NAMES.has(before.func);
  if (!inFrame) {
    // the call: `s` on the statement's line
    if (action.kind !== 'step_into' || before.event !== 'line' || before.line === null) return undefined;
    const stmt = statementAt(lines, before.line);
    if (stmt === null || !siteOf(stmt) || (pythonMinor ?? MODELLED_MINOR) >= 12) return undefined;
    const p = plan(lines, before, program, pythonMinor);
    return p ? { changes: {}, deleted: [], stdout: '', call: { func: p.func, line: before.line, locals: { ...p.free } } } : null;
  }
  if (!history) return null;
  const at = position(before, history);
  if (!at) return null;
  const p = plan(lines, at.caller, program, pythonMinor);
  if (!p || p.func !== before.func) return null;
  const frame = (event: 'line' | 'return', locals: Record<string, string>, retval: string | null): ComputedStep => ({
    changes: {},
    deleted: [],
    stdout: '',
    state: { event, line: at.caller.line, func: before.func, stack: [...before.stack], locals, retval, exception: null, stdout: '', exit: null },
  });
  if (before.event === 'call') return frame('line', p.events[0]!, null);
  if (before.event === 'line') {
    const next = p.events[at.lineEvents];
    return next ? frame('line', next, null) : frame('return', p.events[p.events.length - 1]!, p.value);
  }
  if (before.event === 'return') {
    // back in the caller: its statement finishes with the value
    return finishWith(p.site.rest, at.caller, program, { [SLOT]: p.value }, pythonMinor);
  }
  return null;
}
