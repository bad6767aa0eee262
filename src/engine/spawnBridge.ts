// Starting the bridge child process. Kept apart from PythonEngine (and free
// of heavy imports) so bin/ndbg.js can start Python before the rest of ndbg
// has loaded: Python's start-up then overlaps Node's.

import { spawn, type ChildProcess } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { bridgeDir } from './bridgePath.js';
import { resolvePython } from '../meta/pythonCommand.js';

export interface BridgeSpawnOptions {
  /** Script path, or module name when `module` is true. */
  target: string;
  module?: boolean;
  args?: string[];
  /** pdb -c commands, run at the first stop. */
  commands?: string[];
  /** Interpreter; default `python3` on PATH. */
  python?: string;
  /** Report locals (reprs) in stop events. Off for the pdb-identical line mode. */
  withLocals?: boolean;
  /**
   * The program's stdout is block-buffered, as pdb's is when its stdout is not a
   * terminal, and reaches ndbg a block at a time instead of a line at a time: for
   * a front end that prints the text as it is (line mode to a pipe or a file).
   */
  blockStdout?: boolean;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface BridgeHandlers {
  stdout(chunk: Buffer): void;
  stderr(chunk: Buffer): void;
  channel(chunk: Buffer): void;
  close(code: number | null, signal: NodeJS.Signals | null): void;
}

export interface SpawnedBridge {
  child: ChildProcess;
  /** Set if the process could not be started (e.g. ENOENT). */
  error?: NodeJS.ErrnoException;
  /** Identifies the options it was started with (see bridgeKey). */
  key: string;
  /**
   * Hand the outputs to their consumer. Until then they are kept: Node
   * discards unread child output when the child exits, and a bridge started
   * early may exit (too old Python, bad script) before ndbg listens.
   */
  attach(handlers: BridgeHandlers): void;
}

export function bridgeKey(o: BridgeSpawnOptions): string {
  return JSON.stringify([o.target, !!o.module, o.args ?? [], o.commands ?? [], o.python ?? 'python3', !!o.withLocals, !!o.blockStdout, o.cwd ?? '']);
}

export function spawnBridge(o: BridgeSpawnOptions): SpawnedBridge {
  const pdbArgs = [...(o.commands ?? []).flatMap((c) => ['-c', c]), ...(o.module ? ['-m'] : []), o.target, ...(o.args ?? [])];
  // `python3 -m pdb ARGS`, as the user would run it: the bridge comes in
  // through boot/sitecustomize.py (on PYTHONPATH, with its options in
  // NDBG_BRIDGE), which takes both variables back out of the program's
  // environment. So the frames below the program are pdb's own (`where`
  // after breakpoint(), tracebacks), not a launcher's.
  const env = { ...(o.env ?? process.env) };
  if (env.PYTHONPATH !== undefined) env.NDBG_BRIDGE_PYTHONPATH = env.PYTHONPATH;
  else delete env.NDBG_BRIDGE_PYTHONPATH;
  const boot = join(bridgeDir(), 'boot');
  env.PYTHONPATH = env.PYTHONPATH ? `${boot}${delimiter}${env.PYTHONPATH}` : boot;
  env.NDBG_BRIDGE = `--fd-out=3 --fd-in=4 --watch=5 --locals=${o.withLocals ? 1 : 0}${o.blockStdout ? ' --stdout=block' : ''}`;
  const python = resolvePython(o.python ?? 'python3', env, o.cwd);
  Object.assign(env, python.env);
  const child = spawn(python.command, ['-m', 'pdb', ...pdbArgs], {
    cwd: o.cwd,
    env,
    // fd 0: the program's real stdin is not ours to give (its input()
    // goes through the bridge). 1/2: raw output that bypasses
    // sys.stdout (subprocesses, C code). 3/4: the channel. 5: watchdog.
    stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
    // Own process group: a terminal's Ctrl-C reaches ndbg only, which
    // forwards it (interrupt()), so pdb sees exactly one SIGINT.
    detached: true,
  });
  let handlers: BridgeHandlers | undefined;
  const pending: Array<(h: BridgeHandlers) => void> = [];
  const deliver = (f: (h: BridgeHandlers) => void) => (handlers ? f(handlers) : pending.push(f));
  const streams = [
    [1, 'stdout'],
    [2, 'stderr'],
    [3, 'channel'],
  ] as const;
  for (const [fd, name] of streams) child.stdio[fd]?.on('data', (chunk: Buffer) => deliver((h) => h[name](chunk)));
  child.on('close', (code, signal) => deliver((h) => h.close(code, signal)));
  const spawned: SpawnedBridge = {
    child,
    key: bridgeKey(o),
    attach(h) {
      handlers = h;
      for (const f of pending.splice(0)) f(h);
    },
  };
  // Recorded now: an 'error' event without a listener would crash Node.
  child.on('error', (err: NodeJS.ErrnoException) => {
    spawned.error = err;
  });
  return spawned;
}
