// Runs an ONNX model with onnxruntime-node, the runtime ndbg ships with, so Python can
// compare its logits with PyTorch's (export.py beside this file; there is no onnxruntime
// Python package here).
//
//   node python/ndbg/learn/ort_check.mjs model.onnx requests.json outputs.json
//
// requests.json: [{ "name": { "type": "int64"|"float32", "dims": [..], "data": [..] }, ... }, ...]
//   Each request is one session.run. A float32 input whose "data" is the string
//   "<output>:<i>" (e.g. "present.0.key:2") takes that output of request i (how a
//   KV-cached decoding step is chained without a round trip through JSON).
// outputs.json: [{ "name": { "dims": [..], "data": [..] } }, ...], one per request.
import { readFileSync, writeFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';

const [modelPath, requestsPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error('usage: node ort_check.mjs model.onnx requests.json outputs.json');
  process.exit(2);
}
const session = await ort.InferenceSession.create(modelPath);
const requests = JSON.parse(readFileSync(requestsPath, 'utf8'));
const results = [];
const kept = [];
for (const request of requests) {
  const feeds = {};
  for (const [name, spec] of Object.entries(request)) {
    if (typeof spec.data === 'string') {
      const at = spec.data.lastIndexOf(':');
      feeds[name] = kept[Number(spec.data.slice(at + 1))][spec.data.slice(0, at)];
    } else if (spec.type === 'int64') {
      feeds[name] = new ort.Tensor('int64', BigInt64Array.from(spec.data.map(BigInt)), spec.dims);
    } else {
      feeds[name] = new ort.Tensor('float32', Float32Array.from(spec.data), spec.dims);
    }
  }
  const out = await session.run(feeds);
  kept.push(out);
  const row = {};
  for (const [name, t] of Object.entries(out)) row[name] = { dims: t.dims, data: Array.from(t.data, Number) };
  results.push(row);
}
writeFileSync(outPath, JSON.stringify(results));
