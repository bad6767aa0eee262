// The trace format: code context, states and actions as items (docs/format.md), the
// TypeScript twin of python/ndbg/trace/format.py and the prompt half of examples.py. An item
// is a special token id (number) or text (string, encoded by the BPE tokenizer).
// test/golden/ keeps the two sides equal; change both or neither.

import type { Item, Tokenizer } from './tokenizer.js';

/** The version this side writes (docs/format.md, "Versions"): 2 added the program's objects. */
export const FORMAT_VERSION = 2;
/** Versions a model may have been trained on: a version-1 model's prompts leave the dotted entries out (forVersion). */
export const FORMAT_VERSIONS: readonly number[] = [1, 2];

/** Ids 0..SPECIALS.length-1. Appending is compatible; reordering is a format change. */
export const SPECIALS = [
  'pad',
  'bos',
  'code',
  'stdin',
  'call',
  'line',
  'return',
  'exception',
  'exit',
  'frame',
  'var',
  'del',
  'retval',
  'exc',
  'out',
  'end',
  'step_into',
  'step_over',
  'step_return',
  'breakpoint',
  'continue',
  'inv_step_into',
  'inv_step_over',
  'inv_step_call',
] as const;
export type SpecialName = (typeof SPECIALS)[number];
export const NUM_SPECIAL_SLOTS = 32;
export const SPECIAL_ID = Object.fromEntries(SPECIALS.map((name, i) => [name, i])) as Record<SpecialName, number>;
export const BOS = SPECIAL_ID.bos;
export const END = SPECIAL_ID.end;

/** The tracer's cut (docs/format.md, "Reprs"): a repr is at most REPR_LIMIT characters, or exactly that many plus CUT_MARKER. */
export const REPR_LIMIT = 100;

/**
 * A repr without object addresses (`<P object at 0x7f..>` -> `<P object>`,
 * `<cell at 0x7f..: empty>` -> `<cell: empty>`): the tracer's `_ADDRESS` rule
 * (python/ndbg/trace/tracer.py), and pyval's `at 0x...` for an address it cannot know.
 */
export const withoutAddresses = (r: string): string => r.replace(/ at 0x(?:[0-9a-fA-F]+|\.\.\.)/g, '');
export const CUT_MARKER = '...';

/**
 * The program's objects (docs/format.md, "Objects"; python/ndbg/bridge/shown.py): a
 * local's attribute entries `name.attr` nest at most ATTR_DEPTH deep, at most
 * ATTR_LIMIT of them per local. Pinned by test/golden/constants.json.
 */
export const ATTR_DEPTH = 3;
export const ATTR_LIMIT = 12;

export const EVENTS = ['call', 'line', 'return', 'exception', 'exit'] as const;
export type EventName = (typeof EVENTS)[number];
export const ACTIONS = ['step_into', 'step_over', 'step_return', 'breakpoint', 'continue', 'inv_step_into', 'inv_step_over', 'inv_step_call'] as const;
export type ActionName = (typeof ACTIONS)[number];
export const EXIT_KINDS = ['normal', 'error', 'never'] as const;
export type ExitKind = (typeof EXIT_KINDS)[number];
const DIFF_ACTIONS: readonly string[] = ['step_into', 'step_over'];

export function specialName(i: number): string {
  return i < SPECIALS.length ? SPECIALS[i]! : `reserved_${i}`;
}

/** One stop of the debugger: an event of the trace, or the program's exit. */
export interface State {
  event: EventName;
  /** Source line (null for the exit). */
  line: number | null;
  /** The frame's code object name, `<module>` at top level (null for the exit). */
  func: string | null;
  /** Lines of the frames below this one, outermost first; depth = stack.length. */
  stack: number[];
  /** name -> cut repr, in frame order. */
  locals: Record<string, string>;
  retval: string | null;
  exception: string | null;
  /** Written since the previous state of the trajectory. */
  stdout: string;
  exit: ExitKind | null;
}

export function makeState(event: EventName, fields: Partial<State> = {}): State {
  return {
    event,
    line: null,
    func: null,
    stack: [],
    locals: {},
    retval: null,
    exception: null,
    stdout: '',
    exit: null,
    ...fields,
  };
}

const hasOwn = (o: object, k: string) => Object.hasOwn(o, k);

/** Set a key on a plain record, even `__proto__` (a valid Python name). */
export function setEntry(o: Record<string, string>, k: string, v: string): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

export function getEntry(o: Record<string, string>, k: string): string | undefined {
  return hasOwn(o, k) ? o[k] : undefined;
}

/** Everything a prediction must get right (locals order included), as one string. */
export function stateKey(s: State): string {
  return JSON.stringify([s.event, s.line, s.func, s.stack, Object.entries(s.locals), s.retval, s.exception, s.stdout, s.exit]);
}

// --- encoding -------------------------------------------------------------------

/** Source lines as the context numbers them (a final empty piece is dropped). */
export function sourceLines(source: string): string[] {
  const lines = source.split('\n');
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The code context text: every source line prefixed by its number and a space. */
export function numberLines(source: string): string {
  return sourceLines(source)
    .map((text, k) => `${k + 1} ${text}\n`)
    .join('');
}

/** <|bos|><|code|>numbered source[<|stdin|>stdin] */
export function encodeContext(source: string, stdin = ''): Item[] {
  const items: Item[] = [BOS, SPECIAL_ID.code, numberLines(source)];
  if (stdin) items.push(SPECIAL_ID.stdin, stdin);
  return items;
}

function sameStack(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Whether `after`, reached from `before` by `action`, is written as a diff: only a
 * step_into / step_over from a line, call or exception event to a line, exception or
 * return event of the same frame (same function and stack).
 */
export function isDiff(action: string | null | undefined, before: State | null | undefined, after: State): boolean {
  return (
    before != null &&
    action != null &&
    DIFF_ACTIONS.includes(action) &&
    (before.event === 'line' || before.event === 'call' || before.event === 'exception') &&
    (after.event === 'line' || after.event === 'exception' || after.event === 'return') &&
    after.stack.length === before.stack.length &&
    after.func === before.func &&
    sameStack(after.stack, before.stack)
  );
}

/** Items of `state`; a diff against `before` when isDiff(action, before, state). */
export function encodeState(state: State, before?: State | null, action?: string | null): Item[] {
  const S = SPECIAL_ID;
  const items: Item[] = [S[state.event]];
  if (state.event === 'exit') {
    items.push(state.exit ?? 'normal');
  } else {
    items.push(String(state.line));
    if (isDiff(action, before, state)) {
      const old = before!.locals;
      for (const [name, value] of Object.entries(state.locals)) {
        if (getEntry(old, name) !== value) items.push(S.var, `${name}=${value}`);
      }
      for (const name of Object.keys(old)) {
        if (!hasOwn(state.locals, name)) items.push(S.del, name);
      }
    } else {
      items.push(S.frame, [state.func ?? '?', ...state.stack.map(String)].join(' '));
      for (const [name, value] of Object.entries(state.locals)) items.push(S.var, `${name}=${value}`);
    }
  }
  if (state.retval != null && state.event === 'return') items.push(S.retval, state.retval);
  if (state.exception != null) items.push(S.exc, state.exception);
  if (state.stdout) items.push(S.out, state.stdout);
  items.push(END);
  return items;
}

export function encodeAction(action: ActionName, line?: number | null): Item[] {
  const items: Item[] = [SPECIAL_ID[action]];
  if (action === 'breakpoint') items.push(String(line));
  return items;
}

/** Printable text: specials as <|name|>. */
export function render(items: readonly Item[]): string {
  return items.map((x) => (typeof x === 'number' ? `<|${specialName(x)}|>` : x)).join('');
}

// --- decoding -------------------------------------------------------------------

export class Malformed extends Error {
  override name = 'Malformed';
}

const IDENTIFIER = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;

export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** A local's name (an identifier) or an attribute's dotted pseudo-local (`a.b.c`). */
export function isLocalName(name: string): boolean {
  return name.split('.').every(isIdentifier);
}

/**
 * Set `name` in `locals` (in place, or a reordered copy): a new attribute entry `P.attr`
 * goes right after the last entry of P's group (P itself or `P.…`), where the tracer
 * writes it; anything else new goes last (format.py `place`).
 */
export function placeEntry(locals: Record<string, string>, name: string, value: string): Record<string, string> {
  const dot = name.lastIndexOf('.');
  if (hasOwn(locals, name) || dot < 0) {
    setEntry(locals, name, value);
    return locals;
  }
  const parent = name.slice(0, dot);
  const keys = Object.keys(locals);
  let at = -1;
  keys.forEach((k, i) => {
    if (k === parent || k.startsWith(`${parent}.`)) at = i;
  });
  if (at < 0 || at === keys.length - 1) {
    setEntry(locals, name, value);
    return locals;
  }
  const out: Record<string, string> = {};
  keys.forEach((k, i) => {
    setEntry(out, k, locals[k]!);
    if (i === at) setEntry(out, name, value);
  });
  return out;
}

/** Whether a locals key is an attribute entry (`cart.items`), not a local. */
export function isAttributeEntry(name: string): boolean {
  return name.includes('.');
}

/** `state` as a model trained on format `version` knows it: version 1 has no attribute entries. */
export function forVersion(state: State, version: number): State {
  if (version >= 2 || !Object.keys(state.locals).some(isAttributeEntry)) return state;
  const locals: Record<string, string> = {};
  for (const [k, v] of Object.entries(state.locals)) if (!isAttributeEntry(k)) setEntry(locals, k, v);
  return { ...state, locals };
}

/** Python's int(x) followed by str(): the text is an int written canonically. */
const CANONICAL_INT = /^(0|-?[1-9][0-9]*)$/;

/** Parse the items of one state (through <|end|>) back into a State. Throws Malformed. */
export function decodeState(itemsIn: readonly Item[], before?: State | null): State {
  const S = SPECIAL_ID;
  const raw = [...itemsIn];
  if (raw.length && raw[raw.length - 1] === END) raw.pop();
  else throw new Malformed('state does not end with <|end|>');
  const items: Item[] = [];
  for (const x of raw) {
    const last = items[items.length - 1];
    if (typeof x === 'string' && typeof last === 'string') items[items.length - 1] = last + x;
    else items.push(x);
  }
  const head = items[0];
  if (typeof head !== 'number' || !(EVENTS as readonly string[]).includes(specialName(head))) {
    throw new Malformed('state does not start with an event');
  }
  const event = specialName(head) as EventName;
  let pos = 1;
  const text = (): string => {
    const x = items[pos];
    if (typeof x === 'string') {
      pos++;
      return x;
    }
    return '';
  };
  const st = makeState(event);
  if (event === 'exit') {
    const kind = text();
    if (!(EXIT_KINDS as readonly string[]).includes(kind)) throw new Malformed(`bad exit kind ${JSON.stringify(kind)}`);
    st.exit = kind as ExitKind;
  } else {
    const digits = text();
    if (!/^[0-9]+$/.test(digits)) throw new Malformed(`bad line number ${JSON.stringify(digits)}`);
    st.line = parseInt(digits, 10);
    let locals: Record<string, string>;
    if (items[pos] === S.frame) {
      pos++;
      const frameText = text();
      const sp = frameText.indexOf(' ');
      const func = sp < 0 ? frameText : frameText.slice(0, sp);
      const stackText = sp < 0 ? '' : frameText.slice(sp + 1);
      if (!func) throw new Malformed('frame without function name');
      if (stackText) {
        const parts = stackText.split(' ');
        if (!parts.every((p) => CANONICAL_INT.test(p))) throw new Malformed(`bad stack ${JSON.stringify(stackText)}`);
        st.stack = parts.map((p) => parseInt(p, 10));
      }
      st.func = func;
      locals = {};
    } else {
      if (before == null || before.event === 'exit') throw new Malformed('a diff state needs a previous state');
      st.stack = [...before.stack];
      st.func = before.func;
      locals = {};
      for (const [k, v] of Object.entries(before.locals)) setEntry(locals, k, v);
    }
    while (items[pos] === S.var || items[pos] === S.del) {
      const kind = items[pos];
      pos++;
      const body = text();
      if (kind === S.var) {
        const eq = body.indexOf('=');
        const name = eq < 0 ? body : body.slice(0, eq);
        if (eq < 0 || !isLocalName(name)) throw new Malformed(`bad variable ${JSON.stringify(body)}`);
        locals = placeEntry(locals, name, body.slice(eq + 1));
      } else {
        if (!hasOwn(locals, body)) throw new Malformed(`deleting unknown ${JSON.stringify(body)}`);
        delete locals[body];
      }
    }
    st.locals = locals;
  }
  if (items[pos] === S.retval) {
    if (event !== 'return') throw new Malformed('retval outside a return event');
    pos++;
    st.retval = text();
  }
  if (items[pos] === S.exc) {
    pos++;
    st.exception = text();
  }
  if (items[pos] === S.out) {
    pos++;
    st.stdout = text();
    if (!st.stdout) throw new Malformed('empty output');
  }
  if (pos !== items.length) {
    const x = items[pos]!;
    throw new Malformed(`unexpected ${typeof x === 'number' ? `<|${specialName(x)}|>` : JSON.stringify(x)}`);
  }
  if (event === 'return' && st.retval === null) throw new Malformed('return without retval');
  if (event === 'exception' && st.exception === null) throw new Malformed('exception without exc');
  return st;
}

/** Generated ids (anything after the first <|end|> is ignored) -> State, or null when malformed. */
export function decodeStateIds(tokenizer: Tokenizer, ids: readonly number[], before?: State | null): State | null {
  const end = ids.indexOf(END);
  const cut = end >= 0 ? ids.slice(0, end + 1) : [...ids];
  try {
    return decodeState(tokenizer.decodeItems(cut), before);
  } catch (e) {
    if (e instanceof Malformed || e instanceof TypeError) return null;
    throw e;
  }
}

// --- windows and prompts -----------------------------------------------------------

export interface Step {
  action: ActionName;
  arg: number | null;
  state: State;
}

export interface Segment {
  first: State;
  steps: Step[];
}

export interface Window {
  ids: number[];
  mask: number[];
  /** [segment, step, action start, state start, state end] of whole steps. */
  steps: Array<[number, number, number, number, number]>;
}

/**
 * Pack a program's trajectories into windows (docs/format.md, "Windows"), exactly as
 * format.build_windows: used by the tests to pin the format, and the rule the
 * predictor's prompts follow.
 */
export function buildWindows(tokenizer: Tokenizer, contextItems: Item[], segments: Segment[], window: number): Window[] {
  const ctx = tokenizer.encodeItems(contextItems);
  const windows: Window[] = [];
  let ids: number[] | null = null;
  let mask: number[] = [];
  let steps: Window['steps'] = [];
  const complete = new Map<State, number[]>();
  const completeIds = (s: State) => {
    let v = complete.get(s);
    if (!v) complete.set(s, (v = tokenizer.encodeItems(encodeState(s))));
    return v;
  };
  const open = (s: State): boolean => {
    const head = [...ctx, ...completeIds(s)];
    ids = head;
    mask = head.map(() => 0);
    steps = [];
    return head.length < window;
  };
  const flush = () => {
    if (ids !== null && (steps.length || mask.some((m) => m))) {
      windows.push({ ids: ids.slice(0, window), mask: mask.slice(0, window), steps });
    }
  };
  for (let si = 0; si < segments.length; si++) {
    const { first, steps: segSteps } = segments[si]!;
    if (ids === null) {
      if (!open(first)) return [];
    } else {
      const unit = completeIds(first);
      if ((ids as number[]).length + unit.length > window) {
        flush();
        if (!open(first)) return [];
      } else {
        (ids as number[]).push(...unit);
        mask.push(...unit.map(() => 0));
      }
    }
    let prev = first;
    for (let k = 0; k < segSteps.length; k++) {
      const { action, arg, state } = segSteps[k]!;
      const a = tokenizer.encodeItems(encodeAction(action, arg));
      const t = tokenizer.encodeItems(encodeState(state, prev, action));
      let cur = ids as unknown as number[];
      if (cur.length + a.length + t.length > window) {
        const room = window - cur.length;
        if (room > a.length) {
          cur.push(...[...a, ...t].slice(0, room));
          mask.push(...[...a.map(() => 0), ...t.map(() => 1)].slice(0, room));
        }
        flush();
        if (!open(prev)) return windows;
        cur = ids as unknown as number[];
      }
      const start = cur.length;
      cur.push(...a, ...t);
      mask.push(...a.map(() => 0), ...t.map(() => 1));
      if (cur.length <= window) steps.push([si, k, start, start + a.length, cur.length]);
      prev = state;
    }
  }
  flush();
  return windows;
}

export const DEFAULT_WINDOW = 1024;
export const DEFAULT_ROOM = 256;

/**
 * Prompt ids for the next `action` after a history, exactly as examples.build_prompt:
 * context, the earliest complete state whose history still fits (leaving `room`
 * tokens for the answer), the pairs since, then the action.
 */
export function buildPrompt(
  tokenizer: Tokenizer,
  source: string,
  stdin: string,
  first: State,
  steps: Step[],
  action: ActionName,
  arg: number | null = null,
  window = DEFAULT_WINDOW,
  room = DEFAULT_ROOM,
): number[] {
  const ctx = tokenizer.encodeItems(encodeContext(source, stdin));
  const tail = tokenizer.encodeItems(encodeAction(action, arg));
  const states = [first, ...steps.map((s) => s.state)];
  const pairs = steps.map((s, k) => [
    ...tokenizer.encodeItems(encodeAction(s.action, s.arg)),
    ...tokenizer.encodeItems(encodeState(s.state, states[k], s.action)),
  ]);
  const budget = window - room - ctx.length - tail.length;
  let start = states.length - 1;
  let total = 0;
  let suffix = 0; // tokens of pairs[start..]
  while (start > 0) {
    suffix += pairs[start - 1]!.length;
    total = tokenizer.encodeItems(encodeState(states[start - 1]!)).length + suffix;
    if (total > budget) break;
    start--;
  }
  const ids = [...ctx, ...tokenizer.encodeItems(encodeState(states[start]!))];
  for (const p of pairs.slice(start)) ids.push(...p);
  return [...ids, ...tail];
}
