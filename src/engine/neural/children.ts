// Quiet inspection on the neural engine: a predicted value as a variables view
// shows it, and its children, built from the predicted repr (parsed by pyval)
// and never by running the program. The rule (names, expressions, which values
// open) is the bridge's (python/ndbg/bridge/inspection.py), specified in
// docs/json.md ("Inspection") and pinned for both by test/golden/children.json.
// An instance of the program's own class opens into the attributes the state
// shows of it (docs/format.md, "Objects": the `cart.items` entries), as the
// bridge opens a real one into its __dict__.

import type { ChildrenPage, Inspected, ValueChild, ValueView } from '../engine.js';
import { evaluate, parseRepr, repr, typeName, type Scope, type Value } from '../../pyval/index.js';
import { attributesOf } from '../../model/format/attributes.js';

/** `cart`, `cart.last`: a local or a chain of attributes, which a state may show as an entry. */
const CHAIN = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;

/** The attributes a predicted state shows of `expr` ([name, repr]), or undefined: not a shown object. */
function shownAttributes(expr: string, scope: Scope): Array<[string, string]> | undefined {
  const e = expr.trim();
  if (!CHAIN.test(e)) return undefined;
  const root = e.split('.')[0]!;
  const ns = Object.hasOwn(scope.locals, root) ? scope.locals : scope.globals;
  return ns && Object.hasOwn(ns, e) ? attributesOf(ns, e) : undefined;
}

/** The repr of an attribute entry `cart.last` of the state (which pyval cannot evaluate: it holds no instances). */
function shownEntry(expr: string, scope: Scope): string | undefined {
  const e = expr.trim();
  if (!CHAIN.test(e) || !e.includes('.')) return undefined;
  const root = e.split('.')[0]!;
  const ns = Object.hasOwn(scope.locals, root) ? scope.locals : scope.globals;
  return ns && Object.hasOwn(ns, e) ? ns[e] : undefined;
}

/** An expression that takes `.attr` / `[i]` without parentheses (inspection.py's _POSTFIX). */
const POSTFIX = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^[\]]*\])*$/;

export function operand(expr: string): string {
  const e = expr.trim();
  return POSTFIX.test(e) ? e : `(${e})`;
}

/** `Name(k=v, ...)`: the repr of a dataclass or named tuple, opened into its fields. */
const FIELDS_REPR = /^([A-Za-z_][\w.]*)\((.*)\)$/s;
/** `<module.Name object at 0x...>`: an object known by its default repr only. */
const OBJECT_REPR = /^<(?:[\w.]+\.)?(\w+) object at /;
const CALL_REPR = /^([A-Za-z_][\w.]*)\(.*\)$/s;

/** The fields of a `Name(k=v, ...)` repr, each parsed; undefined when it is not one. */
function fields(text: string): { type: string; fields: Array<[string, Value]> } | undefined {
  const m = FIELDS_REPR.exec(text.trim());
  if (!m) return undefined;
  const parts = splitTopLevel(m[2]!);
  if (parts === undefined) return undefined;
  const out: Array<[string, Value]> = [];
  for (const part of parts) {
    const kv = /^\s*([A-Za-z_]\w*)=(.*)$/s.exec(part);
    if (!kv) return undefined;
    out.push([kv[1]!, parseRepr(kv[2]!.trim())]);
  }
  return { type: m[1]!.split('.').pop()!, fields: out };
}

/** Splits `a, [b, c], 'd,e'` at its top-level commas (undefined: unbalanced). */
function splitTopLevel(s: string): string[] | undefined {
  if (!s.trim()) return [];
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (--depth < 0) return undefined;
    } else if (c === ',' && depth === 0) {
      parts.push(s.slice(from, i));
      from = i + 1;
    }
  }
  if (depth !== 0 || quote) return undefined;
  parts.push(s.slice(from));
  return parts;
}

/** The children of a value: name, expression, value (all of them; the caller pages). */
function allChildren(v: Value, base: string): Array<[string, string, Value]> {
  switch (v.kind) {
    case 'list':
    case 'tuple':
      return v.items.map((x, i) => [`[${i}]`, `${base}[${i}]`, x]);
    case 'dict':
      return v.store.entries().map(([k, x]) => {
        const kr = repr(k);
        return [`[${kr}]`, `${base}[${kr}]`, x];
      });
    case 'set':
    case 'frozenset':
      return v.store.values().map((x, i) => [`[${i}]`, `list(${base})[${i}]`, x]);
    case 'opaque':
      return (fields(v.text)?.fields ?? []).map(([k, x]) => [k, `${base}.${k}`, x]);
    case 'instance':
      // an object the session's computed steps built: its __dict__, as the bridge opens a real one
      return [...v.dict].map(([k, x]) => [k, `${base}.${k}`, x]);
    default:
      return [];
  }
}

function typeOf(v: Value): string {
  if (v.kind !== 'opaque') return typeName(v);
  // `Name(...)` is, by convention, the class's name and its constructor's arguments
  return fields(v.text)?.type ?? OBJECT_REPR.exec(v.text)?.[1] ?? CALL_REPR.exec(v.text.trim())?.[1]?.split('.').pop() ?? 'object';
}

function sizeOf(v: Value): number {
  switch (v.kind) {
    case 'list':
    case 'tuple':
      return v.items.length;
    case 'dict':
    case 'set':
    case 'frozenset':
      return v.store.size;
    case 'opaque':
      return fields(v.text)?.fields.length ?? 0;
    case 'instance':
      return v.dict.size;
    default:
      return 0;
  }
}

function viewOf(v: Value, confidence: number | undefined): ValueView {
  const view: ValueView = { value: v.kind === 'opaque' ? v.text : repr(v), type: typeOf(v), size: sizeOf(v), predicted: true };
  if (confidence !== undefined) view.confidence = confidence;
  return view;
}

/**
 * The value of `expr` in a predicted frame. Confidence: the model's for the
 * predicted local the expression starts from (`xs`, `xs[0]`, `item.qty`).
 */
function valueIn(expr: string, scope: Scope, confidence: Record<string, number> | undefined): Inspected<{ v: Value; confidence?: number }> {
  const entry = shownEntry(expr, scope);
  const r = entry !== undefined ? ({ ok: true, value: parseRepr(entry) } as const) : evaluate(expr, scope);
  if (!r.ok) return { ok: false, error: r.message };
  const root = /^\s*\(*\s*([A-Za-z_]\w*)/.exec(expr)?.[1];
  const c = root !== undefined ? confidence?.[root] : undefined;
  return { ok: true, result: c === undefined ? { v: r.value } : { v: r.value, confidence: c } };
}

export function evaluateView(expr: string, scope: Scope, confidence?: Record<string, number>): Inspected<ValueView> {
  if (!expr.trim()) return { ok: false, error: 'no expression given' };
  const r = valueIn(expr, scope, confidence);
  if (!r.ok) return r;
  const view = viewOf(r.result.v, r.result.confidence);
  const attrs = shownAttributes(expr, scope);
  return { ok: true, result: attrs ? { ...view, size: attrs.length } : view };
}

export function childrenPage(
  expr: string,
  scope: Scope,
  confidence: Record<string, number> | undefined,
  start: number,
  count: number,
): Inspected<ChildrenPage> {
  if (!expr.trim()) return { ok: false, error: 'no expression given' };
  const r = valueIn(expr, scope, confidence);
  if (!r.ok) return r;
  const { v, confidence: c } = r.result;
  const attrs = shownAttributes(expr, scope);
  const base = operand(expr);
  const all: Array<[string, string, Value]> = attrs ? attrs.map(([k, text]) => [k, `${base}.${k}`, parseRepr(text)]) : allChildren(v, base);
  const page = all.slice(start, start + count);
  const children: ValueChild[] = page.map(([name, cexpr, x]) => {
    const view = viewOf(x, c);
    const sub = attrs ? shownAttributes(cexpr, scope) : undefined; // a nested instance opens too
    return { ...view, ...(sub ? { size: sub.length } : {}), name, expr: cexpr };
  });
  const parent = viewOf(v, c);
  return { ok: true, result: { parent: attrs ? { ...parent, size: attrs.length } : parent, start, children } };
}
