// A comprehension's own frame, as sys.settrace shows it: a generator expression's
// (CPython 3.9 to 3.13), and a list, set or dict comprehension's (3.9 to 3.11; 3.12
// runs them inline, PEP 709). `s` on a statement that builds one enters `<listcomp>`
// (`<setcomp>`, `<dictcomp>`, `<genexpr>`) on the same line: its call event, a line
// event, then per element of its loops (the targets bound) a line event where a loop
// goes back for the next one. A generator expression is handed to a builtin consumer
// (`sum`, `max`, `"".join`, `any`, ...): where an element passes the filters, before
// that line event, the yield (a return event with the value) and the call event of
// the resume; when the loops run out, the frame returns None; where `any` / `all`
// stop early, the generator is closed when the call lets go of it: a resume, a
// GeneratorExit exception event and the return of None (3.9 to 3.12; 3.13 traces no
// close). A list, set or dict comprehension returns the value it built. Then the
// statement finishes with that value (the consumer's). `n` from a line event goes on
// to the frame's next line event (bdb passes over a generator's yields and resumes
// then); from a yield it stops at the resume, as `s` does. The frame shows the
// enclosing function's names it reads (free variables, sorted by name), then its
// targets as they are bound. An element may call one function of the program: `s`
// enters it between the element's binding and the yield (or the next line event).
// Only single statements with one such frame, over values pyval computes (the
// program's objects included).

import { evaluate, evaluateTruth, showValue, type Value } from '../../pyval/index.js';
import type { ProgramContext } from '../../pyval/evaluate.js';
import { truthy } from '../../pyval/object.js';
import { parseExpression, type Expr } from '../../pyval/parser.js';
import { DEFAULT_CFG_TARGET, type Program } from '../format/cfg.js';
import { CUT_MARKER } from '../format/format.js';
import type { HistoryEntry, ModelAction, ModelState } from '../types.js';
import { contextOf, recall, shown } from './objects.js';
import { finishWith, withCallerObjects } from './returns.js';
import { COMPREHENSION_FRAME_NAMES, COMPREHENSION_FRAMES, definedNames, frameScope, guessedOrder, runsProgramCode, statementAt } from './scope.js';
import { callOf } from './calls.js';
import { programScope } from './programScope.js';
import type { ComputedStep } from './types.js';

/** The CPython the neural engine models where the caller names none (cfg.ts). */
export const MODELLED_MINOR = Number(DEFAULT_CFG_TARGET.split('.')[1]);
const SLOT = '__ndbg_consumed';
const MAX_EVENTS = 1500;
/** Builtins that take the generator to its end. */
const EXHAUST = new Set(['sum', 'min', 'max', 'sorted', 'list', 'tuple', 'set', 'frozenset', 'dict']);
/** Builtins that stop at the first element that decides: `any` at a true one, `all` at a false one. */
const DECIDE: Record<string, boolean> = { any: true, all: false };

type Comp = Extract<Expr, { k: 'comp' }>;

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

interface Site {
  gen: Comp;
  /** The frame's name. */
  func: string;
  /** The expression text the nodes' spans index. */
  text: string;
  /** The consumer's call (a generator expression's), or the comprehension, as text. */
  call: string;
  /** `any` / `all`: the truth that stops it; undefined for a consumer that takes every element. */
  stopsAt?: boolean;
  /** The statement with the consumer's value in the call's place (SLOT). */
  rest: string;
}

/** What runs in the comprehension's own frame: its element (and value), its loops' conditions, every iterable but the first (the caller evaluates that one). */
function frameParts(gen: Comp): unknown[] {
  return [gen.elt, gen.value, gen.generators.map((g, i) => [i ? g.iter : null, g.ifs])];
}

/** Every comprehension of an expression tree that runs in a frame of its own on CPython 3.`minor`. */
function gens(node: unknown, minor: number, out: Comp[] = []): Comp[] {
  if (Array.isArray(node)) for (const x of node) gens(x, minor, out);
  else if (node && typeof node === 'object') {
    if ((node as Expr).k === 'comp' && ((node as Comp).kind === 'gen' || minor <= 11)) out.push(node as Comp);
    for (const v of Object.values(node)) if (v && typeof v === 'object') gens(v, minor, out);
  }
  return out;
}

/** The call node whose only positional argument is `gen`. */
function consumerOf(node: unknown, gen: Comp): Extract<Expr, { k: 'call' }> | null {
  if (Array.isArray(node)) {
    for (const x of node) {
      const c = consumerOf(x, gen);
      if (c) return c;
    }
    return null;
  }
  if (!node || typeof node !== 'object') return null;
  const e = node as Expr;
  if (e.k === 'call' && e.args.length === 1 && e.args[0] === gen) return e;
  for (const v of Object.values(node)) {
    if (!v || typeof v !== 'object') continue;
    const c = consumerOf(v, gen);
    if (c) return c;
  }
  return null;
}

/**
 * The statement's comprehension that makes a frame (the outermost; others nested in
 * its element), with a generator expression's consumer. undefined: the statement
 * holds none; null: it holds one this file does not follow.
 */
export function comprehensionSite(stmt: string, lines: readonly string[], minor = MODELLED_MINOR): Site | null | undefined {
  if (!/\bfor\b/.test(stmt)) return undefined;
  if (stmt.includes('\n')) return null;
  const m = /^(return\s+|(?:if|elif|while)\s+|[A-Za-z_][\w.]*(?:\[[^\]=]*\])?\s*(?:[-+*/%|&^@]|\/\/|\*\*|<<|>>)?=(?!=)\s*)?(.*?)$/s.exec(stmt);
  if (!m) return null;
  let head = m[1] ?? '';
  let body = m[2]!.trimEnd();
  let tail = '';
  if (/^(?:if|elif|while)\b/.test(head)) {
    if (!body.endsWith(':')) return null;
    body = body.slice(0, -1).trimEnd();
    tail = ':';
  } else if (/^(?:for|with|assert|raise|del|def|class|lambda)\b/.test(body) || body.endsWith(':')) return gensIn(body) ? null : undefined;
  let expr: Expr;
  try {
    expr = parseExpression(body);
  } catch {
    return /\bfor\b.*\bin\b/.test(body) ? null : undefined;
  }
  const all = gens(expr, minor);
  if (all.length === 0) return undefined;
  const gen = all[0]!;
  // others only inside its element (their frames run from its frame: nested sites)
  if (all.some((c) => c !== gen && (c.s < gen.elt.s || c.e > gen.elt.e))) return null;
  if (holds(frameParts(gen), (k) => k === 'lambda')) return null;
  head = head.replace(/\s+$/, ' ');
  if (gen.kind !== 'gen') {
    const text = body.slice(gen.s, gen.e);
    return { gen, func: COMPREHENSION_FRAMES[gen.kind], text: body, call: text, rest: head + body.slice(0, gen.s) + SLOT + body.slice(gen.e) + tail };
  }
  const call = consumerOf(expr, gen);
  if (!call) return null;
  let stopsAt: boolean | undefined;
  const f = call.func;
  const defined = definedNames(lines);
  if (f.k === 'name' && !defined.has(f.id) && (EXHAUST.has(f.id) || f.id in DECIDE)) {
    stopsAt = DECIDE[f.id];
    if (call.keywords.length && !['min', 'max', 'sorted'].includes(f.id)) return null;
  } else if (f.k === 'attr' && f.attr === 'join' && f.value.k === 'const' && f.value.value.kind === 'str' && !call.keywords.length) {
    // str.join makes a list of its argument first
  } else return null;
  return {
    gen,
    func: COMPREHENSION_FRAMES.gen,
    text: body,
    call: body.slice(call.s, call.e),
    stopsAt,
    rest: head + body.slice(0, call.s) + SLOT + body.slice(call.e) + tail,
  };
}

function gensIn(text: string): boolean {
  return /[([{]\s*[^()[\]{}]*\bfor\b[^()[\]{}]*\bin\b/.test(text);
}

interface Event {
  /** `calls`: the frame evaluates its element, which calls the program's function (`s` enters it). */
  event: 'call' | 'line' | 'return' | 'exception' | 'calls';
  locals: Record<string, string>;
  retval?: string;
  /** For `calls`: the call event's frame, and the value the call returns. */
  call?: ComputedStep;
  returns?: string;
  /** For `calls`: the frame entered is a comprehension's nested in this one. */
  inner?: true;
}

/** A condition that is one call of a function by name, over values of the frame (`isleap(y)`, `not seen(x)`). */
const OWN_CALL = /^(?:not\s+)?[A-Za-z_]\w*\s*\([^()]*\)$/;

interface Plan {
  events: Event[];
  /** The consumer's value, which the statement goes on with. */
  value: string;
  site: Site;
}

/** The comprehension's frame, worked out from the caller's state at its line. */
function plan(lines: readonly string[], caller: ModelState, program: Program, pythonMinor: number, statement?: string): Plan | null {
  if (pythonMinor > 13 || caller.event !== 'line' || caller.line === null) return null;
  if (Object.keys(caller.locals).some((k) => k.includes('.'))) return null;
  // a class body's comprehension sees none of its names
  if (frameScope(program, caller)?.kind === 'class') return null;
  const stmt = statement ?? statementAt(lines, caller.line);
  const site = stmt === null ? null : comprehensionSite(stmt, lines, pythonMinor);
  if (!site) return null;
  const { gen, text } = site;
  const isGen = gen.kind === 'gen';
  // the element may call one function of the program (its frame comes between the
  // element's binding and the yield); nothing else of the statement may
  const eltText = text.slice(gen.elt.s, gen.elt.e);
  const defined = definedNames(lines);
  const namesIn = (t: string) => [...t.matchAll(/[A-Za-z_]\w*/g)].filter((m) => defined.has(m[0])).length;
  // a condition may call one function of the program too (`if isleap(y)`): its frame comes
  // between the targets' binding and the element, once per element tested
  const condCalls = new Set(
    gen.generators.length === 1 ? gen.generators[0]!.ifs.filter((c) => namesIn(text.slice(c.s, c.e)) === 1 && OWN_CALL.test(text.slice(c.s, c.e))) : [],
  );
  let outside = text.slice(0, gen.elt.s) + ' '.repeat(gen.elt.e - gen.elt.s) + text.slice(gen.elt.e);
  for (const c of condCalls) outside = outside.slice(0, c.s) + ' '.repeat(c.e - c.s) + outside.slice(c.e);
  if (runsProgramCode(outside, lines)) return null;
  const named = namesIn(eltText);
  if (named > 1 || (named && gen.kind === 'dict')) return null;
  const calls = named === 1;
  // the element a comprehension of its own: its frame runs from this one's
  const nested = gens(gen.elt, pythonMinor).length > 0;
  if (nested && (calls || gen.kind === 'dict')) return null;
  const order: string[] = [];
  for (const g of gen.generators) if (!targetNames(g.target, order)) return null;
  const free: Record<string, string> = {};
  if (caller.func !== '<module>')
    for (const n of [...namesRead(frameParts(gen), new Set())].filter((n) => !order.includes(n) && n in caller.locals).sort()) free[n] = caller.locals[n]!;
  const snap = recall(lines, caller);
  const ctx: ProgramContext = contextOf(lines, caller, snap);
  const opts = { pythonMinor, program: ctx };
  const callerScope = programScope(caller, program);
  // an outer comprehension's frame is a function's: what it runs closes over its names
  if (COMPREHENSION_FRAME_NAMES.has(caller.func ?? '')) callerScope.closures = true;
  const whole = evaluate(site.call, callerScope, opts);
  // a set of strings shows in an order only the run's hash seed decides
  if (!whole.ok || whole.output !== '' || (whole.ranProgram && !calls && !condCalls.size) || whole.repr.endsWith(CUT_MARKER) || guessedOrder(whole.value))
    return null;
  // the frame's names: the caller's objects, then the targets as they are bound
  const env = new Map<string, Value>(snap.bound);
  const inner: ProgramContext = { ...ctx, bound: env };
  const innerOpts = { pythonMinor, program: inner };
  const scope = () => {
    const locals: Record<string, string> = { ...callerScope.locals };
    for (const n of order) if (env.has(n)) locals[n] = 'None'; // read from `bound`
    return { ...callerScope, locals };
  };
  const events: Event[] = [
    { event: 'call', locals: { ...free } },
    { event: 'line', locals: { ...free } },
  ];
  let locals: Record<string, string> = { ...free };
  let stopped = false;
  const show = (v: Value): string | null => {
    if (guessedOrder(v)) return null;
    const t = showValue(v, innerOpts);
    return t === null ? null : shown(t);
  };
  const bindTargets = (): boolean => {
    const now: Record<string, string> = {};
    for (const n of order) {
      const v = env.get(n);
      if (v === undefined) continue;
      const t = show(v);
      if (t === null) return false;
      now[n] = t;
    }
    // f_locals keeps its keys in the order they first appeared: the free variables, there from the call
    locals = { ...free, ...now };
    return true;
  };
  const piece = (e: Expr) => text.slice(e.s, e.e);
  // this frame as it stands: where the frames of what it calls are entered from
  const here = (): ModelState => ({ ...caller, func: site.func, stack: [...caller.stack, caller.line!], locals: { ...locals } });
  // `s` from here enters the function `code` (the element, a condition) calls, with its arguments: a `calls` event
  const enters = (code: string): boolean => {
    const call = callOf(code, lines, here(), program, pythonMinor, true);
    if (!call?.call?.span) return false;
    const r = evaluate(code.slice(call.call.span[0], call.call.span[1]), scope(), innerOpts);
    if (!r.ok || r.output !== '' || r.repr.endsWith(CUT_MARKER)) return false;
    events.push({ event: 'calls', locals: { ...locals }, call, returns: shown(r.repr) });
    return true;
  };
  const loop = (k: number): boolean => {
    const g = gen.generators[k]!;
    const it = evaluate(`list(${piece(g.iter)})`, k === 0 ? callerScope : scope(), k === 0 ? opts : innerOpts);
    if (!it.ok || it.value.kind !== 'list' || it.output !== '' || it.ranProgram) return false;
    for (const item of it.value.items) {
      if (!bind(g.target, item, env) || !bindTargets()) return false;
      let pass = true;
      for (const cond of g.ifs) {
        if (condCalls.has(cond) && !enters(piece(cond))) return false;
        const t = evaluateTruth(piece(cond), scope(), innerOpts);
        if (!t.ok || t.truth === undefined || t.output !== '' || (t.ranProgram && !condCalls.has(cond))) return false;
        if (!t.truth) {
          pass = false;
          break;
        }
      }
      if (pass && k + 1 < gen.generators.length) {
        if (!loop(k + 1)) return false;
        if (stopped) return true;
        // back in this loop: its targets as they are now
        if (!bindTargets()) return false;
      } else if (pass) {
        if (nested) {
          // `s` from here (the element's targets bound) enters the inner comprehension's frame
          const p2 = plan(lines, here(), program, pythonMinor, eltText);
          if (!p2) return false;
          const call: ComputedStep = {
            changes: {},
            deleted: [],
            stdout: '',
            call: { func: p2.site.func, line: caller.line!, locals: { ...p2.events[0]!.locals } },
          };
          events.push({ event: 'calls', locals: { ...locals }, call, inner: true });
        }
        if (calls && !enters(eltText)) return false;
        // a list, set or dict comprehension adds the element to what it builds, with no event
        if (isGen) {
          const y = evaluate(piece(gen.elt), scope(), innerOpts);
          if (!y.ok || y.output !== '' || (y.ranProgram && !calls)) return false;
          const yielded = show(y.value);
          if (yielded === null) return false;
          events.push({ event: 'return', locals: { ...locals }, retval: yielded });
          if (site.stopsAt !== undefined) {
            // an instance's truth may be the program's own __bool__ / __len__
            if (y.value.kind === 'instance') return false;
            if (truthy(y.value) === site.stopsAt) {
              stopped = true;
              return true;
            }
          }
          events.push({ event: 'call', locals: { ...locals } });
        }
      }
      events.push({ event: 'line', locals: { ...locals } });
      if (events.length > MAX_EVENTS) return false;
    }
    return true;
  };
  if (!loop(0)) return null;
  if (stopped) {
    // the consumer lets go of the generator: closed (3.13 traces no close)
    if (pythonMinor <= 12) {
      events.push({ event: 'call', locals: { ...locals } });
      events.push({ event: 'exception', locals: { ...locals } });
      events.push({ event: 'return', locals: { ...locals }, retval: 'None' });
    }
  } else events.push({ event: 'return', locals: { ...locals }, retval: isGen ? 'None' : shown(whole.repr) });
  return { events, value: shown(whole.repr), site };
}

/** The caller's line state of the comprehension frame `before` is in, and the index of `before` among the frame's events. */
interface Position {
  /** The state the frame's plan is worked out from: its caller's line, or for a nested frame its outer frame with the element's targets bound. */
  caller: ModelState;
  index: number;
  /** A nested frame's: its statement (the outer element's text), and where the outer frame goes on when it is done. */
  text?: string;
  outer?: { func: string; stack: number[]; next: Event | undefined; line: number | null };
}

function position(
  lines: readonly string[],
  program: Program,
  minor: number,
  before: ModelState,
  history: readonly HistoryEntry[],
  depthLeft = 3,
): Position | null {
  const depth = before.stack.length;
  let index = -1;
  let deeper = false;
  for (let i = history.length - 1; i >= 0; i--) {
    const s = history[i]!.state;
    if (s.stack.length > depth) {
      // the frame of a function the element called: one `calls` event of the plan
      if (!deeper) index++;
      deeper = true;
      continue;
    }
    deeper = false;
    if (s.func !== before.func || s.stack.length !== depth) return null;
    index++;
    if (s.event !== 'call') continue;
    const prev = history[i - 1]?.state;
    if (!prev) return null;
    // a resume: the yield before it, in the same frame
    if (prev.func === before.func && prev.stack.length === depth && prev.event === 'return') continue;
    if (prev.stack.length !== depth - 1 || prev.line !== before.stack[depth - 1]) return null;
    if (COMPREHENSION_FRAME_NAMES.has(prev.func ?? '') && depthLeft > 0) {
      // a nested comprehension: its outer frame's plan says where it was entered
      const o = position(lines, program, minor, prev, history.slice(0, i), depthLeft - 1);
      const op = o && plan(lines, o.caller, program, minor, o.text);
      const mark = op?.events[o!.index + 1];
      if (!op || !mark?.inner) return null;
      const gen = op.site.gen;
      const caller: ModelState = { ...o!.caller, func: prev.func, stack: [...prev.stack], locals: { ...mark.locals } };
      return {
        caller,
        index,
        text: op.site.text.slice(gen.elt.s, gen.elt.e),
        outer: { func: prev.func!, stack: [...prev.stack], next: op.events[o!.index + 2], line: o!.caller.line },
      };
    }
    if (prev.event !== 'line') return null;
    return { caller: prev, index };
  }
  return null;
}

/**
 * `s` / `n` in or into a comprehension's frame, or back into one from a function
 * its element called. undefined: not such a step (the other rules apply); null:
 * one, but it cannot be computed.
 */
export function comprehensionStep(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number,
): ComputedStep | null | undefined {
  if (!program || program.error) return undefined;
  if (before.event === 'return' && !COMPREHENSION_FRAME_NAMES.has(before.func ?? '') && history) {
    // a function the element called returns: the frame yields the element
    const g = frameBelow(before, history);
    if (g === undefined) return undefined;
    if (g === null || (action.kind !== 'step_into' && action.kind !== 'step_over')) return null;
    const at = position(lines, program, pythonMinor, g.state, history.slice(0, g.index + 1));
    const p = at && plan(lines, at.caller, program, pythonMinor, at.text);
    const mark = p?.events[at!.index + 1];
    const next = p?.events[at!.index + 2];
    if (!p || mark?.event !== 'calls' || mark.returns !== before.retval || !next) return null;
    return frameState(next, g.state.func!, at!.caller.line, g.state.stack);
  }
  if (!COMPREHENSION_FRAME_NAMES.has(before.func ?? '')) {
    // the call: `s` on the statement's line
    if (action.kind !== 'step_into' || before.event !== 'line' || before.line === null) return undefined;
    const stmt = statementAt(lines, before.line);
    const site = stmt === null ? undefined : comprehensionSite(stmt, lines, pythonMinor);
    if (site === undefined) return undefined;
    const p = site && plan(lines, before, program, pythonMinor);
    return p ? { changes: {}, deleted: [], stdout: '', call: { func: p.site.func, line: before.line, locals: { ...p.events[0]!.locals } } } : null;
  }
  if ((action.kind !== 'step_into' && action.kind !== 'step_over') || !history) return null;
  const at = position(lines, program, pythonMinor, before, history);
  if (!at) return null;
  const p = plan(lines, at.caller, program, pythonMinor, at.text);
  const here = p?.site.func === before.func ? p.events[at.index] : undefined;
  // what the history shows must be what the plan says
  if (!p || !here || here.event !== before.event || JSON.stringify(here.locals) !== JSON.stringify(before.locals)) return null;
  if (here.retval !== undefined && here.retval !== before.retval) return null;
  const frame = (e: Event): ComputedStep | null => (e.event === 'calls' ? (e.call ?? null) : frameState(e, before.func!, at.caller.line, before.stack));
  if (action.kind === 'step_over' && before.event !== 'return') {
    // from a line, bdb passes over the generator's yields and resumes under `n`: its
    // next line, where there is one (from a yield, `n` stops at the resume, as `s`)
    if (before.event === 'exception') return null;
    const next = p.events.slice(at.index + 1).find((e) => e.event === 'line');
    return next ? frame(next) : null;
  }
  const next = p.events[at.index + 1];
  if (next) return frame(next);
  // a finished generator under `n`: bdb's own course (the model's)
  if (action.kind === 'step_over' && before.func === COMPREHENSION_FRAMES.gen) return null;
  // a nested frame is done: its outer frame goes on
  if (at.outer) return at.outer.next ? frameState(at.outer.next, at.outer.func, at.outer.line, at.outer.stack) : null;
  // the frame is done: the statement finishes with the consumer's value, the caller's objects as they were
  return withCallerObjects(lines, at.caller, finishWith(p.site.rest, at.caller, program, { [SLOT]: p.value }, pythonMinor));
}

/** A state of the comprehension's frame, as the plan's event says. */
function frameState(e: Event, func: string, line: number | null, stack: readonly number[]): ComputedStep | null {
  if (e.event === 'calls') return e.call ?? null;
  return {
    changes: {},
    deleted: [],
    stdout: '',
    state: {
      event: e.event,
      line,
      func,
      stack: [...stack],
      locals: { ...e.locals },
      retval: e.retval ?? null,
      exception: e.event === 'exception' ? 'GeneratorExit' : null,
      stdout: '',
      exit: null,
    },
  };
}

/**
 * The last state of the frame a returning frame goes back to, where that is a
 * generator expression's: undefined where it is another frame (the other rules
 * apply), null where the history does not say.
 */
function frameBelow(before: ModelState, history: readonly HistoryEntry[]): { state: ModelState; index: number } | null | undefined {
  const depth = before.stack.length - 1;
  for (let i = history.length - 2; i >= 0; i--) {
    const s = history[i]!.state;
    if (s.stack.length > depth) continue;
    if (s.stack.length < depth || !COMPREHENSION_FRAME_NAMES.has(s.func ?? '')) return undefined;
    return { state: s, index: i };
  }
  return undefined;
}
