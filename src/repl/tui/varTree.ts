// The variables tree: containers and objects open into their children (items,
// keys, attributes: Engine.children), fetched when opened and again after every
// command while open, a page (PAGE) at a time with a "more" row for the rest.
// Pure: the state holds the pages by expression, the store fetches them.
import type { ChildrenPage, ValueChild } from '../../engine/engine.js';

/** A row of the Variables pane: a local, a watch, a node of the tree, or a note. */
export interface Var {
  /** What is shown as the name: a local's name, a watch's expression, a child's `[0]` / `attr`. */
  name: string;
  value: string;
  special?: boolean;
  /** --verify: a real local the prediction lacks. */
  absent?: boolean;
  /**
   * What the marks are looked up by (`changed`, `edited`, `expanded`, `mismatch`,
   * `confidence`, the editor): the name for a local, the expression for a child.
   */
  key?: string;
  /** A local (default), a watch, a child in the tree, a tree's "more" row, or a note (no value). */
  kind?: 'var' | 'watch' | 'child' | 'more' | 'note';
  /** Tree depth (children indented two columns a level). */
  depth?: number;
  /** Tree: open (▾) or closed (▸); undefined: nothing to open. */
  open?: boolean;
  /** Neural engine: a predicted value (shown `name ≈ value`). */
  predicted?: boolean;
  /** Watch: the value at the previous stop, when it differs. */
  was?: string;
  /** The value is an error message (a watch that failed). */
  error?: boolean;
  /**
   * An open node of the tree: its type and size (`list (4)`), shown instead of
   * the repr (its children are below), as PuDB does: `▾ tokens: list (4)`.
   */
  summary?: string;
}

/** Children fetched at a time. */
export const PAGE = 50;

export interface TreeNode {
  /** Children 0 .. children.length - 1 of `size`. */
  children: readonly ValueChild[];
  size: number;
  /** The value's type name (`list`, `Item`). */
  type?: string;
  /** The children could not be had (the expression fails in this frame...). */
  error?: string;
  /** Neural engine: built from the predicted repr. */
  predicted?: boolean;
}

/**
 * Whether a local's repr looks like something with children: a container
 * (`[`, `(`, `{`, `deque([...`, `Item(a=1)`) or an instance (`<... object at 0x...>`).
 * Only a guess to draw `▸` before anything is fetched; opening asks the engine.
 */
export function isExpandableRepr(value: string): boolean {
  const v = value.trim();
  if (/^(\[\]|\(\)|\{\}|set\(\)|frozenset\(\))$/.test(v)) return false;
  if (/^[[({]/.test(v)) return true;
  if (/^<(function|built-in|bound method|method|module|class|cell|code|generator|coroutine) /.test(v)) return false;
  if (/^<.* object at 0x[0-9a-f…]+>$/i.test(v) || /^<[\w.]+ object>$/.test(v)) return true;
  return /^[A-Za-z_][\w.]*\(.+\)$/s.test(v) && !/^[A-Za-z_][\w.]*\((['"]|-?\d)[^,]*\)$/.test(v);
}

/** A node after a page of its children arrived (a page from 0 replaces what was there). */
export function withPage(node: TreeNode | undefined, page: ChildrenPage): TreeNode {
  const before = page.start === 0 || !node ? [] : node.children.slice(0, page.start);
  return {
    children: [...before, ...page.children],
    size: page.parent.size,
    type: page.parent.type,
    ...(page.parent.predicted || page.children.some((c) => c.predicted) ? { predicted: true } : {}),
  };
}

export interface TreeView {
  tree: ReadonlyMap<string, TreeNode>;
  open: ReadonlySet<string>;
}

/** The rows under an open `expr`: its children (and theirs, when open), then a "more" row, at `depth`. */
export function childItems(t: TreeView, expr: string, depth: number, seen: Set<string> = new Set()): Var[] {
  const node = t.tree.get(expr);
  if (!node) return [{ kind: 'note', name: 'loading…', key: `note ${expr}`, value: '', depth }];
  if (node.error !== undefined) return [{ kind: 'note', name: node.error, key: `note ${expr}`, value: '', depth }];
  if (node.size === 0) return [{ kind: 'note', name: '(no children)', key: `note ${expr}`, value: '', depth }];
  // A value that contains itself (a list holding itself) opens once per path, never forever.
  seen.add(expr);
  const out: Var[] = [];
  for (const c of node.children) {
    const canOpen = c.size > 0 && !seen.has(c.expr);
    const open = canOpen ? t.open.has(c.expr) : undefined;
    out.push({
      kind: 'child',
      name: c.name,
      key: c.expr,
      value: c.value,
      depth,
      ...(open !== undefined ? { open } : {}),
      ...(open ? summaryOf(t.tree.get(c.expr)) : {}),
      ...(c.predicted || node.predicted ? { predicted: true } : {}),
    });
    if (open) out.push(...childItems(t, c.expr, depth + 1, seen));
  }
  const rest = node.size - node.children.length;
  if (rest > 0) out.push({ kind: 'more', name: `… ${rest} more (Enter: next ${Math.min(PAGE, rest)})`, key: `more ${expr}`, value: '', depth });
  seen.delete(expr);
  return out;
}

/** `list (4)` for an open node whose children came: what it shows instead of its repr. */
export function summaryOf(node: TreeNode | undefined): { summary?: string } {
  if (!node || node.error !== undefined || node.type === undefined) return {};
  return { summary: `${node.type} (${node.size})${node.predicted ? ' (predicted)' : ''}` };
}

/** The expression a "more" or note row belongs to. */
export function ownerExpr(key: string): string {
  return key.replace(/^(more|note) /, '');
}
