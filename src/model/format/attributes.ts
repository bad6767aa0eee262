// The program's objects in a state (docs/format.md, "Objects"): a local whose value is
// an instance of a class the program defines is followed by its attributes as dotted
// entries (`cart.items`, `cart.last.name`). This file reads them back as a tree, for
// whoever shows or evaluates an instance from a state (the variables tree, `--json`,
// ndbg's evaluator); the rule that writes them is python/ndbg/bridge/shown.py.

import { ATTR_DEPTH, ATTR_LIMIT, isAttributeEntry, setEntry } from './format.js';

/** A local, or an attribute of one, with the attributes the state shows of it. */
export interface Grouped {
  /** The repr. */
  value: string;
  /** Its attributes in the state's order; absent when the state shows none. */
  attributes?: Record<string, Grouped>;
  /**
   * True where the state may not show every attribute: the object lies at ATTR_DEPTH
   * (never opened), or its local's entries reached ATTR_LIMIT (the rest were cut).
   */
  partial?: boolean;
}

const define = (o: Record<string, Grouped>, k: string, v: Grouped) =>
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/**
 * `locals` (a state's, name -> repr, attribute entries included) as a tree: the plain
 * locals in order, each with the attributes its dotted entries give. An entry whose
 * parent is missing (a malformed state) is dropped.
 */
export function groupAttributes(locals: Readonly<Record<string, string>>): Record<string, Grouped> {
  const out: Record<string, Grouped> = {};
  const nodes = new Map<string, Grouped>();
  const counts = new Map<string, number>();
  for (const [name, value] of Object.entries(locals)) {
    const node: Grouped = { value };
    if (!isAttributeEntry(name)) {
      define(out, name, node);
      nodes.set(name, node);
      continue;
    }
    const dot = name.lastIndexOf('.');
    const parent = nodes.get(name.slice(0, dot));
    if (!parent) continue;
    parent.attributes ??= {};
    define(parent.attributes, name.slice(dot + 1), node);
    nodes.set(name, node);
    const local = name.slice(0, name.indexOf('.'));
    counts.set(local, (counts.get(local) ?? 0) + 1);
    if (name.split('.').length - 1 === ATTR_DEPTH) node.partial = true;
  }
  for (const [local, n] of counts) {
    if (n < ATTR_LIMIT) continue;
    const mark = (g: Grouped) => {
      g.partial = true;
      for (const c of Object.values(g.attributes ?? {})) mark(c);
    };
    mark(out[local]!);
  }
  return out;
}

/** `locals` without the attribute entries: what a variables list shows at its top level. */
export function plainLocals(locals: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(locals)) if (!isAttributeEntry(k)) setEntry(out, k, v);
  return out;
}

/** The attributes the state shows of `expr` (a local or a dotted chain of attributes), or undefined. */
export function attributesOf(locals: Readonly<Record<string, string>>, expr: string): Array<[string, string]> | undefined {
  if (!Object.hasOwn(locals, expr)) return undefined;
  const prefix = `${expr}.`;
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(locals)) if (k.startsWith(prefix) && !k.slice(prefix.length).includes('.')) out.push([k.slice(prefix.length), v]);
  return out.length ? out : undefined;
}

/**
 * A frame's locals split for `--json` (docs/json.md, `stop`): `locals` the plain ones,
 * `attributes` per local that shows any, its entries keyed by the path below it
 * (`{cart: {items: '[]', last: "Item('pen')", 'last.name': "'pen'"}}`), in order.
 */
export function splitAttributes(locals: Readonly<Record<string, string>>): {
  locals: Record<string, string>;
  attributes?: Record<string, Record<string, string>>;
} {
  const plain: Record<string, string> = {};
  let attributes: Record<string, Record<string, string>> | undefined;
  for (const [k, v] of Object.entries(locals)) {
    const dot = k.indexOf('.');
    if (dot < 0) {
      setEntry(plain, k, v);
      continue;
    }
    attributes ??= {};
    const local = k.slice(0, dot);
    if (!Object.hasOwn(attributes, local)) Object.defineProperty(attributes, local, { value: {}, enumerable: true, writable: true, configurable: true });
    setEntry(attributes[local]!, k.slice(dot + 1), v);
  }
  return attributes ? { locals: plain, attributes } : { locals: plain };
}
