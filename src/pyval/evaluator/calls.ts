// Call expressions and lambdas: `f(a, *b, k=v, **d)` evaluated to positional
// and keyword arguments with CPython's errors (a keyword given twice, `**` of a
// non-mapping), refused where the call would run the program (a function or
// class known only by its repr, the site builtins); a lambda as a function
// value whose call binds its parameters as CPython does, within the depth limit.

import { BUILTIN_FUNCTIONS, REFUSED_OBJECTS, TYPE_CONSTRUCTORS, refusedCallReason } from '../builtins/index.js';
import { DictStore } from '../containers.js';
import type { Env } from '../interp.js';
import { budget } from '../limits.js';
import { toArray } from '../ops.js';
import type { Expr, Param } from '../parser.js';
import { PyError, Refusal, pyStr, pyTuple, refuseOpaque, typeError, typeName, type FunctionV, type Value } from '../value.js';
import { shorten } from './failure.js';
import { OBJECT_BUILTINS, ObjectBuiltins } from './object-builtins.js';

export abstract class Calls extends ObjectBuiltins {
  protected evalCall(node: Extract<Expr, { k: 'call' }>, env: Env | null): Value {
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

  protected lambda(params: Param[], body: Expr, env: Env | null): FunctionV {
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
}
