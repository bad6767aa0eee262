// The program's functions and class bodies, run by pyval: the statements of a
// `def` (program.ts reads them) executed over pyval's values, one after another,
// with Python's control flow (if/while/for with else, break/continue, return,
// try/except/else/finally, raise, assert, with over the program's own context
// managers) and scoping (a function's locals; UnboundLocalError; `global`).
// Expressions are the evaluator's (evaluator/). The work is bounded by the
// evaluation's budget and recursion by its depth limit; a construct program.ts
// does not model refuses when reached. Nothing here runs CPython or anything of
// the program but these nodes.

import { subscriptDefaultdict } from './modules/collections.js';
import { importFrom, importModule } from './modules/index.js';
import { budget } from './limits.js';
import {
  EXCEPTIONS,
  annotationsOf,
  bindAttr,
  boundMethod,
  dataclass,
  fieldFunction,
  isExceptionClass,
  isSubclass,
  makeClass,
  raiseValue,
  setUserRunner,
  CLASSMETHOD,
  PROPERTY,
  STATICMETHOD,
  SUPER,
  type UserFn,
} from './objects.js';
import { delItem, getItem, setItem } from './ops.js';
import type { Expr, Param, Stmt } from './parser.js';
import type { FuncDef, Node } from './program.js';
import { parseRepr } from './repr-parse.js';
import { DictStore } from './containers.js';
import { NONE, PyError, Refusal, pyStr, pyTuple, typeError, type ClassV, type FunctionV, type InstanceV, type Value } from './value.js';

/** A function's (or class body's, or comprehension's) own names. */
export interface Env {
  vars: Map<string, Value>;
  parent: Env | null;
  /** An inlined comprehension (3.12+): names not found here are looked up as in the enclosing code. */
  inlined: boolean;
  /** A function's locals (all it assigns): reading one unbound raises UnboundLocalError. */
  locals?: Set<string>;
  /** Names declared `global`. */
  globals?: Set<string>;
  /** A class body: the class it builds (its methods' `__class__`). */
  building?: ClassV;
  /** The function whose frame this is. */
  fn?: FunctionV;
  /** The line of the statement the frame runs (a traceback's line). */
  line?: number;
}

/** What the interpreter needs of the evaluator. */
export interface EvalHost {
  eval(e: Expr, env: Env | null): Value;
  assign(t: Expr, v: Value, env: Env | null): void;
  call(f: Value, args: Value[], kwargs?: Map<string, Value>): Value;
  getattr(v: Value, name: string): Value;
  setattr(v: Value, name: string, x: Value): void;
  delattr(v: Value, name: string): void;
  lookup(id: string, env: Env | null): Value;
  bind(id: string, v: Value, env: Env | null): void;
  unbind(id: string, env: Env | null): void;
  truth(v: Value): boolean;
  iter(v: Value): Iterator<Value>;
  binop(op: string, a: Value, b: Value, inplace: boolean): Value;
  readonly maxDepth: number;
}

class ReturnSignal {
  constructor(readonly value: Value) {}
}
class BreakSignal {}
class ContinueSignal {}

let current: Interp | null = null;
export function setInterp(i: Interp | null): Interp | null {
  const saved = current;
  current = i;
  return saved;
}

/** Run `f` (pyval's own bookkeeping, such as a value's repr to detect a change) without counting the program calls it makes. */
export function uncounted<T>(f: () => T): T {
  const i = current;
  const saved = i?.calls ?? 0;
  try {
    return f();
  } finally {
    if (i) i.calls = saved;
  }
}

setUserRunner((fn, args, kwargs) => {
  if (!current) throw new Refusal("the program's code runs only inside an evaluation");
  return current.callUser(fn, args, kwargs);
});

/**
 * An exception instance for a PyError raised by a builtin, as an `except` clause
 * or `__exit__` receives it (its args: the message, or a KeyError's key).
 */
function exceptionValue(e: PyError): InstanceV {
  if (e.exc) return e.exc as InstanceV;
  const cls = EXCEPTIONS.get(e.type);
  if (!cls) throw new Refusal(`catching a ${e.type} is not modelled`);
  let args: Value[] = e.pyMessage === '' ? [] : [pyStr(e.pyMessage)];
  // a builtin's KeyError message is repr(key): the key read back from it
  if (e.type === 'KeyError') args = [e.key ?? parseRepr(e.pyMessage)];
  const inst: InstanceV = { kind: 'instance', cls, dict: new Map(), payload: args };
  e.exc = inst;
  return inst;
}

/** A function value for a `def` (defaults evaluated now, as Python does). */
export function makeFunction(def: FuncDef, qualname: string, defaults: Map<string, Value>, closure: Env | null, owner: ClassV | null): FunctionV {
  const user: UserFn = { def, qualname, defaults, closure, owner };
  const fn: FunctionV = {
    kind: 'function',
    name: def.name,
    qualname,
    user,
    call: (args, kwargs) => {
      if (!current) throw new Refusal("the program's code runs only inside an evaluation");
      return current.callUser(fn, args, kwargs);
    },
  };
  return fn;
}

export class Interp {
  private depth = 0;
  /** How many calls of the program's own functions ran (a debugger's `s` would have stopped in the first). */
  calls = 0;
  /** Exceptions being handled (innermost last), for a bare `raise`. */
  private handling: PyError[] = [];

  constructor(readonly host: EvalHost) {}

  /** Call a function the program defined: bind its parameters, run its body. */
  callUser(fn: FunctionV, args: Value[], kwargs: Map<string, Value>): Value {
    const u = fn.user as UserFn;
    if (u.def.generator) throw new Refusal(`${u.qualname} is a generator function or uses yield, which pyval does not run`);
    this.calls++;
    const env: Env = { vars: new Map(), parent: u.closure as Env | null, inlined: false, locals: u.def.assigned, fn };
    bindParams(u, args, kwargs, env.vars);
    if (u.owner) env.vars.set('__class__', u.owner);
    budget.tick();
    if (++this.depth > this.host.maxDepth) {
      this.depth = 0;
      throw new PyError('RecursionError', 'maximum recursion depth exceeded');
    }
    try {
      this.block(u.def.body, env);
    } catch (e) {
      if (e instanceof ReturnSignal) return e.value;
      if (e instanceof BreakSignal || e instanceof ContinueSignal) throw new PyError('SyntaxError', "'break' outside loop");
      if (e instanceof PyError && env.line !== undefined) (e.frames ??= []).push({ func: u.def.name, line: env.line, locals: new Map(env.vars) });
      throw e;
    } finally {
      this.depth = Math.max(0, this.depth - 1);
    }
    return NONE;
  }

  /** One pass of a loop's body: 'break' when it broke out (a `continue` just ends the pass). */
  private loopBody(body: Node[], env: Env | null): 'break' | undefined {
    try {
      this.block(body, env);
    } catch (e) {
      if (e instanceof BreakSignal) return 'break';
      if (!(e instanceof ContinueSignal)) throw e;
    }
    return undefined;
  }

  block(nodes: Node[], env: Env | null): void {
    for (const n of nodes) this.exec(n, env);
  }

  exec(n: Node, env: Env | null): void {
    budget.tick();
    if (env) env.line = n.line;
    const h = this.host;
    switch (n.k) {
      case 'simple':
        this.simple(n.stmt, env);
        return;
      case 'annassign': {
        if (env?.building && n.target.k === 'name') {
          const names = annotationsOf.get(env.building) ?? [];
          if (!names.includes(n.target.id)) names.push(n.target.id);
          annotationsOf.set(env.building, names);
        }
        if (n.value) h.assign(n.target, h.eval(n.value, env), env);
        return;
      }
      case 'return':
        throw new ReturnSignal(n.value ? h.eval(n.value, env) : NONE);
      case 'if':
        for (const b of n.branches) {
          if (b.test === null || h.truth(h.eval(b.test, env))) {
            this.block(b.body, env);
            return;
          }
        }
        return;
      case 'while': {
        for (;;) {
          budget.tick();
          // the test runs on the header's line again: an exception it raises is on that line
          if (env) env.line = n.line;
          if (!h.truth(h.eval(n.test, env))) break;
          if (this.loopBody(n.body, env) === 'break') return;
        }
        this.block(n.orelse, env);
        return;
      }
      case 'for': {
        const it = h.iter(h.eval(n.iter, env));
        for (let r = it.next(); !r.done; r = it.next()) {
          budget.tick();
          h.assign(n.target, r.value, env);
          if (this.loopBody(n.body, env) === 'break') return;
        }
        this.block(n.orelse, env);
        return;
      }
      case 'break':
        throw new BreakSignal();
      case 'continue':
        throw new ContinueSignal();
      case 'raise': {
        if (n.exc === null) {
          const e = this.handling[this.handling.length - 1];
          if (!e) throw new PyError('RuntimeError', 'No active exception to reraise');
          throw e;
        }
        const v = h.eval(n.exc, env);
        if (n.cause) h.eval(n.cause, env);
        const e = this.toError(v);
        e.explicit = true;
        throw e;
      }
      case 'try':
        this.tryStmt(n, env);
        return;
      case 'assert':
        if (!h.truth(h.eval(n.test, env))) {
          const msg = n.msg ? h.eval(n.msg, env) : null;
          const inst: InstanceV = { kind: 'instance', cls: EXCEPTIONS.get('AssertionError')!, dict: new Map(), payload: msg ? [msg] : [] };
          const e = raiseValue(inst);
          e.explicit = true;
          throw e;
        }
        return;
      case 'with':
        this.withStmt(n.items, 0, n.body, env);
        return;
      case 'def':
        h.bind(n.def.name, this.define(n.def, env), env);
        return;
      case 'class':
        h.bind(n.name, this.defineClass(n, env), env);
        return;
      case 'global':
        if (!env) return;
        env.globals ??= new Set();
        for (const g of n.names) {
          env.globals.add(g);
        }
        return;
      case 'import':
        // the standard-library modules pyval models (modules/); importModule refuses the rest
        for (const b of n.names) h.bind(b.as, b.name === null ? importModule(b.module) : importFrom(b.module, b.name), env);
        return;
      case 'unsupported':
        throw new Refusal(`${n.what} (line ${n.line}) is not something pyval runs`);
    }
  }

  private simple(s: Stmt, env: Env | null): void {
    const h = this.host;
    switch (s.k) {
      case 'pass':
        return;
      case 'expr':
        h.eval(s.value, env);
        return;
      case 'assign': {
        const v = h.eval(s.value, env);
        for (const t of s.targets) h.assign(t, v, env);
        return;
      }
      case 'augassign': {
        const t = s.target;
        if (t.k === 'name') {
          const cur = h.lookup(t.id, env);
          h.bind(t.id, h.binop(s.op, cur, h.eval(s.value, env), true), env);
        } else if (t.k === 'subscript') {
          const c = h.eval(t.value, env);
          const i = h.eval(t.index, env);
          const cur = c.kind === 'instance' ? h.call(h.getattr(c, '__getitem__'), [i]) : (subscriptDefaultdict(c, i, h) ?? getItem(c, i));
          const nv = h.binop(s.op, cur, h.eval(s.value, env), true);
          if (c.kind === 'instance') h.call(h.getattr(c, '__setitem__'), [i, nv]);
          else setItem(c, i, nv);
        } else if (t.k === 'attr') {
          const o = h.eval(t.value, env);
          const cur = h.getattr(o, t.attr);
          h.setattr(o, t.attr, h.binop(s.op, cur, h.eval(s.value, env), true));
        } else throw new PyError('SyntaxError', "'expression' is an illegal expression for augmented assignment");
        return;
      }
      case 'del':
        for (const t of s.targets) this.del(t, env);
        return;
    }
  }

  private del(t: Expr, env: Env | null): void {
    const h = this.host;
    if (t.k === 'name') h.unbind(t.id, env);
    else if (t.k === 'subscript') {
      const c = h.eval(t.value, env);
      const i = h.eval(t.index, env);
      if (c.kind === 'instance') h.call(h.getattr(c, '__delitem__'), [i]);
      else delItem(c, i);
    } else if (t.k === 'attr') h.delattr(h.eval(t.value, env), t.attr);
    else if (t.k === 'tuple' || t.k === 'list') for (const e of t.elts) this.del(e, env);
    else throw new PyError('SyntaxError', 'cannot delete expression');
  }

  /** What `raise v` throws: an exception class is instantiated; anything else is a TypeError. */
  toError(v: Value): PyError {
    if (v.kind === 'class' && isExceptionClass(v)) v = this.host.call(v, []);
    if (v.kind === 'instance' && isExceptionClass(v.cls)) return raiseValue(v);
    return typeError('exceptions must derive from BaseException');
  }

  private tryStmt(n: Extract<Node, { k: 'try' }>, env: Env | null): void {
    const h = this.host;
    try {
      let ok = false;
      try {
        this.block(n.body, env);
        ok = true;
      } catch (e) {
        if (!(e instanceof PyError)) throw e;
        const inst = exceptionValue(e);
        let handled = false;
        for (const hd of n.handlers) {
          if (hd.type !== null && !this.matches(h.eval(hd.type, env), inst.cls)) continue;
          handled = true;
          if (hd.name) h.bind(hd.name, inst, env);
          this.handling.push(e);
          try {
            this.block(hd.body, env);
          } finally {
            this.handling.pop();
            if (hd.name) {
              try {
                h.unbind(hd.name, env);
              } catch {
                // the handler deleted it itself
              }
            }
          }
          break;
        }
        if (!handled) throw e;
      }
      if (ok) this.block(n.orelse, env);
    } finally {
      if (n.final.length) this.block(n.final, env);
    }
  }

  private matches(t: Value, cls: ClassV): boolean {
    if (t.kind === 'tuple') return t.items.some((x) => this.matches(x, cls));
    if (t.kind === 'class' && isExceptionClass(t)) return isSubclass(cls, t);
    if (t.kind === 'type' && t.name === 'object') return true;
    throw typeError('catching classes that do not inherit from BaseException is not allowed');
  }

  private withStmt(items: { ctx: Expr; target: Expr | null }[], i: number, body: Node[], env: Env | null): void {
    if (i === items.length) {
      this.block(body, env);
      return;
    }
    const h = this.host;
    const it = items[i]!;
    const mgr = h.eval(it.ctx, env);
    if (mgr.kind !== 'instance') throw new Refusal("a with statement over anything but the program's own context managers is not modelled");
    const enter = h.getattr(mgr, '__enter__');
    const exit = h.getattr(mgr, '__exit__');
    const v = h.call(enter, []);
    if (it.target) h.assign(it.target, v, env);
    try {
      this.withStmt(items, i + 1, body, env);
    } catch (e) {
      if (!(e instanceof PyError)) throw e;
      const inst = exceptionValue(e);
      if (!h.truth(h.call(exit, [inst.cls, inst, NONE]))) throw e;
      return;
    }
    h.call(exit, [NONE, NONE, NONE]);
  }

  /** A `def` run: the function, its decorators applied (property, staticmethod, classmethod, functions of the program). */
  define(def: FuncDef, env: Env | null): Value {
    const h = this.host;
    const decorators = def.decorators.map((d) => h.eval(d, env));
    const defaults = new Map<string, Value>();
    for (const p of def.params) if (p.default) defaults.set(p.name, h.eval(p.default, env));
    const owner = env?.building ?? null;
    const prefix = owner ? `${owner.qualname}.` : env?.fn ? `${(env.fn.user as UserFn).qualname}.<locals>.` : '';
    const closure = owner ? env!.parent : env;
    let v: Value = makeFunction(def, prefix + def.name, defaults, closure, owner);
    for (const d of decorators.reverse()) v = this.decorate(d, v);
    return v;
  }

  private decorate(d: Value, v: Value): Value {
    if (d.kind === 'type' && ['property', 'staticmethod', 'classmethod'].includes(d.name)) {
      const cls = d.name === 'property' ? PROPERTY : d.name === 'staticmethod' ? STATICMETHOD : CLASSMETHOD;
      return { kind: 'instance', cls, dict: new Map(), payload: d.name === 'property' ? [v, NONE] : [v] };
    }
    return this.host.call(d, [v]);
  }

  /** A `class` statement run: its body executed in the class's namespace, then its decorators. */
  defineClass(n: Extract<Node, { k: 'class' }>, env: Env | null): Value {
    const h = this.host;
    if (n.keywords) throw new Refusal('class keywords (metaclass=...) are not modelled');
    const bases: ClassV[] = [];
    for (const b of n.bases) {
      const v = h.eval(b, env);
      if (v.kind === 'type' && v.name === 'object') continue;
      if (v.kind !== 'class') throw new Refusal(`a class deriving from ${v.kind === 'type' ? v.name : 'this value'} is not modelled`);
      bases.push(v);
    }
    const decorators = n.decorators.map((d) => h.eval(d, env));
    const prefix = env?.fn ? `${(env.fn.user as UserFn).qualname}.<locals>.` : env?.building ? `${env.building.qualname}.` : '';
    const cls = makeClass(n.name, prefix + n.name, bases);
    const body: Env = { vars: cls.dict, parent: env, inlined: false, building: cls };
    this.block(n.body, body);
    let v: Value = cls;
    for (const d of decorators.reverse()) v = this.host.call(d, [v]);
    return v;
  }
}

/** Bind a call's arguments to a def's parameters, with CPython's error texts. */
function bindParams(u: UserFn, args: Value[], kwargs: Map<string, Value>, vars: Map<string, Value>): void {
  const params: Param[] = u.def.params;
  const q = u.qualname;
  const positional = params.filter((p) => p.kind === 'pos');
  const star = params.find((p) => p.kind === 'star');
  const starstar = params.find((p) => p.kind === 'starstar');
  if (args.length > positional.length && !star) {
    const n = positional.length;
    const withDefault = positional.filter((p) => u.defaults.has(p.name)).length;
    const takes = withDefault ? `from ${n - withDefault} to ${n}` : `${n}`;
    throw typeError(
      `${q}() takes ${takes} positional argument${n === 1 && !withDefault ? '' : 's'} but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`,
    );
  }
  positional.forEach((p, i) => {
    if (i < args.length) vars.set(p.name, args[i]!);
  });
  if (star) vars.set(star.name, pyTuple(args.slice(positional.length)));
  const extra = new DictStore();
  for (const [k, v] of kwargs) {
    const p = params.find((x) => x.name === k && (x.kind === 'pos' || x.kind === 'kwonly'));
    if (!p) {
      if (!starstar) throw typeError(`${q}() got an unexpected keyword argument '${k}'`);
      extra.set(pyStr(k), v);
      continue;
    }
    if (vars.has(k)) throw typeError(`${q}() got multiple values for argument '${k}'`);
    vars.set(k, v);
  }
  if (starstar) vars.set(starstar.name, { kind: 'dict', store: extra });
  for (const p of params)
    if ((p.kind === 'pos' || p.kind === 'kwonly') && !vars.has(p.name) && u.defaults.has(p.name)) vars.set(p.name, u.defaults.get(p.name)!);
  for (const kind of ['pos', 'kwonly'] as const) {
    const still = params.filter((p) => p.kind === kind && !vars.has(p.name));
    if (!still.length) continue;
    const names = still.map((p) => `'${p.name}'`);
    const list = names.length === 1 ? names[0] : names.slice(0, -1).join(', ') + ' and ' + names[names.length - 1];
    throw typeError(
      `${q}() missing ${still.length} required ${kind === 'pos' ? 'positional' : 'keyword-only'} argument${still.length === 1 ? '' : 's'}: ${list}`,
    );
  }
}

/** `super()` inside a method: the class the method was defined in, and its first argument. */
export function zeroArgSuper(env: Env | null): Value {
  let e = env;
  while (e && !e.fn) e = e.parent;
  const cls = e?.vars.get('__class__');
  const u = e?.fn?.user as UserFn | undefined;
  const first = u?.def.params[0];
  const self = first ? e!.vars.get(first.name) : undefined;
  if (cls?.kind !== 'class' || !self) throw new PyError('RuntimeError', 'super(): no arguments');
  return { kind: 'instance', cls: SUPER, dict: new Map(), payload: [cls, self] };
}

/** The names `from dataclasses import ...` / `import dataclasses` bind, as pyval models them. */
export function dataclassesModule(name: string): Value | undefined {
  if (name === 'dataclass') return dataclassDecorator;
  if (name === 'field') return fieldFunction;
  return undefined;
}
const dataclassDecorator: FunctionV = {
  kind: 'function',
  name: 'dataclass',
  call: (args, kwargs) => {
    if (args.length === 1 && args[0]!.kind === 'class' && !kwargs.size) return dataclass(args[0] as ClassV);
    if (args.length === 0) return { kind: 'function', name: 'wrap', call: ([c]) => dataclass(c as ClassV, kwargs) };
    throw new Refusal('this use of dataclass is not modelled');
  },
};

export { bindAttr, boundMethod };
