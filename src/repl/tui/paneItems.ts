// The Variables pane's rows as items: the watches first, then the frame's
// variables (or globals), each open one followed by its children (varTree.ts).
// The pane draws them and the keys select among them by index.
import type { Var } from './varTree.js';
import { variables } from './selectors.js';
import type { State } from './state.js';
import { childItems, isExpandableRepr, summaryOf } from './varTree.js';
import { watchChanged, type Watch } from './watches.js';

/** The key a watch's row is known by (the editor, expansion): never a Python name. */
export const watchKey = (expr: string) => `watch ${expr}`;

function watchItem(w: Watch): Var {
  const pending = w.value === undefined && w.error === undefined;
  return {
    kind: 'watch',
    name: w.expr,
    key: watchKey(w.expr),
    value: w.error ?? w.value ?? (pending ? '…' : ''),
    ...(w.error !== undefined ? { error: true } : {}),
    ...(w.predicted ? { predicted: true } : {}),
    ...(watchChanged(w) ? { was: w.prev } : {}),
  };
}

export function paneItems(s: State): Var[] {
  const out: Var[] = s.watches.map(watchItem);
  for (const { attributes, ...v } of variables(s)) {
    const canOpen = !v.special && !v.absent && (attributes === true || isExpandableRepr(v.value));
    const open = canOpen ? s.open.has(v.name) : undefined;
    out.push({ ...v, key: v.name, ...(open !== undefined ? { open } : {}), ...(open ? summaryOf(s.tree.get(v.name)) : {}) });
    if (open) out.push(...childItems(s, v.name, 1));
  }
  return out;
}
