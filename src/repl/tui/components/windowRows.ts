// A pane's rows cut to its height without hiding anything silently: when rows
// are left out, a dim `… N more` (below) or `… N above` row says how many items
// (variables, frames, breakpoints) are out of view. The focused item stays in view.
import { theme } from '../theme.js';

export interface OwnedRow {
  text: string;
  /** The item (variable, frame...) the row belongs to; an item may take several rows. */
  owner: number;
}

/** Items wholly out of `[from, to)`, or rows when every item is partly in view. */
function hiddenText(rows: OwnedRow[], from: number, to: number, shown: Set<number>, where: 'more' | 'above'): string {
  const out = new Set<number>();
  for (let i = from; i < to; i++) if (!shown.has(rows[i]!.owner)) out.add(rows[i]!.owner);
  const n = out.size || to - from;
  return theme.dim(`… ${n} ${where}${out.size ? '' : n === 1 ? ' row' : ' rows'}`);
}

/** At most `height` rows, with the first row of `focus`'s item visible. */
export function windowRows(rows: OwnedRow[], height: number, focus: number): string[] {
  const h = Math.max(1, height);
  if (rows.length <= h) return rows.map((r) => r.text);
  let first = rows.findIndex((r) => r.owner === focus);
  if (first < 0) first = 0;
  let top = 0;
  let end = 0;
  for (;;) {
    const above = top > 0 ? 1 : 0;
    end = Math.min(rows.length, top + h - above);
    if (end < rows.length) end = top + Math.max(1, h - above - 1);
    if (first < end || top >= first) break;
    top++;
  }
  const visible = rows.slice(top, end);
  const shown = new Set(visible.map((r) => r.owner));
  const out = visible.map((r) => r.text);
  if (top > 0) out.unshift(hiddenText(rows, 0, top, shown, 'above'));
  if (end < rows.length) out.push(hiddenText(rows, end, rows.length, shown, 'more'));
  return out.slice(0, h);
}
