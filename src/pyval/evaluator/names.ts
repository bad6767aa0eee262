// The evaluator's first layer: its state (the frame's locals and globals, the
// options, what it printed), the program's own names (the `def`s, `class`es,
// namedtuple classes and imports of its module, built from its source on first
// use; a local shown as `<__main__.C object>` with its attributes, as the
// instance), and name resolution: locals, globals, the program's names,
// builtins, with the scoping of lambdas and comprehensions (pdb's, or a
// closure's for the program's own code).
//
// The evaluator is one class cut into layers, a file each, each extending the
// one before: names -> protocols -> object-builtins -> calls -> comprehensions
// -> expressions -> statements (`Evaluator`). What a layer needs of a later one
// is declared abstract where it is first needed (here: eval, assign, call...).

import { PYTHON_BUILTIN_FUNCTIONS, PYTHON_BUILTIN_TYPES, REFUSED_OBJECTS } from '../builtins/index.js';
import { DictStore } from '../containers.js';
import { Interp, dataclassesModule, setInterp, type Env, type EvalHost } from '../interp.js';
import { MODULES, importFrom, importModule } from '../modules/index.js';
import { EXCEPTIONS, setHost, makeClass } from '../objects.js';
import { parseExpression, type Expr, type Stmt } from '../parser.js';
import type { Node } from '../program.js';
import { parseRepr } from '../repr-parse.js';
import { repr } from '../repr.js';
import { FALSE, NONE, PyError, Refusal, TRUE, pyStr, pyType, type ClassV, type DictV, type InstanceV, type OpaqueV, type Value } from '../value.js';
import type { EvalOptions, ProgramContext, Scope } from './api.js';
import { Vars } from './namespace.js';

const BUILTIN_NAMES = new Map<string, Value>();
for (const n of PYTHON_BUILTIN_FUNCTIONS) BUILTIN_NAMES.set(n, { kind: 'builtin', name: n });
for (const n of PYTHON_BUILTIN_TYPES) BUILTIN_NAMES.set(n, pyType(n));
BUILTIN_NAMES.set('None', NONE);
BUILTIN_NAMES.set('True', TRUE);
BUILTIN_NAMES.set('False', FALSE);
BUILTIN_NAMES.set('Ellipsis', { kind: 'ellipsis' });

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

export abstract class Names implements EvalHost {
  protected readonly locals: Vars;
  protected readonly globals: Vars;
  protected readonly moduleLevel: boolean;
  private readonly closures: boolean;
  protected readonly minor: number;
  protected readonly echo: boolean;
  private readonly out: string[] = [];
  protected depth = 0;
  protected readonly program: ProgramContext | undefined;
  readonly interp: Interp;
  private built = false;

  constructor(
    readonly mode: 'eval' | 'exec',
    protected readonly src: string,
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

  // ---- output and namespaces, for the builtins (Ctx) ----

  get output(): string {
    return this.out.join('');
  }

  write(text: string): void {
    this.out.push(text);
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

  // ---- defined by the later layers ----

  abstract eval(node: Expr, env: Env | null): Value;
  abstract assign(target: Expr, value: Value, env: Env | null): void;
  abstract call(f: Value, args: Value[], kwargs?: Map<string, Value>, env?: Env | null): Value;
  abstract getattr(v: Value, name: string): Value;
  abstract setattr(obj: Value, name: string, v: Value): void;
  abstract delattr(obj: Value, name: string): void;
  abstract truth(v: Value): boolean;
  abstract iter(v: Value): Iterator<Value>;
  abstract binop(op: string, a: Value, b: Value, inplace: boolean): Value;
  abstract eq(a: Value, b: Value): boolean;
}
