// `ndbg [options] script.py [args...]` / `ndbg [options] -m module [args...]`.
// Parses arguments like pdb (options stop at the script), builds the session
// (command layer + engine) and hands it to a front end: the Ink TUI when
// stdin and stdout are terminals, the pdb-identical line REPL otherwise.

import { readFileSync, statSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createSession, type SessionOptions } from './commands/session.js';
import { UserError } from './engine/errors.js';
import { runLineRepl, type Sink } from './repl/line.js';

export interface CliOptions {
  engine: 'python' | 'neural';
  python?: string;
  commands: string[];
  module: boolean;
  target?: string;
  args: string[];
  json: boolean;
  record?: string;
  play?: string;
  typingSpeed?: number;
  model?: string;
  device?: 'auto' | 'cpu' | 'cuda' | 'webgpu';
  help: boolean;
  version: boolean;
}

export const USAGE = `usage: ndbg [options] script.py [args ...]
       ndbg [options] -m module [args ...]

Debug a Python program with pdb's commands, plus reverse execution.

options:
  -c, --command CMD     run CMD at the first stop, as 'python3 -m pdb -c' (repeatable)
  -m MODULE             debug a module, like 'python3 -m MODULE'
  --engine ENGINE       'python' (run the real CPython under pdb) or 'neural'
                        (predict execution with the model); default: python
  --python PATH         Python interpreter for the python engine (default: python3)
  --json                print one JSON object per event on stdout (docs/json.md)
  --record FILE.cast    record the session as an asciinema cast
  --play FILE           type the commands in FILE (TUI: as a demo at --typing-speed)
  --typing-speed N      characters per second for --play (default 20)
  --model DIR           neural engine: model directory
  --device DEV          neural engine: auto, cpu, cuda or webgpu
  -h, --help            show this help and exit
  -V, --version         print the version and exit

Reverse execution (not in pdb): rs/reverse-step, rn/reverse-next,
rc/reverse-continue, reverse-finish. All other commands are pdb's.
`;

const WITH_VALUE = new Set([
  '-c',
  '--command',
  '--engine',
  '--python',
  '--record',
  '--play',
  '--typing-speed',
  '--model',
  '--device',
]);

function usageError(msg: string): UserError {
  return new UserError(`ndbg: ${msg}\nRun 'ndbg --help' for usage.`, 2);
}

export function parseArgs(argv: string[]): CliOptions {
  const o: CliOptions = {
    engine: 'python',
    commands: [],
    module: false,
    args: [],
    json: false,
    help: false,
    version: false,
  };
  let i = 0;
  while (i < argv.length) {
    let arg = argv[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') break;
    let value: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    } else if (/^-c./.test(arg)) {
      value = arg.slice(2); // -cCMD, as getopt allows
      arg = '-c';
    }
    if (WITH_VALUE.has(arg) && value === undefined) {
      if (i + 1 >= argv.length) throw usageError(`option ${arg} needs a value`);
      value = argv[++i];
    }
    i++;
    switch (arg) {
      case '-h':
      case '--help':
        o.help = true;
        break;
      case '-V':
      case '--version':
        o.version = true;
        break;
      case '-c':
      case '--command':
        o.commands.push(value!);
        break;
      case '-m':
        o.module = true;
        if (i >= argv.length) throw usageError('-m needs a module name');
        o.target = argv[i++];
        o.args = argv.slice(i);
        return o;
      case '--engine':
        if (value !== 'python' && value !== 'neural')
          throw usageError(`unknown engine '${value}' (use 'python' or 'neural')`);
        o.engine = value;
        break;
      case '--python':
        o.python = value;
        break;
      case '--json':
        o.json = true;
        break;
      case '--record':
        o.record = value;
        break;
      case '--play':
        o.play = value;
        break;
      case '--typing-speed': {
        const n = Number(value);
        if (!Number.isFinite(n) || n <= 0) throw usageError(`--typing-speed needs a positive number, not '${value}'`);
        o.typingSpeed = n;
        break;
      }
      case '--model':
        o.model = value;
        break;
      case '--device':
        if (!['auto', 'cpu', 'cuda', 'webgpu'].includes(value!))
          throw usageError(`unknown device '${value}' (use auto, cpu, cuda or webgpu)`);
        o.device = value as CliOptions['device'];
        break;
      default:
        throw usageError(`unknown option '${arg}'`);
    }
  }
  if (i < argv.length) {
    o.target = argv[i];
    o.args = argv.slice(i + 1);
  }
  return o;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Problems pdb would report less clearly (or with a traceback). */
function checkTarget(o: CliOptions): void {
  if (o.module || !o.target) return;
  let st;
  try {
    st = statSync(o.target);
  } catch {
    return; // pdb itself says "Error: x does not exist" (exit 1)
  }
  // pdb >= 3.11 says exactly this; older ones crash with a traceback.
  if (st.isDirectory()) throw new UserError(`Error: ${o.target} is a directory`);
}

async function lineSink(o: CliOptions): Promise<{ write: Sink; close: () => Promise<void> }> {
  const out: Sink = (data, stream) => {
    (stream === 'stderr' ? process.stderr : process.stdout).write(data);
  };
  if (!o.record) return { write: out, close: async () => {} };
  let cast: { write(data: string): void; close(): Promise<void> };
  try {
    const mod = (await import('./repl/cast.js' as string)) as {
      createCastWriter: (
        path: string,
        opts: { width: number; height: number; title: string },
      ) => typeof cast;
    };
    cast = mod.createCastWriter(o.record, {
      width: process.stdout.columns || 80,
      height: process.stdout.rows || 24,
      title: title(o),
    });
  } catch (err) {
    throw new UserError(`ndbg: cannot record to '${o.record}': ${(err as Error).message}`);
  }
  return {
    write: (data, stream) => {
      out(data, stream);
      // A terminal shows \n as a new line only with \r before it.
      cast.write(data.replace(/\r?\n/g, '\r\n'));
    },
    close: () => cast.close(),
  };
}

function title(o: CliOptions): string {
  return `ndbg ${o.module ? '-m ' : ''}${o.target ?? ''}`.trim();
}

export async function main(argv: string[]): Promise<number> {
  const o = parseArgs(argv);
  if (o.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (o.version) {
    process.stdout.write(`ndbg ${version()}\n`);
    return 0;
  }
  if (!o.target) throw usageError('no script given (ndbg script.py, or ndbg -m module)');
  checkTarget(o);
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY) && !o.json;
  const options: SessionOptions = {
    engine: o.engine,
    target: o.target,
    module: o.module,
    args: o.args,
    commands: o.commands,
    python: o.python,
    withLocals: interactive || o.json,
    model: o.model,
    device: o.device,
  };
  const session = createSession(options);

  if (interactive) {
    type Tui = {
      runTui: (
        engine: typeof session,
        opts: { record?: string; play?: string; typingSpeed?: number; title: string },
      ) => Promise<number | void>;
    };
    let tui: Tui | undefined;
    try {
      tui = (await import('./repl/tui/index.js' as string)) as Tui;
    } catch {
      tui = undefined; // no TUI in this build: the line REPL works on terminals too
    }
    if (tui?.runTui) {
      const code = await tui.runTui(session, {
        record: o.record,
        play: o.play,
        typingSpeed: o.typingSpeed,
        title: title(o),
      });
      return typeof code === 'number' ? code : 0;
    }
  }

  const sink = await lineSink(o);
  const input: Readable = o.play ? createReadStream(o.play) : process.stdin;
  // Ctrl-C goes to the program (pdb stops it at a prompt), not to ndbg.
  const onSigint = () => session.interrupt();
  process.on('SIGINT', onSigint);
  try {
    return await runLineRepl(session, { input, write: sink.write, json: o.json });
  } finally {
    process.off('SIGINT', onSigint);
    await sink.close();
  }
}

/** Entry point used by bin/ndbg.js: never lets a Node stack trace out. */
export async function run(argv: string[]): Promise<void> {
  process.stdout.on('error', () => process.exit(0)); // reader went away (EPIPE)
  let code: number;
  try {
    code = await main(argv);
  } catch (err) {
    if (err instanceof UserError) {
      process.stderr.write(`${err.message}\n`);
      code = err.exitCode;
    } else {
      const e = err as Error;
      process.stderr.write(
        `ndbg: internal error: ${e?.message ?? String(err)}\n` +
          'Please report it with the command you ran (NDBG_DEBUG=1 shows details).\n',
      );
      if (process.env.NDBG_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
      code = 70;
    }
  }
  process.exitCode = code;
  // stdin may still be open (pdb quit before reading it all): do not wait for it.
  process.stdin.destroy();
}
