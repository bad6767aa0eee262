// `ndbg eval traces`: next-state exact match on the data set's held-out split.
// Every step of the stored trajectories (traces-*.jsonl.gz: python/ndbg/data.py)
// becomes an example: the true history up to it, the action, and the true state
// it leads to (python/ndbg/trace/tree.segment_states; compared as examples.compare
// does: event with exit kind, line, frame, locals, return value/exception,
// output). The prediction comes from the runtime the debugger uses, so this is
// the accuracy a user of the neural engine sees, action by action.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FORMAT_VERSION, isAttributeEntry } from '../model/format/format.js';
import type { HistoryEntry, ModelAction, ModelState, Prediction, Predictor, ValueOrigin } from '../model/types.js';

/** One event of a trace as python/ndbg/trace/tracer.py writes it (docs/format.md). */
export interface TraceEvent {
  event: 'call' | 'line' | 'return' | 'exception';
  line: number;
  func: string;
  depth: number;
  locals: Record<string, string>;
  retval?: string;
  exception?: string;
  out?: string;
}

export interface TraceRecord {
  id?: string;
  source: string;
  stdin?: string;
  events: TraceEvent[];
  exit: { kind: 'normal' | 'error' | 'never'; exception?: string | null; out?: string };
  segments?: Array<{ start: number; steps: Array<[string, number | null, number]> }>;
}

export const COMPONENTS = ['event', 'line', 'frame', 'locals', 'retval', 'stdout'] as const;
export type Component = (typeof COMPONENTS)[number];

/** tree.Trace's stacks: lines of the frames below each event. */
export function stacksOf(events: TraceEvent[]): number[][] {
  const cur: number[] = [];
  return events.map((e) => {
    cur.length = Math.min(cur.length, e.depth);
    while (cur.length < e.depth) cur.push(0);
    const s = cur.slice();
    cur.push(e.line);
    return s;
  });
}

/** format.state_from_event */
export function stateAt(r: TraceRecord, stacks: number[][], i: number, stdout = ''): ModelState {
  if (i >= r.events.length) {
    return {
      event: 'exit',
      line: null,
      func: null,
      stack: [],
      locals: {},
      retval: null,
      exception: r.exit.kind === 'error' ? (r.exit.exception ?? null) : null,
      stdout,
      exit: r.exit.kind,
    };
  }
  const e = r.events[i]!;
  return {
    event: e.event,
    line: e.line,
    func: e.func,
    stack: stacks[i]!,
    locals: { ...e.locals },
    retval: e.retval ?? null,
    exception: e.exception ?? null,
    stdout,
    exit: null,
  };
}

/** tree.Trace.output_between */
function outputBetween(r: TraceRecord, i: number, j: number): string {
  let out = '';
  for (let k = i + 1; k <= Math.min(j, r.events.length - 1); k++) out += r.events[k]!.out ?? '';
  if (j >= r.events.length) out += r.exit.out ?? '';
  return out;
}

export interface TraceExample {
  record: string;
  history: HistoryEntry[];
  action: ModelAction;
  gold: ModelState;
}

/** The examples of one record: every step of every stored segment. */
export function examplesOf(r: TraceRecord): TraceExample[] {
  const stacks = stacksOf(r.events);
  const out: TraceExample[] = [];
  for (const seg of r.segments ?? []) {
    let i = seg.start;
    const history: HistoryEntry[] = [{ action: null, state: stateAt(r, stacks, i) }];
    for (const [name, arg, j] of seg.steps) {
      const action = (name === 'breakpoint' ? { kind: 'breakpoint', line: arg! } : { kind: name }) as ModelAction;
      const gold = stateAt(r, stacks, j, j > i ? outputBetween(r, i, j) : '');
      out.push({ record: r.id ?? '', history: history.slice(), action, gold });
      history.push({ action, state: gold });
      i = j;
    }
  }
  return out;
}

const sameDict = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && a[k] === b[k]);
};

/** examples.compare: per component, and exact. */
export function compare(pred: ModelState | null, gold: ModelState): Record<Component | 'exact', boolean> {
  if (!pred) return { event: false, line: false, frame: false, locals: false, retval: false, stdout: false, exact: false };
  const c = {
    event: pred.event === gold.event && (pred.exit ?? null) === (gold.exit ?? null),
    line: (pred.line ?? null) === (gold.line ?? null),
    frame: (pred.func ?? null) === (gold.func ?? null) && pred.stack.join(' ') === gold.stack.join(' '),
    locals: sameDict(pred.locals, gold.locals),
    retval: (pred.retval ?? null) === (gold.retval ?? null) && (pred.exception ?? null) === (gold.exception ?? null),
    stdout: (pred.stdout ?? '') === (gold.stdout ?? ''),
  };
  return { ...c, exact: Object.values(c).every(Boolean) };
}

/**
 * `s` as a model trained on trace format `version` writes states: a version-1 model
 * knows no attribute entries (docs/format.md "Versions"), so they are not asked of it;
 * the tracer writes the current format whatever the model.
 */
export function forModelVersion(s: ModelState, version: number): ModelState {
  if (version >= 2 || !Object.keys(s.locals).some(isAttributeEntry)) return s;
  return { ...s, locals: Object.fromEntries(Object.entries(s.locals).filter(([k]) => !isAttributeEntry(k))) };
}

/** Records of a split: DIR/SPLIT/traces-*.jsonl.gz (or DIR itself), shard by shard. */
export function* readRecords(dir: string, split = 'test'): Generator<TraceRecord> {
  let base = join(dir, split);
  let files: string[];
  try {
    files = readdirSync(base);
  } catch {
    base = dir;
    files = readdirSync(base);
  }
  const shards = files.filter((f) => /^traces-.*\.jsonl(\.gz)?$/.test(f)).sort();
  if (!shards.length) throw new Error(`no traces-*.jsonl.gz in ${join(dir, split)} or ${dir}`);
  for (const f of shards) {
    const raw = readFileSync(join(base, f));
    const text = f.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    for (const l of text.split('\n')) if (l.trim()) yield JSON.parse(l) as TraceRecord;
  }
}

/** Reliability bins of per-value confidence: [k/10, (k+1)/10). */
export const CALIBRATION_BINS = 10;

export interface CalibrationBin {
  /** Predicted values whose confidence fell in the bin. */
  n: number;
  /** Of them, values equal to the real one. */
  correct: number;
  /** Sum of their confidences (the bin's mean confidence is confSum / n). */
  confSum: number;
}

/**
 * Who gave a step's state (docs/json.md `origin`): `computed` where the evaluator
 * worked out every value the step wrote (a changed or new local, the return value or
 * exception, the output), `predicted` where it worked out none of them (the model said
 * all, or the step wrote no value and the model said where it went), `partly` between.
 */
export const STEP_ORIGINS = ['computed', 'partly', 'predicted'] as const;
export type StepOrigin = (typeof STEP_ORIGINS)[number];

/** The values a step wrote, keyed as `origin` keys them: changed or new locals, `<retval>`, `<exception>`, `<stdout>`. */
export function writtenValues(pred: ModelState, before: ModelState): string[] {
  const out = Object.keys(pred.locals).filter((k) => !Object.hasOwn(before.locals, k) || before.locals[k] !== pred.locals[k]);
  if (pred.retval != null) out.push('<retval>');
  if (pred.exception != null) out.push('<exception>');
  if (pred.stdout) out.push('<stdout>');
  return out;
}

/** Whose step it was (STEP_ORIGINS); a failed prediction (no state) is the model's. */
export function stepOrigin(pred: ModelState | null, before: ModelState, origin: Readonly<Record<string, ValueOrigin>> | undefined): StepOrigin {
  if (!pred || !origin) return 'predicted';
  const mine = (k: string) => origin[k] === 'computed' || origin[k] === 'checked';
  const written = writtenValues(pred, before);
  if (!written.length) return Object.keys(origin).some(mine) ? 'computed' : 'predicted';
  const n = written.filter(mine).length;
  return n === written.length ? 'computed' : n === 0 ? 'predicted' : 'partly';
}

export interface TraceTally {
  examples: number;
  exact: number;
  /** Predictions that failed outright (the session threw): counted wrong, with the first reason. */
  failed: number;
  failure?: string;
  byAction: Record<string, { n: number; exact: number; origins: Record<StepOrigin, { n: number; exact: number }> }>;
  /** Steps by who gave their state, and how many of each were right. */
  origins: Record<StepOrigin, { n: number; exact: number }>;
  components: Record<Component, number>;
  frames: number;
  latencyMs: number;
  /** Every frame's latency, for the median. */
  latencies: number[];
  calibration: CalibrationBin[];
}

const noOrigins = (): Record<StepOrigin, { n: number; exact: number }> => ({
  computed: { n: 0, exact: 0 },
  partly: { n: 0, exact: 0 },
  predicted: { n: 0, exact: 0 },
});

export function newTally(): TraceTally {
  return {
    examples: 0,
    exact: 0,
    failed: 0,
    byAction: {},
    origins: noOrigins(),
    components: { event: 0, line: 0, frame: 0, locals: 0, retval: 0, stdout: 0 },
    frames: 0,
    latencyMs: 0,
    latencies: [],
    calibration: Array.from({ length: CALIBRATION_BINS }, () => ({ n: 0, correct: 0, confSum: 0 })),
  };
}

/**
 * Add a prediction's values to the reliability bins: each predicted local (and the
 * return value, as `<retval>`) with its confidence, right when it equals the real
 * state's value of the same name. The frame must be the real one (same function and
 * stack): a value of another frame is not comparable.
 */
export function addCalibration(bins: CalibrationBin[], pred: ModelState | null, conf: Record<string, number>, gold: ModelState): void {
  if (!pred || pred.func !== gold.func || pred.stack.join(' ') !== gold.stack.join(' ')) return;
  const add = (c: number | undefined, ok: boolean) => {
    if (c === undefined || !Number.isFinite(c)) return;
    const b = bins[Math.min(bins.length - 1, Math.max(0, Math.floor(c * bins.length)))]!;
    b.n++;
    b.confSum += c;
    if (ok) b.correct++;
  };
  for (const [name, v] of Object.entries(pred.locals)) add(conf[name], gold.locals[name] === v);
  if (pred.event === 'return' && pred.retval != null) add(conf['<retval>'], pred.retval === gold.retval);
}

/** Expected calibration error: sum over bins of |accuracy - mean confidence| weighted by the bin's share. */
export function expectedCalibrationError(bins: readonly CalibrationBin[]): number {
  const total = bins.reduce((a, b) => a + b.n, 0);
  if (!total) return 0;
  return bins.reduce((a, b) => a + (b.n ? (b.n / total) * Math.abs(b.correct / b.n - b.confSum / b.n) : 0), 0);
}

export function median(xs: readonly number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * `k` of `items`, evenly spaced (the middles of k equal parts), in order; all when k is
 * undefined or not smaller. A record's states are strongly correlated (one loop, one
 * string walked char by char): a few from each of many records measure more than all
 * of a few records.
 */
export function spread<T>(items: readonly T[], k?: number): T[] {
  if (k === undefined || k >= items.length) return items.slice();
  return Array.from({ length: k }, (_, i) => items[Math.floor(((i + 0.5) * items.length) / k)]!);
}

/** Predict the examples of a record (one session per record) and add them to `tally`. */
export async function evalRecord(
  predictor: Predictor,
  r: TraceRecord,
  o: { constrain: boolean; limit?: number; perRecord?: number; rerank?: number },
  tally: TraceTally,
  onExample?: (ex: TraceExample, pred: ModelState | null, ok: Record<Component | 'exact', boolean>, origin: StepOrigin) => void,
): Promise<void> {
  const examples = spread(examplesOf(r), o.perRecord);
  if (!examples.length) return;
  const session = await predictor.open(r.source, {
    stdin: r.stdin ?? '',
    constrain: o.constrain,
    alternatives: false,
    ...(o.rerank !== undefined ? { rerank: o.rerank } : {}),
  });
  try {
    for (const ex of examples) {
      if (o.limit !== undefined && tally.examples >= o.limit) return;
      const t0 = performance.now();
      let p: Prediction;
      try {
        p = await session.predict(ex.history, ex.action);
      } catch (e) {
        // one failed prediction is a wrong one, not the end of the measurement
        tally.failed++;
        tally.failure ??= (e as Error).message ?? String(e);
        p = { state: null, confidence: { line: 0, values: {} }, text: '', latencyMs: performance.now() - t0, tokens: 0 };
      }
      const version = session.formatVersion ?? FORMAT_VERSION;
      const pred = p.state && forModelVersion(p.state, version);
      const gold = forModelVersion(ex.gold, version);
      const ok = compare(pred, gold);
      const who = stepOrigin(p.state, ex.history[ex.history.length - 1]!.state, p.origin);
      tally.examples++;
      tally.frames++;
      tally.latencyMs += p.latencyMs;
      tally.latencies.push(p.latencyMs);
      addCalibration(tally.calibration, pred, p.confidence.values, gold);
      if (ok.exact) tally.exact++;
      for (const c of COMPONENTS) if (ok[c]) tally.components[c]++;
      const a = (tally.byAction[ex.action.kind] ??= { n: 0, exact: 0, origins: noOrigins() });
      a.n++;
      if (ok.exact) a.exact++;
      for (const o of [tally.origins[who], a.origins[who]]) {
        o.n++;
        if (ok.exact) o.exact++;
      }
      onExample?.({ ...ex, gold }, pred, ok, who);
    }
  } finally {
    session.close();
  }
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

/** The share of the steps computed, partly computed and predicted, and the model's exact match on the predicted ones. */
export function originSummary(t: Pick<TraceTally, 'examples' | 'origins'>): {
  computed: number;
  partly: number;
  predicted: number;
  predictedExact: number | null;
  computedExact: number | null;
} {
  const share = (o: StepOrigin) => (t.examples ? t.origins[o].n / t.examples : 0);
  const exact = (o: StepOrigin) => (t.origins[o].n ? t.origins[o].exact / t.origins[o].n : null);
  return {
    computed: share('computed'),
    partly: share('partly'),
    predicted: share('predicted'),
    predictedExact: exact('predicted'),
    computedExact: exact('computed'),
  };
}

/** The report: exact match per action and per component, and who gave the steps. */
export function traceReport(t: TraceTally, label: string): string {
  let s = `${label}: next-state exact match ${pct(t.exact, t.examples)} (${t.exact}/${t.examples})\n`;
  const o = t.origins;
  s +=
    `  steps computed ${pct(o.computed.n, t.examples)} (${o.computed.n}), partly computed ${pct(o.partly.n, t.examples)} (${o.partly.n}), ` +
    `predicted ${pct(o.predicted.n, t.examples)} (${o.predicted.n}); ` +
    `the model on the predicted steps ${pct(o.predicted.exact, o.predicted.n)} (${o.predicted.exact}/${o.predicted.n}), ` +
    `computed steps ${pct(o.computed.exact, o.computed.n)}\n`;
  if (t.failed) s += `  ${t.failed} predictions failed (counted wrong): ${t.failure}\n`;
  s += '  action          examples   exact  computed  predicted: exact\n';
  for (const [a, v] of Object.entries(t.byAction).sort()) {
    const p = v.origins.predicted;
    s += `  ${a.padEnd(15)} ${String(v.n).padStart(8)}  ${pct(v.exact, v.n).padStart(6)}  ${pct(v.origins.computed.n, v.n).padStart(8)}  ${`${pct(p.exact, p.n)} (${p.n})`.padStart(16)}\n`;
  }
  s += `  components: ${COMPONENTS.map((c) => `${c} ${pct(t.components[c], t.examples)}`).join(', ')}\n`;
  if (t.frames) {
    s += `  ${(t.frames / (t.latencyMs / 1000)).toFixed(1)} frames/s (model time), ${(t.latencyMs / t.frames).toFixed(1)} ms per frame, median ${median(t.latencies).toFixed(1)} ms\n`;
  }
  const values = t.calibration.reduce((a, b) => a + b.n, 0);
  if (values) {
    s += `  value confidence (reliability; ${values} values, ECE ${(100 * expectedCalibrationError(t.calibration)).toFixed(1)}%):\n`;
    s += '    confidence    values   mean conf   right\n';
    t.calibration.forEach((b, k) => {
      if (!b.n) return;
      const lo = (k / t.calibration.length).toFixed(1);
      const hi = ((k + 1) / t.calibration.length).toFixed(1);
      s += `    ${`${lo}-${hi}`.padEnd(12)} ${String(b.n).padStart(7)}   ${pct(b.confSum, b.n).padStart(9)}   ${pct(b.correct, b.n).padStart(5)}\n`;
    });
  }
  return s;
}
