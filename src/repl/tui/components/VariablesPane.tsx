// Locals of the selected frame: changed-by-last-step values highlighted, values
// set from the TUI marked, long values cut (expand with Right/Space), low-confidence
// predictions (neural engine) dim with a '?', where each local comes from (a
// predicted one shown `name ≈ value`, a checked one with a dim ✓, a computed or real
// one `name = value`), under --verify the predictions that
// differed from the real values (`x = 3 ≠ 4 (real)`, in red), and the in-place editor.
import { memo } from 'react';
import type { ValueOrigin, VerifyPair } from '../../../engine/engine.js';
import { truncate, visibleWidth } from '../ansi.js';
import type { VarEdit } from '../state.js';
import type { Var } from '../varTree.js';
import { theme } from '../theme.js';
import { Pane } from './Pane.js';
import { windowRows } from './windowRows.js';
import { LOW_CONFIDENCE } from '../../../model/decode/confidence.js';

export interface VariablesProps {
  vars: Var[];
  changed: ReadonlySet<string>;
  edited: Readonly<Record<string, string>>;
  confidence?: Record<string, number>;
  /** Where each local comes from (the frame's `origin`): predicted ones are marked. */
  origin?: Record<string, ValueOrigin>;
  /** Neural engine: the runner-up values of unsure locals (the stop frame's `alternatives`). */
  alternatives?: Record<string, Array<{ value: string; p: number }>>;
  sel: number;
  expanded: ReadonlySet<string>;
  edit?: VarEdit;
  focused: boolean;
  width: number;
  height: number;
  title?: string;
  /** --verify: names whose predicted value differed, with the real value. */
  mismatch?: Readonly<Record<string, VerifyPair>>;
}

/** Below this confidence a predicted value is shown dim, with a '?' (src/model/decode/confidence.ts says why). */
export { LOW_CONFIDENCE };

/** The editor's text with a block cursor, scrolled to keep the cursor in `room`. */
export function editField(text: string, cursor: number, room: number): string {
  const start = Math.max(0, cursor - room + 1);
  const shown = text.slice(start, start + room);
  const at = cursor - start;
  const ch = shown[at] ?? ' ';
  return shown.slice(0, at) + theme.selected(ch) + shown.slice(at + 1);
}

const reprOf = (x: string | number | null): string => (x === null ? '—' : String(x));

/**
 * `predicted ≠ real (real)` in `room` columns: the `(real)` tag goes first, then
 * both values are cut (with `…`), each keeping about half the room.
 */
export function mismatchText(predicted: string, real: string, room: number): { predicted: string; rest: string } {
  const full = ` ≠ ${real} (real)`;
  if (visibleWidth(predicted) + visibleWidth(full) <= room) return { predicted, rest: full };
  const avail = Math.max(2, room - 3);
  const pw = visibleWidth(predicted);
  const rw = visibleWidth(real);
  if (pw + rw <= avail) return { predicted, rest: ` ≠ ${real}` };
  const keepP = Math.min(pw, Math.max(avail - rw, Math.ceil(avail / 2)));
  return { predicted: truncate(predicted, keepP, '…'), rest: ` ≠ ${truncate(real, avail - keepP, '…')}` };
}

export function variableLines(p: VariablesProps): string[] {
  const rows: Array<{ text: string; owner: number }> = [];
  p.vars.forEach((v, i) => {
    const key = v.key ?? v.name;
    const isSel = i === p.sel && p.focused;
    const indent = '  '.repeat(v.depth ?? 0);
    if (v.kind === 'more' || v.kind === 'note') {
      rows.push({ text: indent + (isSel ? theme.selected(v.name) : theme.dim(v.name)), owner: i });
      return;
    }
    const top = (v.kind ?? 'var') === 'var';
    const miss = !top || key in p.edited ? undefined : p.mismatch?.[key];
    const nameStyle = v.kind === 'watch' ? theme.watch : theme.name;
    const nameText = isSel ? theme.selected(v.name) : miss ? theme.mispredicted(v.name) : v.special ? theme.warn(v.name) : nameStyle(v.name);
    const marker = v.open === undefined ? '' : theme.dim(v.open ? '▾ ' : '▸ ');
    const origin = top ? p.origin?.[key] : undefined;
    const approx = v.predicted || origin === 'predicted';
    const lead = `${indent}${marker}${nameText}${approx ? ` ${origin === 'predicted' ? theme.dim('≈') : '≈'} ` : ' = '}`;
    // a model candidate the evaluator confirmed (inverse execution)
    const checkMark = origin === 'checked' ? theme.dim(' ✓') : '';
    const room = Math.max(1, p.width - visibleWidth(lead) - visibleWidth(checkMark));
    if (p.edit && p.edit.name === key) {
      rows.push({ text: lead + editField(p.edit.text, p.edit.cursor, room), owner: i });
      return;
    }
    if (v.summary !== undefined && !miss) {
      const style = key in p.edited ? theme.edited : p.changed.has(key) ? theme.changed : theme.dim;
      const head = `${indent}${marker}${nameText}: `;
      rows.push({ text: head + style(truncate(v.summary, Math.max(1, p.width - visibleWidth(head)), '…')), owner: i });
      return;
    }
    if (v.error) {
      rows.push({ text: lead + theme.error(truncate(v.value, room, '…')), owner: i });
      return;
    }
    const conf = top ? p.confidence?.[key] : undefined;
    const unsure = conf !== undefined && conf < LOW_CONFIDENCE;
    let style = (s: string) => s;
    if (key in p.edited) style = theme.edited;
    else if (p.changed.has(key) || v.was !== undefined) style = theme.changed;
    else if (unsure) style = theme.unsure;
    if (v.was !== undefined && !p.expanded.has(key)) {
      // A watch that changed since the previous stop: the new value, then what it was.
      const was = ` (was ${v.was})`;
      const value =
        visibleWidth(v.value) + visibleWidth(was) <= room
          ? v.value
          : truncate(v.value, Math.max(1, room - Math.min(visibleWidth(was), Math.floor(room / 2))), '…');
      rows.push({ text: lead + style(value) + theme.dim(truncate(was, room - visibleWidth(value), '…')), owner: i });
      return;
    }
    const value = v.value + (unsure ? '?' : '');
    if (miss) {
      const real = reprOf(miss.real);
      const styleP = v.absent ? theme.mispredicted : style;
      const tag = ` ≠ ${real} (real)`;
      if (p.expanded.has(key) && visibleWidth(value) + visibleWidth(tag) > room) {
        // The predicted value wrapped under its name, then the real one.
        rows.push({ text: lead, owner: i });
        const w = Math.max(1, p.width - 2);
        for (let at = 0; at < value.length; at += w) rows.push({ text: '  ' + styleP(value.slice(at, at + w)), owner: i });
        const r = `≠ ${real} (real)`;
        for (let at = 0; at < r.length; at += w) rows.push({ text: '  ' + theme.mispredicted(r.slice(at, at + w)), owner: i });
        return;
      }
      const m = mismatchText(value, real, room);
      rows.push({ text: lead + styleP(m.predicted) + theme.mispredicted(m.rest), owner: i });
      return;
    }
    if (p.expanded.has(key) && visibleWidth(value) > room) {
      // Wrap the whole value under its name, indented two columns.
      rows.push({ text: lead, owner: i });
      const w = Math.max(1, p.width - 2);
      for (let at = 0; at < value.length; at += w) rows.push({ text: '  ' + style(value.slice(at, at + w)), owner: i });
      return;
    }
    rows.push({ text: lead + style(truncate(value, room, '…')) + checkMark, owner: i });
    const alts = unsure && isSel ? p.alternatives?.[key] : undefined;
    if (alts?.length) {
      // what else the model thought, under the selected unsure value
      const text = `or ${alts.map((a) => `${a.value} (${Math.round(100 * a.p)}%)`).join(', ')}`;
      rows.push({ text: indent + '  ' + theme.dim(truncate(text, Math.max(1, p.width - visibleWidth(indent) - 2), '…')), owner: i });
    }
  });
  if (rows.length === 0) return [theme.dim('(no variables)')];
  // The selected variable's first row in view; what is left out is counted.
  return windowRows(rows, p.height - 1, p.sel);
}

export const VariablesPane = memo(function VariablesPane(p: VariablesProps) {
  return <Pane title={p.title ?? 'Variables'} width={p.width} height={p.height} focused={p.focused} lines={variableLines(p)} />;
});
