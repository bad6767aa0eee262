// `ndbg [options] script.py [args...]` / `ndbg [options] -m module [args...]`.
// Parses arguments like pdb (options stop at the script), builds the session
// (command layer + engine) and hands it to a front end: the Ink TUI when
// stdin and stdout are terminals, the pdb-identical line REPL otherwise.

import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs, readStdinOption, sessionOptions, usageError, USAGE, type CliOptions } from './cliArgs.js';
import { createSession } from './commands/session.js';
import type { SpawnedBridge } from './engine/spawnBridge.js';
import { UserError } from './engine/errors.js';
import { packageVersion } from './meta/version.js';
import { wireBytes } from './repl/bytes.js';
import { runLineRepl, type Sink } from './repl/line.js';

/** Problems pdb would report less clearly (or with a traceback). */
function checkTarget(o: CliOptions): void {
  if (o.module || !o.target) return;
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(o.target);
  } catch {
    return; // pdb itself says "Error: x does not exist" (exit 1)
  }
  // pdb >= 3.11 says exactly this, on stdout; older ones crash with a traceback.
  if (st.isDirectory()) throw new UserError(`Error: ${o.target} is a directory`, 1, 'stdout');
}

interface LineOutput {
  write: Sink;
  /** Typed lines, for the cast only (see LineReplOptions.echo). */
  echo?: (line: string) => void;
  close: () => Promise<void>;
}

async function lineOutput(o: CliOptions): Promise<LineOutput> {
  const out: Sink = (data, stream) => {
    (stream === 'stderr' ? process.stderr : process.stdout).write(wireBytes(data));
  };
  if (!o.record) return { write: out, close: async () => {} };
  let cast: { write(data: string): void; close(): Promise<void> };
  try {
    const mod = (await import('./repl/cast.js' as string)) as {
      createCastWriter: (path: string, opts: { width: number; height: number; title: string }) => typeof cast;
    };
    cast = mod.createCastWriter(o.record, {
      width: process.stdout.columns || 80,
      height: process.stdout.rows || 24,
      title: title(o),
    });
  } catch (err) {
    throw new UserError(`ndbg: cannot record to '${o.record}': ${(err as Error).message}`);
  }
  // A terminal shows \n as a new line only with \r before it.
  const crlf = (data: string) => data.replace(/\r?\n/g, '\r\n');
  return {
    write: (data, stream) => {
      out(data, stream);
      cast.write(crlf(data));
    },
    echo: (line) => cast.write(crlf(line)),
    close: () => cast.close(),
  };
}

/** The line front end's input: stdin, or the commands of a --play script. */
async function lineInput(o: CliOptions): Promise<Readable> {
  if (!o.play) return process.stdin;
  let text: string;
  try {
    text = readFileSync(o.play, 'utf8');
  } catch (err) {
    throw new UserError(`ndbg: cannot read --play script '${o.play}': ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
  const { parsePlayScript } = (await import('./repl/play.js' as string)) as {
    parsePlayScript: (t: string) => Array<{ kind: string; text?: string; enter?: boolean }>;
  };
  // Without a screen, only what is typed matters: keys and pauses are the TUI's.
  const lines = parsePlayScript(text)
    .filter((s) => s.kind === 'type')
    .map((s) => `${s.text}${s.enter ? '\n' : ''}`);
  return Readable.from([lines.join('')]);
}

export function isInteractive(o: CliOptions): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY) && !o.json;
}

function title(o: CliOptions): string {
  return `ndbg ${o.module ? '-m ' : ''}${o.target ?? ''}`.trim();
}

export async function main(argv: string[], spawned?: SpawnedBridge): Promise<number> {
  if (argv[0] === 'eval') {
    const { runEval } = await import('./eval/index.js');
    return runEval(argv.slice(1));
  }
  if (argv[0] === 'dap') {
    const { runDap } = await import('./dap/index.js');
    return runDap(argv.slice(1));
  }
  if (argv[0] === 'mcp') {
    const { runMcp } = await import('./mcp/index.js');
    return runMcp(argv.slice(1));
  }
  const o = parseArgs(argv);
  if (o.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (o.version) {
    process.stdout.write(`ndbg ${packageVersion()}\n`);
    return 0;
  }
  if (!o.target) throw usageError('no script given (ndbg script.py, or ndbg -m module)');
  checkTarget(o);
  const interactive = isInteractive(o);
  const stdin = readStdinOption(o);
  const session = createSession({ ...sessionOptions(o, interactive), stdin, spawned });

  if (interactive) {
    type Tui = {
      runTui: (
        engine: typeof session,
        opts: { record?: string; play?: string; typingSpeed?: number; title: string; startFile?: string },
      ) => Promise<number | void>;
    };
    let tui: Tui | undefined;
    try {
      tui = (await import('./repl/tui/index.js' as string)) as Tui;
    } catch (err) {
      // Not silent: the user asked for a screen and gets the line REPL instead.
      const e = err as Error;
      process.stderr.write(
        `ndbg: the full-screen TUI could not be loaded (${e?.message ?? String(err)}); ` +
          'continuing in line mode. Reinstall ndbg to fix it; NDBG_DEBUG=1 shows details.\n',
      );
      if (process.env.NDBG_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
      tui = undefined;
    }
    if (tui?.runTui) {
      const code = await tui.runTui(session, {
        record: o.record,
        play: o.play,
        typingSpeed: o.typingSpeed,
        title: title(o),
        startFile: o.module ? undefined : resolve(o.target),
      });
      return typeof code === 'number' ? code : 0;
    }
  }

  const sink = await lineOutput(o);
  const input = await lineInput(o);
  lineSession = true;
  // Ctrl-C goes to the program (pdb stops it at a prompt), not to ndbg.
  const onSigint = () => session.interrupt();
  process.on('SIGINT', onSigint);
  try {
    return await runLineRepl(session, { input, write: sink.write, echo: sink.echo, json: o.json });
  } finally {
    process.off('SIGINT', onSigint);
    await sink.close();
  }
}

/** Set by a line-mode session: once it is over, nothing is left to wait for. */
let lineSession = false;

/**
 * Exit as soon as stdout and stderr have taken everything: a line-mode session
 * has closed its engine and its output by then, and Node's own teardown of a
 * loaded heap (its natural exit) costs the user a few milliseconds for nothing.
 */
function exitWhenFlushed(code: number): void {
  const pending = [process.stdout, process.stderr].filter((s) => s.writableLength > 0);
  if (!pending.length) process.exit(code);
  void Promise.all(pending.map((s) => new Promise((r) => s.once('drain', r)))).then(() => process.exit(code));
}

/** Entry point used by bin/ndbg.js: never lets a Node stack trace out. */
export async function run(argv: string[], spawned?: SpawnedBridge): Promise<void> {
  process.stdout.on('error', () => process.exit(0)); // reader went away (EPIPE)
  let code: number;
  try {
    code = await main(argv, spawned);
  } catch (err) {
    if (err instanceof UserError) {
      (err.stream === 'stdout' ? process.stdout : process.stderr).write(`${err.message}\n`);
      code = err.exitCode;
    } else {
      const e = err as Error;
      process.stderr.write(
        `ndbg: internal error: ${e?.message ?? String(err)}\n` + 'Please report it with the command you ran (NDBG_DEBUG=1 shows details).\n',
      );
      if (process.env.NDBG_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
      code = 70;
    }
  }
  // A bridge started early for a session that never began would keep ndbg alive.
  if (code !== 0 && spawned && !spawned.closed) spawned.kill('SIGKILL');
  process.exitCode = code;
  // stdin may still be open (pdb quit before reading it all): do not wait for it.
  process.stdin.destroy();
  if (lineSession) exitWhenFlushed(code);
}
