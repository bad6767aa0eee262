// The `launch` request's arguments (what an editor's launch configuration
// holds), checked and turned into the session's options. Bad values get one
// message that says which attribute is wrong and what it should be.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { SessionOptions } from '../commands/session.js';

/** ndbg's launch configuration attributes (editors/vscode/package.json declares the same). */
export interface NdbgLaunchArguments extends DebugProtocol.LaunchRequestArguments {
  /** The script to debug (absolute, or relative to `cwd`). */
  program?: string;
  /** Debug a module (`python -m module`) instead of a script: python engine only. */
  module?: string;
  args?: string[];
  /** Working directory of the program (default: the program's directory). */
  cwd?: string;
  /** Extra environment variables for the program (python engine). */
  env?: Record<string, string>;
  /** 'neural' (default: predict execution, run nothing) or 'python' (run CPython under pdb). */
  engine?: 'neural' | 'python';
  /** Python interpreter (python engine; the neural engine's analysis uses it too). */
  python?: string;
  /** A file whose lines the program's input() reads, then EOF. */
  stdin?: string;
  /** Stop at the program's first line (default false: run to the first breakpoint). */
  stopOnEntry?: boolean;
  /** Neural engine: also run the real program and mark each predicted value that differs. */
  verify?: boolean;
  /** Neural engine: model directory. */
  model?: string;
}

/** The attributes above, by name: editors/vscode/package.json declares exactly these (test/dap/manifest.test.ts). */
export const LAUNCH_ATTRIBUTES = ['program', 'module', 'args', 'cwd', 'env', 'engine', 'python', 'stdin', 'stopOnEntry', 'verify', 'model'] as const;

export class LaunchError extends Error {}

export interface Launch {
  session: SessionOptions;
  stopOnEntry: boolean;
  /** The program's absolute path (for the neural engine's messages, and the Source of frames). */
  program?: string;
}

/** Checks the arguments; throws LaunchError with a message for the user. */
export function readLaunch(a: NdbgLaunchArguments): Launch {
  const engine = a.engine ?? 'neural';
  if (engine !== 'neural' && engine !== 'python') {
    throw new LaunchError(`ndbg: unknown engine '${String(a.engine)}': use "engine": "python" (run the program) or "neural" (predict it)`);
  }
  const cwdGiven = optionalString(a.cwd, 'cwd');
  if (cwdGiven !== undefined && !isDir(cwdGiven)) {
    throw new LaunchError(`ndbg: "cwd" '${cwdGiven}' is not a directory: give an existing directory, or leave it out`);
  }
  const args = a.args ?? [];
  if (!Array.isArray(args) || args.some((x) => typeof x !== 'string')) {
    throw new LaunchError('ndbg: "args" must be a list of strings, e.g. ["--verbose", "input.txt"]');
  }
  const module = optionalString(a.module, 'module');
  const programGiven = optionalString(a.program, 'program');
  if (!module && !programGiven) {
    throw new LaunchError('ndbg: the launch configuration needs "program": the Python script to debug (or "module" with "engine": "python")');
  }
  if (module && engine === 'neural') {
    throw new LaunchError('ndbg: "module" needs "engine": "python"; the neural engine debugs a script file ("program")');
  }
  let program: string | undefined;
  if (!module) {
    program = isAbsolute(programGiven!) ? programGiven! : resolve(cwdGiven ?? process.cwd(), programGiven!);
    if (!existsSync(program)) throw new LaunchError(`ndbg: "program" '${programGiven}' does not exist (looked at ${program})`);
    if (isDir(program)) throw new LaunchError(`ndbg: "program" '${programGiven}' is a directory: give the Python script to debug`);
  }
  const cwd = cwdGiven ?? (program ? resolve(program, '..') : process.cwd());
  const stdinPath = optionalString(a.stdin, 'stdin');
  let stdin: string | undefined;
  if (stdinPath !== undefined) {
    try {
      stdin = readFileSync(resolve(cwd, stdinPath), 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      throw new LaunchError(`ndbg: cannot read "stdin" file '${stdinPath}' (${code}): give a readable text file`);
    }
  }
  if (a.verify && engine !== 'neural') {
    throw new LaunchError('ndbg: "verify" compares the neural engine\'s predictions with the real run: it needs "engine": "neural"');
  }
  const env = a.env === undefined ? undefined : { ...process.env, ...checkEnv(a.env) };
  return {
    stopOnEntry: a.stopOnEntry === true,
    program,
    session: {
      engine,
      target: module ?? program!,
      module: Boolean(module),
      args,
      python: optionalString(a.python, 'python'),
      withLocals: true,
      cwd,
      env,
      stdin,
      verify: a.verify === true,
      model: optionalString(a.model, 'model'),
    },
  };
}

function optionalString(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v === '') throw new LaunchError(`ndbg: "${name}" must be a non-empty string`);
  return v;
}

function isDir(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

function checkEnv(env: unknown): Record<string, string> {
  if (typeof env !== 'object' || env === null || Object.values(env).some((v) => typeof v !== 'string')) {
    throw new LaunchError('ndbg: "env" must map names to strings, e.g. {"DEBUG": "1"}');
  }
  return env as Record<string, string>;
}
