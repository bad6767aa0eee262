// The evaluator's second layer: the object protocols over values that may be
// instances of the program, whose special methods run (`__bool__`, `__len__`,
// `__iter__` or `__getitem__`, `__add__` / `__radd__` / `__iadd__`, the rich
// comparisons and their reflections, `__call__`), object.ts and ops.ts deciding
// for builtin values; attribute access, and calls of every kind of callable
// (builtins/ and modules/ call back through these as their `Ctx`).

import { BUILTIN_FUNCTIONS, TYPE_CONSTRUCTORS, callBuiltin, callMethod, dataAttribute, findMethod, refusedCallReason } from '../builtins/index.js';
import type { Env } from '../interp.js';
import { budget } from '../limits.js';
import { collectionsConstructor, methodKind } from '../modules/collections.js';
import { moduleAttributeError, moduleFn } from '../modules/index.js';
import { NOT_IMPLEMENTED, attributeError, construct, delAttribute, dunder, getAttribute, bindAttr, lookupClass, setAttribute } from '../objects.js';
import { binop, contains, eq, inplaceOp, isSame, iterate, order, truthy, type Ordering } from '../ops.js';
import { PyError, Refusal, shortText, pyList, pyStr, refuseOpaque, typeError, valueError, typeName, type InstanceV, type Value } from '../value.js';
import { Names } from './names.js';
import { shorten } from './failure.js';

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

export abstract class Protocols extends Names {
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

  protected length(v: InstanceV): bigint {
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
  protected listed(v: Value): Value {
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

  protected compare(op: string, a: Value, b: Value): boolean {
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

  /** A builtin applied to the program's objects (object-builtins.ts); undefined: the builtin's own rules. */
  protected abstract objectBuiltin(name: string, args: Value[], kwargs: Map<string, Value>, env: Env | null): Value | undefined;
}
