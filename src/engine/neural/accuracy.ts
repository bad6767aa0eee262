// What the neural engine says about itself before the first stop: the model, its
// measured accuracy, and one line for people saying that the frames are predicted
// and how to get the real run. The accuracy is that of what ndbg runs (constrained
// decoding and computed steps: the model directory's runtime/NAME-corpus.summary.json,
// from `ndbg eval traces --out`), else the model's own (eval.json, from
// `python -m ndbg.evaluate --card`).

import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { EngineInfo, ModelAccuracy } from '../engine.js';

interface EvalJson {
  n?: number;
  scores?: { model?: Record<string, { n?: number; exact?: number | null }> };
  data?: { split?: string };
}

interface RuntimeSummary {
  split?: string;
  constrained?: { examples?: number; exact?: number; byAction?: Record<string, { n?: number; exact?: number }> };
}

/** The accuracy of what ndbg runs, from `dir/runtime/NAME-corpus.summary.json`, or undefined. */
function runtimeAccuracy(dir: string): ModelAccuracy | undefined {
  const path = join(dir, 'runtime', `${basename(dir)}-corpus.summary.json`);
  if (!existsSync(path)) return undefined;
  let j: RuntimeSummary;
  try {
    j = JSON.parse(readFileSync(path, 'utf8')) as RuntimeSummary;
  } catch {
    return undefined;
  }
  const c = j.constrained;
  if (!c?.examples || typeof c.exact !== 'number') return undefined;
  const perAction: Record<string, number> = {};
  for (const [k, v] of Object.entries(c.byAction ?? {})) if (v.n && typeof v.exact === 'number') perAction[k] = round(v.exact / v.n);
  return { exact: round(c.exact / c.examples), n: c.examples, perAction, ...(j.split ? { split: j.split } : {}), source: path };
}

/** The measured exact match of next states (runtime summary, else `dir/eval.json`), or undefined when there is none. */
export function readAccuracy(dir: string | undefined): ModelAccuracy | undefined {
  if (!dir) return undefined;
  const runtime = runtimeAccuracy(dir);
  if (runtime) return runtime;
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
