// What the session's first event (`engine`, docs/json.md) changes: which engine
// answers, its model, device and measured accuracy (the status bar shows them),
// whether its stops are predictions (the panes say so), and the notice for
// people, shown once as a console banner. Pure, like stop.ts.
import type { EngineInfo, EngineInfoEvent } from '../../engine/engine.js';
import type { State } from './state.js';

export interface EngineUpdate {
  patch: Partial<State>;
  /** The notice to show in the console, the first time one comes. */
  banner?: string;
}

export function applyEngine(s: State, e: EngineInfoEvent): EngineUpdate {
  const info: EngineInfo = { name: e.name };
  if (e.model !== undefined) info.model = e.model;
  if (e.device !== undefined) info.device = e.device;
  if (e.accuracy !== undefined) info.accuracy = e.accuracy;
  const patch: Partial<State> = { info, predicted: e.predicted };
  if (!e.notice || s.noticeShown) return { patch };
  patch.noticeShown = true;
  return { patch, banner: e.notice };
}

/** `41% exact` from a measured accuracy (a fraction), for the status bar. */
export function accuracyText(info: EngineInfo): string | undefined {
  const a = info.accuracy;
  if (!a || !Number.isFinite(a.exact)) return undefined;
  return `${Math.round(a.exact * 1000) / 10}% exact`;
}
