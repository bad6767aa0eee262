// What the neural engine says about itself before the first stop: the model, how
// often it is right on programs people wrote, and one line for people saying that
// the frames are predicted and how to get the real run. The figure is data shipped
// with the model, `measured.json` in its directory (written by
// `scripts/runtime-card.py measured models/NAME` from `ndbg eval traces` on
// evalsets/handwritten and evalsets/long, with what ndbg runs: constrained decoding
// and computed steps). A model without one is said to be unmeasured: a figure
// measured on generated programs is never quoted to users.

import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { EngineInfo, ModelAccuracy } from '../engine.js';

interface MeasuredJson {
  programs?: number;
  states?: number;
  exact?: number;
  date?: string | null;
  sets?: Array<{ set?: string; programs?: number; states?: number; exact?: number; byAction?: Record<string, { n?: number; exact?: number }> }>;
}

/** The measured exact match of next states on programs people wrote (`dir/measured.json`), or undefined when there is none. */
export function readAccuracy(dir: string | undefined): ModelAccuracy | undefined {
  if (!dir) return undefined;
  const path = join(dir, 'measured.json');
  if (!existsSync(path)) return undefined;
  let j: MeasuredJson;
  try {
    j = JSON.parse(readFileSync(path, 'utf8')) as MeasuredJson;
  } catch {
    return undefined;
  }
  if (!j.states || typeof j.exact !== 'number' || !Array.isArray(j.sets)) return undefined;
  const tally: Record<string, { n: number; exact: number }> = {};
  const sets: NonNullable<ModelAccuracy['sets']> = [];
  for (const s of j.sets) {
    if (!s.set || !s.states || typeof s.exact !== 'number') continue;
    sets.push({ set: s.set, programs: s.programs ?? 0, states: s.states, exact: round(s.exact / s.states) });
    for (const [k, v] of Object.entries(s.byAction ?? {})) {
      const t = (tally[k] ??= { n: 0, exact: 0 });
      t.n += v.n ?? 0;
      t.exact += v.exact ?? 0;
    }
  }
  const perAction: Record<string, number> = {};
  for (const [k, v] of Object.entries(tally)) if (v.n) perAction[k] = round(v.exact / v.n);
  return {
    exact: round(j.exact / j.states),
    n: j.states,
    programs: j.programs ?? sets.reduce((a, s) => a + s.programs, 0),
    perAction,
    sets,
    ...(j.date ? { date: j.date } : {}),
    source: path,
  };
}

const round = (x: number): number => Math.round(x * 10000) / 10000;

/** The file a notice names: `models/v7/measured.json` for a model under a models/ folder, else the full path. */
function shownPath(source: string): string {
  const dir = dirname(source);
  return basename(dirname(dir)) === 'models' ? join('models', basename(dir), basename(source)) : source;
}

/** `s 59%, n 58%; `: the commands people step with most, where measured. */
function perCommand(acc: ModelAccuracy): string {
  const parts = (
    [
      ['s', 'step_into'],
      ['n', 'step_over'],
    ] as const
  ).flatMap(([cmd, action]) => {
    const x = acc.perAction?.[action];
    return x === undefined ? [] : [`${cmd} ${Math.round(x * 100)}%`];
  });
  return parts.length ? `${parts.join(', ')}; ` : '';
}

/** The notice for people at the start of a neural session (the `engine` event's `notice`). */
export function predictionNotice(info: EngineInfo): string {
  const acc = info.accuracy;
  const model = info.model ? `the model ${info.model}` : 'the model';
  const measured = acc
    ? ` It predicts ${Math.round(acc.exact * 100)}% of next states exactly on ` +
      `${acc.programs ? `${acc.programs} programs people wrote` : 'programs people wrote'} ` +
      `(${perCommand(acc)}${acc.n} states, measured${acc.date ? ` ${acc.date}` : ''}: ${shownPath(acc.source)}).`
    : ' Its accuracy on programs people wrote has not been measured.';
  return (
    `ndbg: every frame below is PREDICTED by ${model}; the program does not run.${measured} ` +
    `For the real run use '--engine python'; '--verify' runs it too and marks each prediction that differs.`
  );
}
