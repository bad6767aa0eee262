// Top row: engine (and model, device, the model's measured exact-match accuracy), program state, under --verify how many
// stops were predicted exactly, where we are, the last step's latency; on the
// right, how to get help.
import { memo } from 'react';
import type { EngineInfo } from '../../../engine/engine.js';
import { fit, visibleWidth } from '../ansi.js';
import { accuracyText } from '../engineInfo.js';
import type { ProgramState } from '../state.js';
import { theme } from '../theme.js';
import { Lines } from './Pane.js';

export interface StatusProps {
  width: number;
  info: EngineInfo;
  program: ProgramState;
  where?: string;
  latencyMs?: number;
  exitCode?: number;
  title: string;
  /** --verify: stops compared and exact so far; `currentExact` false marks the count red. */
  verify?: { compared: number; exact: number };
  currentExact?: boolean;
  /** The program waits for a line of its stdin (the prompt is `stdin>`). */
  awaitingInput?: boolean;
}

export function statusLine(p: StatusProps): string {
  const acc = accuracyText(p.info);
  const engine =
    p.info.name === 'neural'
      ? `neural ${p.info.model ?? ''}${p.info.device ? ` (${p.info.device})` : ''}${acc ? `, ${acc}` : ''}`.replace(/^neural ,/, 'neural').trim()
      : p.info.name;
  const state =
    p.program === 'finished' && p.exitCode !== undefined
      ? `finished (${p.exitCode})`
      : p.awaitingInput && p.program === 'running'
        ? 'running: reads stdin'
        : p.program;
  const parts = [p.title, engine, state];
  if (p.verify) {
    const v = `verify ${p.verify.exact}/${p.verify.compared} exact`;
    parts.push(p.currentExact === false ? theme.mispredicted(v) : v);
  }
  if (p.where && p.program !== 'finished') parts.push(p.where);
  if (p.latencyMs !== undefined) parts.push(`${p.latencyMs} ms`);
  const left = ' ' + parts.join(' │ ') + ' ';
  const right = ' F1: keys  Tab: panes ';
  const room = p.width - visibleWidth(left);
  const line = room >= visibleWidth(right) ? left + ' '.repeat(room - visibleWidth(right)) + right : left;
  return theme.bar(fit(line, p.width));
}

export const StatusBar = memo(function StatusBar(p: StatusProps) {
  return <Lines width={p.width} lines={[statusLine(p)]} />;
});
