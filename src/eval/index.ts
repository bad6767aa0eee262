// `ndbg eval cruxeval|traces ...`: the neural engine's accuracy, measured the way
// the paper reports it. Results go to stdout (a summary) and, with --out, one JSON
// line per sample; progress goes to stderr.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../engine/errors.js';
import { RERANK_WIDTH } from '../model/decode/rerank.js';
import type { Predictor } from '../model/types.js';
import { evalSample, parseRows, type CruxResult, type CruxTask, type CruxVia } from './cruxeval.js';
import { setDir, traceProgramsDir } from './programs.js';
import { evalRecord, expectedCalibrationError, median, newTally, originSummary, readRecords, traceReport, type TraceRecord } from './traces.js';

export const EVAL_USAGE = `usage: ndbg eval cruxeval --data FILE.jsonl [--task output|input]
                      [--via step_return|breakpoint|rollout] [--limit N] [--out results.jsonl]
       ndbg eval traces --data DIR [--split test] [--per-record K] [--limit N] [--out results.jsonl]
       ndbg eval traces --programs DIR | --set handwritten|long [...]

Measure the neural engine. cruxeval: pass@1 on CruxEval rows ({code, input, output, id}
per line), scored as CruxEval does (the assertion runs in a sandboxed python3, 3 s limit).
traces: next-state exact match on a data set's held-out split (traces-*.jsonl.gz), per
action and component, the share of steps ndbg's evaluator computed against those the
model predicted and the model's exact match on its own, frame latency, and the
reliability of per-value confidence; with --out, the totals also go to OUT.summary.json. --programs traces a directory of programs
(evalsets/: --set NAME) first, with the checkout's Python tracer and the model's tokenizer.

options:
  --model DIR          model directory (default: the shipped model)
  --device DEV         auto, cpu, cuda or webgpu
  --constrain MODE     on, off, or both (default: both: constrained and unconstrained decoding)
  --python PATH        python3 for the control-flow analysis and the CruxEval sandbox
  --per-record K       traces: K states of each program, evenly spaced (default: all of
                       them, in order; with --limit, K spreads the limit over more programs)
  --rerank N           traces: branches decoded again and re-ranked per state (default:
                       what ndbg runs, src/model/decode/rerank.ts; 0 = greedy only)
  --candidates N       cruxeval input: calls the model proposes, run forward by ndbg's evaluator
                       until one returns the output (default 8; 1: only the model's best)
  --quiet              no progress bar
`;

interface EvalArgs {
  what: 'cruxeval' | 'traces';
  data: string;
  task: CruxTask;
  via: CruxVia;
  limit?: number;
  perRecord?: number;
  out?: string;
  split: string;
  model?: string;
  device?: 'auto' | 'cpu' | 'cuda' | 'webgpu';
  constrain: Array<boolean>;
  /** traces: a directory of programs to trace first (--programs, --set NAME). */
  programs?: string;
  python?: string;
  rerank?: number;
  candidates?: number;
  quiet: boolean;
}

const bad = (msg: string) => new UserError(`ndbg eval: ${msg}\nRun 'ndbg eval --help' for usage.`, 2);

export function parseEvalArgs(argv: string[]): EvalArgs | 'help' {
  if (!argv.length || argv[0] === '-h' || argv[0] === '--help') return 'help';
  const what = argv[0];
  if (what !== 'cruxeval' && what !== 'traces') throw bad(`unknown evaluation '${what}' (use 'cruxeval' or 'traces')`);
  const a: EvalArgs = { what, data: '', task: 'output', via: 'step_return', split: 'test', constrain: [true, false], quiet: false };
  for (let i = 1; i < argv.length; i++) {
    let arg = argv[i]!;
    let value: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    const need = () => {
      if (value !== undefined) return value;
      if (i + 1 >= argv.length) throw bad(`option ${arg} needs a value`);
      return argv[++i]!;
    };
    switch (arg) {
      case '-h':
      case '--help':
        return 'help';
      case '--data':
        a.data = need();
        break;
      case '--task': {
        const v = need();
        if (v !== 'output' && v !== 'input') throw bad(`--task is output or input, not '${v}'`);
        a.task = v;
        break;
      }
      case '--via': {
        const v = need();
        if (v !== 'step_return' && v !== 'breakpoint' && v !== 'rollout') throw bad(`--via is step_return, breakpoint or rollout, not '${v}'`);
        a.via = v;
        break;
      }
      case '--limit': {
        const v = Number(need());
        if (!Number.isInteger(v) || v < 1) throw bad('--limit needs a positive whole number');
        a.limit = v;
        break;
      }
      case '--per-record': {
        const v = Number(need());
        if (!Number.isInteger(v) || v < 1) throw bad('--per-record needs a positive whole number');
        a.perRecord = v;
        break;
      }
      case '--rerank': {
        const v = Number(need());
        if (!Number.isInteger(v) || v < 0) throw bad('--rerank needs a whole number (0: greedy only)');
        a.rerank = v;
        break;
      }
      case '--out':
        a.out = need();
        break;
      case '--programs':
        a.programs = need();
        break;
      case '--set':
        a.programs = setDir(need());
        break;
      case '--split':
        a.split = need();
        break;
      case '--model':
        a.model = need();
        break;
      case '--device': {
        const v = need();
        if (!['auto', 'cpu', 'cuda', 'webgpu'].includes(v)) throw bad(`unknown device '${v}'`);
        a.device = v as EvalArgs['device'];
        break;
      }
      case '--candidates': {
        const v = Number(need());
        if (!Number.isInteger(v) || v < 1) throw bad('--candidates needs a whole number, at least 1');
        a.candidates = v;
        break;
      }
      case '--constrain': {
        const v = need();
        if (v === 'on') a.constrain = [true];
        else if (v === 'off') a.constrain = [false];
        else if (v === 'both') a.constrain = [true, false];
        else throw bad(`--constrain is on, off or both, not '${v}'`);
        break;
      }
      case '--no-constrain':
        a.constrain = [false];
        break;
      case '--python':
        a.python = need();
        break;
      case '--quiet':
        a.quiet = true;
        break;
      default:
        throw bad(`unknown option '${arg}'`);
    }
  }
  if (a.programs && (a.what !== 'traces' || a.data)) throw bad('--programs and --set are for traces, instead of --data');
  if (!a.data && !a.programs) throw bad('--data is required');
  return a;
}

/** A progress bar on stderr: redrawn in place on a terminal, a line per tenth otherwise. */
export function progressBar(total: number, label: string, quiet: boolean, stream: NodeJS.WriteStream = process.stderr) {
  const t0 = Date.now();
  let lastTenth = -1;
  return (done: number, note = '') => {
    if (quiet) return;
    const frac = total ? done / total : 1;
    const width = 30;
    const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '.');
    const secs = (Date.now() - t0) / 1000;
    const text = `${label} [${bar}] ${done}/${total} ${note} ${secs.toFixed(0)}s`;
    if (stream.isTTY) stream.write(`\r${text}${done >= total ? '\n' : ''}`);
    else {
      const tenth = Math.floor(frac * 10);
      if (tenth !== lastTenth || done >= total) {
        lastTenth = tenth;
        stream.write(`${text}\n`);
      }
    }
  };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

export async function runCruxEval(rows: ReturnType<typeof parseRows>, a: EvalArgs, predictor: Predictor, write: (s: string) => void): Promise<CruxResult[]> {
  const all: CruxResult[] = [];
  for (const constrain of a.constrain) {
    const label = `cruxeval ${a.task}${a.task === 'output' ? ` via ${a.via}` : ' via inv_step_call'}, ${constrain ? 'constrained' : 'unconstrained'}`;
    const bar = progressBar(rows.length, label, a.quiet);
    const results: CruxResult[] = [];
    let passed = 0;
    bar(0);
    for (const row of rows) {
      const r = await evalSample(predictor, row, { task: a.task, via: a.via, constrain, python: a.python, candidates: a.candidates });
      results.push(r);
      if (r.pass) passed++;
      bar(results.length, `pass@1 ${pct(passed, results.length)}`);
    }
    const frames = results.reduce((t, r) => t + r.frames, 0);
    const ms = results.reduce((t, r) => t + r.latencyMs, 0);
    const checked = results.filter((r) => r.check?.origin === 'checked').length;
    write(
      `${label}: pass@1 ${pct(passed, results.length)} (${passed}/${results.length})` +
        (a.task === 'input' ? `; checked by the evaluator ${checked}/${results.length}` : '') +
        (frames ? `; ${frames} frames, ${(frames / (ms / 1000)).toFixed(1)} frames/s` : '') +
        '\n',
    );
    all.push(...results);
  }
  return all;
}

/** `ndbg eval ...`; resolves with the exit status. `predictor` is for tests. */
export async function runEval(argv: string[], deps: { predictor?: Predictor; write?: (s: string) => void } = {}): Promise<number> {
  const write = deps.write ?? ((s: string) => void process.stdout.write(s));
  const a = parseEvalArgs(argv);
  if (a === 'help') {
    write(EVAL_USAGE);
    return 0;
  }
  let predictor = deps.predictor;
  const cleanups: Array<() => void> = [];
  if (!predictor) {
    const { loadPredictor, ModelError } = await import('../model/predictor.js');
    try {
      predictor = await loadPredictor({ modelDir: a.model, device: a.device, python: a.python });
    } catch (e) {
      if (e instanceof ModelError) throw new UserError(`ndbg: ${e.message}`, 1);
      throw e;
    }
    for (const w of predictor.info.warnings ?? []) process.stderr.write(`ndbg: ${w}\n`);
    process.stderr.write(`ndbg eval: model ${predictor.info.name} on ${predictor.info.device}\n`);
  }
  try {
    if (a.what === 'cruxeval') {
      let text: string;
      try {
        text = readFileSync(a.data, 'utf8');
      } catch (e) {
        throw new UserError(`ndbg eval: cannot read ${a.data}: ${(e as Error).message}`, 1);
      }
      let rows: ReturnType<typeof parseRows>;
      try {
        rows = parseRows(text);
      } catch (e) {
        throw new UserError(`ndbg eval: ${a.data}: ${(e as Error).message}`, 1);
      }
      if (a.limit) rows = rows.slice(0, a.limit);
      const results = await runCruxEval(rows, a, predictor, write);
      if (a.out) writeFileSync(a.out, results.map((r) => JSON.stringify(r)).join('\n') + (results.length ? '\n' : ''));
      return 0;
    }
    if (a.programs) {
      const tokenizer = join(predictor.info.dir ?? '', 'tokenizer.json');
      process.stderr.write(`ndbg eval: tracing the programs of ${a.programs}\n`);
      const traced = traceProgramsDir(a.programs, tokenizer, a.python ?? 'python3');
      cleanups.push(traced.cleanup);
      a.data = traced.data;
      a.split = 'test';
    }
    const lines: string[] = [];
    const summary: Record<string, unknown> = {
      model: predictor.info.name,
      data: a.programs ?? a.data,
      split: a.split,
      perRecord: a.perRecord ?? null,
      rerank: a.rerank ?? RERANK_WIDTH,
    };
    for (const constrain of a.constrain) {
      const label = `traces (${a.split}), ${constrain ? 'constrained' : 'unconstrained'}`;
      const tally = newTally();
      let records: TraceRecord[];
      try {
        records = [...readRecords(a.data, a.split)];
      } catch (e) {
        throw new UserError(`ndbg eval: ${(e as Error).message}`, 1);
      }
      const bar = progressBar(a.limit ?? records.length, label, a.quiet);
      for (const r of records) {
        await evalRecord(predictor, r, { constrain, limit: a.limit, perRecord: a.perRecord, rerank: a.rerank }, tally, (ex, pred, ok, origin) => {
          if (a.out)
            lines.push(JSON.stringify({ record: ex.record, constrain, action: ex.action, exact: ok.exact, ok, origin, predicted: pred, gold: ex.gold }));
          if (a.limit) bar(tally.examples, `exact ${pct(tally.exact, tally.examples)}`);
        });
        if (!a.limit) bar(records.indexOf(r) + 1, `exact ${pct(tally.exact, tally.examples)}`);
        if (a.limit && tally.examples >= a.limit) break;
      }
      write(traceReport(tally, label));
      const { latencies, ...rest } = tally;
      summary[constrain ? 'constrained' : 'unconstrained'] = {
        ...rest,
        medianMs: median(latencies),
        ece: expectedCalibrationError(tally.calibration),
        steps: originSummary(tally),
      };
    }
    if (a.out) {
      writeFileSync(a.out, lines.join('\n') + (lines.length ? '\n' : ''));
      writeFileSync(a.out.replace(/(\.jsonl)?$/, '.summary.json'), JSON.stringify(summary, null, 1) + '\n');
    }
    return 0;
  } finally {
    for (const c of cleanups) c();
    if (!deps.predictor) await predictor.close();
  }
}
