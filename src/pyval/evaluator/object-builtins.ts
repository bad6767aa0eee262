// The builtins over the program's objects: isinstance / issubclass, type,
// getattr / hasattr / setattr / delattr, vars, callable, len, repr / str, bool,
// iter / next, super, sorted / min / max by the objects' own comparisons, and
// the builtins that iterate an argument (an instance's `__iter__` runs first).
// builtins/ knows builtin values only; over an object, the object decides.

import { BUILTIN_FUNCTIONS, TYPE_CONSTRUCTORS, callBuiltin } from '../builtins/index.js';
import { zeroArgSuper, type Env } from '../interp.js';
import { dunder, isSubclass, SUPER } from '../objects.js';
import { toArray } from '../ops.js';
import { repr, str as strOf } from '../repr.js';
import {
  FALSE,
  NONE,
  PyError,
  Refusal,
  TRUE,
  pyList,
  pyStr,
  pyType,
  pyBool,
  typeError,
  valueError,
  typeName,
  type ClassV,
  type InstanceV,
  type Value,
} from '../value.js';
import { Protocols } from './protocols.js';

/** Builtins that act on the program's objects by their attributes (refused otherwise). */
export const OBJECT_BUILTINS = new Set(['super', 'getattr', 'setattr', 'hasattr', 'delattr', 'vars', 'callable', 'iter', 'next']);
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
const SUPER_CLS = SUPER;

export abstract class ObjectBuiltins extends Protocols {
  /** The builtins whose behaviour over the program's objects is the object's: isinstance, getattr, len, super... */
  protected objectBuiltin(name: string, args: Value[], kwargs: Map<string, Value>, env: Env | null): Value | undefined {
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
}
