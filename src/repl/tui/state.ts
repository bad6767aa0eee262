// The TUI's one piece of state: what every pane draws from, and its value before
// the first event. Plain data, no behaviour: selectors (selectors.ts) derive
// views from it, and the store (store.ts) is the one place that holds it.
import type { EngineInfo, Frame, StopEvent, VerifyInfo, VerifyPair } from '../../engine/engine.js';
import type { Breakpoint } from './breakpoints.js';
import { NOT_WALKING, type HistoryCursor } from './historyNav.js';
import { computeLayout, type Layout } from './layout.js';
import type { TreeNode } from './varTree.js';
import type { Watch } from './watches.js';

export type Focus = 'command' | 'source' | 'variables' | 'stack' | 'breakpoints' | 'console' | 'output';
/** Tab order. */
export const FOCUS_ORDER: Focus[] = ['command', 'source', 'variables', 'stack', 'breakpoints', 'console', 'output'];

export type ProgramState = 'starting' | 'running' | 'stopped' | 'post-mortem' | 'finished';

export type LineKind = 'command' | 'debugger' | 'error' | 'info' | 'stdout' | 'stderr';
export interface TextLine {
  text: string;
  kind: LineKind;
}

export interface VarEdit {
  name: string;
  text: string;
  cursor: number;
}

export interface State {
  cols: number;
  rows: number;
  layout: Layout;
  title: string;
  /** Paths under this directory are shown relative to it. */
  cwd: string;
  /** Show `at 0x7f..` addresses in reprs as `at 0x…` (--play). */
  maskAddresses: boolean;
  info: EngineInfo;
  /** The engine's stops are predictions (its `engine` event said so, or a stop did): the panes say 'predicted'. */
  predicted: boolean;
  /** The engine's notice went to the console already (it is shown once). */
  noticeShown: boolean;
  stop?: StopEvent;
  /** The script, shown in the source pane until the first stop says where the program is (the engine may take a while to start). */
  startFile?: string;
  /** Frames of the stop before the last one that moved, for "changed" marks. */
  prevFrames: Frame[];
  selected: number;
  /** Values set from the TUI since the last stop (shown until the next one). */
  edited: Readonly<Record<string, string>>;
  program: ProgramState;
  exitCode?: number;
  latencyMs?: number;
  showLatency: boolean;
  /**
   * Transcript and program output. Appended in place (a flood of output must not
   * copy thousands of lines per line); the revision numbers say they changed.
   */
  console: readonly TextLine[];
  consoleRev: number;
  consoleScroll: number;
  output: readonly TextLine[];
  outputRev: number;
  outputScroll: number;
  breakpoints: readonly Breakpoint[];
  focus: Focus;
  prompt: string;
  input: string;
  cursor: number;
  /** Where Up/Down are in the command history. */
  history: HistoryCursor;
  awaitingInput: boolean;
  busy: boolean;
  pending: readonly string[];
  sourceTop: number;
  sourceCursor: number;
  varSel: number;
  showDunder: boolean;
  /** Variables pane shows the module's globals instead of the frame's locals. */
  showGlobals: boolean;
  expanded: ReadonlySet<string>;
  varEdit?: VarEdit;
  /** A child of the variables tree set from its editor: the command sent, and the row it marks once the engine says it ran. */
  childEdit?: { command: string; key: string };
  stackSel: number;
  /** The Stack pane lists the debugger's own frames too (bdb's run(), `<string>`). */
  showAllFrames: boolean;
  bpSel: number;
  message?: string;
  /**
   * A yes/no question the TUI asks itself before sending a command (bare `cl`:
   * "Clear all breaks? "), answered on the command line; `line` is sent on yes.
   */
  confirm?: { question: string; line: string };
  /** The variables tree: fetched children by expression (varTree.ts). */
  tree: ReadonlyMap<string, TreeNode>;
  /** Expressions open in the tree (kept across stops, like PuDB). */
  open: ReadonlySet<string>;
  /** Watch expressions, in the order added (listed first in the Variables pane). */
  watches: readonly Watch[];
  /** Stops that moved so far: a watch's change is shown against its value at the one before. */
  stopSeq: number;
  /** Quiet inspections (watches, the variables tree) are under way after a command. */
  inspecting: boolean;
  /** The help overlay is open, scrolled to this row (F1, `?`, `h`). */
  helpTop?: number;
  /** q was given: the session is ending (the hint says so, not "running"). */
  quitting: boolean;
  done: boolean;
  /**
   * `--verify`: how the current stop's prediction compared with the real one
   * (kept while u/d/edits re-describe the same stop).
   */
  verify?: VerifyInfo;
  /** `--verify`: stops compared and stops exact in this session (absent without --verify). */
  verifyScore?: { compared: number; exact: number };
}

/** What `--verify` marks in the panes for the frame on show. */
export interface VerifyView {
  /** Locals (and `<return>`) whose prediction differed: predicted and real reprs. */
  locals: Readonly<Record<string, VerifyPair>>;
  /** The real line, when the predicted one differs and the real one is in the same file. */
  realLine?: number;
  /** For the source header: `predicted 7, real 8`. */
  lineNote?: string;
}

export interface Variable {
  name: string;
  value: string;
  special?: boolean;
  /** `--verify`: a real local the prediction lacks (value shown as `—`). */
  absent?: boolean;
  /** The stop shows attributes of it (`cart.items`, docs/format.md "Objects"): it opens, whatever its repr. */
  attributes?: boolean;
}

export interface InitialOptions {
  title: string;
  cols: number;
  rows: number;
  cwd: string;
  info: EngineInfo;
  showLatency: boolean;
  maskAddresses: boolean;
  startFile?: string;
  /** The transcript and output buffers (appended in place by the store). */
  console: readonly TextLine[];
  output: readonly TextLine[];
}

/** The state before the engine has said anything: starting, busy, nothing shown. */
export function initialState(o: InitialOptions): State {
  return {
    cols: o.cols,
    rows: o.rows,
    layout: computeLayout(o.cols, o.rows),
    title: o.title,
    cwd: o.cwd,
    maskAddresses: o.maskAddresses,
    startFile: o.startFile,
    info: o.info,
    predicted: false,
    noticeShown: false,
    prevFrames: [],
    selected: 0,
    edited: {},
    program: 'starting',
    showLatency: o.showLatency,
    console: o.console,
    consoleRev: 0,
    consoleScroll: 0,
    output: o.output,
    outputRev: 0,
    outputScroll: 0,
    breakpoints: [],
    focus: 'command',
    prompt: '(Pdb) ',
    input: '',
    cursor: 0,
    history: NOT_WALKING,
    awaitingInput: false,
    busy: true,
    pending: [],
    sourceTop: 1,
    sourceCursor: 1,
    varSel: 0,
    showDunder: false,
    showGlobals: false,
    expanded: new Set(),
    stackSel: 0,
    showAllFrames: false,
    bpSel: 0,
    quitting: false,
    tree: new Map(),
    open: new Set(),
    watches: [],
    stopSeq: 0,
    inspecting: false,
    done: false,
  };
}
