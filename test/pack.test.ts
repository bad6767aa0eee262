// `npm pack` makes a package that runs with only Node and python3:
// `npx ./ndbg-<version>.tgz script.py` in an empty directory, offline from
// npm's cache, prints what `python3 -m pdb` prints.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    for (const f of ['bin/ndbg.js', 'dist/cli.js', 'dist/engine/python.js', 'python/ndbg/bridge/__main__.py', 'python/ndbg/bridge/debugger.py', 'python/ndbg/analysis/cfg.py', 'package.json'])
      expect(files).toContain(`package/${f}`);
    expect(files.filter((f) => /__pycache__|\.pyc$|^package\/(src|test|fixtures|node_modules|scripts)\//.test(f))).toEqual([]);
    // Of the Python side, only what runs while debugging: the bridge and the
    // control-flow analysis. No trainer, data builder, generator, tracer.
    expect(files.filter((f) => f.startsWith('package/python/') && !/^package\/python\/ndbg\/(__init__\.py|(bridge|analysis)\/\w+\.py)$/.test(f))).toEqual([]);
    for (const f of ['python/ndbg/learn/train.py', 'python/ndbg/train.py', 'python/ndbg/gen/stmts.py', 'python/ndbg/trace/tracer.py', 'python/ndbg/learn/ort_check.mjs', 'scripts/gpu_train.sh'])
      expect(files).not.toContain(`package/${f}`);
    // The shipped analysis runs on its own, as the neural engine runs it.
    execFileSync('tar', ['xzf', join(dir, tgz), '-C', dir], { stdio: 'pipe' });
    writeFileSync(join(dir, 'prog.py'), 'x = 1\nprint(x)\n');
    const cfg = JSON.parse(execFileSync(PYTHON, ['-m', 'ndbg.analysis.cfg', join(dir, 'prog.py')], { cwd: join(dir, 'package', 'python'), encoding: 'utf8' })) as { entry: number };
    expect(cfg.entry).toBe(1);

    copyFileSync(join(ROOT, '.npmrc'), join(dir, '.npmrc')); // skip onnxruntime's CUDA download
    writeFileSync(join(dir, 'demo.py'), 'def f(n):\n    return n * 2\n\nx = f(20)\nprint(x + 2)\n');
    const cmds = 'n\ns\nn\np n\nc\nq\n';
    const env = { ...process.env, npm_config_yes: 'true', npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
    const ours = execFileSync('npx', ['--yes', '--prefer-offline', `./${tgz}`, '--engine', 'python', '--python', PYTHON, 'demo.py'], {
      cwd: dir,
      env,
      input: cmds,
      encoding: 'utf8',
    });
    const pdb = await runProcess(PYTHON, ['-m', 'pdb', join(dir, 'demo.py')], cmds);
    expect(ours).toBe(pdb.stdout);
    expect(ours).toContain('(Pdb) 20\n');
  });
});
