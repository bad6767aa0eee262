// List, set and dict comprehensions and generator expressions: the first
// iterable is evaluated at once in the enclosing scope, the rest lazily in the
// comprehension's own scope, a function scope (under pdb in 3.11 it does not
// see a function frame's locals) unless `pythonMinor >= 12` inlines it
// (PEP 709; a generator expression stays a function).

import { DictStore, SetStore } from '../containers.js';
import type { Env } from '../interp.js';
import { toArray } from '../ops.js';
import type { Comprehension, Expr } from '../parser.js';
import { pyList, type Value } from '../value.js';
import { Calls } from './calls.js';

export abstract class Comprehensions extends Calls {
  protected comprehension(node: Extract<Expr, { k: 'comp' }>, env: Env | null): Value {
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
}
