// asciicast v2 writer (https://docs.asciinema.org/manual/asciicast/v2/): a JSON
// header line (the size at the start), then one `[seconds, "o", data]` line per
// write and one `[seconds, "r", "COLSxROWS"]` line per terminal resize. Each line goes to
// the file with a synchronous append as it happens, so a crash loses nothing and
// `asciinema play` can replay a cast that is still being written.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface CastOptions {
  width: number;
  height: number;
  title?: string;
  command?: string;
  /**
   * Seconds since the start of the recording for the next event. Default: wall
   * clock. --play passes its schedule's clock so the same script makes the same
   * cast byte for byte.
   */
  clock?: () => number;
  /** Unix time for the header; null omits it (reproducible casts). Default: now. */
  timestamp?: number | null;
  /** Header `env`; default SHELL and TERM from the environment. */
  env?: Record<string, string>;
}

export interface CastWriter {
  write(data: string): void;
  /** The terminal is now `cols` x `rows` (an "r" event; players resize to it). */
  resize(cols: number, rows: number): void;
  close(): Promise<void>;
}

export function createCastWriter(path: string, opts: CastOptions): CastWriter {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  const started = performance.now();
  const clock = opts.clock ?? (() => (performance.now() - started) / 1000);
  const header: Record<string, unknown> = { version: 2, width: opts.width, height: opts.height };
  const timestamp = opts.timestamp === undefined ? Math.floor(Date.now() / 1000) : opts.timestamp;
  if (timestamp !== null) header.timestamp = timestamp;
  if (opts.title !== undefined) header.title = opts.title;
  if (opts.command !== undefined) header.command = opts.command;
  header.env = opts.env ?? {
    SHELL: process.env.SHELL ?? '/bin/sh',
    TERM: process.env.TERM ?? 'xterm-256color',
  };
  writeSync(fd, JSON.stringify(header) + '\n');
  let last = 0;
  let closed = false;
  let size = `${opts.width}x${opts.height}`;
  const event = (type: 'o' | 'r', data: string) => {
    // Events must not go back in time, whatever the clock says.
    last = Math.max(last, clock());
    writeSync(fd, JSON.stringify([Number(last.toFixed(6)), type, data]) + '\n');
  };
  return {
    write(data: string) {
      if (closed || data === '') return;
      event('o', data);
    },
    resize(cols: number, rows: number) {
      const next = `${cols}x${rows}`;
      if (closed || next === size) return;
      size = next;
      event('r', next);
    },
    async close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

export interface CastEvent {
  time: number;
  type: string;
  data: string;
}

export interface Cast {
  header: { version: number; width: number; height: number; [k: string]: unknown };
  events: CastEvent[];
}

/** Parse and validate an asciicast v2 file's text; throws with the line at fault. */
export function parseCast(text: string): Cast {
  const lines = text.split('\n').filter((l) => l !== '');
  if (lines.length === 0) throw new Error('empty cast');
  const header = JSON.parse(lines[0]!);
  if (header.version !== 2) throw new Error('header: version is not 2');
  if (!Number.isInteger(header.width) || !Number.isInteger(header.height)) {
    throw new Error('header: width and height must be integers');
  }
  const events: CastEvent[] = [];
  let prev = 0;
  lines.slice(1).forEach((l, i) => {
    const e = JSON.parse(l);
    if (!Array.isArray(e) || e.length !== 3 || typeof e[0] !== 'number' || typeof e[1] !== 'string' || typeof e[2] !== 'string') {
      throw new Error(`line ${i + 2}: not [time, type, data]`);
    }
    if (e[0] < prev) throw new Error(`line ${i + 2}: time goes backwards`);
    prev = e[0];
    events.push({ time: e[0], type: e[1], data: e[2] });
  });
  return { header, events };
}
