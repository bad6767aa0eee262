// resolvePython: a pyenv shim's choice made without running the shim.

import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolvePython } from '../../src/meta/pythonCommand.js';

const root = mkdtempSync(join(tmpdir(), 'ndbg-pyenv-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function exe(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
}

const pyenv = join(root, 'pyenv');
exe(join(pyenv, 'shims', 'python3'));
exe(join(pyenv, 'versions', '3.12.1', 'bin', 'python3'));
exe(join(pyenv, 'versions', '3.10.13', 'bin', 'python3'));
mkdirSync(join(pyenv, 'versions', '3.9.18', 'bin'), { recursive: true }); // no python3 in it
writeFileSync(join(pyenv, 'version'), '3.12.1\n');
const project = join(root, 'project', 'sub');
mkdirSync(project, { recursive: true });
writeFileSync(join(root, 'project', '.python-version'), '# pinned\n3.10.13\n');
const other = join(root, 'other');
mkdirSync(other);
const plain = join(root, 'usr', 'bin');
exe(join(plain, 'python3'));

const env = (extra: Record<string, string> = {}) => ({ PYENV_ROOT: pyenv, PATH: `${join(pyenv, 'shims')}${delimiter}${plain}`, ...extra });

describe('resolvePython', () => {
  it('runs the global version directly, with the environment pyenv exec gives', () => {
    const r = resolvePython('python3', env(), other);
    expect(r.command).toBe(join(pyenv, 'versions', '3.12.1', 'bin', 'python3'));
    expect(r.env?.PATH?.split(delimiter)[0]).toBe(join(pyenv, 'versions', '3.12.1', 'bin'));
    expect(r.env?.PYENV_VERSION).toBe('3.12.1');
  });

  it('prefers the nearest .python-version, then PYENV_VERSION over both', () => {
    expect(resolvePython('python3', env(), project).command).toBe(join(pyenv, 'versions', '3.10.13', 'bin', 'python3'));
    expect(resolvePython('python3', env({ PYENV_VERSION: '3.12.1' }), project).command).toBe(join(pyenv, 'versions', '3.12.1', 'bin', 'python3'));
  });

  it('skips versions without the command, as pyenv which does', () => {
    expect(resolvePython('python3', env({ PYENV_VERSION: '3.9.18:3.10.13' }), other).command).toBe(join(pyenv, 'versions', '3.10.13', 'bin', 'python3'));
  });

  it('leaves the shim to decide what it alone knows', () => {
    for (const v of ['system', '3.8.0', '3.9.18']) expect(resolvePython('python3', env({ PYENV_VERSION: v }), other)).toEqual({ command: 'python3' });
  });

  it('changes nothing without a pyenv shim first on PATH, or for a path', () => {
    expect(resolvePython('python3', { PYENV_ROOT: pyenv, PATH: `${plain}${delimiter}${join(pyenv, 'shims')}` }, other)).toEqual({ command: 'python3' });
    expect(resolvePython('python3', { PYENV_ROOT: pyenv, PATH: '' }, other)).toEqual({ command: 'python3' });
    expect(resolvePython('/opt/py/bin/python3', env(), other)).toEqual({ command: '/opt/py/bin/python3' });
  });
});
