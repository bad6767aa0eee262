// Command-line arguments, parsed like pdb's (options stop at the script).
// Kept free of heavy imports: bin/ndbg.js parses them before the rest of ndbg
// has loaded, to start Python early.

import { readFileSync } from 'node:fs';
import type { SessionOptions } from './commands/session.js';
import { UserError } from './engine/errors.js';

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
  /** The program's stdin, read from this file (both engines). */
  stdin?: string;
  /** neural engine: compare with the python engine in lockstep. */
  verify?: boolean;
  /** neural engine: constrained decoding (--no-constrain: false). */
  constrain?: boolean;
  /** neural engine: `c` with breakpoints as the model's jump or chained single steps. */
  jump?: 'step' | 'rollout';
  /** neural engine: start at the return of this function (with --value). */
  atReturn?: string;
  value?: string;
  help: boolean;
  version: boolean;
}

export const USAGE = `usage: ndbg [options] script.py [args ...]
       ndbg [options] -m module [args ...]
       ndbg eval cruxeval|traces --data PATH [...]   (ndbg eval --help)
       ndbg mcp                                      (MCP server on stdio; docs/mcp.md)
       ndbg dap                                      (Debug Adapter Protocol on stdio, for editors; docs/dap.md)

Debug a Python program with pdb's commands, plus reverse execution.

options:
  -c, --command CMD     run CMD at the first stop, as 'python3 -m pdb -c' (repeatable)
  -m MODULE             debug a module, like 'python3 -m MODULE'
  --engine ENGINE       'python' (run the real CPython under pdb) or 'neural'
                        (predict execution with the model); default: neural
  --python PATH         Python interpreter for the python engine (default: python3)
  --json                print one JSON object per event on stdout (docs/json.md)
  --stdin FILE          the program's stdin: its input() reads FILE's lines, then EOF
                        (python engine: instead of asking; neural: the model reads it)
  --record FILE.cast    record the session as an asciinema cast
  --play FILE           type the commands in FILE (TUI: as a demo at --typing-speed)
  --typing-speed N      characters per second for --play (default 20)
  --model DIR           neural engine: model directory
  --device DEV          neural engine: auto, cpu, cuda or webgpu
  --no-constrain        neural engine: decode without the grammar and control-flow constraints
  --jump MODE           neural engine: 'c' with breakpoints as one predicted jump ('step',
                        default) or as single steps checked one by one ('rollout')
  --at-return FUNC --value REPR
                        neural engine: start at FUNC's return of REPR; 'rs' and
                        'reverse-finish' predict how it got there
  --verify              neural engine: also run the program under pdb and mark every
                        predicted value that differs from the real one (runs the program)
  -h, --help            show this help and exit
  -V, --version         print the version and exit

Reverse execution (not in pdb): rs/reverse-step, rn/reverse-next,
rc/reverse-continue, reverse-finish. All other commands are pdb's.
`;

/** Options that take a value (bin/ndbg skips the same ones looking for --engine and --python). */
export const WITH_VALUE = new Set([
  '-c',
  '--command',
  '--engine',
  '--python',
  '--record',
  '--play',
  '--typing-speed',
  '--model',
  '--device',
  '--jump',
  '--at-return',
  '--value',
  '--stdin',
]);

export function usageError(msg: string): UserError {
  return new UserError(`ndbg: ${msg}\nRun 'ndbg --help' for usage.`, 2);
}

export function parseArgs(argv: string[]): CliOptions {
  const o: CliOptions = {
    engine: 'neural',
    commands: [],
    module: false,
    args: [],
    json: false,
    help: false,
    version: false,
  };
  let i = 0;
  let engineGiven = false;
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
        checkNeuralOptions(o, engineGiven);
        return o;
      case '--engine':
        if (value !== 'python' && value !== 'neural') throw usageError(`unknown engine '${value}' (use 'python' or 'neural')`);
        o.engine = value;
        engineGiven = true;
        break;
      case '--python':
        o.python = value;
        break;
      case '--json':
        o.json = true;
        break;
      case '--stdin':
        o.stdin = value;
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
        if (!['auto', 'cpu', 'cuda', 'webgpu'].includes(value!)) throw usageError(`unknown device '${value}' (use auto, cpu, cuda or webgpu)`);
        o.device = value as CliOptions['device'];
        break;
      case '--verify':
        o.verify = true;
        break;
      case '--no-constrain':
        o.constrain = false;
        break;
      case '--jump':
        if (value !== 'step' && value !== 'rollout') throw usageError(`--jump is 'step' or 'rollout', not '${value}'`);
        o.jump = value;
        break;
      case '--at-return':
        o.atReturn = value;
        break;
      case '--value':
        o.value = value;
        break;
      default:
        throw usageError(`unknown option '${arg}'`);
    }
  }
  if (i < argv.length) {
    o.target = argv[i];
    o.args = argv.slice(i + 1);
  }
  checkNeuralOptions(o, engineGiven);
  return o;
}

/** The neural engine's options: they select it, and make no sense with the python engine. */
function checkNeuralOptions(o: CliOptions, engineGiven: boolean): void {
  if ((o.atReturn === undefined) !== (o.value === undefined)) throw usageError('--at-return FUNC and --value REPR go together');
  const neuralOnly = [o.verify && '--verify', o.constrain === false && '--no-constrain', o.jump && '--jump', o.atReturn !== undefined && '--at-return'].filter(
    Boolean,
  );
  if (!neuralOnly.length) return;
  if (engineGiven && o.engine === 'python') {
    throw usageError(`${neuralOnly[0]} is for the neural engine, not '--engine python'`);
  }
  o.engine = 'neural';
}

/** What the session is created with, for these arguments. */
export function sessionOptions(o: CliOptions, interactive: boolean): SessionOptions {
  return {
    engine: o.engine,
    target: o.target!,
    module: o.module,
    args: o.args,
    commands: o.commands,
    python: o.python,
    // Locals cost a repr per variable per stop (and reprs may run program
    // code): only the TUI and --json show them.
    withLocals: interactive || o.json,
    // pdb's stdout is block-buffered when it is not a terminal; when ndbg only
    // prints the text, the bridge's can be too (a frame per block, not per line).
    blockStdout: !interactive && !o.json && !o.record && !process.stdout.isTTY,
    model: o.model,
    device: o.device,
    constrain: o.constrain,
    jump: o.jump,
    verify: o.verify,
    atReturn: o.atReturn !== undefined ? { func: o.atReturn, value: o.value! } : undefined,
  };
}

/** The text of --stdin FILE (undefined without the option). */
export function readStdinOption(o: CliOptions): string | undefined {
  if (o.stdin === undefined) return undefined;
  try {
    return readFileSync(o.stdin, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new UserError(`ndbg: cannot read --stdin file '${o.stdin}' (${code}): give a readable text file`, 2);
  }
}
