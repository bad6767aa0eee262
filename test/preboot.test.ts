// bin/ndbg, the launcher, starts the python engine's bridge before Node (the
// preboot: src/engine/prebootBridge.ts, python/ndbg/bridge/preboot.py). A
// session must not be able to tell: the same transcript, program output, exit
// status and environment as with the preboot off (NDBG_PREBOOT=off), which
// starts the bridge from Node. Linux only, as the preboot is.

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WITH_VALUE } from '../src/cliArgs.js';
import { takePreboot } from '../src/engine/prebootBridge.js';
import { adoptCfgPreboot, type CfgPreboot, takeCfgPreboot } from '../src/engine/prebootCfg.js';
import { DEFAULT_CFG_TARGET, runCfg, spawnCfg } from '../src/model/format/cfg.js';
import { PYTHON, ROOT } from './parityHarness.js';

const LAUNCHER = join(ROOT, 'bin', 'ndbg');
const dir = mkdtempSync(join(tmpdir(), 'ndbg-preboot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The interpreter as a path: a pyenv shim is left to Node (the launcher does not preboot it).
const python = execFileSync(PYTHON, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();

function program(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  return path;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function ndbg(preboot: boolean, args: string[], input: string, env: NodeJS.ProcessEnv = {}, engine = 'python'): Run {
  const r = spawnSync(LAUNCHER, ['--engine', engine, ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env, NDBG_PREBOOT: preboot ? '' : 'off' },
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same session with and without the preboot. */
function both(args: string[], input: string, env: NodeJS.ProcessEnv = {}): [Run, Run] {
  return [ndbg(true, args, input, env), ndbg(false, args, input, env)];
}

describe('the launcher (bin/ndbg)', () => {
  it('skips the values of the options that take one, as cliArgs.ts does', () => {
    const text = readFileSync(LAUNCHER, 'utf8');
    const skip = /^\s*([-\w| ]+)\) want=skip ;;$/m.exec(text)?.[1];
    const given = /^\s*--engine \| --python\) want=\$a ;;$/m.test(text);
    expect(given).toBe(true);
    expect(new Set([...(skip ?? '').split('|').map((o) => o.trim()), '--engine', '--python'])).toEqual(WITH_VALUE);
  });
});

describe.runIf(process.platform === 'linux')('the preboot (bin/ndbg)', () => {
  it('is what runs the bridge: its process was started before Node, without the script', () => {
    const p = program('cmdline.py', 'print(open("/proc/self/cmdline").read().split("\\0")[1:-1])\n');
    const [on, off] = both(['--python', python, p], 'c\nq\n');
    expect(on.stdout).toContain("['-m', 'pdb']\n");
    expect(off.stdout).toContain(`['-m', 'pdb', '${p}']\n`);
    expect(on.code).toBe(0);
  });

  it('gives the same transcript as pdb itself, and as a bridge Node starts', () => {
    const input = 's\nn\nn\np total\nw\nb 5\nc\nl\nq\n';
    const [on, off] = both(['--python', python, join(ROOT, 'fixtures', 'loops.py')], input);
    const pdb = spawnSync(python, ['-m', 'pdb', join(ROOT, 'fixtures', 'loops.py')], { cwd: dir, input, encoding: 'utf8' });
    expect(on).toEqual(off);
    expect(on.stdout).toBe(pdb.stdout);
  });

  it('gives the program the arguments, environment and output streams it has under pdb', () => {
    const p = program(
      'env.py',
      [
        'import os, subprocess, sys',
        'print(sys.argv, sorted(k for k in os.environ if k.startswith("NDBG") and k != "NDBG_PREBOOT"), os.environ.get("PYTHONPATH"))',
        'print("to stderr", file=sys.stderr)',
        'os.write(1, b"raw fd 1\\n")',
        'subprocess.run(["echo", "from a child"])',
        'print(os.getpgrp() == os.getpid(), sys.stdout.line_buffering, sys.orig_argv[1:] if sys.version_info >= (3, 10) else None)',
      ].join('\n'),
    );
    for (const env of [{}, { PYTHONPATH: '/nowhere' }]) {
      const [on, off] = both(['--python', python, p, 'a b', '--flag', 'ü'], 'c\nq\n', env);
      // The program writes to fd 1 itself and through sys.stdout, which reach ndbg on
      // two channels: the order of those lines between them is not pinned (a busy
      // machine has them either way, preboot or not). The lines are.
      const lines = (r: Run) => ({ ...r, stdout: r.stdout.split('\n').sort() });
      expect(lines(on)).toEqual(lines(off));
      expect(on.stdout).toContain(`['${p}', 'a b', '--flag', 'ü'] [] ${env.PYTHONPATH ?? 'None'}`);
      expect(on.stdout).toContain('from a child');
      expect(on.stdout).toMatch(/True False (None|\['-m', 'pdb', '.*env\.py', 'a b', '--flag', 'ü'\])\n/);
      expect(on.stderr).toContain('to stderr');
    }
  });

  it('reports the exit status of a program that exits at once or is killed', () => {
    const exits = program('exits.py', 'import os\nos._exit(3)\n');
    const [on3, off3] = both(['--python', python, exits], 'c\n');
    expect(on3).toEqual(off3);
    expect(on3.code).toBe(3);
    const killed = program('killed.py', 'import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n');
    const [onK, offK] = both(['--python', python, killed], 'c\n');
    expect(onK).toEqual(offK);
    expect(onK.code).toBe(143);
    expect(onK.stderr).toContain('killed by signal SIGTERM');
  });

  it('reports an interpreter that fails before the bridge starts, as Node-started bridges do', () => {
    const fake = join(dir, 'fakepython');
    writeFileSync(fake, '#!/bin/sh\necho "not a python" >&2\nexit 5\n');
    chmodSync(fake, 0o755);
    const p = program('one.py', 'x = 1\n');
    const [on, off] = both(['--python', fake, p], 'q\n');
    expect(on).toEqual(off);
    expect(on.code).not.toBe(0);
    expect(on.stderr).toContain('not a python');
  });

  it('serves --json, pdb commands (-c) and modules (-m) the same way', () => {
    const p = program('mod_main.py', 'print("hi")\n');
    for (const args of [
      ['--json', '--python', python, p],
      ['-c', 'c', '--python', python, p],
      ['--python', python, '-m', 'mod_main'],
    ]) {
      const [on, off] = both(args, 'q\n');
      expect(on).toEqual(off);
      expect(on.code).toBe(0);
    }
  });
});

/** A neural session, the launcher's analysis preboot on or off. */
const neural = (preboot: boolean, args: string[], input: string, env: NodeJS.ProcessEnv = {}) => ndbg(preboot, args, input, env, 'neural');

describe('the launcher and the neural engine', () => {
  it("analyses for the target Node asks for (cfg.ts's DEFAULT_CFG_TARGET)", () => {
    expect(readFileSync(LAUNCHER, 'utf8')).toMatch(new RegExp(`^\\s*target=${DEFAULT_CFG_TARGET.replace('.', '\\.')}$`, 'm'));
  });
});

describe.runIf(process.platform === 'linux')("the neural engine's preboot (bin/ndbg)", () => {
  const env = { NDBG_PDBFACTS_CACHE: join(dir, 'facts') };

  it('starts the analysis before Node and tells Node where it is', () => {
    // a `node` that reports what the launcher handed it, and the process it names
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'node'), '#!/bin/sh\nsleep 0.5\nenv | grep ^NDBG_CFG_ | sort\nhead -c 11 "$NDBG_CFG_OUT"\nrm -f "$NDBG_CFG_OUT"\n');
    chmodSync(join(bin, 'node'), 0o755);
    program('four.py', 'x = 4\n');
    const r = spawnSync(LAUNCHER, ['--python', python, 'four.py'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NDBG_PREBOOT: '', XDG_RUNTIME_DIR: dir },
    });
    expect(r.stdout).toContain(`NDBG_CFG_PYTHON=${python}\nNDBG_CFG_SCRIPT=four.py\nNDBG_CFG_TARGET=${DEFAULT_CFG_TARGET}\n`);
    expect(r.stdout).toMatch(new RegExp(`NDBG_CFG_OUT=${dir}/ndbg-cfg-\\d+\\.json`));
    expect(r.stdout).toContain('{"format": '); // the analysis ran, into that file
    rmSync(join(bin, 'node'));
  });

  it('is the analysis Node would run, taken only when it is', async () => {
    const p = program('five.py', readFileSync(join(ROOT, 'fixtures', 'loops.py'), 'utf8'));
    const source = readFileSync(p, 'utf8');
    const script = { text: source, bytes: readFileSync(p) };
    let n = 0;
    /** An analysis run as the launcher runs it (ended: a child Node has reaped). */
    const preboot = (script: string, out?: string): CfgPreboot => {
      const file = join(dir, `cfg-${n++}.json`);
      if (out === undefined) {
        const r = spawnSync(python, ['-S', '-m', 'ndbg.analysis.cfg', script, '--target', DEFAULT_CFG_TARGET], {
          cwd: join(ROOT, 'python'),
          env: { ...process.env, PYTHONPATH: join(ROOT, 'python') },
        });
        writeFileSync(file, r.stdout);
      } else writeFileSync(file, out);
      return { pid: 2 ** 22 + 1, out: file, script, python, target: DEFAULT_CFG_TARGET };
    };
    const fresh = await spawnCfg(source, { python, target: DEFAULT_CFG_TARGET });
    const taken = preboot(p);
    expect(adoptCfgPreboot(taken, p, python, script, false)).toBe(true);
    expect(await runCfg(source, { python, target: DEFAULT_CFG_TARGET })).toEqual(fresh);
    expect(existsSync(taken.out)).toBe(false);
    // a broken output: Node runs the analysis itself
    expect(adoptCfgPreboot(preboot(p, '{"format": '), p, python, script, false)).toBe(true);
    expect(await runCfg(source, { python, target: DEFAULT_CFG_TARGET })).toEqual(fresh);
    // another user's file where the output was to go: not read, not removed
    if (process.getuid?.() === 0) {
      const theirs = { ...preboot(program('six.py', 'y = 6\n')), script: p }; // another script's analysis
      chownSync(theirs.out, 4242, 4242);
      expect(adoptCfgPreboot(theirs, p, python, script, false)).toBe(true);
      expect(await runCfg(source, { python, target: DEFAULT_CFG_TARGET })).toEqual(fresh);
      expect(existsSync(theirs.out)).toBe(true);
    }
    // not what this session would run
    expect(adoptCfgPreboot(preboot(p), 'other.py', python, script, false)).toBe(false);
    expect(adoptCfgPreboot(preboot(p), p, 'python3.9', script, false)).toBe(false);
    expect(adoptCfgPreboot({ ...preboot(p), target: '3.9' }, p, python, script, false)).toBe(false);
    expect(adoptCfgPreboot(preboot(p), p, python, script, true)).toBe(false); // pdb's facts still to ask
    const latin = join(dir, 'latin.py');
    writeFileSync(latin, Buffer.from('# -*- coding: latin-1 -*-\nname = "caf\xe9"\n', 'latin1'));
    expect(adoptCfgPreboot(preboot(latin), latin, python, { text: readFileSync(latin, 'utf8'), bytes: readFileSync(latin) }, false)).toBe(false);
  });

  it('is left when it did not read what Node reads, or fails; the session is the same', () => {
    const latin = join(dir, 'latin.py');
    writeFileSync(latin, Buffer.from('# -*- coding: latin-1 -*-\nname = "caf\xe9"\nprint(name)\n', 'latin1'));
    const broken = program('broken.py', 'def f(:\n    pass\n');
    for (const p of [latin, broken]) {
      const on = neural(true, ['--python', python, p], 'n\nn\nq\n', env);
      const off = neural(false, ['--python', python, p], 'n\nn\nq\n', env);
      expect(on).toEqual(off);
    }
    // nowhere to write its output: nothing said of it
    const q = program('seven.py', 'x = 7\n');
    const nowhere = { ...env, XDG_RUNTIME_DIR: join(dir, 'missing') };
    expect(neural(true, ['--python', python, q], 'n\nq\n', nowhere)).toEqual(neural(false, ['--python', python, q], 'n\nq\n', nowhere));
    const fake = join(dir, 'fakepython2');
    writeFileSync(fake, '#!/bin/sh\necho "not a python" >&2\nexit 5\n');
    chmodSync(fake, 0o755);
    const p = program('two.py', 'x = 2\n');
    expect(neural(true, ['--python', fake, p], 'q\n', env)).toEqual(neural(false, ['--python', fake, p], 'q\n', env));
  });

  it('leaves no output file behind', () => {
    const p = program('three.py', 'x = 3\n');
    const tmp = mkdtempSync(join(tmpdir(), 'ndbg-run-'));
    neural(true, ['--python', python, p], 'q\n', { ...env, XDG_RUNTIME_DIR: tmp });
    neural(true, ['--python', python, p], 'n\n', { ...env, XDG_RUNTIME_DIR: tmp });
    expect(readdirSync(tmp)).toEqual([]);
    rmSync(tmp, { recursive: true, force: true });
  });
});

describe.runIf(process.platform === 'linux')('what the launcher hands Node', () => {
  it('names only a child of this process: another process is neither taken nor killed', () => {
    const other = String(process.ppid); // this process's parent, not its child
    const env: NodeJS.ProcessEnv = {
      NDBG_PREBOOT_PID: other,
      NDBG_PREBOOT_PYTHON: python,
      NDBG_PREBOOT_SOCKET: join(dir, 'x.sock'),
      NDBG_CFG_PID: other,
      NDBG_CFG_OUT: join(dir, 'x.json'),
      NDBG_CFG_SCRIPT: 'x.py',
      NDBG_CFG_PYTHON: python,
      NDBG_CFG_TARGET: DEFAULT_CFG_TARGET,
    };
    expect(takePreboot(env)).toBeUndefined();
    expect(takeCfgPreboot(env)).toBeUndefined();
    expect(Object.keys(env)).toEqual([]); // and no child of ndbg sees them
  });
});
