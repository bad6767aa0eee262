// Statements (`!` commands, and the program's own simple statements):
// assignment to every kind of target (names, unpacking with a star, items,
// attributes), augmented assignment, `del`, `import`, and an expression
// statement's value echoed as pdb's 'single' mode does; then what the frame's
// namespaces show changed. The last layer: `Evaluator` is the whole evaluator,
// what evaluate.ts runs.

import type { Ctx } from '../builtins/index.js';
import type { Env, EvalHost } from '../interp.js';
import { subscriptDefaultdict } from '../modules/collections.js';
import { importFrom, importModule } from '../modules/index.js';
import { dunder } from '../objects.js';
import { delItem, getItem, inplaceOp, setItem, toArray } from '../ops.js';
import type { Expr, Stmt } from '../parser.js';
import { repr } from '../repr.js';
import { NONE, PyError, Refusal, pyList, refuseOpaque, typeError, typeName, type Value } from '../value.js';
import { Expressions } from './expressions.js';
import { shorten } from './failure.js';

export class Evaluator extends Expressions implements Ctx, EvalHost {
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
