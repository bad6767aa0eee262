// What the neural engine says about itself before the first stop: the model, its
// measured accuracy (the model directory's eval.json, written by
// `python -m ndbg.evaluate --card`), and one line for people saying that the
// frames are predicted and how to get the real run.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineInfo, ModelAccuracy } from '../engine.js';

interface EvalJson {
  n?: number;
  scores?: { model?: Record<string, { n?: number; exact?: number | null }> };
  data?: { split?: string };
}

/** The accuracy recorded in `dir/eval.json` (exact match of next states), or undefined when there is none. */
export function readAccuracy(dir: string | undefined): ModelAccuracy | undefined {
  if (!dir) return undefined;
  const path = join(dir, 'eval.json');
  if (!existsSync(path)) return undefined;
  let j: EvalJson;
  try {
    j = JSON.parse(readFileSync(path, 'utf8')) as EvalJson;
  } catch {
    return undefined;
  }
  const scores = j.scores?.model;
  const all = scores?.all;
  if (!scores || typeof all?.exact !== 'number') return undefined;
  const perAction: Record<string, number> = {};
  for (const [k, v] of Object.entries(scores)) if (k !== 'all' && typeof v.exact === 'number') perAction[k] = round(v.exact / 100);
  return { exact: round(all.exact / 100), n: all.n ?? j.n ?? 0, perAction, ...(j.data?.split ? { split: j.data.split } : {}), source: path };
}

const round = (x: number): number => Math.round(x * 10000) / 10000;

/** The notice shown once at the start of a line-mode session on a terminal. */
export function predictionNotice(info: EngineInfo): string {
  const acc = info.accuracy;
  const measured = acc ? `, which predicts ${Math.round(acc.exact * 100)}% of next states exactly on held-out programs` : '';
  return (
    `ndbg: every frame below is PREDICTED by the model ${info.model ?? ''}${measured}; the program does not run. ` +
    `For the real run use '--engine python'; '--verify' runs it too and marks each prediction that differs.`
  ).replace(/model {2}/, 'model ');
}
