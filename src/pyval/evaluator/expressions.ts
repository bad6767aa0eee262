// Expressions: the dispatch over the parser's nodes (constants, names,
// operators, `and` / `or`, comparison chains, conditionals, attributes,
// subscripts and slices, displays with starred items, f-strings), a set
// display of constants built as CPython builds its folded constant. Calls,
// comprehensions, lambdas and the protocols are the layers below; a refusal is
// tagged with the piece of source it came from.

import { DictStore, SetStore } from '../containers.js';
import { convert, formatSpec } from '../format.js';
import type { Env } from '../interp.js';
import { subscriptDefaultdict } from '../modules/collections.js';
import { dunder, lookupClass } from '../objects.js';
import { getItem, toArray, unaryop } from '../ops.js';
import type { Expr } from '../parser.js';
import { FALSE, NONE, PyError, Refusal, TRUE, pyList, pyStr, pyTuple, refuseOpaque, pyBool, typeError, typeName, type Value } from '../value.js';
import { Comprehensions } from './comprehensions.js';
import { shorten } from './failure.js';

export abstract class Expressions extends Comprehensions {
  protected snippet(node: Expr): string {
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

  private evalElements(elts: Expr[], env: Env | null): Value[] {
    const out: Value[] = [];
    for (const e of elts) {
      if (e.k === 'starred') out.push(...toArray(this.eval(e.value, env)));
      else out.push(this.eval(e, env));
    }
    return out;
  }

  protected evalIndex(node: Expr, env: Env | null): Value {
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
