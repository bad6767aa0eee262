// Starting the bridge child process. Kept apart from PythonEngine (and free
// of heavy imports) so bin/ndbg.js can start Python before the rest of ndbg
// has loaded: Python's start-up then overlaps Node's.

import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
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
  /** It could not be started (e.g. ENOENT); close follows or has come. */
  error(err: NodeJS.ErrnoException): void;
  close(code: number | null, signal: NodeJS.Signals | null): void;
}

/**
 * A bridge process, started by spawnBridge or by the launcher before Node
 * (prebootBridge.ts): what the engine needs of it, whichever started it.
 */
export interface SpawnedBridge {
  /** Identifies the options it was started with (see bridgeKey). */
  readonly key: string;
  /** Its process id; undefined if it could not be started. */
  readonly pid: number | undefined;
  /** True once it has ended and its outputs have closed. */
  readonly closed: boolean;
  /** Bytes to the bridge's channel (ndbg -> child; bridgeProtocol.ts). */
  write(data: string): void;
  /** The end of the channel: the bridge reads EOF. */
  end(): void;
  /** A signal to the bridge, if it is still there. */
  kill(signal: NodeJS.Signals): void;
  /**
   * Hand the outputs to their consumer. Until then they are kept: Node
   * discards unread child output when the child exits, and a bridge started
   * early may exit (too old Python, bad script) before ndbg listens.
   */
  attach(handlers: BridgeHandlers): void;
}

/** A queue of deliveries that waits for the handlers. */
export function deliveries(): { deliver(f: (h: BridgeHandlers) => void): void; attach(h: BridgeHandlers): void } {
  let handlers: BridgeHandlers | undefined;
  const pending: Array<(h: BridgeHandlers) => void> = [];
  return {
    deliver: (f) => (handlers ? f(handlers) : pending.push(f)),
    attach(h) {
      handlers = h;
      for (const f of pending.splice(0)) f(h);
    },
  };
}

export function bridgeKey(o: BridgeSpawnOptions): string {
  return JSON.stringify([o.target, !!o.module, o.args ?? [], o.commands ?? [], o.python ?? 'python3', !!o.withLocals, !!o.blockStdout, o.cwd ?? '']);
}

/** pdb's command line after `-m pdb`. */
export function pdbArguments(o: BridgeSpawnOptions): string[] {
  return [...(o.commands ?? []).flatMap((c) => ['-c', c]), ...(o.module ? ['-m'] : []), o.target, ...(o.args ?? [])];
}

/** The bridge's options but its file descriptors (NDBG_BRIDGE; python/ndbg/bridge/debugger.py). */
export function bridgeOptions(o: BridgeSpawnOptions): string {
  return `--locals=${o.withLocals ? 1 : 0}${o.blockStdout ? ' --stdout=block' : ''}`;
}

export function spawnBridge(o: BridgeSpawnOptions): SpawnedBridge {
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
  env.NDBG_BRIDGE = `--fd-out=3 --fd-in=4 --watch=5 ${bridgeOptions(o)}`;
  const python = resolvePython(o.python ?? 'python3', env, o.cwd);
  Object.assign(env, python.env);
  const child = spawn(python.command, ['-m', 'pdb', ...pdbArguments(o)], {
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
  const { deliver, attach } = deliveries();
  const streams = [
    [1, 'stdout'],
    [2, 'stderr'],
    [3, 'channel'],
  ] as const;
  for (const [fd, name] of streams) child.stdio[fd]?.on('data', (chunk: Buffer) => deliver((h) => h[name](chunk)));
  const input = child.stdio[4] as Writable;
  input.on('error', () => {}); // EPIPE when the child is gone: its exit reports it
  let closed = false;
  child.on('close', (code, signal) => {
    closed = true;
    deliver((h) => h.close(code, signal));
  });
  // Listened to now: an 'error' event without a listener would crash Node.
  child.on('error', (err: NodeJS.ErrnoException) => deliver((h) => h.error(err)));
  return {
    key: bridgeKey(o),
    get pid() {
      return child.pid;
    },
    get closed() {
      return closed;
    },
    write: (data) => void input.write(data),
    end: () => input.end(),
    kill(signal) {
      if (!closed && child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    attach,
  };
}
