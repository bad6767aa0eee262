// bin/ndbg, the launcher, starts the python engine's bridge before Node (the
// preboot: src/engine/prebootBridge.ts, python/ndbg/bridge/preboot.py). A
// session must not be able to tell: the same transcript, program output, exit
// status and environment as with the preboot off (NDBG_PREBOOT=off), which
// starts the bridge from Node. Linux only, as the preboot is.

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WITH_VALUE } from '../src/cliArgs.js';
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

function ndbg(preboot: boolean, args: string[], input: string, env: NodeJS.ProcessEnv = {}): Run {
  const r = spawnSync(LAUNCHER, ['--engine', 'python', ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env, NDBG_PREBOOT: preboot ? '' : 'off' },
    timeout: 60_000,
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
      expect(on).toEqual(off);
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
