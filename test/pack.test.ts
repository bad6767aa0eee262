// `npm pack` makes a package that installs wherever the npm registry is
// reachable and runs with only Node and python3: `npx --yes ./ndbg-<version>.tgz
// script.py` in an empty directory, with an empty npm cache and none of this
// project's npm settings, prints what `python3 -m pdb` prints (python engine)
// and runs the shipped model on the CPU (neural engine). onnxruntime-node's
// install script finds the CUDA files it would download already there
// (bin/preinstall.mjs's placeholders) and reaches nothing outside the registry.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PYTHON, ROOT, runProcess } from './parityHarness.js';

const dir = mkdtempSync(join(tmpdir(), 'ndbg-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm pack', () => {
  it('packs compiled code, the bridge and the analysis (no trainer), and runs through npx', { timeout: 300_000 }, async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    // dist/ is fresh (npm test builds first); skip prepack's second build.
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, stdio: 'pipe' });
    const tgz = `ndbg-${version}.tgz`;
    const files = execFileSync('tar', ['tzf', join(dir, tgz)], { encoding: 'utf8' }).split('\n');
    for (const f of [
      'bin/ndbg',
      'bin/ndbg.js',
      'dist/bundle/cli.js',
      'python/ndbg/bridge/__main__.py',
      'python/ndbg/bridge/debugger.py',
      'python/ndbg/bridge/boot/sitecustomize.py',
      'python/ndbg/analysis/cfg.py',
      'package.json',
    ])
      expect(files).toContain(`package/${f}`);
    expect(files.filter((f) => /__pycache__|\.pyc$|^package\/(src|test|fixtures|node_modules|scripts)\//.test(f))).toEqual([]);
    // The CLI ships as one bundle (scripts/bundle.mjs): no loose dist/ modules, and
    // the only package npm installs beside it is the native model runtime.
    expect(files.filter((f) => f.startsWith('package/dist/') && !f.startsWith('package/dist/bundle/'))).toEqual([]);
    expect(Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: object }).dependencies)).toEqual(['onnxruntime-node']);
    // Of the Python side, only what runs while debugging: the bridge and the
    // control-flow analysis. No trainer, data builder, generator, tracer.
    expect(
      files.filter((f) => f.startsWith('package/python/') && !/^package\/python\/ndbg\/(__init__\.py|(bridge|analysis)\/(\w+\/)?\w+\.py)$/.test(f)),
    ).toEqual([]);
    for (const f of [
      'python/ndbg/learn/train.py',
      'python/ndbg/train.py',
      'python/ndbg/gen/stmts.py',
      'python/ndbg/trace/tracer.py',
      'python/ndbg/learn/ort_check.mjs',
      'scripts/gpu_train.sh',
    ])
      expect(files).not.toContain(`package/${f}`);
    // A model ships what the engine reads; its evaluation summaries (runtime/) stay in the repository.
    expect(files.filter((f) => /^package\/models\/[^/]+\/runtime\//.test(f))).toEqual([]);
    expect(files).toContain(`package/models/${readFileSync(join(ROOT, 'models', 'default'), 'utf8').trim()}/measured.json`);
    // The shipped analysis runs on its own, as the neural engine runs it.
    execFileSync('tar', ['xzf', join(dir, tgz), '-C', dir], { stdio: 'pipe' });
    writeFileSync(join(dir, 'prog.py'), 'x = 1\nprint(x)\n');
    const cfg = JSON.parse(
      execFileSync(PYTHON, ['-m', 'ndbg.analysis.cfg', join(dir, 'prog.py')], { cwd: join(dir, 'package', 'python'), encoding: 'utf8' }),
    ) as { entry: number };
    expect(cfg.entry).toBe(1);

    // A new user's npm: this folder has no package.json or .npmrc above it that
    // is ours, the cache is empty, and nothing npm set for this test run (npm
    // test exports npm_config_* and npm_package_*) or ONNXRUNTIME_* leaks in.
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|onnxruntime_)/i.test(k)) env[k] = v;
    env.npm_config_cache = join(dir, 'npm-cache');
    const work = join(dir, 'work');
    mkdirSync(work);
    execFileSync('cp', [join(dir, tgz), work]);
    writeFileSync(join(work, 'demo.py'), 'def f(n):\n    return n * 2\n\nx = f(20)\nprint(x + 2)\n');
    const npx = (args: string[], input: string) => {
      const r = spawnSync('npx', ['--yes', `./${tgz}`, ...args], { cwd: work, env, input, encoding: 'utf8', timeout: 240_000 });
      // npm itself says nothing: no unknown-config or install-script warnings.
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      return r.stdout;
    };

    const cmds = 'n\ns\nn\np n\nc\nq\n';
    const ours = npx(['--engine', 'python', '--python', PYTHON, 'demo.py'], cmds);
    const pdb = await runProcess(PYTHON, ['-m', 'pdb', join(work, 'demo.py')], cmds);
    expect(ours).toBe(pdb.stdout);
    expect(ours).toContain('(Pdb) 20\n');

    // The neural engine (the default) from the same install: the model, on
    // onnxruntime-node's bundled CPU binaries. `n` over the def can only go to line 4.
    const events = npx(['--json', 'demo.py'], 'n\nq\n')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; frames?: Array<{ file: string; line: number; confidence?: unknown }> });
    const stops = events.filter((e) => e.type === 'stop').map((e) => e.frames!.at(-1)!);
    expect(stops.map((f) => [f.file, f.line])).toEqual([
      [join(work, 'demo.py'), 1],
      [join(work, 'demo.py'), 4],
    ]);
    expect(stops[1]!.confidence).toBeDefined(); // a predicted frame

    // What kept onnxruntime-node's install off the network: placeholders
    // where it would have downloaded the CUDA provider (Linux x64 only).
    const npxDirs = readdirSync(join(env.npm_config_cache, '_npx'));
    expect(npxDirs).toHaveLength(1);
    const ortBin = join(env.npm_config_cache, '_npx', npxDirs[0]!, 'node_modules', 'onnxruntime-node', 'bin', 'napi-v6', process.platform, process.arch);
    expect(existsSync(join(ortBin, 'onnxruntime_binding.node'))).toBe(true);
    if (`${process.platform}/${process.arch}` === 'linux/x64') {
      expect(readFileSync(join(ortBin, 'libonnxruntime_providers_cuda.so'), 'utf8')).toMatch(/^ndbg placeholder, not a library/);
    }

    // `npm install -g` works the same way (same cache, now warm).
    const prefix = join(dir, 'global');
    const g = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', join(work, tgz)], {
      cwd: work,
      env,
      encoding: 'utf8',
      timeout: 240_000,
    });
    // npm 11 lists packages with install scripts for review (its own policy,
    // onnxruntime-node's postinstall is there anyway); nothing else.
    expect(g.stderr.split('\n').filter((l) => /npm (warn|error)/.test(l) && !l.startsWith('npm warn install-scripts'))).toEqual([]);
    expect(g.status).toBe(0);
    expect(execFileSync(join(prefix, 'bin', 'ndbg'), ['--version'], { cwd: work, env, encoding: 'utf8' })).toBe(`ndbg ${version}\n`);
  });
});
