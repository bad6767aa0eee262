// A bridge that the launcher (bin/ndbg) started before Node: `python3 -m pdb`
// with NDBG_BRIDGE=--preboot=SOCKET, run in the background, after which the
// launcher became Node. Python's start-up (site, pdb's imports: most of what
// pdb takes to its first prompt) so runs beside Node's instead of after it.
// The bridge connects here once it has imported what it needs and is told
// what to run (python/ndbg/bridge/preboot.py has the protocol); until then it
// has run none of the program. Linux only (the launcher checks): the bridge is
// this process's child but not Node's, so its exit status is read from /proc,
// where it stays until this process ends.

import { lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { constants as osConstants } from 'node:os';
import { resolvePython } from '../meta/pythonCommand.js';
import {
  type BridgeHandlers,
  type BridgeSpawnOptions,
  bridgeKey,
  bridgeOptions,
  deliveries,
  pdbArguments,
  type SpawnedBridge,
  spawnBridge,
} from './spawnBridge.js';

/** What the launcher says of the Python it started. */
export interface Preboot {
  pid: number;
  /** The interpreter as the launcher ran it (a path, or a name looked up on PATH). */
  python: string;
  /** Where the bridge will connect. */
  socket: string;
}

const VARS = ['NDBG_PREBOOT_PID', 'NDBG_PREBOOT_PYTHON', 'NDBG_PREBOOT_SOCKET'] as const;

/** The launcher's preboot, if any. Its variables leave the environment either way: no child of ndbg sees them. */
export function takePreboot(env: NodeJS.ProcessEnv = process.env): Preboot | undefined {
  const [pid, python, socket] = VARS.map((k) => env[k]);
  for (const k of VARS) delete env[k];
  const n = Number(pid);
  if (!Number.isInteger(n) || n <= 0 || !python || !socket || !ownChild(n)) return undefined;
  return { pid: n, python, socket };
}

/**
 * Whether `pid` is this process's child, as the launcher's background job is once
 * it has become Node: variables left in an environment never name another process
 * for ndbg to take, or to kill.
 */
export function ownChild(pid: number): boolean {
  return procStatus(pid)?.ppid === process.pid;
}

/** A preboot this session has no use for: it has run nothing of the program yet. */
export function discardPreboot(p: Preboot): void {
  try {
    process.kill(p.pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** Whether a session with these options can take the preboot: the same interpreter, environment and folder. */
export function prebootFits(p: Preboot, o: BridgeSpawnOptions): boolean {
  if (o.cwd !== undefined || o.env !== undefined) return false;
  const python = resolvePython(o.python ?? 'python3');
  return python.env === undefined && python.command === p.python;
}

/** A process's state letter, parent, and, once it has exited, its wait status (/proc/PID/stat, fields 3, 4 and 52). */
export function procStatus(pid: number): { state: string; ppid: number; status: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  const fields = text
    .slice(text.lastIndexOf(')') + 2)
    .trim()
    .split(' ');
  return { state: fields[0] ?? '?', ppid: Number(fields[1] ?? Number.NaN), status: Number(fields[49] ?? Number.NaN) };
}

const SIGNAL_NAMES = new Map(Object.entries(osConstants.signals).map(([name, n]) => [n, name as NodeJS.Signals]));

/** A wait status as ChildProcess's 'close' gives it. */
export function fromWaitStatus(status: number): [number | null, NodeJS.Signals | null] {
  const sig = status & 0x7f;
  return sig ? [null, SIGNAL_NAMES.get(sig) ?? 'SIGKILL'] : [(status >> 8) & 0xff, null];
}

const ROLES = { c: 'channel', o: 'stdout', e: 'stderr', w: 'watch' } as const;
type Role = keyof typeof ROLES;

/** Listen for the preboot and give it this session's bridge to run; falls back to spawning one. */
export function adoptPreboot(p: Preboot, o: BridgeSpawnOptions): SpawnedBridge {
  const { deliver, attach } = deliveries();
  const job = `${bridgeOptions(o)}\t${pdbArguments(o)
    .map((a) => Buffer.from(a, 'utf8').toString('hex'))
    .join(' ')}\n`;
  const sockets = new Map<Role, Socket>();
  let open = 0;
  let closed = false;
  let fallback: SpawnedBridge | undefined;
  let liveness: NodeJS.Timeout | undefined;
  const server = createServer({ pauseOnConnect: false }, (sock) => {
    open++;
    sock.on('error', () => {}); // EPIPE / reset when the bridge is gone: its end reports it
    sock.once('close', () => {
      open--;
      if (open === 0) finish();
    });
    sock.once('data', function first(chunk: Buffer) {
      const role = String.fromCharCode(chunk[0] ?? 0) as Role;
      if (!(role in ROLES) || sockets.has(role)) return void sock.destroy();
      sockets.set(role, sock);
      if (role === 'c') {
        if (liveness) clearInterval(liveness);
        sock.write(job);
      }
      if (sockets.size === 4) server.close(); // all there: the path goes
      const name = ROLES[role];
      if (name === 'watch') return;
      const rest = chunk.subarray(1);
      if (rest.length) deliver((h) => h[name](rest));
      sock.on('data', (d: Buffer) => deliver((h) => h[name](d)));
    });
  });
  const stop = () => {
    if (liveness) clearInterval(liveness);
    server.close();
    discardPreboot(p);
  };
  const fallBack = () => {
    stop();
    fallback = spawnBridge(o);
    fallback.attach({
      stdout: (c) => deliver((h) => h.stdout(c)),
      stderr: (c) => deliver((h) => h.stderr(c)),
      channel: (c) => deliver((h) => h.channel(c)),
      error: (e) => deliver((h) => h.error(e)),
      close: (code, signal) => {
        closed = true;
        deliver((h) => h.close(code, signal));
      },
    });
  };
  /** The bridge has ended: its status, once the kernel has it (its fds close a moment before). */
  function finish(tries = 0): void {
    if (closed) return;
    const s = procStatus(p.pid);
    if (s && s.state !== 'Z' && s.state !== 'X') {
      setTimeout(() => finish(tries + 1), tries < 50 ? 1 : 20);
      return;
    }
    closed = true;
    if (liveness) clearInterval(liveness);
    server.close();
    const [code, signal] = s && Number.isFinite(s.status) ? fromWaitStatus(s.status) : [1, null];
    deliver((h: BridgeHandlers) => h.close(code, signal));
  }
  server.on('error', () => {
    if (!sockets.size) fallBack(); // could not listen: start the bridge the usual way
  });
  try {
    // A socket left at this path by an earlier ndbg with this process id is stale;
    // anything else there is not ours to remove, and the preboot is not used.
    const st = lstatSync(p.socket, { throwIfNoEntry: false });
    if (st && !(st.isSocket() && st.uid === process.getuid?.())) throw new Error('not ours');
    if (st) unlinkSync(p.socket);
    // Only this user may connect: the socket is made 0600 (umask), not chmod-ed after.
    const mask = process.umask(0o077);
    try {
      server.listen(p.socket);
    } finally {
      process.umask(mask);
    }
    // A bridge that ends before it joins (a Python too old, a broken site) has
    // written why to the terminal; its status is what the session reports.
    liveness = setInterval(() => {
      const s = procStatus(p.pid);
      if (!sockets.size && (!s || s.state === 'Z' || s.state === 'X')) finish();
    }, 20);
    liveness.unref?.();
  } catch {
    fallBack();
  }
  process.once('exit', () => {
    try {
      if (!sockets.has('w')) unlinkSync(p.socket);
    } catch {
      // not there
    }
  });
  return {
    key: bridgeKey(o),
    get pid() {
      return fallback ? fallback.pid : p.pid;
    },
    get closed() {
      return closed;
    },
    write(data) {
      if (fallback) return fallback.write(data);
      const c = sockets.get('c');
      if (c) c.write(data);
    },
    end() {
      if (fallback) return fallback.end();
      sockets.get('c')?.end();
    },
    kill(signal) {
      if (fallback) return fallback.kill(signal);
      if (closed) return;
      try {
        process.kill(p.pid, signal);
      } catch {
        // gone
      }
    },
    attach,
  };
}
