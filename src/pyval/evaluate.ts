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

import { collectionsConstructor, methodKind, subscriptDefaultdict } from './modules/collections.js';
import {
  BUILTIN_FUNCTIONS,
  PYTHON_BUILTIN_FUNCTIONS,
  PYTHON_BUILTIN_TYPES,
  REFUSED_OBJECTS,
  TYPE_CONSTRUCTORS,
  callBuiltin,
  callMethod,
  dataAttribute,
  findMethod,
  refusedCallReason,
  type Ctx,
} from './builtins/index.js';
import { DictStore, SetStore } from './containers.js';
import { convert, formatSpec } from './format.js';
import { MODULES, importFrom, importModule, moduleAttributeError, moduleFn } from './modules/index.js';
import { Budget, DEFAULT_LIMITS, budget, withBudget, type Limits } from './limits.js';
import {
  binop,
  contains,
  delItem,
  eq,
  getItem,
  inplaceOp,
  isSame,
  iterate,
  order,
  setItem,
  setKeyErrorText,
  toArray,
  truthy,
  unaryop,
  type Ordering,
} from './ops.js';
import { parseExpression, parseStatements, type Comprehension, type Expr, type Param, type Stmt } from './parser.js';
import { parseRepr, type ParseReprOptions } from './repr-parse.js';
import { Interp, dataclassesModule, setInterp, uncounted, zeroArgSuper, type Env, type EvalHost } from './interp.js';
import {
  EXCEPTIONS,
  NOT_IMPLEMENTED,
  attributeError,
  construct,
  delAttribute,
  dunder,
  getAttribute,
  isSubclass,
  bindAttr,
  lookupClass,
  setAttribute,
  setCompareHook,
  setHost,
  makeClass,
  SUPER,
} from './objects.js';
import type { Node } from './program.js';
import { failedRepr, repr, SHOWN_REPR_ERRORS, str as strOf, strRepr } from './repr.js';
import {
  FALSE,
  NONE,
  PyError,
  Refusal,
  TRUE,
  shortText,
  pyList,
  pyStr,
  pyTuple,
  pyType,
  refuseOpaque,
  pyBool,
  typeError,
  valueError,
  typeName,
  type ClassV,
  type DictV,
  type FunctionV,
  type InstanceV,
  type OpaqueV,
  type Value,
} from './value.js';

setKeyErrorText((k) => repr(k));
setCompareHook((op, a, b) => order(op as Ordering, a, b));

/** A frame's variables as the engine holds them: name -> repr string. */
export interface Scope {
  locals: Record<string, string>;
  /** The frame's globals. Omitted, or the same object as `locals`: a module-level frame. */
  globals?: Record<string, string>;
  /** The program's objects the frame's locals hold, where they are known (used unless the options give a context). */
  program?: ProgramContext;
  /**
   * The text is the program's own code in a function frame (a computed step), not an
   * expression pdb evaluates: its comprehensions and lambdas see the frame's locals,
   * as closures do. Without it, pdb's rule: in 3.11 they do not (eval over f_locals).
   */
  closures?: boolean;
  /**
   * Values of the frame's names (locals or globals) known in full where the shown repr
   * is cut: a module constant the program never changes, from its source.
   */
  known?: ReadonlyMap<string, Value>;
}

/**
 * The program's own code, for an evaluation that may call it (interp.ts): its
 * module's statements, the line the module stands at (its `def`s and `class`es
 * above it are bound; null: all of them), and the objects it has built, by name
 * (filled as they are built; kept by the caller so that identity lasts).
 */
export interface ProgramContext {
  nodes: Node[];
  before: number | null;
  objects: Map<string, Value>;
  /** Locals whose values are known as objects (an instance created by an earlier computed step), used in place of their reprs. */
  bound?: Map<string, Value>;
}

export interface EvalOptions extends ParseReprOptions {
  limits?: Partial<Limits>;
  /** Where the program's classes and functions may be run (objects of the program). */
  program?: ProgramContext;
  /** The Python version whose scoping rules to follow (minor of 3.x); default 11. */
  pythonMinor?: number;
  /**
   * Echo an expression statement's value (pdb compiles `!stmt` in 'single' mode): the
   * default. false for the program's own statements, whose values nothing prints.
   */
  echo?: boolean;
}

export type EvalResult =
  | {
      ok: true;
      value: Value;
      repr: string;
      output: string;
      /** Whether the evaluation called a function of the program (with a program context). */
      ranProgram?: boolean;
    }
  | {
      ok: false;
      /** The line pdb prints: `*** NameError: name 'x' is not defined`, or `*** ndbg: cannot evaluate ...`. */
      error: string;
      /** The same without `*** `: `NameError: name 'x' is not defined` (for display's `** raised ... **`). */
      message: string;
      /** True when ndbg refused (the program would have to run); false for Python's own errors. */
      refused: boolean;
      /** The Python exception type, for Python errors. */
      exception?: string;
      output: string;
    };

export interface ExecResult {
  ok: boolean;
  /** Locals that the statement bound or changed: name -> new repr. */
  changes: Record<string, string>;
  /** Globals changed in place (`G.append(1)`): name -> new repr. */
  globalChanges: Record<string, string>;
  /** Locals removed by `del`. */
  deleted: string[];
  /** With a program context: the values of the locals the statement read or bound, by name. */
  values?: Map<string, Value>;
  /** An exception raised in the program's code it called: the frames it passed through, innermost first, their locals as reprs. */
  traceback?: Array<{ func: string; line: number; locals: Record<string, string> }>;
  /** What the statement printed (print(), and the repr of an expression statement's value). */
  output: string;
  /** Whether it called a function of the program (with a program context; a special method included). */
  ranProgram?: boolean;
  error?: string;
  message?: string;
  refused?: boolean;
  exception?: string;
  /** The exception came from the program's own `raise` / `assert` over computed values. */
  explicit?: boolean;
  /** The exception as a value (the instance the program raised). */
  raised?: Value;
}

/** Lazily parsed variables of one namespace, with change tracking. */
class Vars {
  private readonly cache = new Map<string, Value>();
  private readonly canonical = new Map<string, string>();
  readonly assigned = new Set<string>();
  readonly deleted = new Set<string>();

  constructor(
    private readonly reprs: Record<string, string>,
    private readonly opts: ParseReprOptions,
    private readonly preset?: (name: string) => Value | undefined,
  ) {}

  /** The values read or bound so far. */
  values(): Map<string, Value> {
    return new Map(this.cache);
  }

  has(name: string): boolean {
    if (this.deleted.has(name)) return false;
    return this.cache.has(name) || Object.hasOwn(this.reprs, name);
  }

  get(name: string): Value | undefined {
    if (this.deleted.has(name)) return undefined;
    const hit = this.cache.get(name);
    if (hit) return hit;
    if (!Object.hasOwn(this.reprs, name)) return undefined;
    const v = this.preset?.(name) ?? parseRepr(this.reprs[name]!, this.opts);
    this.cache.set(name, v);
    this.canonical.set(
      name,
      uncounted(() => safeRepr(v)),
    );
    return v;
  }

  set(name: string, v: Value): void {
    this.cache.set(name, v);
    this.deleted.delete(name);
    this.assigned.add(name);
  }

  delete(name: string): boolean {
    if (!this.has(name)) return false;
    this.cache.delete(name);
    this.assigned.delete(name);
    this.deleted.add(name);
    return true;
  }

  names(): string[] {
    const out = new Set<string>();
    for (const k of Object.keys(this.reprs)) if (!this.deleted.has(k)) out.add(k);
    for (const k of this.cache.keys()) out.add(k);
    return [...out];
  }

  /** Names whose value is new or whose repr changed (in place mutation included). */
  changes(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, v] of this.cache) {
      let now: string;
      try {
        now = shownRepr(v);
      } catch (e) {
        if (!(e instanceof PyError)) throw e;
        throw new Refusal(`the new value of ${name} cannot be written as a repr (${e.message})`, undefined, true);
      }
      const before = Object.hasOwn(this.reprs, name) ? this.reprs[name] : undefined;
      if (this.assigned.has(name) ? now !== before : now !== this.canonical.get(name)) out[name] = now;
    }
    return out;
  }
}

/**
 * A value as a frame shows it: its repr, or for an instance of the program whose
 * own `__repr__` raises (an attribute not set yet), the failure as the bridge
 * writes it (`failedRepr`). Other errors propagate.
 */
function shownRepr(v: Value): string {
  try {
    return repr(v);
  } catch (e) {
    if (e instanceof PyError && v.kind === 'instance' && SHOWN_REPR_ERRORS.has(e.type)) return failedRepr(e);
    throw e;
  }
}

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

function safeRepr(v: Value): string {
  try {
    return repr(v);
  } catch {
    return '';
  }
}

const BUILTIN_NAMES = new Map<string, Value>();
for (const n of PYTHON_BUILTIN_FUNCTIONS) BUILTIN_NAMES.set(n, { kind: 'builtin', name: n });
for (const n of PYTHON_BUILTIN_TYPES) BUILTIN_NAMES.set(n, pyType(n));
BUILTIN_NAMES.set('None', NONE);
BUILTIN_NAMES.set('True', TRUE);
BUILTIN_NAMES.set('False', FALSE);
BUILTIN_NAMES.set('Ellipsis', { kind: 'ellipsis' });

const MAX_SNIPPET = 60;

/** Builtins that act on the program's objects by their attributes (refused otherwise). */
const OBJECT_BUILTINS = new Set(['super', 'getattr', 'setattr', 'hasattr', 'delattr', 'vars', 'callable', 'iter', 'next']);
/** Builtins that iterate an argument: an instance of the program is iterated first (its __iter__). */
const ITERABLE_TAKERS = new Set([
  'list',
  'tuple',
  'set',
  'frozenset',
  'dict',
  'sorted',
  'sum',
  'min',
  'max',
  'any',
  'all',
  'enumerate',
  'zip',
  'reversed',
  'map',
  'filter',
]);
/** Operators and the name of their special methods (`__add__`, `__radd__`, `__iadd__`). */
const BINOP_DUNDERS: Record<string, string> = {
  '+': 'add',
  '-': 'sub',
  '*': 'mul',
  '/': 'truediv',
  '//': 'floordiv',
  '%': 'mod',
  '**': 'pow',
  '@': 'matmul',
  '<<': 'lshift',
  '>>': 'rshift',
  '&': 'and',
  '|': 'or',
  '^': 'xor',
};
/** Rich comparisons: the method, and the reflected one tried on the right operand. */
const RICH: Record<string, [string, string]> = {
  '==': ['__eq__', '__eq__'],
  '!=': ['__ne__', '__ne__'],
  '<': ['__lt__', '__gt__'],
  '>': ['__gt__', '__lt__'],
  '<=': ['__le__', '__ge__'],
  '>=': ['__ge__', '__le__'],
};
const SUPER_CLS = SUPER;
/** `import dataclasses`: the module as pyval models it. */
const DATACLASSES_MODULE: Value = {
  kind: 'instance',
  cls: makeClass('module', 'module', [], 'builtins'),
  dict: new Map([
    ['dataclass', dataclassesModule('dataclass')!],
    ['field', dataclassesModule('field')!],
  ]),
};

/** What a program's `import` of a modelled module binds; undefined (left unbound, so refused on use) otherwise. */
function stdlibBinding(module: string, name: string | null): Value | undefined {
  if (!Object.hasOwn(MODULES, module)) return undefined;
  try {
    return name === null ? importModule(module) : importFrom(module, name);
  } catch (e) {
    if (e instanceof PyError || e instanceof Refusal) return undefined;
    throw e;
  }
}

class Evaluator implements Ctx, EvalHost {
  private readonly locals: Vars;
  private readonly globals: Vars;
  private readonly moduleLevel: boolean;
  private readonly closures: boolean;
  private readonly minor: number;
  private readonly echo: boolean;
  private readonly out: string[] = [];
  private depth = 0;
  private readonly program: ProgramContext | undefined;
  readonly interp: Interp;
  private built = false;

  constructor(
    readonly mode: 'eval' | 'exec',
    private readonly src: string,
    scope: Scope,
    opts: EvalOptions,
    readonly maxDepth: number,
  ) {
    this.moduleLevel = scope.globals === undefined || scope.globals === scope.locals;
    this.closures = scope.closures === true;
    this.program = opts.program ?? scope.program;
    const known = scope.known;
    const own = this.program ? (name: string) => this.presetValue(name, scope.locals) : undefined;
    const preset = known ? (name: string) => own?.(name) ?? known.get(name) : own;
    this.locals = new Vars(scope.locals, opts, preset);
    this.globals = this.moduleLevel ? this.locals : new Vars(scope.globals!, opts, known ? (name) => known.get(name) : undefined);
    this.minor = opts.pythonMinor ?? 11;
    this.echo = opts.echo !== false;
    this.interp = new Interp(this);
  }

  /** Run `f` with this evaluator as the one the program's code calls back into. */
  hosting<T>(f: () => T): T {
    const savedHost = setHost(this);
    const savedInterp = setInterp(this.interp);
    try {
      return f();
    } finally {
      setHost(savedHost);
      setInterp(savedInterp);
    }
  }

  // ---- the program's objects ----

  /**
   * A local known as an object: one the session keeps (bound), or an instance
   * whose repr is the default `<__main__.C object>` and whose attributes the state
   * shows as dotted entries (`cart.items=...`, trace format v2).
   */
  private presetValue(name: string, reprs: Record<string, string>): Value | undefined {
    const p = this.program!;
    const known = p.bound?.get(name);
    if (known) return known;
    const text = reprs[name]!;
    const nt = this.namedtupleFromRepr(text);
    if (nt) return nt;
    const m = /^<__main__\.([A-Za-z_][\w.]*) object(?: at 0x[0-9a-fA-F.]+)?>$/.exec(text);
    if (!m) return undefined;
    const prefix = `${name}.`;
    const attrs = Object.keys(reprs).filter((k) => k.startsWith(prefix) && /^[A-Za-z_]\w*$/.test(k.slice(prefix.length)));
    if (!attrs.length) return undefined;
    const cls = this.programClass(m[1]!);
    if (!cls) return undefined;
    const inst: InstanceV = { kind: 'instance', cls, dict: new Map() };
    for (const k of attrs) {
      const v = parseRepr(reprs[k]!, {});
      if (v.kind === 'opaque') return undefined;
      inst.dict.set(k.slice(prefix.length), v);
    }
    return inst;
  }

  /**
   * `Point(x=1, y=2)` where the program's module binds Point to a namedtuple
   * class: the instance, by calling the class with the repr's own keywords
   * (builtin values' reprs are expressions); undefined for anything else.
   */
  private namedtupleFromRepr(text: string): Value | undefined {
    const m = /^([A-Za-z_]\w*)\(.*\)$/s.exec(text);
    const cls = m ? this.programName(m[1]!) : undefined;
    if (cls?.kind !== 'class' || !cls.dict.has('_fields') || !cls.dict.has('_make')) return undefined;
    try {
      const v = this.eval(parseExpression(text), null);
      return v.kind === 'tuple' && v.cls === cls && repr(v) === text ? v : undefined;
    } catch (e) {
      if (e instanceof PyError || e instanceof Refusal) return undefined;
      throw e;
    }
  }

  /** The program's class `qualname`, built from its source. */
  programClass(qualname: string): ClassV | undefined {
    const [head, ...rest] = qualname.split('.');
    let v = this.programName(head!);
    for (const part of rest) v = v?.kind === 'class' ? v.dict.get(part) : undefined;
    return v?.kind === 'class' ? v : undefined;
  }

  /** A name the program's module binds by `def`, `class` or a dataclasses import, built on first use. */
  private programName(id: string): Value | undefined {
    const p = this.program;
    if (!p) return undefined;
    if (!this.built) {
      this.built = true;
      for (const n of p.nodes) {
        if (p.before !== null && n.line >= p.before) break;
        const name = n.k === 'def' ? n.def.name : n.k === 'class' ? n.name : null;
        if (n.k === 'simple') this.namedtupleBinding(n.stmt);
        if (n.k === 'import') {
          for (const b of n.names) {
            const v = b.module === 'dataclasses' ? (b.name === null ? DATACLASSES_MODULE : dataclassesModule(b.name)) : stdlibBinding(b.module, b.name);
            if (v && !p.objects.has(b.as)) p.objects.set(b.as, v);
          }
        }
        if (name === null || p.objects.has(name)) continue;
        try {
          p.objects.set(name, n.k === 'def' ? this.interp.define(n.def, null) : this.interp.defineClass(n as Extract<Node, { k: 'class' }>, null));
        } catch (e) {
          if (!(e instanceof PyError) && !(e instanceof Refusal)) throw e;
          p.objects.set(name, { kind: 'opaque', text: `<${n.k === 'def' ? 'function' : 'class'} ${name}>`, why: `could not be built by pyval (${e.message})` });
        }
      }
    }
    return p.objects.get(id);
  }

  /** `Point = namedtuple('Point', 'x y')` at the module's top level: the class, built as the other names are. */
  private namedtupleBinding(stmt: Stmt): void {
    const p = this.program!;
    if (stmt.k !== 'assign' || stmt.targets.length !== 1 || stmt.targets[0]!.k !== 'name' || stmt.value.k !== 'call') return;
    const id = (stmt.targets[0] as { id: string }).id;
    const f = stmt.value.func;
    const called = f.k === 'name' ? f.id : f.k === 'attr' && f.value.k === 'name' && f.value.id === 'collections' ? f.attr : null;
    if (called !== 'namedtuple' || p.objects.has(id)) return;
    const fn = f.k === 'name' ? p.objects.get('namedtuple') : p.objects.get('collections');
    if (fn === undefined) return;
    try {
      const v = this.eval(stmt.value, null);
      if (v.kind === 'class') p.objects.set(id, v);
    } catch (e) {
      if (!(e instanceof PyError) && !(e instanceof Refusal)) throw e;
    }
  }

  truth(v: Value): boolean {
    if (v.kind === 'instance') {
      const b = dunder(v, '__bool__');
      if (b) {
        const r = this.call(b, []);
        if (r.kind !== 'bool') throw typeError(`__bool__ should return bool, returned ${typeName(r)}`);
        return r.v;
      }
      const l = dunder(v, '__len__');
      if (l) return this.length(v) > 0n;
      return true;
    }
    return v.kind === 'class' || (v.kind === 'function' && v.user !== undefined) ? true : truthy(v);
  }

  private length(v: InstanceV): bigint {
    const l = dunder(v, '__len__');
    if (!l) throw typeError(`object of type '${v.cls.name}' has no len()`);
    const r = this.call(l, []);
    if (r.kind !== 'int' && r.kind !== 'bool') throw typeError(`'${typeName(r)}' object cannot be interpreted as an integer`);
    const n = r.kind === 'int' ? r.v : r.v ? 1n : 0n;
    if (n < 0n) throw valueError('__len__() should return >= 0');
    return n;
  }

  iter(v: Value): Iterator<Value> {
    if (v.kind === 'instance') {
      const f = dunder(v, '__iter__');
      if (!f) {
        if (dunder(v, '__getitem__')) {
          const self = this;
          return (function* () {
            for (let i = 0n; ; i++) {
              budget.tick();
              try {
                yield self.call(dunder(v, '__getitem__')!, [{ kind: 'int', v: i }]);
              } catch (e) {
                if (e instanceof PyError && (e.type === 'IndexError' || e.type === 'StopIteration')) return;
                throw e;
              }
            }
          })();
        }
        throw typeError(`'${v.cls.name}' object is not iterable`);
      }
      const it = this.call(f, []);
      if (it.kind === 'instance') {
        const next = dunder(it, '__next__');
        if (!next) throw typeError(`iter() returned non-iterator of type '${it.cls.name}'`);
        const self = this;
        return (function* () {
          for (;;) {
            budget.tick();
            try {
              yield self.call(next, []);
            } catch (e) {
              if (e instanceof PyError && e.type === 'StopIteration') return;
              throw e;
            }
          }
        })();
      }
      return iterate(it);
    }
    if (v.kind === 'class') throw typeError(`'type' object is not iterable`);
    return iterate(v);
  }

  /** An iterable argument of a builtin, made a list when it is an instance of the program (its __iter__ runs). */
  private listed(v: Value): Value {
    if (v.kind !== 'instance') return v;
    const items: Value[] = [];
    const it = this.iter(v);
    for (let r = it.next(); !r.done; r = it.next()) items.push(r.value);
    return pyList(items);
  }

  setattr(obj: Value, name: string, v: Value): void {
    if (obj.kind === 'instance' || obj.kind === 'class') {
      setAttribute(obj, name, v);
      return;
    }
    if (obj.kind === 'opaque') throw new Refusal(`assigning attributes of objects of the program is not supported (${shorten(obj.text)})`);
    throw new PyError('AttributeError', `'${typeName(obj)}' object has no attribute '${name}'`);
  }

  delattr(obj: Value, name: string): void {
    if (obj.kind === 'instance' || obj.kind === 'class') {
      delAttribute(obj, name);
      return;
    }
    if (obj.kind === 'opaque') throw new Refusal('deleting attributes of objects of the program is not supported');
    throw new PyError('AttributeError', `'${typeName(obj)}' object has no attribute '${name}'`);
  }

  unbind(id: string, env: Env | null): void {
    if (env && !env.globals?.has(id)) {
      if (!env.vars.delete(id)) {
        if (env.locals?.has(id)) throw new PyError('UnboundLocalError', `cannot access local variable '${id}' where it is not associated with a value`);
        throw new PyError('NameError', `name '${id}' is not defined`);
      }
      return;
    }
    const ns = env ? this.globals : this.locals;
    if (!ns.delete(id)) throw new PyError('NameError', `name '${id}' is not defined`);
  }

  /** `a op b` with the program's special methods (`__add__`, then the right operand's `__radd__`). */
  binop(op: string, a: Value, b: Value, inplace: boolean): Value {
    if (a.kind === 'instance' || b.kind === 'instance') {
      const name = BINOP_DUNDERS[op];
      if (!name) throw typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
      if (inplace) {
        const f = dunder(a, `__i${name}__`);
        if (f) {
          const r = this.call(f, [b]);
          if (r !== NOT_IMPLEMENTED) return r;
        }
      }
      const f = dunder(a, `__${name}__`);
      if (f) {
        const r = this.call(f, [b]);
        if (r !== NOT_IMPLEMENTED) return r;
      }
      const g = dunder(b, `__r${name}__`);
      if (g) {
        const r = this.call(g, [a]);
        if (r !== NOT_IMPLEMENTED) return r;
      }
      throw typeError(`unsupported operand type(s) for ${op}${inplace ? '=' : ''}: '${typeName(a)}' and '${typeName(b)}'`);
    }
    return inplace ? inplaceOp(op, a, b) : binop(op, a, b);
  }

  /** The builtins whose behaviour over the program's objects is the object's: isinstance, getattr, len, super... */
  private objectBuiltin(name: string, args: Value[], kwargs: Map<string, Value>, env: Env | null): Value | undefined {
    const obj = (v: Value | undefined): v is InstanceV | ClassV => v !== undefined && (v.kind === 'instance' || v.kind === 'class');
    switch (name) {
      case 'super':
        if (args.length === 0) return zeroArgSuper(env);
        if (args.length === 2 && args[0]!.kind === 'class') return { kind: 'instance', cls: SUPER_CLS, dict: new Map(), payload: [args[0]!, args[1]!] };
        throw new Refusal('this form of super() is not modelled');
      case 'isinstance':
      case 'issubclass': {
        const [x, t] = args;
        if (args.length !== 2) return undefined;
        const types = t!.kind === 'tuple' ? t!.items : [t!];
        if (!types.some((c) => c.kind === 'class') && !obj(x)) return undefined;
        const cls = name === 'isinstance' ? (x!.kind === 'instance' ? x!.cls : x!.kind === 'tuple' && x!.cls ? x!.cls : null) : x!.kind === 'class' ? x : null;
        if (name === 'issubclass' && x!.kind !== 'class' && x!.kind !== 'type') throw typeError('issubclass() arg 1 must be a class');
        return pyBool(
          types.some((c) => {
            if (c.kind === 'class') return cls !== null && isSubclass(cls, c);
            if (c.kind === 'type')
              return (
                c.name === 'object' || (name === 'isinstance' && !obj(x) && (this.call({ kind: 'builtin', name: 'isinstance' }, [x!, c]) as { v: boolean }).v)
              );
            throw typeError(
              this.minor < 10 ? `${name}() arg 2 must be a type or tuple of types` : `${name}() arg 2 must be a type, a tuple of types, or a union`,
            );
          }),
        );
      }
      case 'type':
        if (args.length === 1 && obj(args[0])) return args[0]!.kind === 'instance' ? args[0]!.cls : pyType('type');
        return undefined;
      case 'getattr':
      case 'hasattr':
      case 'setattr':
      case 'delattr': {
        const [o, n, d] = args;
        if (!obj(o)) return undefined;
        if (n?.kind !== 'str') throw typeError(`attribute name must be string, not '${n ? typeName(n) : 'NoneType'}'`);
        if (name === 'setattr') {
          this.setattr(o, n.v, d!);
          return NONE;
        }
        if (name === 'delattr') {
          this.delattr(o, n.v);
          return NONE;
        }
        try {
          const v = this.getattr(o, n.v);
          return name === 'hasattr' ? TRUE : v;
        } catch (e) {
          if (!(e instanceof PyError) || e.type !== 'AttributeError') throw e;
          if (name === 'hasattr') return FALSE;
          if (d !== undefined) return d;
          throw e;
        }
      }
      case 'vars':
        if (args.length === 1 && obj(args[0])) return this.getattr(args[0]!, '__dict__');
        return undefined;
      case 'callable':
        if (args.length === 1 && obj(args[0])) return pyBool(args[0]!.kind === 'class' || dunder(args[0]!, '__call__') !== undefined);
        if (args.length === 1 && args[0]!.kind === 'function') return TRUE;
        return undefined;
      case 'len':
        if (args.length === 1 && args[0]!.kind === 'instance') return { kind: 'int', v: this.length(args[0] as InstanceV) };
        return undefined;
      case 'repr':
      case 'str':
        if (args.length === 1 && obj(args[0])) return pyStr(name === 'repr' ? repr(args[0]!) : strOf(args[0]!));
        return undefined;
      case 'bool':
        if (args.length === 1 && obj(args[0])) return pyBool(this.truth(args[0]!));
        return undefined;
      case 'iter':
        if (args.length === 1 && args[0]!.kind === 'instance') return { kind: 'iterator', typeName: 'iterator', it: this.iter(args[0]!) };
        return undefined;
      case 'next':
        if (args[0]?.kind === 'instance') {
          const f = dunder(args[0], '__next__');
          if (!f) throw typeError(`'${args[0].cls.name}' object is not an iterator`);
          try {
            return this.call(f, []);
          } catch (e) {
            if (e instanceof PyError && e.type === 'StopIteration' && args.length > 1) return args[1]!;
            throw e;
          }
        }
        return undefined;
      case 'hash':
      case 'id':
        if (args.length === 1 && obj(args[0])) throw new Refusal(`${name}() of an object of the program is its address, which ndbg does not know`);
        return undefined;
      case 'sorted':
      case 'min':
      case 'max': {
        if (args.length !== 1 || (name === 'sorted' && [...kwargs.keys()].some((k) => k !== 'key' && k !== 'reverse'))) break;
        if (name !== 'sorted' && kwargs.size) break;
        const items = toArray(this.listed(args[0]!));
        if (!items.some((x) => x.kind === 'instance')) break;
        if (name !== 'sorted') {
          if (!items.length) throw valueError(`${name}() arg is an empty sequence`);
          let best = items[0]!;
          for (const x of items.slice(1)) if (this.compare(name === 'min' ? '<' : '>', x, best)) best = x;
          return best;
        }
        const key = kwargs.get('key');
        const keyed = items.map((x) => (key && key.kind !== 'none' ? this.call(key, [x]) : x));
        const idx = keyed.map((_, i) => i);
        const reverse = kwargs.get('reverse');
        const rev = reverse !== undefined && this.truth(reverse);
        // a stable merge sort using only `<`, as list.sort does (reverse keeps equal items in order)
        const lt = (i: number, j: number) => (rev ? this.compare('<', keyed[j]!, keyed[i]!) : this.compare('<', keyed[i]!, keyed[j]!));
        const sort = (xs: number[]): number[] => {
          if (xs.length < 2) return xs;
          const mid = xs.length >> 1;
          const l = sort(xs.slice(0, mid));
          const r = sort(xs.slice(mid));
          const out: number[] = [];
          while (l.length && r.length) out.push(lt(r[0]!, l[0]!) ? r.shift()! : l.shift()!);
          return [...out, ...l, ...r];
        };
        return pyList(sort(idx).map((i) => items[i]!));
      }
      default:
        if (ITERABLE_TAKERS.has(name) && args.some((a) => a.kind === 'instance')) {
          const fn = name in TYPE_CONSTRUCTORS ? TYPE_CONSTRUCTORS[name] : BUILTIN_FUNCTIONS[name];
          if (!fn) return undefined;
          const listedArgs = name === 'print' || name === 'format' ? args : args.map((a) => this.listed(a));
          if (name === 'print' || name === 'format') return undefined;
          return callBuiltin(name, fn, listedArgs, kwargs, this);
        }
        return undefined;
    }
  }

  get output(): string {
    return this.out.join('');
  }

  write(text: string): void {
    this.out.push(text);
  }

  // ---- Ctx ----

  call(f: Value, args: Value[], kwargs: Map<string, Value> = new Map(), env: Env | null = null): Value {
    if ((f.kind === 'builtin' || f.kind === 'type') && !f.module && (this.program || f.name === 'isinstance' || f.name === 'issubclass' || f.name === 'type')) {
      const r = this.objectBuiltin(f.name, args, kwargs, env);
      if (r !== undefined) return r;
    }
    switch (f.kind) {
      case 'class':
        return construct(f, args, kwargs);
      case 'instance': {
        const c = dunder(f, '__call__');
        if (!c) throw typeError(`'${f.cls.name}' object is not callable`);
        return this.call(c, args, kwargs);
      }
      case 'builtin': {
        const fn = f.module ? moduleFn(f) : BUILTIN_FUNCTIONS[f.name];
        if (!fn) throw new Refusal(f.module ? `${f.module}.${f.name} is not modelled by pyval` : refusedCallReason(f.name));
        return callBuiltin(f.name, fn, args, kwargs, this);
      }
      case 'type': {
        const fn = f.module ? collectionsConstructor(f) : TYPE_CONSTRUCTORS[f.name];
        if (!fn) throw new Refusal(refusedCallReason(f.name));
        return callBuiltin(f.name, fn, args, kwargs, this);
      }
      case 'method':
        return callMethod(f.self, f.name, args, kwargs, this);
      case 'function':
        return f.call(args, kwargs);
      case 'opaque':
        throw new Refusal(`calling it would run the program's code: ${shortText(f.text)} ${f.why}`);
      default:
        throw typeError(`'${typeName(f)}' object is not callable`);
    }
  }

  getattr(v: Value, name: string): Value {
    if (v.kind === 'instance' || v.kind === 'class') {
      const a = getAttribute(v, name);
      if (a === undefined) throw moduleAttributeError(v, name) ?? attributeError(v, name);
      return a;
    }
    if (v.kind === 'tuple' && v.cls) {
      // a namedtuple instance: its fields and methods are its class's
      const hit = lookupClass(v.cls, name);
      if (hit) return bindAttr(hit.value, v, v.cls);
    }
    if (v.kind === 'function' && v.user && name === '__name__') return pyStr(v.name);
    if (v.kind === 'function' && v.user && name === '__qualname__') return pyStr(v.qualname ?? v.name);
    if (name.startsWith('__') && name.endsWith('__')) {
      const data = dataAttribute(v, name);
      if (data) return data;
      throw new Refusal(`access to dunder attributes (${name}) is not allowed`);
    }
    if (v.kind === 'opaque') {
      throw refuseOpaque(v, `its attribute ${name}`);
    }
    const data = dataAttribute(v, name);
    if (data) return data;
    const kind = v.kind === 'type' ? v.name : methodKind(v);
    const method = findMethod(kind, name);
    if (method) return { kind: 'method', self: v, name };
    if (v.kind === 'type') throw new PyError('AttributeError', `type object '${v.name}' has no attribute '${name}'`);
    throw new PyError('AttributeError', `'${typeName(v)}' object has no attribute '${name}'`);
  }

  localsDict(): DictV {
    const store = new DictStore();
    for (const n of this.locals.names()) store.set(pyStr(n), this.locals.get(n)!);
    return { kind: 'dict', store };
  }

  globalsDict(): DictV {
    const store = new DictStore();
    for (const n of this.globals.names()) store.set(pyStr(n), this.globals.get(n)!);
    return { kind: 'dict', store };
  }

  // ---- names ----

  lookup(id: string, env: Env | null): Value {
    let seesFrameLocals = true;
    for (let e = env; e; e = e.parent) {
      if (e.globals?.has(id)) {
        seesFrameLocals = false;
        break;
      }
      const v = e.vars.get(id);
      if (v !== undefined) return v;
      if (e === env && e.locals?.has(id) && !e.building)
        throw new PyError('UnboundLocalError', `cannot access local variable '${id}' where it is not associated with a value`);
      if (!e.inlined && !this.closures) seesFrameLocals = false;
    }
    if (seesFrameLocals || this.moduleLevel) {
      const v = this.locals.get(id);
      if (v !== undefined) return v;
    }
    const g = this.globals.get(id);
    if (g !== undefined) return g;
    const own = this.programName(id);
    if (own !== undefined) return own;
    // the builtin exceptions are classes (what a shown `KeyError('x')` is an instance of)
    const exc = EXCEPTIONS.get(id);
    if (exc) return exc;
    if (this.program && !this.moduleLevel && this.programAssigns(id))
      throw new Refusal(`${id} is a global of the program, which this frame's state does not show`);
    const b = BUILTIN_NAMES.get(id);
    if (b !== undefined) return b;
    if (Object.hasOwn(REFUSED_OBJECTS, id)) return { kind: 'opaque', text: REFUSED_OBJECTS[id]!, why: `is the site builtin ${id}` } as OpaqueV;
    throw new PyError('NameError', `name '${id}' is not defined`);
  }

  bind(id: string, v: Value, env: Env | null): void {
    if (env?.globals?.has(id)) {
      if (!this.moduleLevel) throw new Refusal(`assigning the global ${id} from a function is not modelled here`);
      this.locals.set(id, v);
    } else if (env) env.vars.set(id, v);
    else this.locals.set(id, v);
  }

  /** Whether the module assigns `id` at its top level (a global this frame does not see). */
  private programAssigns(id: string): boolean {
    return this.program!.nodes.some((n) => n.k === 'simple' && n.stmt.k === 'assign' && n.stmt.targets.some((t) => t.k === 'name' && t.id === id));
  }

  // ---- expressions ----

  private snippet(node: Expr): string {
    let text = this.src.slice(node.s, node.e);
    if (node.k === 'call') text = this.src.slice(node.func.s, node.func.e) + '(...)';
    return shorten(text);
  }

  eval(node: Expr, env: Env | null): Value {
    try {
      return this.evalInner(node, env);
    } catch (e) {
      if (e instanceof Refusal && e.subject === undefined && !e.whole && node.k !== 'name') e.subject = this.snippet(node);
      throw e;
    }
  }

  private evalInner(node: Expr, env: Env | null): Value {
    switch (node.k) {
      case 'const':
        return node.value;
      case 'name':
        return this.lookup(node.id, env);
      case 'fstring':
        return pyStr(this.fstring(node.parts, env));
      case 'binop': {
        const l = this.eval(node.left, env);
        const r = this.eval(node.right, env);
        if (node.op === '@' && l.kind !== 'instance' && r.kind !== 'instance')
          throw typeError(`unsupported operand type(s) for @: '${typeName(l)}' and '${typeName(r)}'`);
        return this.binop(node.op, l, r, false);
      }
      case 'unary': {
        const o = this.eval(node.operand, env);
        if (node.op === 'not') return pyBool(!this.truth(o));
        if (o.kind === 'instance') {
          const f = dunder(o, node.op === '-' ? '__neg__' : node.op === '+' ? '__pos__' : '__invert__');
          if (!f) throw typeError(`bad operand type for unary ${node.op}: '${o.cls.name}'`);
          return this.call(f, []);
        }
        return unaryop(node.op, o);
      }
      case 'boolop': {
        let v: Value = NONE;
        for (const x of node.values) {
          v = this.eval(x, env);
          if (node.op === 'and' ? !this.truth(v) : this.truth(v)) return v;
        }
        return v;
      }
      case 'compare': {
        let left = this.eval(node.left, env);
        for (let i = 0; i < node.ops.length; i++) {
          const right = this.eval(node.comparators[i]!, env);
          if (!this.compare(node.ops[i]!, left, right)) return FALSE;
          left = right;
        }
        return TRUE;
      }
      case 'ifexp':
        return this.truth(this.eval(node.test, env)) ? this.eval(node.body, env) : this.eval(node.orelse, env);
      case 'call':
        return this.evalCall(node, env);
      case 'attr':
        return this.getattr(this.eval(node.value, env), node.attr);
      case 'subscript': {
        const c = this.eval(node.value, env);
        const i = this.evalIndex(node.index, env);
        if (c.kind === 'instance') {
          const f = dunder(c, '__getitem__');
          if (!f) throw typeError(`'${c.cls.name}' object is not subscriptable`);
          return this.call(f, [i]);
        }
        if (c.kind === 'class') {
          const f = lookupClass(c, '__class_getitem__');
          if (!f) throw typeError(`type '${c.name}' is not subscriptable`);
        }
        return subscriptDefaultdict(c, i, this) ?? getItem(c, i);
      }
      case 'slice':
        return this.evalIndex(node, env);
      case 'list':
        return pyList(this.evalElements(node.elts, env));
      case 'tuple':
        return pyTuple(this.evalElements(node.elts, env));
      case 'set': {
        const items = this.evalElements(node.elts, env);
        const store = new SetStore();
        // CPython folds a display of 3+ constants into a frozenset constant (which
        // the compiler rebuilds once more from its own iteration order), then copies it.
        if (node.elts.length > 2 && node.elts.every(isFoldedConstant)) {
          const folded = new SetStore();
          for (const x of items) folded.add(x);
          const constant = new SetStore();
          for (const x of folded.values()) constant.add(x);
          store.merge(constant);
        } else for (const x of items) store.add(x);
        return { kind: 'set', store };
      }
      case 'dict': {
        const store = new DictStore();
        for (let i = 0; i < node.keys.length; i++) {
          const k = node.keys[i] as Expr | null; // i < keys.length
          if (k === null) {
            const m = this.eval(node.values[i]!, env);
            if (m.kind !== 'dict') {
              if (m.kind === 'opaque') throw refuseOpaque(m, 'its keys');
              throw typeError(`'${typeName(m)}' object is not a mapping`);
            }
            for (const [kk, vv] of m.store.entries()) store.set(kk, vv);
          } else {
            const kv = this.eval(k, env);
            store.set(kv, this.eval(node.values[i]!, env));
          }
        }
        return { kind: 'dict', store };
      }
      case 'starred':
        throw new PyError('SyntaxError', "can't use starred expression here");
      case 'comp':
        return this.comprehension(node, env);
      case 'lambda':
        return this.lambda(node.params, node.body, env);
    }
  }

  private compare(op: string, a: Value, b: Value): boolean {
    if (a.kind === 'instance' || b.kind === 'instance') return this.richCompare(op, a, b);
    switch (op) {
      case '==':
        return eq(a, b);
      case '!=':
        return !eq(a, b);
      case 'is':
        return isSame(a, b);
      case 'is not':
        return !isSame(a, b);
      case 'in':
        return contains(b, a);
      case 'not in':
        return !contains(b, a);
      default:
        return order(op as Ordering, a, b);
    }
  }

  /** A comparison with an instance of the program: its `__eq__`, `__lt__`..., the reflected one, then the defaults. */
  private richCompare(op: string, a: Value, b: Value): boolean {
    if (op === 'is') return a === b;
    if (op === 'is not') return a !== b;
    if (op === 'in' || op === 'not in') {
      let found: boolean;
      const f = dunder(b, '__contains__');
      if (f) found = this.truth(this.call(f, [a]));
      else {
        found = false;
        const it = this.iter(b);
        for (let r = it.next(); !r.done; r = it.next()) {
          if (r.value === a || this.compare('==', r.value, a)) {
            found = true;
            break;
          }
        }
      }
      return op === 'in' ? found : !found;
    }
    const [name, reflected] = RICH[op]!;
    const f = dunder(a, name);
    if (f) {
      const r = this.call(f, [b]);
      if (r !== NOT_IMPLEMENTED) return this.truth(r);
    }
    const g = dunder(b, reflected);
    if (g) {
      const r = this.call(g, [a]);
      if (r !== NOT_IMPLEMENTED) return this.truth(r);
    }
    if (op === '==') return a === b;
    if (op === '!=') {
      const e = dunder(a, '__eq__') ?? dunder(b, '__eq__');
      return e ? !this.richCompare('==', a, b) : a !== b;
    }
    throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
  }

  /** `a == b` for the program's code (an instance's __eq__ included). */
  eq(a: Value, b: Value): boolean {
    return this.compare('==', a, b);
  }

  private evalElements(elts: Expr[], env: Env | null): Value[] {
    const out: Value[] = [];
    for (const e of elts) {
      if (e.k === 'starred') out.push(...toArray(this.eval(e.value, env)));
      else out.push(this.eval(e, env));
    }
    return out;
  }

  private evalIndex(node: Expr, env: Env | null): Value {
    if (node.k === 'slice') {
      return {
        kind: 'slice',
        start: node.lower ? this.eval(node.lower, env) : NONE,
        stop: node.upper ? this.eval(node.upper, env) : NONE,
        step: node.step ? this.eval(node.step, env) : NONE,
      };
    }
    if (node.k === 'tuple') return pyTuple(node.elts.map((e) => this.evalIndex(e, env)));
    return this.eval(node, env);
  }

  private evalCall(node: Extract<Expr, { k: 'call' }>, env: Env | null): Value {
    const f = this.eval(node.func, env);
    if (f.kind === 'opaque') {
      const who = node.func.k === 'name' ? node.func.id : this.src.slice(node.func.s, node.func.e);
      if (node.func.k === 'name' && Object.hasOwn(REFUSED_OBJECTS, who) && f.why.startsWith('is the site builtin')) {
        throw new Refusal(refusedCallReason(who));
      }
      if (/^<(function|bound method|lambda|built-in method)\b/.test(f.text) || /^<class '/.test(f.text)) {
        throw new Refusal(
          `${who} is ${/^<class/.test(f.text) ? 'a class' : 'a function'} of the program, and calling it would run the program's code (${shorten(f.text)})`,
        );
      }
      throw new Refusal(`calling ${who} would run the program's code: ${shorten(f.text)} ${f.why}`);
    }
    if (f.kind === 'builtin' && !f.module && !BUILTIN_FUNCTIONS[f.name] && !(this.program && OBJECT_BUILTINS.has(f.name)))
      throw new Refusal(refusedCallReason(f.name));
    if (f.kind === 'type' && !f.module && !TYPE_CONSTRUCTORS[f.name] && !(this.program && OBJECT_BUILTINS.has(f.name)))
      throw new Refusal(refusedCallReason(f.name));
    const args: Value[] = [];
    for (const a of node.args) {
      if (a.k === 'starred') args.push(...toArray(this.eval(a.value, env)));
      else args.push(this.eval(a, env));
    }
    const kwargs = new Map<string, Value>();
    const fname = (): string =>
      f.kind === 'builtin' || f.kind === 'type' ? f.name : f.kind === 'method' ? f.name : f.kind === 'function' ? f.name : typeName(f);
    for (const k of node.keywords) {
      const v = this.eval(k.value, env);
      if (k.name !== null) {
        if (kwargs.has(k.name)) throw typeError(`${fname()}() got multiple values for keyword argument '${k.name}'`);
        kwargs.set(k.name, v);
        continue;
      }
      if (v.kind !== 'dict') {
        if (v.kind === 'opaque') throw refuseOpaque(v, 'its keys');
        throw typeError(`${fname()}() argument after ** must be a mapping, not ${typeName(v)}`);
      }
      for (const [kk, vv] of v.store.entries()) {
        if (kk.kind !== 'str') throw typeError('keywords must be strings');
        if (kwargs.has(kk.v)) throw typeError(`${fname()}() got multiple values for keyword argument '${kk.v}'`);
        kwargs.set(kk.v, vv);
      }
    }
    return this.call(f, args, kwargs, env);
  }

  private fstring(parts: (string | { expr: Expr; conv: string | null; spec: Expr | null; debugText: string | null })[], env: Env | null): string {
    let out = '';
    for (const p of parts) {
      if (typeof p === 'string') {
        out += p;
        continue;
      }
      const v = this.eval(p.expr, env);
      const spec = p.spec && p.spec.k === 'fstring' ? this.fstring(p.spec.parts, env) : '';
      if (p.debugText !== null) out += p.debugText;
      out += formatSpec(convert(v, p.conv), spec);
    }
    return out;
  }

  // ---- comprehensions and lambdas ----

  private comprehension(node: Extract<Expr, { k: 'comp' }>, env: Env | null): Value {
    const gens = node.generators;
    // The first iterable is evaluated in the enclosing scope, at once.
    const firstIter = this.iter(this.eval(gens[0]!.iter, env));
    const inner: Env = { vars: new Map(), parent: env, inlined: this.minor >= 12 && node.kind !== 'gen' };
    const self = this;
    function* run(i: number, it: Iterator<Value>): Generator<Value | [Value, Value]> {
      const g: Comprehension = gens[i]!;
      for (let r = it.next(); !r.done; r = it.next()) {
        self.assign(g.target, r.value, inner);
        if (!g.ifs.every((c) => self.truth(self.eval(c, inner)))) continue;
        if (i + 1 < gens.length) yield* run(i + 1, self.iter(self.eval(gens[i + 1]!.iter, inner)));
        else if (node.kind === 'dict') {
          const k = self.eval(node.elt, inner);
          yield [k, self.eval(node.value!, inner)];
        } else yield self.eval(node.elt, inner);
      }
    }
    const gen = run(0, firstIter);
    switch (node.kind) {
      case 'gen':
        return { kind: 'iterator', typeName: 'generator', it: gen as Generator<Value> };
      case 'list':
        return pyList(toArray({ kind: 'iterator', typeName: 'generator', it: gen as Generator<Value> }));
      case 'set': {
        const store = new SetStore();
        for (const v of gen as Generator<Value>) store.add(v);
        return { kind: 'set', store };
      }
      case 'dict': {
        const store = new DictStore();
        for (const kv of gen as Generator<[Value, Value]>) store.set(kv[0], kv[1]);
        return { kind: 'dict', store };
      }
    }
  }

  private lambda(params: Param[], body: Expr, env: Env | null): FunctionV {
    const defaults = new Map<string, Value>();
    for (const p of params) if (p.default) defaults.set(p.name, this.eval(p.default, env));
    const call = (args: Value[], kwargs: Map<string, Value>): Value => {
      const scope: Env = { vars: new Map(), parent: env, inlined: false };
      const positional = params.filter((p) => p.kind === 'pos');
      const star = params.find((p) => p.kind === 'star');
      const starstar = params.find((p) => p.kind === 'starstar');
      if (args.length > positional.length && !star) {
        const n = positional.length;
        throw typeError(`<lambda>() takes ${n} positional argument${n === 1 ? '' : 's'} but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`);
      }
      positional.forEach((p, i) => {
        if (i < args.length) scope.vars.set(p.name, args[i]!);
      });
      if (star) scope.vars.set(star.name, pyTuple(args.slice(positional.length)));
      const extra = new DictStore();
      for (const [k, v] of kwargs) {
        const p = params.find((q) => q.name === k && (q.kind === 'pos' || q.kind === 'kwonly'));
        if (!p) {
          if (!starstar) throw typeError(`<lambda>() got an unexpected keyword argument '${k}'`);
          extra.set(pyStr(k), v);
          continue;
        }
        if (scope.vars.has(k)) throw typeError(`<lambda>() got multiple values for argument '${k}'`);
        scope.vars.set(k, v);
      }
      if (starstar) scope.vars.set(starstar.name, { kind: 'dict', store: extra });
      const missing = params.filter((p) => (p.kind === 'pos' || p.kind === 'kwonly') && !scope.vars.has(p.name));
      for (const p of missing) if (defaults.has(p.name)) scope.vars.set(p.name, defaults.get(p.name)!);
      const still = missing.filter((p) => !scope.vars.has(p.name));
      if (still.length) {
        const names = still.map((p) => `'${p.name}'`);
        const list = names.length === 1 ? names[0] : names.slice(0, -1).join(', ') + ' and ' + names[names.length - 1];
        const kind = still[0]!.kind === 'kwonly' ? 'keyword-only' : 'positional';
        throw typeError(`<lambda>() missing ${still.length} required ${kind} argument${still.length === 1 ? '' : 's'}: ${list}`);
      }
      budget.tick();
      if (++this.depth > this.maxDepth) {
        this.depth = 0;
        throw new PyError('RecursionError', 'maximum recursion depth exceeded');
      }
      try {
        return this.eval(body, scope);
      } finally {
        this.depth = Math.max(0, this.depth - 1);
      }
    };
    return { kind: 'function', name: '<lambda>', call };
  }

  // ---- statements ----

  /** Bind a target (`x`, `a, *b`, `xs[0]`) to a value, in `env` or the frame. */
  assign(target: Expr, value: Value, env: Env | null): void {
    switch (target.k) {
      case 'name':
        this.bind(target.id, value, env);
        return;
      case 'tuple':
      case 'list': {
        let items: Value[];
        try {
          if (value.kind === 'opaque') throw refuseOpaque(value, 'its items');
          items = toArray(value);
        } catch (e) {
          if (e instanceof PyError && e.pyMessage.endsWith('is not iterable')) {
            throw typeError(`cannot unpack non-iterable ${typeName(value)} object`);
          }
          throw e;
        }
        const starAt = target.elts.findIndex((e) => e.k === 'starred');
        const n = target.elts.length;
        if (starAt < 0) {
          if (items.length > n) throw new PyError('ValueError', `too many values to unpack (expected ${n})`);
          if (items.length < n) throw new PyError('ValueError', `not enough values to unpack (expected ${n}, got ${items.length})`);
          target.elts.forEach((t, i) => this.assign(t, items[i]!, env));
          return;
        }
        const after = n - starAt - 1;
        if (items.length < n - 1) {
          throw new PyError('ValueError', `not enough values to unpack (expected at least ${n - 1}, got ${items.length})`);
        }
        target.elts.forEach((t, i) => {
          if (i < starAt) this.assign(t, items[i]!, env);
          else if (i === starAt) this.assign((t as Extract<Expr, { k: 'starred' }>).value, pyList(items.slice(starAt, items.length - after)), env);
          else this.assign(t, items[items.length - (n - i)]!, env);
        });
        return;
      }
      case 'subscript': {
        const c = this.eval(target.value, env);
        const i = this.evalIndex(target.index, env);
        if (c.kind === 'instance') {
          const f = dunder(c, '__setitem__');
          if (!f) throw typeError(`'${c.cls.name}' object does not support item assignment`);
          this.call(f, [i, value]);
          return;
        }
        setItem(c, i, value);
        return;
      }
      case 'attr': {
        const obj = this.eval(target.value, env);
        if (obj.kind === 'opaque')
          throw new Refusal(`assigning attributes of objects of the program is not supported (${shorten(obj.text)})`, this.snippet(target));
        this.setattr(obj, target.attr, value);
        return;
      }
      case 'starred':
        throw new PyError('SyntaxError', 'starred assignment target must be in a list or tuple');
      default:
        throw new PyError('SyntaxError', 'cannot assign to expression');
    }
  }

  exec(stmt: Stmt): void {
    switch (stmt.k) {
      case 'pass':
        return;
      case 'expr': {
        const v = this.eval(stmt.value, null);
        // pdb compiles in 'single' mode: the value of an expression statement is echoed.
        if (this.echo && v.kind !== 'none') this.write(repr(v) + '\n');
        return;
      }
      case 'assign': {
        const v = this.eval(stmt.value, null);
        for (const t of stmt.targets) this.assign(t, v, null);
        return;
      }
      case 'augassign': {
        const t = stmt.target;
        if (t.k === 'name') {
          const cur = this.lookup(t.id, null);
          const v = this.eval(stmt.value, null);
          this.bind(t.id, this.binop(stmt.op, cur, v, true), null);
          return;
        }
        if (t.k === 'subscript') {
          const c = this.eval(t.value, null);
          const i = this.evalIndex(t.index, null);
          const cur = subscriptDefaultdict(c, i, this) ?? getItem(c, i);
          const v = this.eval(stmt.value, null);
          setItem(c, i, inplaceOp(stmt.op, cur, v));
          return;
        }
        if (t.k === 'attr') {
          const o = this.eval(t.value, null);
          if (o.kind === 'opaque') throw refuseOpaque(o, `its attribute ${t.attr}`);
          const cur = this.getattr(o, t.attr);
          this.setattr(o, t.attr, this.binop(stmt.op, cur, this.eval(stmt.value, null), true));
          return;
        }
        this.assign(t, NONE, null);
        return;
      }
      case 'del':
        for (const t of stmt.targets) this.del(t);
        return;
      case 'import':
        for (const b of stmt.names) this.bind(b.as, b.name === null ? importModule(b.module) : importFrom(b.module, b.name), null);
        return;
    }
  }

  private del(t: Expr): void {
    switch (t.k) {
      case 'name':
        if (!this.locals.delete(t.id)) throw new PyError('NameError', `name '${t.id}' is not defined`);
        return;
      case 'subscript':
        delItem(this.eval(t.value, null), this.evalIndex(t.index, null));
        return;
      case 'tuple':
      case 'list':
        for (const e of t.elts) this.del(e);
        return;
      case 'attr':
        this.delattr(this.eval(t.value, null), t.attr);
        return;
      default:
        throw new PyError('SyntaxError', 'cannot delete expression');
    }
  }

  results(): { changes: Record<string, string>; globalChanges: Record<string, string>; deleted: string[]; values?: Map<string, Value> } {
    const changes = this.locals.changes();
    const globalChanges = this.moduleLevel ? {} : this.globals.changes();
    const out: { changes: Record<string, string>; globalChanges: Record<string, string>; deleted: string[]; values?: Map<string, Value> } = {
      changes,
      globalChanges,
      deleted: [...this.locals.deleted],
    };
    if (this.program) out.values = this.locals.values();
    return out;
  }
}

/** What CPython's AST optimizer turns into a constant: literals, tuples of them, arithmetic on numbers. */
function isFoldedConstant(e: Expr): boolean {
  switch (e.k) {
    case 'const':
      return true;
    case 'tuple':
      return e.elts.every(isFoldedConstant);
    case 'unary':
      return e.op !== 'not' && e.operand.k === 'const' && ['int', 'float', 'bool'].includes(e.operand.value.kind);
    case 'binop':
      return (
        ['+', '-', '*', '/', '//', '%', '<<', '>>', '&', '|', '^'].includes(e.op) &&
        [e.left, e.right].every((x) => isFoldedConstant(x) && (x.k !== 'const' || ['int', 'float', 'bool'].includes(x.value.kind)) && x.k !== 'tuple')
      );
    default:
      return false;
  }
}

function shorten(s: string): string {
  s = s.replace(/\s+/g, ' ').trim();
  return s.length > MAX_SNIPPET ? s.slice(0, MAX_SNIPPET - 3) + '...' : s;
}

interface Failure {
  error: string;
  message: string;
  refused: boolean;
  exception?: string;
  /** Raised by the program's own `raise` / `assert` (PyError.explicit). */
  explicit?: boolean;
  /** The exception as a value, where the program made it (its class may be the program's). */
  raised?: Value;
}

function describeFailure(e: unknown, src: string, verb: 'evaluate' | 'execute'): Failure {
  if (e instanceof PyError)
    return {
      error: `*** ${e.message}`,
      message: e.message,
      refused: false,
      exception: e.type,
      ...(e.explicit ? { explicit: true } : {}),
      ...(e.exc ? { raised: e.exc } : {}),
    };
  if (e instanceof Refusal) {
    const subject = e.whole ? shorten(src) : (e.subject ?? shorten(src));
    const message = `ndbg: cannot ${verb} ${strRepr(subject)} without running the program (neural engine): ${e.reason}`;
    return { error: `*** ${message}`, message, refused: true };
  }
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    const message = `ndbg: cannot ${verb} ${strRepr(shorten(src))} without running the program (neural engine): it is nested too deeply`;
    return { error: `*** ${message}`, message, refused: true };
  }
  const message = `ndbg: internal error while evaluating ${strRepr(shorten(src))}: ${e instanceof Error ? e.message : String(e)}`;
  return { error: `*** ${message}`, message, refused: true };
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
