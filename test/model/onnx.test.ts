// Loading model directories: which one is the default, what a broken one says, and
// which device runs.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ModelError,
  OnnxModel,
  cudaProviderInstalled,
  kvLayout,
  kvNames,
  loadModelFiles,
  openSession,
  resolveModelDir,
  vulkanLoaderPresent,
} from '../../src/model/runtime/onnx.js';
import { testModel } from './helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'ndbg-onnx-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function fakeModel(dir: string, config: object = { model: { n_layer: 1, n_head: 1, d_model: 2, vocab_size: 300 }, format_version: 1 }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
}

describe('resolveModelDir', () => {
  it('says how to get a model when there is none', () => {
    const empty = join(tmp, 'empty-models');
    mkdirSync(empty);
    expect(() => resolveModelDir(undefined, empty)).toThrow(/no model found in .*pass --model DIR, or export one with `python3 -m ndbg.export/);
  });
  it('takes the newest model, unless models/default names one', () => {
    const models = join(tmp, 'models');
    fakeModel(join(models, 'old'));
    fakeModel(join(models, 'new'));
    mkdirSync(join(models, 'not-a-model'));
    utimesSync(join(models, 'old', 'config.json'), new Date(1e12), new Date(1e12));
    expect(resolveModelDir(undefined, models)).toBe(join(models, 'new'));
    writeFileSync(join(models, 'default'), 'old\n');
    expect(resolveModelDir(undefined, models)).toBe(join(models, 'old'));
    expect(resolveModelDir('new', models)).toBe(join(models, 'new'));
    // the pointer file itself, by name or by path, means the model it names
    expect(resolveModelDir('default', models)).toBe(join(models, 'old'));
    expect(resolveModelDir(join(models, 'default'), models)).toBe(join(models, 'old'));
    writeFileSync(join(models, 'default'), 'gone\n');
    expect(() => resolveModelDir(undefined, models)).toThrow(/names the default model 'gone'/);
    expect(() => resolveModelDir('/no/such/dir', models)).toThrow(/model directory not found: \/no\/such\/dir/);
  });
});

const built = testModel(['--scale', '3']);
const parts = testModel(['--parts-mb', '0.1', '--seed', '1']);
const stacked = testModel(['--scale', '3', '--kv-layout', 'stacked']);
const skip = 'skip' in built ? built.skip : null;

describe.skipIf(skip !== null)(`model directories${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const good = (built as { dir: string }).dir;
  let n = 0;
  /** A copy of the good model with `change` applied. */
  function broken(change: (dir: string) => void, from = good): string {
    const dir = join(tmp, `broken-${n++}`);
    mkdirSync(dir);
    for (const f of readdirSync(from)) copyFileSync(join(from, f), join(dir, f));
    change(dir);
    return dir;
  }
  const editConfig = (dir: string, edit: (c: Record<string, unknown>) => void) => {
    const c = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    edit(c);
    writeFileSync(join(dir, 'config.json'), JSON.stringify(c));
  };

  it('loads a good one', () => {
    const f = loadModelFiles(good);
    expect(f.nLayer).toBeGreaterThan(0);
    expect(f.window).toBe(1024);
    expect(typeof f.model).toBe('string');
  });

  it.each([
    ['missing config.json', (d: string) => unlinkSync(join(d, 'config.json')), /config\.json is missing \(the model configuration\): re-export/],
    ['corrupt config.json', (d: string) => writeFileSync(join(d, 'config.json'), '{"model": {'), /config\.json is not valid JSON .*corrupt or truncated/],
    [
      'another format version',
      (d: string) => editConfig(d, (c) => (c.format_version = 0)),
      /trained on trace format version 0, this ndbg reads versions 1 and 2/,
    ],
    ['missing tokenizer.json', (d: string) => unlinkSync(join(d, 'tokenizer.json')), /tokenizer\.json is missing \(the tokenizer\)/],
    ['a foreign tokenizer', (d: string) => writeFileSync(join(d, 'tokenizer.json'), '{"synthetic": true}'), /tokenizer\.json: not an ndbg tokenizer/],
    ['missing model.onnx', (d: string) => unlinkSync(join(d, 'model.onnx')), /model\.onnx is missing \(and there is no model\.onnx\.parts\.json/],
    [
      'truncated model.onnx',
      (d: string) => writeFileSync(join(d, 'model.onnx'), readFileSync(join(d, 'model.onnx')).subarray(0, 1000)),
      /model\.onnx is 1000 bytes but config\.json says \d+: the file is truncated/,
    ],
    [
      'a Git LFS pointer',
      (d: string) => writeFileSync(join(d, 'model.onnx'), 'version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 1\n'),
      /model\.onnx is a Git LFS pointer, not the model: run `git lfs pull`/,
    ],
  ])('%s', (_, change, message) => {
    expect(() => loadModelFiles(broken(change))).toThrow(message);
  });

  it('a corrupt model.onnx is named when ONNX Runtime cannot read it', async () => {
    const dir = broken((d) => {
      const data = readFileSync(join(d, 'model.onnx'));
      data.fill(0x41, 0, 4000);
      writeFileSync(join(d, 'model.onnx'), data);
    });
    await expect(openSession(loadModelFiles(dir), 'cpu')).rejects.toThrow(/model\.onnx cannot be loaded by ONNX Runtime .*corrupt/);
  });

  it('joins a model stored in parts, and names a missing or corrupt part', async () => {
    const dir = (parts as { dir: string }).dir;
    const f = loadModelFiles(dir);
    expect(f.model).toBeInstanceOf(Uint8Array);
    const opened = await openSession(f, 'cpu');
    expect(opened.device).toBe('cpu');
    await opened.session.release();
    expect(() => loadModelFiles(broken((d) => unlinkSync(join(d, 'model.onnx.part-001')), dir))).toThrow(
      /model\.onnx\.part-001 is missing \(part of model\.onnx/,
    );
    const flipped = broken((d) => {
      const p = join(d, 'model.onnx.part-002');
      const data = readFileSync(p);
      data[10] ^= 0xff;
      writeFileSync(p, data);
    }, dir);
    expect(() => loadModelFiles(flipped)).toThrow(/joined do not match the sha256 .* a part is corrupt/);
  });

  it('reads both cache layouts (per-layer tensors and the older stacked one) to the same logits', async () => {
    const open = async (dir: string) => {
      const f = loadModelFiles(dir);
      return new OnnxModel(f, await openSession(f, 'cpu'));
    };
    const layered = await open(good);
    const old = await open((stacked as { dir: string }).dir);
    expect([layered.layout, old.layout]).toEqual(['layered', 'stacked']);
    const ids = [5, 40, 77, 12, 300, 9, 61, 18];
    const maxDiff = (a: Float32Array, b: Float32Array) => a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i]!)), 0);
    const run = async (m: OnnxModel) => {
      const a = await m.forward(ids.slice(0, 5), null);
      const b = await m.forward(ids.slice(5, 6), a.present);
      const c = await m.forward(ids.slice(6), b.present);
      // back to 5 cached tokens, then the same continuation again
      const cut = m.truncate(c.present, 5)!;
      const again = await m.forward(ids.slice(5, 6), cut);
      return { a, b, c, cut, again };
    };
    const x = await run(layered);
    const y = await run(old);
    expect(x.c.present.length).toBe(8);
    expect(x.cut.length).toBe(5);
    expect(x.a.logits.length).toBe(5 * layered.files.vocabSize);
    expect(maxDiff(x.c.logits, y.c.logits)).toBeLessThan(1e-4);
    expect(maxDiff(x.again.logits, x.b.logits)).toBeLessThan(1e-5);
    expect(maxDiff(y.again.logits, y.b.logits)).toBeLessThan(1e-5);
    // and the logits depend on the cache (a wrong past would not pass unnoticed)
    const fresh = await layered.forward(ids.slice(5, 6), null);
    expect(maxDiff(fresh.logits, x.b.logits)).toBeGreaterThan(1e-3);
    await layered.release();
    await old.release();
  });

  it("keeps ORT's optimized CPU graph between runs, runs it to the same logits, and survives a broken cache", async () => {
    const cache = join(tmp, 'ort-cache');
    const before = process.env.NDBG_ORT_CACHE;
    const ids = [5, 40, 77, 12, 300, 9];
    const logits = async () => {
      const f = loadModelFiles(good);
      const m = new OnnxModel(f, await openSession(f, 'cpu', { threads: 1 }));
      const out = (await m.forward(ids, null)).logits;
      await m.release();
      return out;
    };
    const maxDiff = (a: Float32Array, b: Float32Array) => a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i]!)), 0);
    try {
      process.env.NDBG_ORT_CACHE = 'off';
      const plain = await logits();
      expect(existsSync(cache)).toBe(false);
      process.env.NDBG_ORT_CACHE = cache;
      const first = await logits(); // optimizes and writes the graph
      const files = readdirSync(cache);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^[0-9a-f]{24}\.onnx$/);
      const second = await logits(); // opens the written graph
      expect(maxDiff(first, plain)).toBeLessThan(1e-5);
      expect(maxDiff(second, plain)).toBeLessThan(1e-5);
      // a cache file that is not a model: opened from the model again, and rewritten
      writeFileSync(join(cache, files[0]!), 'not a model');
      expect(maxDiff(await logits(), plain)).toBeLessThan(1e-5);
      expect(readFileSync(join(cache, files[0]!)).length).toBeGreaterThan(1000);
      // a cache that cannot be written (a file where the directory should be): still runs
      process.env.NDBG_ORT_CACHE = join(good, 'config.json', 'ort');
      expect(maxDiff(await logits(), plain)).toBeLessThan(1e-5);
    } finally {
      if (before === undefined) delete process.env.NDBG_ORT_CACHE;
      else process.env.NDBG_ORT_CACHE = before;
    }
  });

  it('CUDA or WebGPU asked for but unavailable: warns and runs on the CPU', async () => {
    const f = loadModelFiles(good);
    if (!cudaProviderInstalled()) {
      const o = await openSession(f, 'cuda');
      expect(o.device).toBe('cpu');
      expect(o.warnings.join()).toMatch(/CUDA was asked for but onnxruntime-node's CUDA provider is not installed/);
      await o.session.release();
    }
    if (!vulkanLoaderPresent()) {
      const o = await openSession(f, 'webgpu');
      expect(o.device).toBe('cpu');
      expect(o.warnings.join()).toMatch(/WebGPU was asked for but no Vulkan loader/);
      await o.session.release();
    }
    const auto = await openSession(f, 'auto');
    expect(['cpu', 'cuda', 'webgpu']).toContain(auto.device);
    if (auto.device === 'cpu') expect(auto.notes.length).toBeGreaterThan(0);
    expect(auto.warnings).toEqual([]);
    await auto.session.release();
  });
});

it('kvLayout: per-layer names for exactly n_layer layers, or the stacked pair', () => {
  const io = (n: number): [string[], string[]] => [
    ['input_ids', ...kvNames(n, 'past')],
    ['logits', ...kvNames(n, 'present')],
  ];
  expect(kvLayout(...io(2), 2)).toBe('layered');
  expect(kvLayout(...io(3), 2)).toBe(null); // deeper than config.json says
  expect(kvLayout(...io(1), 2)).toBe(null);
  expect(kvLayout(['input_ids', 'past'], ['logits', 'present'], 2)).toBe('stacked');
  expect(kvLayout(['ids', 'past'], ['logits', 'present'], 2)).toBe(null);
});

it('ModelError is an Error', () => {
  expect(new ModelError('x')).toBeInstanceOf(Error);
});
