// The one interface both engines (python: real CPython under pdb; neural: a model
// that predicts each frame) implement and both front ends (line REPL, Ink TUI)
// consume. Data flows one way: front end -> command layer -> engine -> events ->
// front end. An engine never prints; it emits events in the order things happened.

import type { ModelAction, ValueOrigin } from '../model/types.js';

export type { ValueOrigin } from '../model/types.js';

export type EventKind = 'call' | 'line' | 'return' | 'exception';

/** One frame of the debuggee's stack. */
export interface Frame {
  /** Absolute path of the source file, as pdb prints it. */
  file: string;
  /** 1-based source line being executed in this frame. */
  line: number;
  /** Function name as pdb prints it (`<module>` for module level). */
  func: string;
  /**
   * The frame's locals: name -> repr string. A program object's attributes follow it
   * as entries `name.attr` (docs/format.md, "Objects"; `--json` moves them to `attributes`).
   */
  locals: Record<string, string>;
  /** `--json` only: the attribute entries of `locals`, per local, keyed by the path below it (docs/json.md). */
  attributes?: Record<string, Record<string, string>>;
  /**
   * Python engine only: the names of `locals` that a trace state of this frame
   * leaves out (module and class bodies: functions, classes, modules, dunders;
   * what pdb adds). The bridge applies the tracer's own rule
   * (python/ndbg/bridge/shown.py), so `--verify` compares like with like.
   */
  hidden?: string[];
  /**
   * Neural engine only: confidence in [0, 1] of each predicted local's value
   * (from token probabilities). Absent for the python engine (certain).
   */
  confidence?: Record<string, number>;
  /**
   * Neural engine only, on the stopped frame: where the model was unsure of a value
   * (confidence below 0.6), the runner-up values and their probabilities, most likely
   * first; keyed by local name, and `<retval>` for the return value.
   */
  alternatives?: Record<string, Array<{ value: string; p: number }>>;
  /**
   * Where each value of the frame comes from (ValueOrigin): keyed by local name, and
   * on the stopped frame `<retval>`, `<exception>` and `<stdout>` (the output written
   * on the way here) when the stop has them. Python engine: `real` on the stopped
   * frame; neural engine: `computed`, `predicted` or `checked` for every local of a
   * program frame.
   */
  origin?: Record<string, ValueOrigin>;
}

/** The program stopped at a prompt. */
export interface StopEvent {
  type: 'stop';
  event: EventKind;
  /** Outermost first; the last frame is where execution is. */
  frames: Frame[];
  /** Index into `frames` of the frame selected for p/u/d (pdb's curindex). */
  selected: number;
  /** Return value, for `return` events (repr). */
  retval?: string;
  /** Exception, for `exception` events and post-mortem: `Type: message`. */
  exception?: string;
  /** True when stopped in post-mortem after an uncaught exception. */
  postMortem?: boolean;
  /** Neural engine only: how the frame was obtained and how long it took. */
  latencyMs?: number;
  /**
   * Neural engine only: the command's own prediction failed and this stop was
   * reached another way (a shorter step, single steps instead of a jump); what
   * happened, in words.
   */
  fallback?: string;
  /**
   * The index of this state's trace event in the current run (1-based; every
   * call/line/return/exception event counts). Python engine only; absent after
   * `continue` without breakpoints (the program ran untraced, as under pdb) until
   * a reverse command has replayed the run up to here.
   */
  index?: number;
  /**
   * True when this re-describes the stop already reported (another selected
   * frame after `u`/`d`, or locals changed by an edit such as `!x = 1`): the
   * program did not move.
   */
  refresh?: boolean;
  /** Neural engine, at a call reached backwards from a return (`rs`, `reverse-finish`): how its arguments were checked. */
  check?: CallCheck;
  /** `--verify` only: how this predicted stop compares with the real one. */
  verify?: VerifyInfo;
  /**
   * True when the frames were predicted by the neural engine's model, not read
   * from a running program (every neural stop, edits and refreshes included).
   * Absent for the python engine.
   */
  predicted?: boolean;
}

/**
 * Generate and check, for a call predicted backwards from a return (inverse
 * execution): whether the evaluator, running the function forward on the model's
 * candidates, found one that returns the given value (src/engine/neural/checked.ts).
 */
export interface CallCheck {
  /** `checked`: candidate `rank` ran forward to the given return value; `predicted`: none did, the model's best stands. */
  origin: 'checked' | 'predicted';
  /** Candidates looked at (the model's best first), and how many of them the evaluator could run forward. */
  candidates: number;
  computed: number;
  /** `checked`: which candidate (1: the model's best). */
  rank?: number;
  /** `predicted`, when the evaluator ran the model's best forward: the value it returns instead. */
  returns?: string;
  /** One line for people: what was checked and how it came out. */
  note: string;
}

/** A predicted value next to the real one (reprs; null: absent on that side). */
export interface VerifyPair {
  predicted: string | number | null;
  real: string | number | null;
}

export interface VerifyInfo {
  /** True when event, line, function, stack, every local and the return value agree. */
  exact: boolean;
  line?: VerifyPair;
  event?: VerifyPair;
  func?: VerifyPair;
  /** The callers of the stopped frame (`func:line` each, outermost first, joined by ` > `), when they differ. */
  stack?: VerifyPair;
  /** Only the locals that differ. */
  locals?: Record<string, VerifyPair>;
  retval?: VerifyPair;
  /** What the program wrote on the way, when it differs. */
  stdout?: VerifyPair;
  /** The real stop, as the python engine reported it (bottom program frame). */
  real?: {
    event: string;
    line: number | null;
    func: string | null;
    locals: Record<string, string>;
    retval?: string;
    /** The real program frames, outermost first (the stack the Stack pane should mark against). */
    frames?: Array<{ func: string; line: number }>;
  };
}

/**
 * Text, in the order it was written. `stdout` / `stderr`: the program's own
 * output (predicted, for the neural engine); `debugger`: pdb's own output
 * (locations, values, errors, pdb's messages such as "The program finished and
 * will be restarted"); `ndbg`: ndbg's diagnostics (model notes and warnings,
 * `--verify` lines), never the program's or pdb's. Line mode prints `ndbg` text
 * on stderr.
 */
export interface TextEvent {
  type: 'text';
  stream: 'stdout' | 'stderr' | 'debugger' | 'ndbg';
  data: string;
  /**
   * What debugger text is, when it is one of these (absent: anything else):
   * `error`, an error message (pdb's `error()`: `*** ...`); `location`, where
   * the program is, printed after a stop or a move of the selected frame (pdb's
   * `> file(line)func()` and `-> source` lines; not `where`'s listing). Front
   * ends render by it instead of matching the text.
   */
  kind?: 'error' | 'location';
}

/** The engine waits for the next command line; `prompt` is what pdb prints. */
export interface PromptEvent {
  type: 'prompt';
  prompt: string;
}

/** The debuggee reads a line of stdin (input(), sys.stdin.readline()). */
export interface InputRequestEvent {
  type: 'input';
}

/** The result of one command that is not a stop (p, w, b, errors...). */
export interface ResultEvent {
  type: 'result';
  command: string;
  /** Text the command printed (already emitted as `text` events too). */
  output: string;
  ok: boolean;
}

/** One breakpoint, as bdb keeps it (`bdb.Breakpoint`). */
export interface BreakpointInfo {
  /** pdb's breakpoint number (1-based, never reused). */
  number: number;
  /** Absolute path, as pdb prints it. */
  file: string;
  line: number;
  /** For a breakpoint set on a function (`b func`): the function's name. */
  func?: string;
  /** The condition (`b 5, x > 3`, `condition 1 x > 3`), when there is one. */
  condition?: string;
  /** Times it was reached (counted as bdb counts: also when the condition or ignore count let it pass). */
  hits: number;
  /** How many more hits to pass over (`ignore`). */
  ignore: number;
  enabled: boolean;
  /** Deleted at its first stop (`tbreak`). */
  temporary: boolean;
  /** The command lines `commands N` attached to it, in order (`silent` and `end` are not kept). */
  commands?: string[];
}

/**
 * The breakpoint table changed (a command set, cleared, enabled, disabled it,
 * changed its condition, ignore count or commands; a stop counted a hit or
 * deleted a temporary one). Always the whole table, in number order; emitted
 * before the `command` or `stop` event of what changed it.
 */
export interface BreakpointsEvent {
  type: 'breakpoints';
  breakpoints: BreakpointInfo[];
}

/**
 * The outcome of one command the debugger ran (after alias expansion, one per
 * `;;` part, commands at the first stop and breakpoint commands included),
 * emitted when the command returns: after its text and its `result`, before
 * the `stop` (a refresh, or where the program got to) or `exit` it leads to.
 */
export interface CommandEvent {
  type: 'command';
  /** The command as the debugger ran it. */
  command: string;
  /** False when the command failed (it printed an error). */
  ok: boolean;
  /** When it failed: the (first) error message, without pdb's `*** `. */
  error?: string;
  /** True when it handed control back to the program (s, n, r, c, unt, run, a reverse command, q...). */
  resumed: boolean;
  /**
   * Variables of the selected frame the command bound (`!x = 5`, `x = 5`,
   * `!x += 1`): name -> repr of the new value. Absent when it bound none (and
   * in line mode, where locals are not reported, so no repr is computed).
   */
  edits?: Record<string, string>;
}

/**
 * The program starts again from the beginning in the same session: it ended
 * and pdb restarts it, or `run`/`restart`, or a replay diverged. Emitted before
 * anything of the new run (going back in time by replaying is not a restart).
 */
export interface RestartEvent {
  type: 'restart';
}

/**
 * The first event of a session: which engine answers, and for the neural
 * engine, which model and how often it is right on programs people wrote (the
 * model directory's measured.json). `predicted`: the stops are predictions, not a run.
 */
export interface EngineInfoEvent extends EngineInfo {
  type: 'engine';
  predicted: boolean;
  /** Neural engine: one line for people, saying the frames are predicted and how to get the real run. */
  notice?: string;
}

/** The debuggee process (or predicted program) ended; the session is over. */
export interface ExitEvent {
  type: 'exit';
  code: number;
  /** The signal that killed the debuggee, if one did (e.g. 'SIGKILL'). */
  signal?: string;
}

export type EngineEvent =
  | StopEvent
  | TextEvent
  | PromptEvent
  | InputRequestEvent
  | ResultEvent
  | BreakpointsEvent
  | CommandEvent
  | RestartEvent
  | ExitEvent
  | EngineInfoEvent;

/**
 * What a front end can ask an engine to do besides typing a command line: the
 * paper's actions as the model knows them (ModelAction, src/model/types.ts, defines
 * them once), a breakpoint's optional `file`, and `inv_continue`, which is no model
 * action: an engine answers it from the run's history (back to the previous
 * breakpoint hit, or the start).
 */
export type Action =
  | Exclude<ModelAction, { kind: 'breakpoint' }>
  | (Extract<ModelAction, { kind: 'breakpoint' }> & { file?: string })
  | { kind: 'inv_continue' };

/** The pdb command that performs each forward action; both engines map actions through it. */
export const PDB_COMMAND_OF_ACTION: Partial<Record<Action['kind'], string>> = {
  step_into: 'step',
  step_over: 'next',
  step_return: 'return',
  continue: 'continue',
};

/**
 * A value as a variables view shows it: its repr, its type and how many
 * children (items, keys, attributes) it opens into. From `Engine.evaluate`.
 */
export interface ValueView {
  /** repr, truncated like the locals of a stop event. */
  value: string;
  /** The type's name (`list`, `dict`, `Item`). */
  type: string;
  /** How many children it has (0: a leaf; for objects, the attributes shown). */
  size: number;
  /** Neural engine: the value is a prediction (never computed by running the program). */
  predicted?: boolean;
  /** Neural engine: confidence in [0, 1], when the value is a predicted local's. */
  confidence?: number;
}

/** One child of a value: an item of a sequence or set, a key of a mapping, an attribute. */
export interface ValueChild extends ValueView {
  /** What a tree shows as its name: `[0]`, `['key']`, `attr`. */
  name: string;
  /**
   * A Python expression for the child, valid in the same frame (`lst[0]`,
   * `d['k']`, `obj.attr`): the `expr` of the next `children` call, and what an
   * edit assigns to (`!lst[0] = 5`).
   */
  expr: string;
}

/** A page of a value's children (Engine.children). */
export interface ChildrenPage {
  /** The value itself. */
  parent: ValueView;
  /** Children `start .. start + children.length - 1` of `parent.size`. */
  start: number;
  children: ValueChild[];
}

/** Where an inspection looks: a frame of the last stop (index into its `frames`; default: the selected one). */
export interface InspectOptions {
  frame?: number;
}

/** An inspection's answer: the value, or why there is none (a NameError, a refusal...). */
export type Inspected<T> = { ok: true; result: T } | { ok: false; error: string };

export type Listener = (event: EngineEvent) => void;

export interface EngineInfo {
  name: 'python' | 'neural';
  /** Neural engine: model name and device (cpu / cuda / webgpu). */
  model?: string;
  device?: string;
  /** Neural engine: how often the model is right on programs people wrote (its directory's measured.json), when measured. */
  accuracy?: ModelAccuracy;
  /**
   * The version ('3.12.1') of the Python whose pdb reads the command lines (the
   * neural engine speaks like it); command words depend on it. Python engine:
   * known once the program has started.
   */
  python?: string;
}

/** A model's measured accuracy: next-state exact match, with what ndbg runs, on programs people wrote (scripts/runtime-card.py measured). */
export interface ModelAccuracy {
  /** Fraction (0-1) of next states predicted exactly, all actions, all sets. */
  exact: number;
  /** States it was measured on. */
  n: number;
  /** Programs they come from. */
  programs?: number;
  /** Exact-match fraction per action (step_into, step_over, breakpoint, ...). */
  perAction?: Record<string, number>;
  /** Each evaluation set (`evalsets/handwritten`, ...): its programs, states and exact-match fraction. */
  sets?: Array<{ set: string; programs: number; states: number; exact: number }>;
  /** When it was measured (YYYY-MM-DD), and the file read. */
  date?: string;
  source: string;
}

export interface Engine {
  readonly info: EngineInfo;
  /** Register a listener; events emitted before start() resolves are delivered. */
  on(listener: Listener): void;
  /** Start the session; resolves at the first prompt (or exit). */
  start(): Promise<void>;
  /**
   * Execute one command line exactly as typed (pdb syntax, no trailing newline).
   * Resolves when the engine is ready for the next line (prompt, input or exit).
   */
  command(line: string): Promise<void>;
  /** Answer an InputRequestEvent with a line for the debuggee (null = EOF). */
  input(line: string | null): Promise<void>;
  /** Perform a structured action; resolves like command(). */
  action(action: Action): Promise<void>;
  /**
   * Evaluate an expression in a frame of the current stop, quietly: no text, no
   * prompt, no change to the transcript or to the program's state that pdb's `p`
   * would not make (python engine: `eval` in the frame, like `p`; neural engine:
   * pyval over the predicted values, refusing what needs the program run). Only
   * while the engine waits at a prompt; otherwise `{ ok: false }`.
   */
  evaluate(expr: string, options?: InspectOptions): Promise<Inspected<ValueView>>;
  /**
   * The children of the value of `expr` (items, keys, attributes), `count`
   * of them from `start` (default: the first 100), quietly, like evaluate().
   * Variables trees (TUI, DAP) open containers and objects with it, lazily.
   */
  children(expr: string, options?: InspectOptions & { start?: number; count?: number }): Promise<Inspected<ChildrenPage>>;
  /** Interrupt a running program or a long prediction (Ctrl-C). */
  interrupt(): void;
  /** End the session and release the child process / model. */
  close(): Promise<void>;
}
