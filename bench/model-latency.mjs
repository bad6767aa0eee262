#!/usr/bin/env node
// Latency of one predicted frame (a benchmark, not a test).
//
//   npm run build && node bench/model-latency.mjs [--model DIR] [--device cpu] [--threads N]
//       [--frames 200] [--teacher | --generate] [--no-constrain] [--no-speculate] [--no-alternatives] [--json]
//
// Workload: the trajectories of the golden programs (test/golden/format/*.json), each
// step predicted from the true history before it, as the evaluation does. --teacher
// makes the model write the true state (same forward passes as generating it): the
// honest measurement for a model with random weights (a stand-in, see below), whose
// own outputs have arbitrary lengths. --generate (the default for a trained model)
// times the model's own greedy, constrained output.
//
// Also prints the limit set by reading the weights once per token: weights bytes /
// memory read bandwidth (measured here with a large copy).
//
// Without a shipped model, build a stand-in of the same size with random weights:
//   /usr/bin/python3 test/model/make_model.py --config small --vocab 2048 --out /tmp/ndbg-small
//   node bench/model-latency.mjs --model /tmp/ndbg-small

import { readFileSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : def;
};

let predictorModule;
try {
  predictorModule = await import(join(ROOT, 'dist', 'model', 'predictor.js'));
} catch (e) {
  console.error(`cannot load dist/model/predictor.js (${e.message}): run \`npm run build\` first`);
  process.exit(2);
}
const { loadPredictor, toModelState } = predictorModule;

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Memory read bandwidth in bytes/s, from copying a buffer much larger than the caches. */
function readBandwidth() {
  const n = 64 * 1024 * 1024; // 256 MiB of float32
  const src = new Float32Array(n).fill(1);
  const dst = new Float32Array(n);
  dst.set(src); // fault the pages in
  let best = Infinity;
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    dst.set(src);
    best = Math.min(best, performance.now() - t);
  }
  // a copy reads and writes every byte: count both
  return (2 * n * 4) / (best / 1000);
}

const modelDir = opt('--model', undefined);
const device = opt('--device', 'cpu');
const threads = opt('--threads', undefined);
const frames = Number(opt('--frames', '200'));
const constrain = !flag('--no-constrain');
const speculate = flag('--no-speculate') ? 0 : undefined;

const load0 = loadavg()[0];
const predictor = await loadPredictor({ modelDir, device, threads: threads ? Number(threads) : undefined });
const info = predictor.info;
const config = JSON.parse(readFileSync(join(info.dir, 'config.json'), 'utf8'));
const randomWeights = Boolean(config.data_meta?.random_weights);
const teacher = flag('--teacher') || (randomWeights && !flag('--generate'));

const goldenDir = join(ROOT, 'test', 'golden', 'format');
const programs = readdirSync(goldenDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(goldenDir, f), 'utf8')));

const toAction = (a, arg) => (a === 'breakpoint' ? { kind: 'breakpoint', line: arg } : { kind: a });
const lat = [];
const toks = [];
const cpu = [];
const opens = [];
const passes = [];
let failed = 0;
let exact = 0;
const t0 = performance.now();
outer: for (let round = 0; ; round++) {
  for (const g of programs) {
    const to = performance.now();
    const session = await predictor.open(g.source, { stdin: g.stdin, constrain, speculate, alternatives: !flag('--no-alternatives') });
    let first = true;
    for (const seg of g.segments) {
      const history = [{ action: null, state: toModelState(seg.initial.state) }];
      for (const step of seg.steps) {
        const action = toAction(step.action, step.arg);
        const gold = toModelState(step.state);
        const c0 = process.cpuUsage();
        const p0 = session.cache.stats.runs;
        const r = await session.predict(history, action, teacher ? { teacher: gold } : {});
        const c = process.cpuUsage(c0);
        const runs = session.cache.stats.runs - p0;
        if (first) {
          // the first prediction reads the code context: a once-per-session cost
          opens.push(performance.now() - to);
          first = false;
        } else {
          lat.push(r.latencyMs);
          toks.push(r.tokens);
          passes.push(runs);
          cpu.push((c.user + c.system) / 1000);
        }
        if (!r.state) failed++;
        else if (!teacher && JSON.stringify(r.state) === JSON.stringify(gold)) exact++;
        history.push({ action, state: gold });
        if (lat.length >= frames) break outer;
      }
    }
    session.close();
  }
  if (round > 20) break;
}
const wall = performance.now() - t0;
const load1 = loadavg()[0];
await predictor.close();

const bw = readBandwidth();
const weights = config.onnx?.bytes ?? 0;
const fp16 = String(config.onnx?.weights ?? '').startsWith('fp16');
// fp16 weights are cast to fp32 once at load: each token reads fp32 weights
const weightsRead = fp16 ? weights * 2 : weights;
const perTokenBound = (weightsRead / bw) * 1000;
const medTokens = quantile(toks, 0.5);
const msPerToken = quantile(lat, 0.5) / medTokens;

const rows = [
  ['model', `${info.name} (${info.dir})${randomWeights ? ' — random weights (stand-in)' : ''}`],
  [
    'parameters',
    `${((info.params ?? 0) / 1e6).toFixed(2)}M, weights ${(weights / 2 ** 20).toFixed(1)} MiB${fp16 ? ' (fp16 on disk, fp32 in memory)' : ''}, window ${info.window}`,
  ],
  [
    'device',
    `${info.device}${info.threads ? `, ${info.threads} thread${info.threads > 1 ? 's' : ''}` : ''}; ${cpus().length} cores (${cpus()[0]?.model ?? '?'}); load average ${load0.toFixed(1)} -> ${load1.toFixed(1)}`,
  ],
  [
    'workload',
    `${lat.length} frames of the golden trajectories, ${teacher ? 'teacher-forced (the true state written)' : `generated (greedy; ${exact} exactly right)`}, ${constrain ? 'constrained' : 'unconstrained'}${failed ? `, ${failed} unparsable` : ''}`,
  ],
  [
    'frame latency',
    `median ${quantile(lat, 0.5).toFixed(1)} ms, p95 ${quantile(lat, 0.95).toFixed(1)} ms, mean ${mean(lat).toFixed(1)} ms (target: median <= 50 ms)`,
  ],
  ['tokens/frame', `median ${medTokens}, mean ${mean(toks).toFixed(1)}; ~${msPerToken.toFixed(2)} ms per token at the median`],
  [
    'model runs/frame',
    `mean ${mean(passes).toFixed(1)} (prompt lookup ${speculate === 0 ? 'off' : 'drafts checked in the same pass'}; ~${(mean(lat) / mean(passes)).toFixed(2)} ms per run)`,
  ],
  ['cpu time/frame', `median ${quantile(cpu, 0.5).toFixed(1)} ms (wall above cpu: waiting for a core)`],
  ['frames/s', `${(lat.length / (lat.reduce((a, b) => a + b, 0) / 1000)).toFixed(1)} (predicting only), ${((lat.length * 1000) / wall).toFixed(1)} overall`],
  ['session open', `median ${quantile(opens, 0.5).toFixed(0)} ms (control-flow analysis + reading the code context)`],
  ['memory bandwidth', `${(bw / 1e9).toFixed(1)} GB/s read+write (256 MiB copy)`],
  [
    'weights bound',
    `${perTokenBound.toFixed(3)} ms/token -> ${(perTokenBound * medTokens).toFixed(2)} ms/frame at the median frame; measured is ${(msPerToken / perTokenBound).toFixed(1)}x that`,
  ],
];
if (flag('--json')) {
  console.log(
    JSON.stringify({
      info,
      teacher,
      constrain,
      frames: lat.length,
      median: quantile(lat, 0.5),
      p95: quantile(lat, 0.95),
      mean: mean(lat),
      tokens: medTokens,
      bandwidth: bw,
      bound: perTokenBound,
      loadavg: [load0, load1],
    }),
  );
} else {
  const w = Math.max(...rows.map((r) => r[0].length));
  for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
}
