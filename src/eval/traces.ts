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
import type { HistoryEntry, ModelAction, ModelState, Predictor } from '../model/types.js';

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

export interface TraceTally {
  examples: number;
  exact: number;
  byAction: Record<string, { n: number; exact: number }>;
  components: Record<Component, number>;
  frames: number;
  latencyMs: number;
  /** Every frame's latency, for the median. */
  latencies: number[];
  calibration: CalibrationBin[];
}

export function newTally(): TraceTally {
  return {
    examples: 0,
    exact: 0,
    byAction: {},
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
  onExample?: (ex: TraceExample, pred: ModelState | null, ok: Record<Component | 'exact', boolean>) => void,
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
      const p = await session.predict(ex.history, ex.action);
      const ok = compare(p.state, ex.gold);
      tally.examples++;
      tally.frames++;
      tally.latencyMs += p.latencyMs;
      tally.latencies.push(p.latencyMs);
      addCalibration(tally.calibration, p.state, p.confidence.values, ex.gold);
      if (ok.exact) tally.exact++;
      for (const c of COMPONENTS) if (ok[c]) tally.components[c]++;
      const a = (tally.byAction[ex.action.kind] ??= { n: 0, exact: 0 });
      a.n++;
      if (ok.exact) a.exact++;
      onExample?.(ex, p.state, ok);
    }
  } finally {
    session.close();
  }
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

/** The report: exact match per action and per component. */
export function traceReport(t: TraceTally, label: string): string {
  let s = `${label}: next-state exact match ${pct(t.exact, t.examples)} (${t.exact}/${t.examples})\n`;
  s += '  action          examples   exact\n';
  for (const [a, v] of Object.entries(t.byAction).sort()) s += `  ${a.padEnd(15)} ${String(v.n).padStart(8)}  ${pct(v.exact, v.n).padStart(6)}\n`;
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
