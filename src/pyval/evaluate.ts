// Evaluate pdb's `p` expressions and `!` statements over predicted values only.
//
// The neural engine never runs the debuggee, so nothing here executes Python:
// we parse the expression ourselves and evaluate it over values read from the
// frame's repr strings. Only literals, names, operators, subscripts and calls of
// side-effect-free builtins and methods are evaluated; everything else is
// refused with a `*** ndbg: ...` message. Errors the real program would raise
// are reported as pdb prints them (`*** NameError: name 'x' is not defined`).
//
// Name resolution follows CPython 3.11's pdb: an expression sees the frame's
// locals, then its globals, then builtins; but the body of a lambda or of a
// comprehension (beyond its first iterable) is a nested function scope that, in
// a function frame, does not see the frame's locals (the well-known pdb
// surprise). `pythonMinor >= 12` inlines list/set/dict comprehensions (PEP 709).
//
// This file holds the entry points (evaluate, evaluateTruth, execute,
// showValue, freshInstance) and the budget each runs within. The evaluator
// itself is evaluator/, one class cut into layers, a file each (names.ts says
// how they stack); its shapes (Scope, ProgramContext, the options and results)
// are evaluator/api.ts's, re-exported here.

import { Budget, DEFAULT_LIMITS, withBudget } from './limits.js';
import { lookupClass, setCompareHook } from './objects.js';
import { order, setKeyErrorText, truthy, type Ordering } from './ops.js';
import { parseExpression, parseStatements } from './parser.js';
import { repr } from './repr.js';
import { PyError, Refusal, type InstanceV, type Value } from './value.js';
import type { EvalOptions, EvalResult, ExecResult, Scope } from './evaluator/api.js';
import { describeFailure } from './evaluator/failure.js';
import { shownRepr } from './evaluator/namespace.js';
import { Evaluator } from './evaluator/statements.js';

setKeyErrorText((k) => repr(k));
setCompareHook((op, a, b) => order(op as Ordering, a, b));

export type { EvalOptions, EvalResult, ExecResult, ProgramContext, Scope } from './evaluator/api.js';

/**
 * `v` (a value an evaluation with `opts.program` returned) as a frame shows it, its
 * program's `__repr__` run by pyval; null where that cannot be computed.
 */
export function showValue(v: Value, opts: EvalOptions): string | null {
  return hosted(opts, () => shownRepr(v));
}

/** `f` run inside an evaluator of no names (so that the program's code it reaches can run), within the options' budget; null where Python raises or ndbg refuses. */
function hosted<T>(opts: EvalOptions, f: (e: Evaluator) => T | null): T | null {
  const bounds = makeBudget(opts);
  return withBudget(bounds, () => {
    try {
      const e = new Evaluator('eval', '', { locals: {} }, opts, bounds.limits.maxDepth);
      return e.hosting(() => f(e));
    } catch (e) {
      if (e instanceof PyError || e instanceof Refusal) return null;
      throw e;
    }
  });
}

/**
 * A new instance of the program's class `name` as `__init__` receives it (nothing
 * set yet) and as its frame shows it (`showValue`); null where the class is not the
 * program's alone (a builtin base, its own `__new__`) or cannot be built.
 */
export function freshInstance(name: string, opts: EvalOptions): { value: Value; shown: string } | null {
  return hosted(opts, (e) => {
    const cls = e.programClass(name);
    if (!cls || cls.mro.some((c) => c.module !== '__main__') || cls.dict.has('__slots__')) return null;
    if (lookupClass(cls, '__new__')) return null;
    const value: InstanceV = { kind: 'instance', cls, dict: new Map() };
    return { value, shown: shownRepr(value) };
  });
}

/** The frames an exception passed through, with their locals' reprs; undefined where one cannot be printed. */
function tracebackOf(ev: Evaluator, e: PyError): ExecResult['traceback'] {
  try {
    return ev.hosting(() =>
      e.frames!.map((f) => {
        const locals: Record<string, string> = {};
        for (const [k, v] of f.locals) if (!k.startsWith('__')) locals[k] = repr(v);
        return { func: f.func, line: f.line, locals };
      }),
    );
  } catch {
    return undefined;
  }
}

function makeBudget(opts: EvalOptions): Budget {
  return new Budget({ ...DEFAULT_LIMITS, ...opts.limits }, opts.pythonMinor ?? 11);
}

/**
 * Evaluate an expression (`p`, `pp`, `display`, a breakpoint condition) over a
 * frame's predicted values. Never runs Python.
 */
export function evaluate(expr: string, scope: Scope, opts: EvalOptions = {}): EvalResult {
  return run(expr, scope, opts, (v) => repr(v));
}

/**
 * Evaluate a breakpoint condition to its truth value. Failures (including a
 * truth value that only the program knows) come back as `ok: false`; pdb then
 * stops anyway (bdb.effective: "if eval fails, most conservative thing is to
 * stop on breakpoint").
 */
export function evaluateTruth(expr: string, scope: Scope, opts: EvalOptions = {}): EvalResult & { truth?: boolean } {
  let truth = false;
  const r = run(expr, scope, opts, (v) => {
    truth = truthy(v);
    return truth ? 'True' : 'False';
  });
  return r.ok ? { ...r, truth } : r;
}

function run(expr: string, scope: Scope, opts: EvalOptions, show: (v: Value) => string): EvalResult {
  const bounds = makeBudget(opts);
  let ev: Evaluator | undefined;
  const src = expr.trim();
  return withBudget(bounds, () => {
    try {
      const e = new Evaluator('eval', src, scope, opts, bounds.limits.maxDepth);
      ev = e;
      return e.hosting(() => {
        const value = e.eval(parseExpression(src), null);
        const ranProgram = e.interp.calls > 0;
        return { ok: true as const, value, repr: show(value), output: e.output, ranProgram };
      });
    } catch (e) {
      return { ok: false as const, ...describeFailure(e, src, 'evaluate'), output: ev?.output ?? '' };
    }
  });
}

/**
 * Execute simple statements (`!x = 5`, `x, y = y, x`, `xs[0] += 1`, `del d['k']`,
 * `xs.append(3)`) against a frame's predicted values, returning what changed.
 * On error, what ran before the error stays done, as in Python (`x = 1; 1/0`
 * binds x): those changes are returned with the error.
 */
export function execute(stmt: string, scope: Scope, opts: EvalOptions = {}): ExecResult {
  const bounds = makeBudget(opts);
  let ev: Evaluator | undefined;
  return withBudget(bounds, () => {
    const src = stmt.trim();
    try {
      const e = new Evaluator('exec', src, scope, opts, bounds.limits.maxDepth);
      ev = e;
      return e.hosting(() => {
        const stmts = parseStatements(src);
        for (const s of stmts) e.exec(s);
        const ranProgram = e.interp.calls > 0;
        return { ok: true, ...e.results(), output: e.output, ranProgram };
      });
    } catch (e) {
      const f = describeFailure(e, src, 'execute');
      const ranProgram = (ev?.interp.calls ?? 0) > 0;
      let partial = { changes: {}, globalChanges: {}, deleted: [] as string[] };
      try {
        const e2 = ev;
        if (e2) partial = e2.hosting(() => e2.results());
      } catch {
        // A value that cannot be printed: report no change.
      }
      const traceback = e instanceof PyError && e.frames && ev ? tracebackOf(ev, e) : undefined;
      return { ok: false, ...partial, output: ev?.output ?? '', ranProgram, ...f, ...(traceback ? { traceback } : {}) };
    }
  });
}
