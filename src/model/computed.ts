// What a step's own statement does, where it can be computed instead of guessed.
//
// From a line whose statement is an assignment (augmented, unpacking), a `del`, a
// call statement, a `return`, the condition of an `if` / `elif` / `while`, a `for`
// header, or at module level a plain `def` or a quiet `import`, over values the
// state before it holds and builtins only, pyval (src/pyval, the evaluator `p` and
// `!x = 5` use) works out the step exactly: the names it binds or changes, what it
// prints, the value it returns, the branch it takes, the element it binds. On top of
// single steps: `s` into a plain function (its arguments), `n` over one (its steps
// to its return), `r` to the frame's return and `c` within the frame or to the exit
// (the frame's steps, each computed). The predictor puts the result in place of the
// model's guess (predictor.ts). Nothing of the program runs. Whatever pyval cannot do
// exactly (a call that is no plain function, an object of the program, a name the
// state lacks, an error the statement would raise, a set ordered by str hashes) is
// left to the model. docs/runtime.md, "Computed steps".

import { evaluate, evaluateTruth, execute, parseRepr, repr, strRepr, type Value } from '../pyval/index.js';
import { parseExpression, parseStatements, type Expr } from '../pyval/parser.js';
import type { Program, Scope } from './cfg.js';
import { CUT_MARKER, REPR_LIMIT } from './format.js';
import type { HistoryEntry, ModelAction, ModelState } from './types.js';

export interface ComputedStep {
  /** Names the statement binds or changes: name -> repr, cut as the trace format cuts. */
  changes: Record<string, string>;
  deleted: string[];
  /** What it prints. */
  stdout: string;
  /** For a `return`: the returned value's repr. */
  retval?: string;
  /** For an `if` / `elif` / `while` header: the line its condition leads to. */
  line?: number;
  /** The one line control flow allows next in the frame, where the analysis says so (no other way out). */
  next?: number;
  /** For `step_return`, `breakpoint L` and `continue`: the state reached, every step to it computed. */
  state?: ModelState;
  /** `n` over a call of the program (overCall): its function's name. */
  called?: string;
  /** For `step_into` a call of the program's function: the call event's frame and its arguments. */
  call?: { func: string; line: number; locals: Record<string, string>; span?: [number, number] };
}

/** Statements whose next event is not the next line of the frame, or that pyval does not model here. */
const NOT_SIMPLE =
  /^(?:if|elif|else|for|while|with|try|except|finally|def|class|async|match|case|yield|import|from|global|nonlocal|raise|assert|break|continue|pass|await|@)\b/;
/** Code that makes frames of its own (3.11 comprehensions, lambdas, generators) or suspends one. */
const OWN_FRAMES = /\b(?:for|lambda|yield|await)\b/;
/** Reprs the trace format hides in module and class bodies. */
const HIDDEN_REPR = /^<(?:built-in function|function|class|module|bound method|built-in method) /;

/** Names the program binds by def, class or import (cached per source): a statement naming one may call the program. */
const definedCache = new WeakMap<readonly string[], Set<string>>();
function definedNames(lines: readonly string[]): Set<string> {
  let names = definedCache.get(lines);
  if (!names) {
    names = new Set();
    for (const l of lines) {
      const d = /^\s*(?:async\s+)?(?:def|class)\s+([A-Za-z_]\w*)/.exec(l);
      if (d) names.add(d[1]!);
      const imp = /^\s*(?:from\s+\S+\s+)?import\s+(.+)$/.exec(l);
      if (imp) for (const m of imp[1]!.matchAll(/([A-Za-z_][\w.]*)(?:\s+as\s+([A-Za-z_]\w*))?/g)) names.add(m[2] ?? m[1]!.split('.')[0]!);
    }
    definedCache.set(lines, names);
  }
  return names;
}

/** Whether `text` names something the program defines (definedNames): it may call the program's code. */
function namesTheProgram(text: string, lines: readonly string[]): boolean {
  const defined = definedNames(lines);
  for (const m of text.matchAll(/[A-Za-z_]\w*/g)) if (defined.has(m[0])) return true;
  return false;
}

/** The scope pyval evaluates in for a state: its locals (a copy), and for a function frame no globals it could know. */
function scopeOf(state: ModelState, extra: Record<string, string> = {}): { locals: Record<string, string>; globals?: Record<string, string> } {
  const locals = { ...state.locals, ...extra };
  return state.func === '<module>' ? { locals } : { locals, globals: {} };
}

/** The one scope a state's frame can be in, when it is one and no generator (which may resume elsewhere). */
function frameScope(program: Program, state: ModelState): Scope | null {
  const scopes = program.scopesOf(state.func!, state.line!);
  return scopes.length === 1 && !scopes[0]!.generator ? scopes[0]! : null;
}

/**
 * Whether a value holds a set whose order pyval only guesses (elements whose hash
 * depends on the program's PYTHONHASHSEED, like str): its repr would be a guess too.
 */
function guessedOrder(v: Value, depth = 0): boolean {
  if (depth > 20) return true;
  switch (v.kind) {
    case 'set':
    case 'frozenset':
      return (v.store.size > 1 && !v.store.exactOrder) || v.store.values().some((x) => guessedOrder(x, depth + 1));
    case 'list':
    case 'tuple':
      return v.items.some((x) => guessedOrder(x, depth + 1));
    case 'dict':
      return v.store.entries().some(([k, x]) => guessedOrder(k, depth + 1) || guessedOrder(x, depth + 1));
    default:
      return false;
  }
}
const reprGuessed = (r: string) => guessedOrder(parseRepr(r));

const cut = (r: string) => (r.length > REPR_LIMIT ? r.slice(0, REPR_LIMIT) + CUT_MARKER : r);

/**
 * The logical line (statement) that starts at `line` (1-based): its physical lines
 * joined while brackets are open or a line ends in a backslash. Null when the line
 * continues an earlier statement, or for compound or multi-statement lines.
 */
export function statementAt(lines: readonly string[], line: number): string | null {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  for (let k = line - 1; k < lines.length; k++) {
    const text = lines[k]!;
    let cont = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quote) {
        if (c === '\\') i++;
        else if (text.startsWith(quote, i)) {
          i += quote.length - 1;
          quote = '';
        }
        continue;
      }
      if (c === '#') break;
      if (c === '"' || c === "'") quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      else if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      else if (c === ';' && depth === 0) return null;
      else if (c === '\\' && i === text.length - 1) cont = true;
    }
    parts.push(cont ? text.slice(0, -1) : text);
    if (quote.length === 1) return null; // an unterminated string
    if (depth < 0) return null; // the line continues an earlier statement
    if (depth === 0 && !quote && !cont) break;
  }
  const stmt = parts.join('\n').trim();
  return stmt === '' ? null : stmt;
}

/**
 * What the step `action` from `before` does by its own statement, computed; null
 * where the model has to say (see the file's comment).
 */
export function computeStep(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program?: Program | null,
  history?: readonly HistoryEntry[],
  pythonMinor?: number,
): ComputedStep | null {
  budget = STEP_BUDGET;
  return step(lines, before, action, program, history, pythonMinor);
}

/** Most steps one computed step may take inside it (`r`, `n` over calls): a prediction stays quick. */
const STEP_BUDGET = 2000;
let budget = 0;

function step(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program?: Program | null,
  history?: readonly HistoryEntry[],
  pythonMinor?: number,
): ComputedStep | null {
  if (action.kind === 'step_return') return toReturn(lines, before, program, history, pythonMinor);
  if (action.kind === 'breakpoint') return toLineOrExit(lines, before, action.line, program, history, pythonMinor);
  if (action.kind === 'continue') return toLineOrExit(lines, before, null, program, history, pythonMinor);
  if (action.kind !== 'step_over' && action.kind !== 'step_into') return null;
  if (before.event !== 'line' || before.line === null || before.func === null) return null;
  const stmt = statementAt(lines, before.line);
  if (stmt === null) return null;
  if (before.func === '<lambda>') return lambdaReturn(stmt, lines, before, program, pythonMinor);
  const own = reprReturn(stmt, before);
  if (own) return own;
  const header = /^(?:if|elif|while)\b(.*):$/s.exec(stmt);
  if (header) return branch(header[1]!, lines, before, action, program, pythonMinor);
  const loop = /^for\s+\(?\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*,?\s*\)?\s+in\s+(.+):$/s.exec(stmt);
  if (loop)
    return iteration(
      loop[1]!.split(',').map((t) => t.trim()),
      loop[2]!,
      lines,
      before,
      action,
      program,
      history,
      pythonMinor,
    );
  const binding = hiddenBinding(stmt, before, program);
  if (binding !== undefined) return binding;
  if (program && !program.error) {
    const call = callOf(stmt, lines, before, program, pythonMinor);
    if (call !== undefined) return action.kind === 'step_into' || call === null ? call : overCall(stmt, call, lines, before, program, pythonMinor);
  }
  if (NOT_SIMPLE.test(stmt) || /:\s*$/.test(stmt)) return null;
  if (action.kind === 'step_into' && OWN_FRAMES.test(stmt)) return null;
  if (/\b(?:yield|await)\b/.test(stmt)) return null;
  if (namesTheProgram(stmt, lines)) return null;
  return runStatement(stmt, before, program, {}, '', pythonMinor);
}

/**
 * `stmt` run by pyval over the state's locals (and `extra` names, left out of the
 * result): a `return`'s value, or what the statement binds, changes, deletes and
 * prints (after `printed`, what came before it in the step), with the one next line.
 */
function runStatement(
  stmt: string,
  before: ModelState,
  program: Program | null | undefined,
  extra: Record<string, string>,
  printed: string,
  pythonMinor: number | undefined,
): ComputedStep | null {
  const module = before.func === '<module>';
  const scope = scopeOf(before, extra);
  const ret = /^return\b\s*(.*)$/s.exec(stmt);
  if (ret) {
    const r = evaluate(ret[1]!.trim() === '' ? 'None' : ret[1]!, scope, { pythonMinor });
    return r.ok && !guessedOrder(r.value) ? { changes: {}, deleted: [], stdout: printed + r.output, retval: cut(r.repr) } : null;
  }
  const r = execute(stmt, scope, { pythonMinor });
  if (!r.ok || Object.keys(r.globalChanges).length) return null;
  // an expression statement's value is echoed by execute (as at a prompt), never by a program
  if (r.output !== '' && !/^print\s*\(/.test(stmt)) return null;
  if (r.output !== '') {
    // what print shows of a set pyval orders by guess is a guess too
    const args = argumentsAt(stmt, stmt.indexOf('('))?.parts.filter((a) => !/^[A-Za-z_]\w*\s*=(?!=)/.test(a) && !a.startsWith('*'));
    const shown = args?.length ? evaluate(`(${args.join(', ')},)`, scope, { pythonMinor }) : null;
    if (args === undefined || (shown && (!shown.ok || guessedOrder(shown.value)))) return null;
  }
  const changes: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.changes)) {
    if (k in extra) continue;
    if (module && (HIDDEN_REPR.test(v) || k.startsWith('__'))) return null;
    if (reprGuessed(v)) return null;
    changes[k] = cut(v);
  }
  const out: ComputedStep = { changes, deleted: r.deleted.filter((k) => !(k in extra)), stdout: printed + r.output };
  const next = onlyNext(program, before);
  if (next !== undefined) out.next = next;
  return out;
}

/**
 * The `return` of a `__repr__`: it returns the text the state shows for `self`, since
 * the tracer shows `self` by calling this same method (a repr the format cut, or
 * the default `<X object at ...>`, says nothing).
 */
function reprReturn(stmt: string, before: ModelState): ComputedStep | null {
  const self = before.locals.self;
  if (before.func !== '__repr__' || !/^return\b/.test(stmt) || self === undefined) return null;
  if (self.endsWith(CUT_MARKER) || / object at 0x[0-9a-f]+>$/.test(self)) return null;
  const retval = cut(strRepr(self));
  const state: ModelState = { ...before, locals: { ...before.locals }, stack: [...before.stack], event: 'return', retval, exception: null, exit: null };
  return { changes: {}, deleted: [], stdout: '', retval, state };
}

/** The lambda expressions of a statement, outermost first. */
function lambdasOf(node: unknown, out: Array<Extract<Expr, { k: 'lambda' }>> = []): Array<Extract<Expr, { k: 'lambda' }>> {
  if (Array.isArray(node)) for (const x of node) lambdasOf(x, out);
  else if (node && typeof node === 'object') {
    if ((node as Expr).k === 'lambda') out.push(node as Extract<Expr, { k: 'lambda' }>);
    for (const v of Object.values(node)) if (v && typeof v === 'object') lambdasOf(v, out);
  }
  return out;
}

/**
 * `s` / `n` at a lambda's line event: its body is one expression, so the next event
 * is the frame's return, with the body's value, when the statement holds one lambda
 * (the frame's code is known) whose body calls nothing of the program.
 */
function lambdaReturn(
  stmt: string,
  lines: readonly string[],
  before: ModelState,
  program: Program | null | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  // pyval parses simple statements; of a `return` or a compound header, the expression
  const head = /^(?:return|if|elif|while|for\s.+?\sin)\s+(.*?):?$/s.exec(stmt);
  const text = head ? head[1]! : stmt;
  let found: Array<Extract<Expr, { k: 'lambda' }>>;
  try {
    found = lambdasOf(head ? parseExpression(text) : parseStatements(stmt));
  } catch {
    return null;
  }
  if (found.length !== 1) return null;
  const body = text.slice(found[0]!.body.s, found[0]!.body.e);
  if (OWN_FRAMES.test(body) || namesTheProgram(body, lines)) return null;
  const r = runStatement(`return ${body}`, before, program, {}, '', pythonMinor);
  if (r?.retval === undefined) return null;
  const state: ModelState = { ...before, locals: { ...before.locals }, stack: [...before.stack], event: 'return', retval: r.retval, stdout: r.stdout, exception: null, exit: null };
  return { ...r, state };
}

/**
 * `step_return` from a line: the frame's steps computed one after another (each
 * as `n` would be) up to its `return`, when every one of them can be: the return
 * event with the value and everything printed on the way. Null at the first step
 * that cannot (a call of the program that is no plain function, a line with two
 * ways on, ...).
 */
function toReturn(
  lines: readonly string[],
  before: ModelState,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  if (before.func === '<module>') return null;
  const end = runFrame(lines, before, program, history, null, pythonMinor);
  return end ? { changes: {}, deleted: [], stdout: end.stdout, state: end } : null;
}

/**
 * `breakpoint L` (pdb's `c` to a breakpoint on L) from a line, where L runs only in
 * the frame the program stands in (so no call can reach it first): the frame's steps
 * computed up to L's next line event, or in the module up to the program's end (the
 * exit, when L is not reached). `continue` from the module: up to the exit.
 */
function toLineOrExit(
  lines: readonly string[],
  before: ModelState,
  target: number | null,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  if (!program || program.error || before.event !== 'line' || before.line === null) return null;
  const module = before.func === '<module>';
  if (target === null && !module) return null;
  if (target !== null) {
    const here = program.scopesOf(before.func!, before.line);
    const at = program.scopesAt(target);
    if (here.length !== 1 || !at.length || at.some((sc) => sc !== here[0])) return null;
  }
  const end = runFrame(lines, before, program, history, target, pythonMinor);
  if (!end) return null;
  if (end.event === 'line') return { changes: {}, deleted: [], stdout: end.stdout, state: end };
  if (!module) return null; // the frame returned first: the caller's steps are the model's
  const exit: ModelState = { event: 'exit', line: null, func: null, stack: [], locals: {}, retval: null, exception: null, stdout: end.stdout, exit: 'normal' };
  return { changes: {}, deleted: [], stdout: end.stdout, state: exit };
}

/**
 * The frame's steps computed one after another, as `n` would be, from `before`:
 * the line event at `target` when it comes first (`null`: no target), else the
 * frame's return event (its `return`, or the end of its code returning `None`),
 * with all it printed on the way; null at the first step that cannot be computed.
 * With a target, a function frame computes no call (a call could reach the target
 * in a deeper frame of the same function first).
 */
function runFrame(
  lines: readonly string[],
  before: ModelState,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  target: number | null,
  pythonMinor: number | undefined,
): ModelState | null {
  if (!program || program.error || before.event !== 'line') return null;
  const hist: HistoryEntry[] = [...(history ?? [{ action: null, state: before }])];
  const module = before.func === '<module>';
  let s = before;
  let stdout = '';
  for (;;) {
    if (--budget < 0) return null;
    const c = step(lines, s, { kind: 'step_over' }, program, hist, pythonMinor);
    if (!c || c.call || c.state || (target !== null && !module && c.called)) return null;
    stdout += c.stdout;
    if (c.retval !== undefined) return { ...s, event: 'return', retval: c.retval, exception: null, stdout, exit: null };
    const locals: Record<string, string> = {};
    for (const [n, v] of Object.entries(s.locals)) if (!c.deleted.includes(n)) locals[n] = v;
    Object.assign(locals, c.changes);
    const line = c.line ?? c.next;
    if (line === undefined) {
      // the end of the frame's code: it returns None there
      const sc = program.scopesOf(s.func!, s.line!);
      if (c.line !== undefined || sc.length !== 1 || !sc[0]!.returns.has(s.line!) || (sc[0]!.succ.get(s.line!) ?? []).length) return null;
      return { ...s, locals, event: 'return', retval: 'None', exception: null, stdout, exit: null };
    }
    s = { ...s, line, locals, stdout: c.stdout };
    if (line === target) return { ...s, stdout };
    hist.push({ action: { kind: 'step_over' }, state: s });
  }
}

/** Standard-library modules whose import prints nothing and runs none of the program's code. */
const QUIET_MODULES = new Set(
  'math cmath os sys re json string collections itertools functools operator heapq bisect statistics fractions decimal typing dataclasses enum copy textwrap unicodedata datetime time random array abc numbers'.split(
    ' ',
  ),
);

/**
 * A module-level statement that binds only names the module's locals never show: a
 * plain `def` (no decorator, no call in its signature) or `import` of quiet standard
 * modules. It changes nothing a state shows; the next line is the one after it.
 * undefined: not such a statement.
 */
function hiddenBinding(stmt: string, before: ModelState, program: Program | null | undefined): ComputedStep | null | undefined {
  const def = /^def\s+[A-Za-z_]\w*\s*\((.*)\)\s*(?:->[^:]*)?:$/s.exec(stmt);
  const imp = /^import\s+(.+)$/s.exec(stmt);
  if (!def && !imp) return undefined;
  if (before.func !== '<module>' || !program || program.error) return null;
  if (def) {
    const fn = program.scopes.find((sc) => sc.defLine === before.line && sc.kind === 'function');
    if (!fn || fn.callLine !== fn.defLine || /[()]/.test(def[1]!)) return null;
  } else {
    for (const part of imp![1]!.split(',')) {
      const m = /^\s*([A-Za-z_][\w.]*)(?:\s+as\s+[A-Za-z_]\w*)?\s*$/.exec(part);
      if (!m || !QUIET_MODULES.has(m[1]!.split('.')[0]!)) return null;
    }
  }
  const next = onlyNext(program, before);
  return next === undefined ? null : { changes: {}, deleted: [], stdout: '', next };
}

/** The one successor line of the state's line in its frame, when the analysis gives exactly one and no return. */
function onlyNext(program: Program | null | undefined, before: ModelState): number | undefined {
  if (!program || program.error) return undefined;
  const frame = frameScope(program, before);
  if (!frame || frame.returns.has(before.line!)) return undefined;
  const next = [...new Set(frame.succ.get(before.line!) ?? [])];
  return next.length === 1 ? next[0] : undefined;
}

/**
 * `n` over a statement whose one call of the program's code is a plain function
 * (callOf): the function's steps computed from its first line to its return
 * (toReturn), then the statement with the returned value in the call's place.
 */
function overCall(
  stmt: string,
  call: ComputedStep,
  lines: readonly string[],
  before: ModelState,
  program: Program,
  pythonMinor: number | undefined,
): ComputedStep | null {
  const c = call.call!;
  const fn = program.scopes.find((sc) => sc.coName === c.func && sc.callLine === c.line);
  if (fn?.entryLines.length !== 1 || !c.span) return null;
  const callState: ModelState = {
    event: 'call',
    line: c.line,
    func: c.func,
    stack: [...before.stack, before.line!],
    locals: c.locals,
    retval: null,
    exception: null,
    stdout: '',
    exit: null,
  };
  const first: ModelState = { ...callState, event: 'line', line: fn.entryLines[0]! };
  const hist: HistoryEntry[] = [
    { action: null, state: callState },
    { action: { kind: 'step_into' }, state: first },
  ];
  const ret = toReturn(lines, first, program, hist, pythonMinor);
  if (!ret?.state || typeof ret.state.retval !== 'string' || ret.state.retval.endsWith(CUT_MARKER)) return null;
  const slot = '__ndbg_returned';
  const rest = stmt.slice(0, c.span[0]) + slot + stmt.slice(c.span[1]);
  const done = runStatement(rest, before, program, { [slot]: ret.state.retval }, ret.stdout, pythonMinor);
  return done ? { ...done, called: c.func } : null;
}

/**
 * The brackets that open at `open` (string-aware): the text inside, split at its
 * top-level commas, and where they close; null if they do not.
 */
function argumentsAt(text: string, open: number): { parts: string[]; close: number } | null {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (--depth === 0) {
        parts.push(text.slice(start, i));
        return { parts: parts.map((p) => p.trim()).filter((p, k, all) => p !== '' || k < all.length - 1), close: i };
      }
    } else if (c === ',' && depth === 1) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return null;
}

/**
 * `step_into` a statement whose one call of the program's code is a function
 * defined by a plain `def` (positional or keyword arguments, literal defaults, no
 * `*`): the call event's locals are the parameters bound to the arguments, each
 * computed. undefined: the statement calls no function of the program (the other
 * rules apply); null: it does, and the model says.
 */
function callOf(
  stmt: string,
  lines: readonly string[],
  before: ModelState,
  program: Program,
  pythonMinor: number | undefined,
): ComputedStep | null | undefined {
  const defined = definedNames(lines);
  const calls = [...stmt.matchAll(/(?<![\w.])([A-Za-z_]\w*)\s*\(/g)].filter((m) => defined.has(m[1]!));
  const named = [...stmt.matchAll(/(?<![\w.])[A-Za-z_]\w*/g)].filter((m) => defined.has(m[0]));
  if (!calls.length) return named.length ? null : undefined;
  if (calls.length !== 1 || named.length !== 1 || /\b(?:lambda|yield|await)\b|:=/.test(stmt)) return null;
  const name = calls[0]![1]!;
  const fns = program.scopes.filter((sc) => sc.coName === name);
  if (fns.length !== 1 || fns[0]!.kind !== 'function' || fns[0]!.generator) return null;
  const fn = fns[0]!;
  if (fn.callLine !== fn.defLine) return null; // decorated: the call may be the decorator's
  const sig = statementAt(lines, fn.defLine);
  const m = sig === null ? null : new RegExp(`^def\\s+${name}\\s*\\(`).exec(sig.trim());
  if (!m) return null; // decorated, async, a method: not this simple case
  const params = argumentsAt(sig!.trim(), m[0].length - 1)?.parts;
  const argList = argumentsAt(stmt, calls[0]!.index! + calls[0]![0].length - 1);
  const args = argList?.parts;
  if (!params || !args || params.some((p) => /[*/:]/.test(p)) || args.some((a) => /^\*/.test(a))) return null;
  const scope = scopeOf(before);
  const value = (expr: string, sc: typeof scope) => {
    const r = evaluate(expr, sc, { pythonMinor });
    return r.ok && r.output === '' && !HIDDEN_REPR.test(r.repr) ? cut(r.repr) : null;
  };
  const bound: Record<string, string> = {};
  const names = params.map((p) => p.split('=')[0]!.trim());
  let k = 0;
  for (const a of args) {
    const kw = /^([A-Za-z_]\w*)\s*=(?!=)(.*)$/s.exec(a);
    const target = kw ? kw[1]! : names[k++];
    if (target === undefined || !names.includes(target) || target in bound) return null;
    const v = value(kw ? kw[2]! : a, scope);
    if (v === null) return null;
    bound[target] = v;
  }
  const out: Record<string, string> = {};
  for (let i = 0; i < params.length; i++) {
    const n = names[i]!;
    if (n in bound) out[n] = bound[n]!;
    else {
      const d = /^[A-Za-z_]\w*\s*=(.*)$/s.exec(params[i]!);
      const v = d ? value(d[1]!, { locals: {} }) : null; // a default: a literal, evaluated alone
      if (v === null) return null;
      out[n] = v;
    }
  }
  return { changes: {}, deleted: [], stdout: '', call: { func: fn.coName, line: fn.callLine, locals: out, span: [calls[0]!.index!, argList!.close + 1] } };
}

/** The last line of the block a header at `line` opens: the following lines indented deeper (blank and comment lines aside). */
function blockEnd(lines: readonly string[], line: number): number {
  const indent = (t: string) => t.length - t.trimStart().length;
  const own = indent(lines[line - 1]!);
  let end = line;
  for (let k = line; k < lines.length; k++) {
    const t = lines[k]!;
    if (t.trim() === '' || t.trim().startsWith('#')) continue;
    if (indent(t) <= own) break;
    end = k + 1;
  }
  return end;
}

/**
 * A `for` header: the next element bound to the targets and the body's first line,
 * or the line after the loop once the elements are used up. Which element comes
 * next is read from the state before the header: entered from outside the loop
 * (or the frame's call), the first; come back from its body, the one after the
 * targets' present values (only where that element is the one such).
 */
function iteration(
  targets: string[],
  iterable: string,
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  if (!program || program.error || !history || history.length < 2 || /:=/.test(iterable)) return null;
  if (action.kind === 'step_into' && OWN_FRAMES.test(iterable)) return null;
  if (namesTheProgram(iterable, lines)) return null;
  const L = before.line!;
  const frame = frameScope(program, before);
  if (!frame) return null;
  const next = [...new Set(frame.succ.get(L) ?? [])];
  const body = Math.min(...next.filter((l) => l > L));
  if (!Number.isFinite(body)) return null;
  const after = next.length === 2 && !frame.returns.has(L) ? next.find((l) => l !== body) : undefined;
  // where the header was reached from
  const prev = history[history.length - 2]!.state;
  const depth = before.stack.length;
  const sameFrameSoFar = prev.func === before.func && prev.stack.length >= depth && before.stack.every((l, i) => prev.stack[i] === l);
  if (!sameFrameSoFar && !(prev.event === 'call' && prev.func === before.func && prev.stack.join() === before.stack.join())) return null;
  const at = prev.stack.length > depth ? prev.stack[depth]! : prev.line;
  if (at === null) return null;
  const end = blockEnd(lines, L);
  const fromBody = prev.event !== 'call' && at > L && at <= end;
  const sc = scopeOf(before);
  const whole = evaluate(iterable, sc, { pythonMinor });
  if (!whole.ok || guessedOrder(whole.value)) return null;
  const r = evaluate(`list(${iterable})`, sc, { pythonMinor });
  if (!r.ok || r.output !== '' || r.value.kind !== 'list') return null;
  const items = r.value.items;
  const parts = (v: (typeof items)[number]): string[] | null => {
    if (targets.length === 1) return [repr(v)];
    if ((v.kind !== 'tuple' && v.kind !== 'list') || v.items.length !== targets.length) return null;
    return v.items.map((x) => repr(x));
  };
  let i = 0;
  if (fromBody) {
    const now = targets.map((t) => before.locals[t]);
    const hits = items.map((v, k) => (parts(v)?.every((p, j) => cut(p) === now[j]) ? k : -1)).filter((k) => k >= 0);
    if (hits.length !== 1) return null;
    i = hits[0]! + 1;
  } else if (prev.line === L && prev.event === 'line') return null; // a jump, or an edit: not from where it seems
  if (i >= items.length) return after === undefined ? null : { changes: {}, deleted: [], stdout: '', line: after };
  const values = parts(items[i]!);
  if (!values || values.some((v) => HIDDEN_REPR.test(v))) return null;
  const changes: Record<string, string> = {};
  targets.forEach((t, j) => {
    changes[t] = cut(values[j]!);
  });
  return { changes, deleted: [], stdout: '', line: body };
}

/**
 * The branch a condition takes: its body's first line when true (the least line
 * after the header control flow allows), the other successor when false. Only
 * where the analysis gives exactly two lines and no return from the header.
 */
function branch(
  cond: string,
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  if (!program || program.error || /:=/.test(cond) || (action.kind === 'step_into' && OWN_FRAMES.test(cond))) return null;
  const L = before.line!;
  if (namesTheProgram(cond, lines)) return null;
  const sc = frameScope(program, before);
  if (!sc) return null;
  const next = [...new Set(sc.succ.get(L) ?? [])];
  if (next.length !== 2 || sc.returns.has(L)) return null;
  const body = Math.min(...next.filter((l) => l > L));
  if (!Number.isFinite(body)) return null;
  const other = next.find((l) => l !== body)!;
  const r = evaluateTruth(cond, scopeOf(before), { pythonMinor });
  if (!r.ok || r.truth === undefined) return null;
  return { changes: {}, deleted: [], stdout: r.output, line: r.truth ? body : other };
}

/**
 * `predicted` with what `computed` knows put in place: only where the model
 * predicted the step to stay in the same frame (a line event, or for a `return`
 * the frame's return event); otherwise null, and the prediction stands.
 */
export function withComputed(predicted: ModelState, before: ModelState, computed: ComputedStep): ModelState | null {
  if (computed.state) return computed.state;
  // the next event is certain: the call of the function (nothing of the program runs before it)
  if (computed.call) {
    const c = computed.call;
    return {
      event: 'call',
      line: c.line,
      func: c.func,
      stack: [...before.stack, before.line!],
      locals: { ...c.locals },
      retval: null,
      exception: null,
      stdout: '',
      exit: null,
    };
  }
  const sameFrame = predicted.func === before.func && predicted.stack.length === before.stack.length && predicted.stack.every((l, i) => l === before.stack[i]);
  if (computed.retval === undefined && computed.line === undefined && computed.next !== undefined && !(sameFrame && predicted.event === 'line')) {
    // the statement runs to its end (pyval computed it), and one line can follow
    predicted = {
      event: 'line',
      line: computed.next,
      func: before.func,
      stack: [...before.stack],
      locals: {},
      retval: null,
      exception: null,
      stdout: '',
      exit: null,
    };
  } else if (!sameFrame) return null;
  if (computed.retval !== undefined) {
    if (predicted.event !== 'return' || predicted.line !== before.line) return null;
    return { ...predicted, retval: computed.retval, stdout: computed.stdout };
  }
  if (predicted.event !== 'line') return null;
  if (computed.line !== undefined) return { ...predicted, line: computed.line, locals: { ...before.locals, ...computed.changes }, stdout: computed.stdout };
  // the statement binds, changes and deletes exactly what pyval says; a name it
  // does not touch keeps the model's value (it may share an object with one it changes)
  const locals: Record<string, string> = {};
  for (const [k, v] of Object.entries(before.locals)) if (!computed.deleted.includes(k)) locals[k] = predicted.locals[k] ?? v;
  Object.assign(locals, computed.changes);
  return { ...predicted, locals, stdout: computed.stdout };
}
