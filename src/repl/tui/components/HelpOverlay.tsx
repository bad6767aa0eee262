// The help over the panes (F1, `?`, `h`): every row between the status bar and
// the command line, laid out for the width, scrolled by `top`; the header says
// where in it you are and how to close it.
import { memo } from 'react';
import { helpRows } from '../help.js';
import { theme } from '../theme.js';
import { Pane } from './Pane.js';

export interface HelpProps {
  width: number;
  height: number;
  top: number;
}

export function helpView(p: HelpProps): { title: string; lines: string[] } {
  const rows = helpRows(p.width);
  const h = Math.max(1, p.height - 1);
  const top = Math.max(0, Math.min(p.top, rows.length - h));
  const end = Math.min(rows.length, top + h);
  const where = rows.length > h ? ` (${top + 1}-${end} of ${rows.length}) ↑↓ PgUp PgDn,` : '';
  const lines = rows.slice(top, end).map((r) => (r && !r.startsWith(' ') ? theme.bold(r) : r));
  return { title: `Help${where} Esc closes`, lines };
}

export const HelpOverlay = memo(function HelpOverlay(p: HelpProps) {
  const v = helpView(p);
  return <Pane title={v.title} width={p.width} height={p.height} focused lines={v.lines} />;
});
