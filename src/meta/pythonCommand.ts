// The interpreter a bare `python3` names, found without running anything.
//
// With pyenv, `python3` on PATH is a shim: a bash script that runs `pyenv exec`,
// which reads the version files and then execs the real interpreter. That costs
// about 65 ms on every start here, more than pdb itself takes to reach its
// first prompt (about 40 ms). ndbg starts Python on every session, so it does
// what the shim would do, in a few file reads: the version named by
// PYENV_VERSION, else by the nearest `.python-version` from the working
// directory up, else by `$PYENV_ROOT/version`; the first of those names whose
// `$PYENV_ROOT/versions/NAME/bin/python3` exists is run directly, with the
// environment `pyenv exec` gives it (that bin directory first on PATH,
// PYENV_VERSION set). Anything else (the `system` version, a version that is not
// installed, no pyenv): the command is left as it is, and the shim decides.

import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve, sep } from 'node:path';

export interface PythonCommand {
  /** What to spawn. */
  command: string;
  /** Variables to set in the child's environment (on top of its own). */
  env?: Record<string, string>;
}

function executable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first PATH entry holding an executable `cmd`. */
function onPath(cmd: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir && executable(join(dir, cmd))) return join(dir, cmd);
  }
  return undefined;
}

/** The version names of a pyenv version file, as pyenv-version-file-read reads them. */
function versionFile(file: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const names = text
    .split(/\r?\n/)
    .map((l) => l.trim().split(/\s+/)[0] ?? '')
    .filter((v) => v !== '' && !v.startsWith('#') && v !== '..' && !v.includes('/'));
  return names.length ? names : undefined;
}

function selectedVersions(env: NodeJS.ProcessEnv, root: string, cwd: string): string[] {
  if (env.PYENV_VERSION) return env.PYENV_VERSION.split(':').filter(Boolean);
  for (let dir = resolve(env.PYENV_DIR ?? cwd); ; dir = dirname(dir)) {
    const found = versionFile(join(dir, '.python-version'));
    if (found) return found;
    if (dirname(dir) === dir) break;
  }
  return versionFile(join(root, 'version')) ?? ['system'];
}

export function resolvePython(cmd: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): PythonCommand {
  if (cmd.includes('/') || cmd.includes(sep)) return { command: cmd };
  const found = onPath(cmd, env.PATH);
  if (!found) return { command: cmd };
  const root = env.PYENV_ROOT || join(homedir(), '.pyenv');
  if (dirname(found) !== join(root, 'shims')) return { command: cmd };
  const versions = selectedVersions(env, root, cwd);
  for (const v of versions) {
    if (v === 'system') return { command: cmd };
    const bin = join(root, 'versions', v, 'bin');
    if (executable(join(bin, cmd))) {
      return { command: join(bin, cmd), env: { PATH: `${bin}${delimiter}${env.PATH ?? ''}`, PYENV_VERSION: versions.join(':') } };
    }
  }
  return { command: cmd };
}
