// Loading a model directory (models/<name>/: model.onnx or its parts, tokenizer.json,
// config.json; written by python/ndbg/export.py) into an onnxruntime-node session on
// the best device available, with errors that name the file at fault and the fix.

import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import { MODELS_DIR } from '../../meta/paths.js';
import { FORMAT_VERSION, FORMAT_VERSIONS } from '../format/format.js';
import { cachedGraph, ensureCacheDir } from './optimizedCache.js';
import { Tokenizer, type TokenizerJson } from '../format/tokenizer.js';

export type DeviceChoice = 'auto' | 'cpu' | 'cuda' | 'webgpu';
export type Device = 'cpu' | 'cuda' | 'webgpu';

/** models/ of this package. */
export { MODELS_DIR };
/** A file in models/ whose first line names the default model directory. */
export const DEFAULT_FILE = 'default';

export class ModelError extends Error {
  override name = 'ModelError';
}

export interface ModelConfig {
  model: {
    vocab_size: number;
    d_model: number;
    n_layer: number;
    n_head: number;
    max_len?: number;
    [k: string]: unknown;
  };
  num_params?: number;
  format_version?: number | null;
  window?: number | null;
  onnx?: {
    bytes?: number;
    weights?: string;
    parts?: PartsManifest;
    [k: string]: unknown;
  };
  training?: Record<string, unknown>;
  data_meta?: Record<string, unknown>;
  [k: string]: unknown;
}

interface PartsManifest {
  file: string;
  bytes: number;
  sha256: string;
  parts: Array<{ file: string; bytes: number }>;
  join?: string;
}

export interface ModelFiles {
  dir: string;
  name: string;
  config: ModelConfig;
  tokenizer: Tokenizer;
  /** model.onnx's path, or its bytes joined from parts. */
  model: string | Uint8Array;
  modelBytes: number;
  nLayer: number;
  nHead: number;
  headDim: number;
  vocabSize: number;
  window: number;
}

const EXPORT_HINT = 'export one with `python3 -m ndbg.export --ckpt runs/NAME/ckpt.pt --out DIR`';

/**
 * The model directory to use: `choice` as a path, or as a name under models/; by
 * default the one models/default names, else the newest directory with a config.json.
 */
export function resolveModelDir(choice?: string, modelsDir = MODELS_DIR): string {
  if (choice) {
    const asPath = resolve(choice);
    // `--model default` / `--model models/default`: the file that names the default
    const pointer = (p: string) => basename(p) === DEFAULT_FILE && statSync(p).isFile();
    if (existsSync(asPath)) return pointer(asPath) ? resolveModelDir(undefined, dirname(asPath)) : asPath;
    const asName = join(modelsDir, choice);
    if (!isAbsolute(choice) && !choice.includes('/') && existsSync(asName)) return pointer(asName) ? resolveModelDir(undefined, modelsDir) : asName;
    throw new ModelError(
      `model directory not found: ${choice} (pass --model DIR, a directory with model.onnx, tokenizer.json and config.json, or the name of one under ${modelsDir})`,
    );
  }
  const def = join(modelsDir, DEFAULT_FILE);
  if (existsSync(def) && statSync(def).isFile()) {
    const name = readFileSync(def, 'utf8').split('\n')[0]!.trim();
    const dir = join(modelsDir, name);
    if (!name || !existsSync(join(dir, 'config.json'))) {
      throw new ModelError(`${def} names the default model '${name}', but ${join(dir, 'config.json')} does not exist (fix the name, or pass --model DIR)`);
    }
    return dir;
  }
  const candidates = existsSync(modelsDir)
    ? readdirSync(modelsDir)
        .map((n) => join(modelsDir, n))
        .filter((d) => existsSync(join(d, 'config.json')))
        .map((d) => ({ d, t: statSync(join(d, 'config.json')).mtimeMs }))
        .sort((a, b) => b.t - a.t || (a.d < b.d ? -1 : 1))
    : [];
  if (!candidates.length) {
    throw new ModelError(`no model found in ${modelsDir} (no directory there has a config.json): pass --model DIR, or ${EXPORT_HINT}`);
  }
  return candidates[0]!.d;
}

function readJson<T>(path: string, what: string, fix: string): T {
  if (!existsSync(path)) throw new ModelError(`${path} is missing (${what}): ${fix}`);
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text) as T;
  } catch (e) {
    throw new ModelError(`${path} is not valid JSON (${(e as Error).message}): the file is corrupt or truncated; ${fix}`);
  }
}

function isLfsPointer(head: Buffer): boolean {
  return head.toString('latin1', 0, 40).startsWith('version https://git-lfs');
}

function readHead(path: string, n = 64): Buffer {
  const buf = Buffer.alloc(n);
  const fd = openSync(path, 'r');
  try {
    return buf.subarray(0, readSync(fd, buf, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}

/** Read and check a model directory (everything but the ONNX graph itself). */
export function loadModelFiles(dirIn: string): ModelFiles {
  const dir = resolve(dirIn);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ModelError(`model directory not found: ${dir} (pass --model DIR with model.onnx, tokenizer.json and config.json)`);
  }
  const config = readJson<ModelConfig>(join(dir, 'config.json'), 'the model configuration', `re-export the model (${EXPORT_HINT})`);
  const m = config.model;
  if (!m || !(m.n_layer > 0 && m.n_head > 0 && m.d_model > 0 && m.vocab_size > 0)) {
    throw new ModelError(
      `${join(dir, 'config.json')} has no valid "model" section (n_layer, n_head, d_model, vocab_size): re-export the model (${EXPORT_HINT})`,
    );
  }
  const fv = config.format_version;
  if (fv == null || !FORMAT_VERSIONS.includes(fv)) {
    throw new ModelError(
      `${join(dir, 'config.json')}: the model was trained on trace format version ${fv ?? 'unknown'}, ` +
        `this ndbg reads versions ${FORMAT_VERSIONS.join(' and ')} (docs/format.md): use a model exported for format ${FORMAT_VERSION}, or an ndbg release that matches the model`,
    );
  }
  const tokPath = join(dir, 'tokenizer.json');
  const tokJson = readJson<TokenizerJson>(tokPath, 'the tokenizer', 'copy the tokenizer.json of the dataset the model was trained on, or re-export the model');
  let tokenizer: Tokenizer;
  try {
    tokenizer = Tokenizer.fromJson(tokJson, tokPath);
  } catch (e) {
    throw new ModelError(`${(e as Error).message}: copy the tokenizer.json of the dataset the model was trained on, or re-export the model`);
  }
  // the tokenizer is the same byte-level BPE in versions 1 and 2 (a v2 corpus may reuse a v1 model's)
  if (tokJson.format_version !== undefined && !FORMAT_VERSIONS.includes(tokJson.format_version)) {
    throw new ModelError(`${tokPath}: tokenizer of trace format version ${tokJson.format_version}, this ndbg reads versions ${FORMAT_VERSIONS.join(' and ')}`);
  }
  if (tokenizer.vocabSize > m.vocab_size) {
    throw new ModelError(`${tokPath} has ${tokenizer.vocabSize} tokens but the model only ${m.vocab_size}: the tokenizer does not belong to this model`);
  }

  const onnxPath = join(dir, 'model.onnx');
  let model: string | Uint8Array;
  let modelBytes: number;
  if (existsSync(onnxPath)) {
    const size = statSync(onnxPath).size;
    if (isLfsPointer(readHead(onnxPath))) {
      throw new ModelError(`${onnxPath} is a Git LFS pointer, not the model: run \`git lfs pull\` (or fetch the file another way)`);
    }
    const expected = config.onnx?.parts ? undefined : config.onnx?.bytes;
    if (expected !== undefined && expected !== size) {
      throw new ModelError(
        `${onnxPath} is ${size} bytes but config.json says ${expected}: the file is truncated or does not belong to this config; restore it or re-export the model`,
      );
    }
    model = onnxPath;
    modelBytes = size;
  } else {
    const manifestPath = `${onnxPath}.parts.json`;
    if (!existsSync(manifestPath)) {
      throw new ModelError(`${onnxPath} is missing (and there is no ${basename(manifestPath)} to join it from parts): restore the file, or ${EXPORT_HINT}`);
    }
    const manifest = readJson<PartsManifest>(manifestPath, 'the list of model.onnx parts', 're-export the model with --parts-mb');
    const chunks: Buffer[] = [];
    for (const p of manifest.parts ?? []) {
      const path = join(dir, p.file);
      if (!existsSync(path)) throw new ModelError(`${path} is missing (part of model.onnx, see ${basename(manifestPath)}): restore it`);
      const data = readFileSync(path);
      if (isLfsPointer(data)) throw new ModelError(`${path} is a Git LFS pointer, not model data: run \`git lfs pull\``);
      if (data.length !== p.bytes)
        throw new ModelError(`${path} is ${data.length} bytes, ${basename(manifestPath)} says ${p.bytes}: the part is truncated or corrupt; restore it`);
      chunks.push(data);
    }
    const joined = Buffer.concat(chunks);
    const sha = createHash('sha256').update(joined).digest('hex');
    if (sha !== manifest.sha256) {
      throw new ModelError(
        `the parts of ${onnxPath} joined do not match the sha256 in ${basename(manifestPath)}: a part is corrupt; restore the model.onnx.part-* files`,
      );
    }
    model = new Uint8Array(joined.buffer, joined.byteOffset, joined.length);
    modelBytes = joined.length;
  }
  const name = basename(dir);
  return {
    dir,
    name,
    config,
    tokenizer,
    model,
    modelBytes,
    nLayer: m.n_layer,
    nHead: m.n_head,
    headDim: m.d_model / m.n_head,
    vocabSize: m.vocab_size,
    window: config.window ?? m.max_len ?? 1024,
  };
}

// --- devices --------------------------------------------------------------------------

const require = createRequire(import.meta.url);

function ortBinDir(): string | null {
  try {
    const pkg = dirname(require.resolve('onnxruntime-node/package.json'));
    return join(pkg, 'bin', 'napi-v6', process.platform, process.arch);
  } catch {
    return null;
  }
}

/**
 * Whether onnxruntime-node's CUDA provider libraries are installed (see docs/runtime.md).
 * A library, not the text placeholder that ndbg's preinstall (bin/preinstall.mjs) leaves
 * there so that onnxruntime-node's install script skips the download.
 */
export function cudaProviderInstalled(): boolean {
  const bin = ortBinDir();
  if (bin === null) return false;
  const lib = join(bin, 'libonnxruntime_providers_cuda.so');
  if (!existsSync(lib)) return false;
  const head = Buffer.alloc(4);
  const fd = openSync(lib, 'r');
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  return head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46])); // \x7fELF
}

/** Whether a Vulkan loader is present (WebGPU on Linux runs Dawn over Vulkan). */
export function vulkanLoaderPresent(): boolean {
  if (process.platform !== 'linux') return true;
  const dirs = [
    ...(process.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean),
    '/usr/lib/x86_64-linux-gnu',
    '/usr/lib64',
    '/usr/lib',
    '/lib/x86_64-linux-gnu',
    '/usr/local/lib',
  ];
  if (dirs.some((d) => existsSync(join(d, 'libvulkan.so.1')))) return true;
  try {
    return readFileSync('/etc/ld.so.cache').includes('libvulkan.so.1');
  } catch {
    return false;
  }
}

export interface OpenedSession {
  session: ort.InferenceSession;
  device: Device;
  /** How the file passes its key/value cache (checked when the session opened). */
  layout: KvLayout;
  /** Why devices before the one chosen were not used. */
  notes: string[];
  /** Warnings for the user (a device asked for could not be used). */
  warnings: string[];
}

export interface SessionOptions {
  threads?: number;
}

async function tryCreate(model: string | Uint8Array, device: Device, o: SessionOptions): Promise<ort.InferenceSession> {
  const opts: ort.InferenceSession.SessionOptions = {
    executionProviders: [device],
    graphOptimizationLevel: 'all',
    logSeverityLevel: 3,
  };
  if (device === 'cpu' && o.threads) {
    opts.intraOpNumThreads = o.threads;
    opts.interOpNumThreads = 1;
  }
  if (typeof model !== 'string') return ort.InferenceSession.create(model, opts);
  // the CPU graph ORT optimized on an earlier run (optimizedCache.ts), else optimize and keep it
  const version = ortVersion();
  const cached = device === 'cpu' && version ? cachedGraph(model, 'all', version) : null;
  if (cached?.exists) {
    try {
      return await ort.InferenceSession.create(cached.path, { ...opts, graphOptimizationLevel: 'disabled' });
    } catch {
      rmSync(cached.path, { force: true }); // unreadable: optimized again below
    }
  }
  if (cached && ensureCacheDir(cached)) {
    try {
      const session = await ort.InferenceSession.create(model, { ...opts, optimizedModelFilePath: cached.scratch });
      cached.commit();
      return session;
    } catch {
      rmSync(cached.scratch, { force: true }); // the model's own errors come from the plain create
    }
  }
  return ort.InferenceSession.create(model, opts);
}

/** onnxruntime-node's version (part of the optimized graph cache's key), or null. */
function ortVersion(): string | null {
  try {
    return (require('onnxruntime-node/package.json') as { version: string }).version;
  } catch {
    return null;
  }
}

/**
 * An ONNX Runtime session on `choice`: auto tries cuda, then webgpu, then cpu, skipping
 * a provider whose libraries are absent; an explicit cuda / webgpu that fails warns and
 * falls back to cpu.
 */
export async function openSession(files: ModelFiles, choice: DeviceChoice = 'auto', o: SessionOptions = {}): Promise<OpenedSession> {
  const notes: string[] = [];
  const warnings: string[] = [];
  const order: Device[] = choice === 'auto' ? ['cuda', 'webgpu', 'cpu'] : choice === 'cpu' ? ['cpu'] : [choice, 'cpu'];
  for (const device of order) {
    if (device === 'cuda' && !cudaProviderInstalled()) {
      const why = "onnxruntime-node's CUDA provider is not installed (docs/runtime.md says how to get it)";
      if (choice === 'cuda') warnings.push(`CUDA was asked for but ${why}; running on the CPU`);
      else notes.push(`cuda: ${why}`);
      continue;
    }
    if (device === 'webgpu' && !vulkanLoaderPresent()) {
      const why = 'no Vulkan loader (libvulkan.so.1) found, which WebGPU needs on Linux';
      if (choice === 'webgpu') warnings.push(`WebGPU was asked for but ${why}; running on the CPU`);
      else notes.push(`webgpu: ${why}`);
      continue;
    }
    try {
      const session = await tryCreate(files.model, device, o);
      return { session, device, layout: checkGraph(session, files), notes, warnings };
    } catch (e) {
      if (e instanceof ModelError) throw e;
      const msg = String((e as Error).message ?? e)
        .split('\n')[0]!
        .slice(0, 300);
      if (device === 'cpu') {
        throw new ModelError(
          `${typeof files.model === 'string' ? files.model : join(files.dir, 'model.onnx (joined parts)')} cannot be loaded by ONNX Runtime (${msg}): the file is corrupt or not an ndbg export; restore it or ${EXPORT_HINT}`,
        );
      }
      if (choice === device) warnings.push(`${device === 'cuda' ? 'CUDA' : 'WebGPU'} was asked for but could not start (${msg}); running on the CPU`);
      else notes.push(`${device}: ${msg}`);
    }
  }
  throw new ModelError('no execution provider could run the model');
}

/** How a model file passes its key/value cache. */
export type KvLayout = 'layered' | 'stacked';

/** `past.0.key, past.0.value, past.1.key, …` (kind 'past') or the `present.*` outputs. */
export function kvNames(nLayer: number, kind: 'past' | 'present'): string[] {
  const names: string[] = [];
  for (let i = 0; i < nLayer; i++) names.push(`${kind}.${i}.key`, `${kind}.${i}.value`);
  return names;
}

/**
 * The cache layout of a session: `layered` (the current export: a key and a value tensor
 * per layer, [batch, heads, len, head_dim]) or `stacked` (exports before it: one `past`
 * tensor [layers, 2, batch, heads, len, head_dim]); null when it is neither.
 */
export function kvLayout(inputs: readonly string[], outputs: readonly string[], nLayer: number): KvLayout | null {
  if (!inputs.includes('input_ids') || !outputs.includes('logits')) return null;
  const has = (names: readonly string[], want: string[]) => want.every((n) => names.includes(n));
  const count = (names: readonly string[], kind: string) => names.filter((n) => n.startsWith(`${kind}.`)).length;
  if (has(inputs, kvNames(nLayer, 'past')) && has(outputs, kvNames(nLayer, 'present'))) {
    // exactly this many layers: a model deeper than config.json says is not this model
    return count(inputs, 'past') === 2 * nLayer && count(outputs, 'present') === 2 * nLayer ? 'layered' : null;
  }
  if (inputs.includes('past') && outputs.includes('present')) return 'stacked';
  return null;
}

/** The session's cache layout; a ModelError when it is not an ndbg export. */
function checkGraph(session: ort.InferenceSession, files: ModelFiles): KvLayout {
  const layout = kvLayout(session.inputNames, session.outputNames, files.nLayer);
  if (!layout) {
    throw new ModelError(
      `${join(files.dir, 'model.onnx')} has inputs [${session.inputNames.join(', ')}] and outputs [${session.outputNames.join(', ')}], ` +
        `not input_ids, past.<layer>.key/value -> logits, present.<layer>.key/value: it is not an ndbg export; ${EXPORT_HINT}`,
    );
  }
  return layout;
}

// --- running -----------------------------------------------------------------------------

/** A key/value cache as the model returned it: opaque to callers except for its length. */
export interface Past {
  /** In the session's input order (layered: per layer key, value; stacked: one tensor). */
  readonly tensors: readonly ort.Tensor[];
  /** Tokens cached. */
  readonly length: number;
}

/** The first `keep` positions along `axis` of a float32 tensor (a copy). */
function sliceAxis(t: ort.Tensor, axis: number, keep: number): ort.Tensor {
  const dims = t.dims.map(Number);
  const P = dims[axis]!;
  const outer = dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const src = t.data as Float32Array;
  const dst = new Float32Array(outer * keep * inner);
  for (let k = 0; k < outer; k++) dst.set(src.subarray(k * P * inner, k * P * inner + keep * inner), k * keep * inner);
  dims[axis] = keep;
  return new ort.Tensor('float32', dst, dims);
}

/** The model as the decoder sees it: a forward pass over new tokens given a cache. */
export class OnnxModel {
  readonly files: ModelFiles;
  readonly session: ort.InferenceSession;
  readonly device: Device;
  readonly layout: KvLayout;
  private readonly pastNames: string[];
  private readonly presentNames: string[];
  /** Where the cached length lies in each cache tensor. */
  private readonly timeAxis: number;
  private readonly emptyPast: Past;

  constructor(files: ModelFiles, opened: OpenedSession) {
    this.files = files;
    this.session = opened.session;
    this.device = opened.device;
    const { nLayer, nHead, headDim } = files;
    this.layout = opened.layout;
    const layered = this.layout === 'layered';
    this.pastNames = layered ? kvNames(nLayer, 'past') : ['past'];
    this.presentNames = layered ? kvNames(nLayer, 'present') : ['present'];
    this.timeAxis = layered ? 2 : 4;
    const dims = layered ? [1, nHead, 0, headDim] : [nLayer, 2, 1, nHead, 0, headDim];
    const empty = new ort.Tensor('float32', new Float32Array(0), dims);
    this.emptyPast = { tensors: this.pastNames.map(() => empty), length: 0 };
  }

  /**
   * Run `ids` after `past` (null: empty). Returns the logits of every new position
   * ([ids.length * vocab], row-major) and the new cache.
   */
  async forward(ids: readonly number[], past: Past | null): Promise<{ logits: Float32Array; present: Past }> {
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor(
        'int64',
        BigInt64Array.from(ids, (x) => BigInt(x)),
        [1, ids.length],
      ),
    };
    const p = past ?? this.emptyPast;
    this.pastNames.forEach((name, i) => (feeds[name] = p.tensors[i]!));
    const out = await this.session.run(feeds);
    const tensors = this.presentNames.map((name) => out[name]!);
    return { logits: out.logits!.data as Float32Array, present: { tensors, length: p.length + ids.length } };
  }

  /** The first `keep` positions of a cache (a copy). */
  truncate(past: Past, keep: number): Past | null {
    if (keep <= 0) return null;
    if (keep >= past.length) return past;
    return { tensors: past.tensors.map((t) => sliceAxis(t, this.timeAxis, keep)), length: keep };
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}
