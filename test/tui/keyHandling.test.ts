import { describe, expect, it } from 'vitest';
import type { Frame } from '../../src/engine/engine.js';
import type { Breakpoint } from '../../src/repl/tui/breakpoints.js';
import { keyEffects, type Effect, type KeyContext } from '../../src/repl/tui/keyHandling.js';
import type { Key } from '../../src/repl/tui/keys.js';
import { initialState, type State } from '../../src/repl/tui/state.js';

const F = '/p/demo.py';
const mod: Frame = { file: F, line: 16, func: '<module>', locals: { g: '1' } };
const main: Frame = { file: F, line: 11, func: 'main', locals: { data: '[3, 1, 4]' } };
const total: Frame = { file: F, line: 4, func: 'total', locals: { items: '[3, 1, 4]', acc: '3', x: '1' } };
const bp = (number: number, line: number, more: Partial<Breakpoint> = {}): Breakpoint => ({
  number,
  file: F,
  line,
  hits: 0,
  ignore: 0,
  enabled: true,
  temporary: false,
  ...more,
});

const ctx: KeyContext = { history: ['p x', 's'], fileLength: () => 16 };

/** Stopped in total (innermost of three frames), the command line focused. */
function state(more: Partial<State> = {}): State {
  const s = initialState({
    title: 't',
    cols: 100,
    rows: 30,
    cwd: '/p',
    info: { name: 'python' },
    showLatency: false,
    maskAddresses: false,
    console: [],
    output: [],
  });
  return {
    ...s,
    stop: { type: 'stop', event: 'line', frames: [mod, main, total], selected: 2 },
    selected: 2,
    program: 'stopped',
    busy: false,
    sourceCursor: 4,
    ...more,
  };
}
const key = (name: string, text?: string): Key => (text === undefined ? { name } : { name, text });
const text = (t: string) => key('text', t);
const run = (line: string, fromKey = true): Effect => ({ kind: 'submit', line, fromKey });
const set = (patch: Partial<State>): Effect => ({ kind: 'set', patch });

describe('keyEffects: everywhere', () => {
  it('sends debugger commands from F-keys and Alt+key, marked as keys (not history)', () => {
    expect(keyEffects(state(), key('f5'), ctx)).toEqual([run('c')]);
    expect(keyEffects(state(), key('alt-S'), ctx)).toEqual([run('rs')]);
    expect(keyEffects(state({ focus: 'variables' }), key('f7'), ctx)).toEqual([run('s')]);
  });

  it('clears a message first, interrupts on Ctrl-C, redraws on Ctrl-L, does nothing once done', () => {
    expect(keyEffects(state({ message: 'hi' }), key('ctrl-c'), ctx)).toEqual([set({ message: undefined }), { kind: 'interrupt' }]);
    expect(keyEffects(state(), key('ctrl-l'), ctx)).toEqual([{ kind: 'redraw' }]);
    expect(keyEffects(state({ done: true }), key('f5'), ctx)).toEqual([]);
  });

  it('toggles the breakpoint at the source cursor with F9', () => {
    expect(keyEffects(state(), key('f9'), ctx)).toEqual([run(`b ${F}:4`)]);
    expect(keyEffects(state({ breakpoints: [bp(1, 4)] }), key('f9'), ctx)).toEqual([run(`cl ${F}:4`)]);
    expect(keyEffects(state({ stop: undefined }), key('f9'), ctx)).toEqual([]);
  });
});

describe('keyEffects: command line', () => {
  it('edits, and submits on Enter as typed (history)', () => {
    expect(keyEffects(state({ input: 'p ', cursor: 2 }), text('x'), ctx)).toEqual([set({ input: 'p x', cursor: 3 })]);
    expect(keyEffects(state({ input: 'p x', cursor: 3 }), key('enter'), ctx)).toEqual([set({ input: '', cursor: 0 }), run('p x', false)]);
  });

  it('runs a pasted line per line and keeps the unfinished rest on the line', () => {
    expect(keyEffects(state({ input: 'p', cursor: 1 }), key('paste', ' a\r\nn\nw'), ctx)).toEqual([
      set({ input: '', cursor: 0 }),
      run('p a', false),
      set({ input: '', cursor: 0 }),
      run('n', false),
      set({ input: 'w', cursor: 1 }),
    ]);
  });

  it('walks the history with Up/Down', () => {
    expect(keyEffects(state({ input: 'n' }), key('up'), ctx)).toEqual([set({ history: { index: 1, draft: 'n' }, input: 's', cursor: 1 })]);
    expect(keyEffects(state(), key('down'), ctx)).toEqual([]);
  });

  it('completes with Tab when there is text, else moves to the next pane', () => {
    expect(keyEffects(state({ input: 'p ac', cursor: 4 }), key('tab'), ctx)).toEqual([set({ input: 'p acc', cursor: 5 })]);
    expect(keyEffects(state({ input: 'p i', cursor: 3 }), key('tab'), ctx)).toEqual([set({ message: 'int  items', input: 'p i', cursor: 3 })]);
    expect(keyEffects(state(), key('tab'), ctx)).toEqual([set({ focus: 'source' })]);
    expect(keyEffects(state(), key('shift-tab'), ctx)).toEqual([set({ focus: 'output' })]);
  });

  it("ends the program's input with Ctrl-D on an empty line, else quits", () => {
    expect(keyEffects(state({ awaitingInput: true }), key('ctrl-d'), ctx)).toEqual([{ kind: 'eof' }]);
    expect(keyEffects(state(), key('ctrl-d'), ctx)).toEqual([{ kind: 'quit' }]);
    expect(keyEffects(state({ input: 'ab', cursor: 0 }), key('ctrl-d'), ctx)).toEqual([set({ input: 'b', cursor: 0 })]);
  });
});

describe('keyEffects: panes', () => {
  it('source: moves the cursor, sets temporary and conditional breakpoints, disables those on the line', () => {
    const s = state({ focus: 'source' });
    expect(keyEffects(s, key('down'), ctx)).toEqual([set({ sourceCursor: 5, sourceTop: 1 })]);
    expect(keyEffects(s, text('t'), ctx)).toEqual([run(`tbreak ${F}:4`)]);
    expect(keyEffects(s, text('B'), ctx)).toEqual([set({ focus: 'command', input: `b ${F}:4, `, cursor: `b ${F}:4, `.length })]);
    expect(keyEffects({ ...s, breakpoints: [bp(1, 4), bp(2, 4)] }, text('x'), ctx)).toEqual([run('disable 1 2')]);
    expect(keyEffects(s, text('x'), ctx)).toEqual([]);
    // pane keys, then typing starts a command
    expect(keyEffects(s, text('n'), ctx)).toEqual([run('n')]);
    expect(keyEffects(s, text('p'), ctx)).toEqual([set({ focus: 'command' }), set({ input: 'p', cursor: 1 })]);
    expect(keyEffects(s, key('escape'), ctx)).toEqual([set({ focus: 'command' })]);
  });

  it('variables: selects, opens the editor, refuses specials, expands, switches to globals', () => {
    const s = state({ focus: 'variables', varSel: 1 });
    expect(keyEffects(s, key('up'), ctx)).toEqual([set({ varSel: 0 })]);
    expect(keyEffects(s, key('enter'), ctx)).toEqual([set({ varEdit: { name: 'acc', text: '3', cursor: 1 } })]);
    const ret = state({ focus: 'variables', stop: { type: 'stop', event: 'return', frames: [mod, main, total], selected: 2, retval: '8' } });
    expect(keyEffects(ret, text('e'), ctx)).toEqual([set({ message: '<return> cannot be set' })]);
    expect(keyEffects(s, text(' '), ctx)).toEqual([set({ expanded: new Set(['acc']) })]);
    expect(keyEffects({ ...s, expanded: new Set(['acc']) }, text(' '), ctx)).toEqual([set({ expanded: new Set() })]);
    expect(keyEffects(s, text('g'), ctx)).toEqual([set({ showGlobals: true, varSel: 0, expanded: new Set() })]);
  });

  it('value editor: Enter sends the assignment (globals() in the globals view), Esc cancels', () => {
    const s = state({ focus: 'variables', varEdit: { name: 'acc', text: ' 100 ', cursor: 5 } });
    expect(keyEffects(s, key('enter'), ctx)).toEqual([set({ varEdit: undefined }), run('!acc = 100')]);
    expect(keyEffects({ ...s, showGlobals: true }, key('enter'), ctx)).toEqual([set({ varEdit: undefined }), run('!globals()["acc"] = 100')]);
    expect(keyEffects({ ...s, varEdit: { name: 'acc', text: ' ', cursor: 1 } }, key('enter'), ctx)).toEqual([set({ varEdit: undefined })]);
    expect(keyEffects(s, key('escape'), ctx)).toEqual([set({ varEdit: undefined })]);
    expect(keyEffects(s, key('f5'), ctx)).toEqual([run('c')]); // debugger keys still work
  });

  it('stack: Down goes to the caller (u), Up back (d), within the stack', () => {
    const s = state({ focus: 'stack' });
    expect(keyEffects(s, key('down'), ctx)).toEqual([run('u')]);
    expect(keyEffects(s, key('up'), ctx)).toEqual([]);
    expect(keyEffects({ ...s, selected: 0 }, key('up'), ctx)).toEqual([run('d')]);
  });

  it('breakpoints: enable/disable, clear, show in the source or say where it is', () => {
    const s = state({ focus: 'breakpoints', breakpoints: [bp(1, 4), bp(2, 9, { enabled: false })], bpSel: 1 });
    expect(keyEffects(s, text(' '), ctx)).toEqual([run('enable 2')]);
    expect(keyEffects(s, key('delete'), ctx)).toEqual([run('cl 2'), set({ bpSel: 0 })]);
    expect(keyEffects(s, key('enter'), ctx)).toEqual([set({ sourceTop: 1, sourceCursor: 9, focus: 'source' })]);
    const other = { ...s, breakpoints: [bp(1, 4, { file: '/p/lib/other.py' })], bpSel: 0 };
    expect(keyEffects(other, key('enter'), ctx)).toEqual([set({ message: 'breakpoint 1 is in lib/other.py' })]);
  });

  it('console and output: scroll back and forward, no further than the top', () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ text: String(i), kind: 'stdout' as const }));
    const s = state({ focus: 'output', output: lines });
    const h = s.layout.output.height - 1;
    expect(keyEffects(s, key('up'), ctx)).toEqual([set({ outputScroll: 1 })]);
    expect(keyEffects(s, text('g'), ctx)).toEqual([set({ outputScroll: 40 })]);
    expect(keyEffects({ ...s, outputScroll: 5 }, key('end'), ctx)).toEqual([set({ outputScroll: 0 })]);
    expect(keyEffects(s, key('pageup'), ctx)).toEqual([set({ outputScroll: Math.max(1, h - 1) })]);
  });
});
