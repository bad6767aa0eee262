// What a predicted state may be, given the action and the state it starts from: the
// events and lines control flow allows, the frame each can be in, and the names a
// line can bind or mutate. Sound first (every real transition stays allowed, when
// cfg.py is), precise second; where the analysis cannot tell, a field is left open
// (`null`) rather than guessed. docs/runtime.md, "Constraints", says what is checked.

import type { Program, Scope } from '../format/cfg.js';
import { parseRepr, type Value } from '../../pyval/index.js';
import { CUT_MARKER, type ActionName, type EventName, type ExitKind, type State } from '../format/format.js';

export type FrameMode = 'diff' | 'complete' | 'either';

/** One way a predicted (event, line) can be framed. */
export interface FrameOption {
  func: string;
  /** The exact caller lines, or null when they cannot be told statically. */
  stack: number[] | null;
  mode: FrameMode;
  /** Names a complete state may list (null: any identifier). */
  names: Set<string> | null;
  /** Names a diff may set (null: any identifier). */
  diffNames: Set<string> | null;
}

export interface Allowed {
  /** event -> line -> frame options ('any': every line, any frame). Exit is separate. */
  events: Map<Exclude<EventName, 'exit'>, Map<number, FrameOption[]> | 'any'>;
  /** Exit kinds allowed (empty: no exit). */
  exitKinds: ExitKind[];
  /** Whether stdout may be written: never for inverse actions, nor for a step from a line that cannot print (cfg.py `quiet`). */
  out: boolean;
  /**
   * Events whose states may write stdout even where `out` is false: the program may run
   * on past the line before reaching them (an exit pdb reaches waiting for a frame that
   * never runs again; a suspended generator resumed after its caller ran).
   */
  outAlso?: ReadonlySet<EventName>;
  /** For `any`: the highest line, every function name, and whether diffs are possible. */
  maxLine: number;
  funcs: Set<string>;
  anyMode: FrameMode;
  /** Names a diff may delete (from the previous state's locals). */
  deletable: Set<string> | null;
}

const ALL_EXITS: ExitKind[] = ['normal', 'error', 'never'];

/**
 * Whether a shown value stays the same whatever is done to it, so that only rebinding
 * its name changes it: immutable all through (numbers, str, bytes, None, a tuple of
 * such), or object's default repr of one of the program's plain classes
 * (`<__main__.Cart object>`, whatever its attributes hold).
 */
export function unchangeable(shown: string | undefined, plainClasses: ReadonlySet<string>): boolean {
  if (shown === undefined || shown.endsWith(CUT_MARKER)) return false;
  const m = /^<__main__\.([A-Za-z_]\w*) object>$/.exec(shown);
  if (m) return plainClasses.has(m[1]!);
  const deep = (x: Value, d: number): boolean => d < 20 && (IMMUTABLE.has(x.kind) || (x.kind === 'tuple' && x.items.every((y) => deep(y, d + 1))));
  return deep(parseRepr(shown), 0);
}
const IMMUTABLE = new Set(['none', 'bool', 'int', 'float', 'str', 'bytes', 'ellipsis', 'range']);

/** No control-flow knowledge: any event, any line, any frame (still well-formed). */
export function openAllowed(action: ActionName, before: State | null, maxLine: number, funcs?: Set<string>): Allowed {
  const inverse = action.startsWith('inv_');
  const diffable =
    (action === 'step_into' || action === 'step_over') &&
    before !== null &&
    (before.event === 'line' || before.event === 'call' || before.event === 'exception');
  return {
    events: new Map([
      ['call', 'any'],
      ['line', 'any'],
      ['return', 'any'],
      ['exception', 'any'],
    ]),
    exitKinds: inverse ? [] : ALL_EXITS,
    out: !inverse,
    maxLine: Math.max(1, maxLine),
    funcs: funcs ?? new Set(),
    anyMode: diffable ? 'either' : 'complete',
    deletable: before && diffable ? new Set(Object.keys(before.locals)) : null,
  };
}

class Builder {
  readonly events = new Map<Exclude<EventName, 'exit'>, Map<number, FrameOption[]>>();
  exits = new Set<ExitKind>();

  /** `program`: narrows a complete module state's names to those bound on the way there; `extra`: names an edit put in the module frame. */
  constructor(
    private readonly program?: Program,
    private readonly extra: readonly string[] = [],
  ) {}

  add(event: Exclude<EventName, 'exit'>, line: number, opt: FrameOption): void {
    // the module's own call event is not recorded (docs/format.md); lines start at 1
    if (line < 1 || (event === 'call' && opt.func === '<module>')) return;
    if (this.program && opt.func === '<module>' && opt.mode === 'complete') {
      // a line event comes before its line's code runs; a return or exception after
      const names = this.program.moduleNamesAt(line, event !== 'line', this.extra);
      if (names) opt = { ...opt, names };
    }
    let lines = this.events.get(event);
    if (!lines) this.events.set(event, (lines = new Map()));
    const list = lines.get(line) ?? [];
    list.push(opt);
    lines.set(line, list);
  }

  exit(...kinds: ExitKind[]): void {
    for (const k of kinds) this.exits.add(k);
  }
}

function complete(scope: Scope, stack: number[] | null): FrameOption {
  return { func: scope.coName, stack, mode: 'complete', names: scope.names, diffNames: null };
}

/**
 * The allowed next states for `action` from `before` in `program`. Falls back to
 * openAllowed where the program or the state is not one the analysis knows.
 */
export function allowedTargets(program: Program, action: ActionName, before: State, breakpointLine?: number | null): Allowed {
  const open = () => openAllowed(action, before, program.nLines, program.coNames);
  if (program.error) return open();
  const b = new Builder(program, before.func === '<module>' ? Object.keys(before.locals) : []);
  const inverse = action.startsWith('inv_');

  if (action === 'continue') {
    b.exit(...ALL_EXITS);
    return finish(b, program, before, action);
  }
  if (action === 'breakpoint') {
    const target = breakpointLine ?? -1;
    // the stop is at any depth, but only with a stack the call graph allows
    for (const s of program.scopesAt(target)) {
      const stacks = program.callStacks(s);
      if (stacks === null) b.add('line', target, complete(s, null));
      else for (const st of stacks) b.add('line', target, complete(s, st));
    }
    b.exit(...ALL_EXITS);
    return finish(b, program, before, action);
  }
  if (before.event === 'exit') {
    if (inverse) return open();
    b.exit(before.exit ?? 'normal');
    return finish(b, program, before, action);
  }
  const scopes = program.scopesOf(before.func, before.line);
  if (!scopes.length || before.line === null) return open();
  const L = before.line;
  const stack = before.stack;
  const callerStack = stack.slice(0, -1);
  const caller = stack.length ? stack[stack.length - 1]! : null;
  const eff = program.effects(L);
  // a value no mutation can change (unchangeable) changes only by rebinding its name
  const bound = new Set(eff.binds);
  const keep = !program.rebindsElsewhere;
  const diffNames = new Set(eff.all.filter((n) => bound.has(n) || !keep || !unchangeable(before.locals[n], program.plainClasses)));

  const sameFrame = (s: Scope, event: Exclude<EventName, 'exit'>, line: number) => {
    // a generator may be resumed from elsewhere: then the state is complete, its stack new
    const mode: FrameMode = s.generator ? 'either' : 'diff';
    b.add(event, line, {
      func: s.coName,
      stack: s.generator ? null : [...stack],
      mode,
      names: s.names,
      // a diff sets only names a complete state of this frame may show
      diffNames: s.generator ? null : new Set([...diffNames].filter((n) => s.names.has(n))),
    });
  };
  // The frame's own return event, on the line of the event before it (its f_lineno):
  // after a line event only where cfg says the frame may return there (an exception
  // leaves through an exception event first). Reached by stepping it is a diff.
  const frameReturnAfterStep = (s: Scope) => {
    if (before.event !== 'line' || s.returns.has(L) || s.generator) sameFrame(s, 'return', L);
  };
  // ...and after any number of lines (step_return): any line of the frame
  const frameReturnAnywhere = (s: Scope) => {
    const lines = [...s.lines];
    if (s.callLine) lines.push(s.callLine);
    for (const l of lines) b.add('return', l, complete(s, [...stack]));
  };
  const callsFrom = (line: number, calleeStack: number[]) => {
    for (const c of program.callees(line)) {
      b.add('call', c.callLine, complete(c, calleeStack));
      if (c.generator) for (const l of c.lines) b.add('call', l, complete(c, null));
    }
  };
  // the events of a caller frame after one of its callees returned or raised
  const inCaller = (withCalls: boolean) => {
    if (caller === null) {
      b.exit(...ALL_EXITS);
      return;
    }
    for (const cs of program.scopesAt(caller)) {
      for (const l of cs.succ.get(caller) ?? []) b.add('line', l, complete(cs, callerStack));
      b.add('return', caller, complete(cs, callerStack));
      b.add('exception', caller, complete(cs, callerStack));
    }
    if (withCalls) callsFrom(caller, [...stack]);
    b.exit(...ALL_EXITS);
  };

  const forward = action === 'step_into' || action === 'step_over' || action === 'step_return';
  if (forward && before.event === 'return') {
    if (action === 'step_return') inCaller(false);
    else inCaller(true);
    return finish(b, program, before, action);
  }

  switch (action) {
    case 'step_into':
    case 'step_over': {
      for (const s of scopes) {
        const next = new Set<number>(s.succ.get(L) ?? []);
        if (before.event === 'call') {
          for (const l of s.entryLines) next.add(l);
          if (s.generator) for (const l of s.lines) next.add(l);
        }
        for (const l of next) sameFrame(s, 'line', l);
        // an exception event follows the line that raised (or a generator's resumption)
        if (before.event === 'line' || s.generator) sameFrame(s, 'exception', L);
        frameReturnAfterStep(s);
        // a resumed generator may go straight on into another (`yield from`)
        if (action === 'step_into' && (before.event !== 'call' || s.generator)) callsFrom(L, [...stack, L]);
        if (action === 'step_over' && s.generator) {
          // pdb skips a generator's suspension and stops where it is resumed
          for (const l of s.lines) b.add('call', l, complete(s, null));
          b.add('call', s.callLine, complete(s, null));
        }
      }
      // the trace can be cut anywhere (never), end abruptly (MemoryError), or end
      // while pdb waits for a frame that never runs again (a generator not resumed)
      b.exit(...ALL_EXITS);
      break;
    }
    case 'step_return': {
      for (const s of scopes) {
        frameReturnAnywhere(s);
        if (s.generator) {
          for (const l of s.lines) {
            b.add('line', l, complete(s, null));
            b.add('call', l, complete(s, null));
          }
          inCaller(true);
        }
      }
      b.exit(...ALL_EXITS);
      break;
    }
    case 'inv_step_into':
    case 'inv_step_over': {
      const all = action === 'inv_step_into';
      for (const s of scopes) {
        const preds = new Set<number>(s.pred.get(L) ?? []);
        if (before.event === 'line') {
          for (const p of preds) {
            b.add('line', p, complete(s, [...stack]));
            b.add('exception', p, complete(s, [...stack]));
            if (all) for (const c of program.callees(p)) for (const l of c.lines) b.add('return', l, complete(c, [...stack, p]));
          }
          if (s.entryLines.includes(L) || s.generator) b.add('call', s.callLine, complete(s, [...stack]));
          if (s.generator) for (const l of s.lines) b.add('call', l, complete(s, [...stack]));
        } else if (before.event === 'return' || before.event === 'exception') {
          b.add('line', L, complete(s, [...stack]));
          b.add('exception', L, complete(s, [...stack]));
          if (all) for (const c of program.callees(L)) for (const l of c.lines) b.add('return', l, complete(c, [...stack, L]));
          if (s.generator) b.add('call', L, complete(s, [...stack]));
        } else if (before.event === 'call' && caller !== null) {
          for (const cs of program.scopesAt(caller)) b.add('line', caller, complete(cs, callerStack));
          for (const c of program.callees(caller)) for (const l of c.lines) b.add('return', l, complete(c, [...stack]));
        }
      }
      break;
    }
    case 'inv_step_call': {
      for (const s of scopes) {
        b.add('call', s.callLine, complete(s, [...stack]));
        if (s.generator) for (const l of s.lines) b.add('call', l, complete(s, [...stack]));
      }
      break;
    }
  }
  return finish(b, program, before, action);
}

function finish(b: Builder, program: Program, before: State, action: ActionName): Allowed {
  const inverse = action.startsWith('inv_');
  const diffable = action === 'step_into' || action === 'step_over';
  let deletable: Set<string> | null = null;
  if (diffable && before.line !== null) {
    const binds = new Set(program.effects(before.line).binds);
    const scopes = program.scopesOf(before.func, before.line);
    deletable = new Set(Object.keys(before.locals).filter((n) => binds.has(n) || scopes.some((s) => s.generator)));
  }
  // a step from a line whose code cannot print adds no output when the next event comes
  // before any other code runs: in the same frame, not at an exit (pdb may wait there
  // for a frame that never runs again while the program runs to its end) nor where a
  // suspended generator is resumed
  const quiet = diffable && before.event === 'line' && before.line !== null && program.quiet(before.line);
  const generator = quiet && action === 'step_over' && program.scopesOf(before.func, before.line).some((s) => s.generator);
  const outAlso = quiet ? new Set<EventName>(generator ? ['exit', 'call'] : ['exit']) : undefined;
  // an (event, line) both a same-frame diff and a complete state elsewhere keeps both
  return {
    events: b.events,
    exitKinds: [...b.exits],
    out: !inverse && !quiet,
    ...(outAlso ? { outAlso } : {}),
    maxLine: program.nLines,
    funcs: program.coNames,
    anyMode: 'complete',
    deletable,
  };
}
