// The full-screen front end, loaded by runTui (index.tsx). Sets up the terminal (alternate screen, raw
// keys, bracketed paste), the store, Ink, the recorder and the player, and puts
// the terminal back however it ends: quit, engine exit, crash, or signal.
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { render } from 'ink';
import type { Engine } from '../../engine/engine.js';
import { UserError } from '../../engine/errors.js';
import { createCastWriter, type CastWriter } from '../cast.js';
import { defaultHistoryPath } from '../history.js';
import { defaultBreakpointsPath } from './breakpointFile.js';
import { defaultWatchesPath } from './watchFile.js';
import { parsePlayScript, play, type PlayStep } from '../play.js';
import { App } from './components/App.js';
import { KeyParser } from './keys.js';
import { Screen } from './screen.js';
import { SourceCache, type SourceReader } from './source.js';
import { TuiStore } from './store.js';

export interface TuiOptions {
  /** Write an asciicast v2 recording of the session here. */
  record?: string;
  /** Drive the session from this script (see play.ts for the format). */
  play?: string;
  /** Characters per second when playing (default 20). */
  typingSpeed?: number;
  /** Shown in the status bar and the cast header (usually the script name). */
  title: string;
  /** Source text of a file, for engines whose files are not on disk. */
  source?: SourceReader;
  /** The script's path, shown before the engine's first stop. */
  startFile?: string;
  /** Cast header `command`. */
  command?: string;
  /** History file; default $XDG_STATE_HOME/ndbg/history; null: none. */
  historyPath?: string | null;
  /** Watch expressions file; default $XDG_STATE_HOME/ndbg/watches.json (watchFile.ts); null: not kept. */
  watchesPath?: string | null;
  /** Breakpoints file; default $XDG_STATE_HOME/ndbg/breakpoints.json (breakpointFile.ts); null: not kept. */
  breakpointsPath?: string | null;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}

const DEFAULT_SIZE = { cols: 100, rows: 30 };

function terminalSize(out: NodeJS.WriteStream): { cols: number; rows: number } {
  if (out.isTTY && out.columns && out.rows) return { cols: out.columns, rows: out.rows };
  const cols = Number(process.env.COLUMNS);
  const rows = Number(process.env.LINES);
  return cols > 0 && rows > 0 ? { cols, rows } : DEFAULT_SIZE;
}

/** How long the first frame waits for the engine's first stop before showing "starting". */
const FIRST_FRAME_WAIT_MS = 300;

/** Run the TUI until the user quits; resolves to the exit code, terminal restored. */
export async function runTuiLoaded(engine: Engine, opts: TuiOptions): Promise<number> {
  const stdin = opts.stdin ?? process.stdin;
  const stdout = opts.stdout ?? process.stdout;
  const stderr = opts.stderr ?? process.stderr;
  const playing = opts.play !== undefined;
  // Read the script before touching the terminal: a bad script is a plain error.
  let steps: PlayStep[] = [];
  if (playing) {
    try {
      steps = parsePlayScript(readFileSync(opts.play!, 'utf8'));
    } catch (e) {
      throw new UserError(`ndbg: --play ${opts.play}: ${(e as Error).message}`, 2);
    }
  }
  const sizeStep = steps.find((s) => s.kind === 'size');
  const size = sizeStep?.kind === 'size' ? { cols: sizeStep.cols, rows: sizeStep.rows } : terminalSize(stdout);

  // While playing, cast time is the script's schedule; after it, wall time on from there.
  let clock = 0;
  let liveFrom: number | undefined; // performance.now() when the script ended
  const castClock = () => (liveFrom === undefined ? clock : clock + (performance.now() - liveFrom) / 1000);
  let cast: CastWriter | undefined;
  if (opts.record) {
    const epoch = Number(process.env.SOURCE_DATE_EPOCH);
    cast = createCastWriter(opts.record, {
      width: size.cols,
      height: size.rows,
      title: opts.title,
      command: opts.command,
      clock: playing ? castClock : undefined,
      timestamp: playing ? (Number.isFinite(epoch) && process.env.SOURCE_DATE_EPOCH ? epoch : null) : undefined,
      env: playing ? { TERM: 'xterm-256color', SHELL: '/bin/sh' } : undefined,
    });
  }
  const screen = new Screen(stdout, size.cols, size.rows, { cast, manual: playing });
  const store = new TuiStore(engine, {
    title: opts.title,
    cols: size.cols,
    rows: size.rows,
    source: new SourceCache(opts.source),
    historyPath: playing ? null : opts.historyPath === undefined ? defaultHistoryPath() : opts.historyPath,
    // A played session neither reads nor writes the user's watches: the cast must not depend on them.
    watchesPath: playing ? null : opts.watchesPath === undefined ? defaultWatchesPath() : opts.watchesPath,
    breakpointsPath: playing ? null : opts.breakpointsPath === undefined ? defaultBreakpointsPath() : opts.breakpointsPath,
    showLatency: !playing,
    maskAddresses: playing,
    startFile: opts.startFile,
  });
  store.onRedraw = () => {
    screen.invalidate();
    screen.flush();
  };

  // ---- terminal setup and the one way back ----------------------------------
  const parser = new KeyParser();
  const abort = new AbortController();
  let playDone = !playing;
  let restored = false;
  let crashed: unknown;
  let ink: ReturnType<typeof render> | undefined;
  const rawBefore = stdin.isTTY ? stdin.isRaw : false;

  const restore = () => {
    if (restored) return;
    restored = true;
    stdin.off('data', onData);
    stdout.off('resize', onResize);
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onTerm);
    process.off('SIGHUP', onTerm);
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    process.off('exit', restore);
    try {
      ink?.unmount();
    } catch {
      /* already gone */
    }
    screen.leave();
    if (stdin.isTTY) stdin.setRawMode(rawBefore);
    stdin.pause();
  };
  let finishCheck = () => {};
  const finish = new Promise<void>((resolve) => {
    finishCheck = () => {
      if (store.state.done || crashed !== undefined) resolve();
    };
    store.subscribe(finishCheck);
  });
  const onCrash = (err: unknown) => {
    if (crashed !== undefined) return;
    crashed = err;
    finishCheck();
  };
  const onData = (data: string | Buffer) => {
    try {
      for (const k of parser.feed(data.toString())) {
        if (!playDone) {
          // While a script plays, the keyboard only stops it.
          if (k.name === 'ctrl-c') abort.abort();
          continue;
        }
        store.key(k);
      }
    } catch (e) {
      onCrash(e);
    }
  };
  const onResize = () => {
    if (playing && !playDone) return;
    const { cols, rows } = terminalSize(stdout);
    // Before the redraw at the new size: a player resizes, then draws it.
    cast?.resize(cols, rows);
    screen.resize(cols, rows);
    store.setSize(cols, rows);
    screen.sink.emit('resize');
  };
  const onSigint = () => store.interrupt();
  const onTerm = () => store.quit();

  process.on('exit', restore);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onTerm);
  process.on('SIGHUP', onTerm);

  screen.enter();
  if (stdin.isTTY) stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.on('data', onData);
  stdin.resume();
  stdout.on('resize', onResize);

  // The engine starts first: the first frame is its first stop when that comes
  // within FIRST_FRAME_WAIT_MS (an Ink frame costs tens of ms of the same
  // thread, and a "starting" frame just before the real one is only flicker);
  // a slower start shows the "starting" frame meanwhile.
  const started = store.start();
  started.catch(() => {}); // awaited below, where a failure is reported
  await Promise.race([started, new Promise<void>((r) => setTimeout(r, FIRST_FRAME_WAIT_MS).unref())]);
  const inkStdin = new PassThrough() as unknown as NodeJS.ReadStream;
  try {
    ink = render(<App store={store} />, {
      stdout: screen.sink as unknown as NodeJS.WriteStream,
      stdin: inkStdin,
      stderr: screen.sink as unknown as NodeJS.WriteStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    ink.waitUntilExit().catch(onCrash);
  } catch (e) {
    onCrash(e);
  }

  try {
    await started;
    if (playing && crashed === undefined) {
      screen.flush();
      const settle = () => new Promise<void>((r) => setImmediate(r));
      const end = await play(
        steps,
        {
          input: (data) => {
            for (const k of parser.feed(data)) store.key(k);
          },
          settled: async () => {
            await settle();
            await store.whenIdle();
            await settle();
          },
          frame: (t) => {
            clock = t;
            screen.flush();
          },
          done: () => store.state.done || crashed !== undefined,
        },
        {
          typingSpeed: opts.typingSpeed,
          realtime: Boolean(stdout.isTTY) && !process.env.NDBG_PLAY_FAST,
          signal: abort.signal,
          start: 0.5,
        },
      );
      clock = end;
      // Ended by the script (q): the last frames keep schedule time too.
      if (!store.state.done) liveFrom = performance.now();
      playDone = true;
      screen.manual = false;
      // Nobody at the keyboard to carry on: end the session with the script.
      if (!stdin.isTTY && !store.state.done) store.quit();
    }
    await finish;
  } catch (e) {
    onCrash(e);
  }

  // The last changes (the exit message) reach the screen and the cast before we leave.
  await new Promise<void>((r) => setImmediate(r));
  await new Promise<void>((r) => setImmediate(r));
  screen.flush();
  restore();
  await cast?.close();
  try {
    await engine.close();
  } catch {
    /* the session is over either way */
  }
  if (crashed !== undefined) {
    const err = crashed as Error;
    stderr.write(`ndbg: the TUI crashed: ${err?.stack ?? String(crashed)}\n`);
    return 1;
  }
  return store.state.exitCode ?? 0;
}
