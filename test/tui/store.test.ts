// The TUI's behaviour without a terminal: the store driven by keys, against the
// fake engine.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TuiStore } from '../../src/repl/tui/store.js';
import { KeyParser, keySequence } from '../../src/repl/tui/keys.js';
import { SourceCache } from '../../src/repl/tui/source.js';
import { FakeEngine, DEMO } from './fake-engine.mjs';

async function setup(opts: { historyPath?: string | null; delayMs?: number } = {}) {
  const engine = new FakeEngine({ delayMs: opts.delayMs });
  const store = new TuiStore(engine as never, { title: 't', cols: 100, rows: 30, historyPath: opts.historyPath ?? null, cwd: '/nowhere' });
  await store.start();
  const parser = new KeyParser();
  const press = async (...names: string[]) => {
    for (const n of names) for (const k of parser.feed(keySequence(n))) store.key(k);
    await store.whenIdle();
  };
  const type = async (text: string) => {
    for (const k of parser.feed(text)) store.key(k);
    await store.whenIdle();
  };
  const line = () => store.frame()?.line;
  return { engine, store, press, type, line };
}

describe('TuiStore', () => {
  it('starts stopped at the first line and steps with keys and commands', async () => {
    const { store, press, type, line, engine } = await setup();
    expect(store.state.program).toBe('stopped');
    expect(line()).toBe(1);
    await press('f7');
    expect(line()).toBe(8);
    await type('n\r');
    expect(line()).toBe(16);
    await press('enter'); // empty line repeats the last command
    expect(engine.commands).toEqual(['s', 'n', 'n']);
    expect(store.state.sourceCursor).toBe(store.frame()!.line);
  });

  it('marks values changed by the last step', async () => {
    const { store, type } = await setup();
    await type('s\rs\rs\rn\rn\rn\r'); // main: data = ..., name = ...
    expect(store.frame()!.func).toBe('main');
    expect([...store.changedNames()]).toEqual(['name']);
    await type('n\r'); // result = total(data)
    expect([...store.changedNames()]).toEqual(['result']);
  });

  it('edits a variable in place from the variables pane; the next step uses it', async () => {
    const { store, press, type } = await setup();
    await type('s\rs\rs\rn\rn\rn\r');
    await type('s\rs\rs\rs\r'); // into total: items, acc = 0, x = 3
    expect(store.frame()!.func).toBe('total');
    expect(store.frame()!.locals.acc).toBe('0');
    await press('tab', 'tab'); // command -> source -> variables
    expect(store.state.focus).toBe('variables');
    const vars = store.variables().map((v) => v.name);
    const down = vars.indexOf('acc');
    for (let i = 0; i < down; i++) await press('down');
    await press('enter');
    expect(store.state.varEdit).toMatchObject({ name: 'acc', text: '0' });
    await press('backspace');
    await type('100');
    await press('enter');
    expect(store.state.varEdit).toBeUndefined();
    expect(store.state.edited).toEqual({ acc: '100' });
    expect(store.variables().find((v) => v.name === 'acc')!.value).toBe('100');
    await press('n'); // pane key: next -> acc = acc + x
    expect(store.frame()!.locals.acc).toBe('103');
    expect(store.state.edited).toEqual({});
  });

  it('reverts an edit the engine refused', async () => {
    const { store, type } = await setup();
    await type('s\rs\rs\rn\r');
    await type('!data = nosuch\r');
    expect(store.state.edited).toEqual({});
    expect(store.state.console.at(-1)!.kind).toBe('error');
  });

  it('toggles breakpoints at the source cursor and tracks them', async () => {
    const { store, press, engine } = await setup();
    await press('tab'); // source pane
    for (let i = 0; i < 3; i++) await press('down');
    await press('f9');
    expect(engine.commands.at(-1)).toBe(`b ${DEMO}:4`);
    expect(store.state.breakpoints).toMatchObject([{ number: 1, line: 4, enabled: true, hits: 0 }]);
    await press('x'); // disable at cursor
    expect(store.state.breakpoints[0]!.enabled).toBe(false);
    await press('x');
    await press('c');
    expect(store.frame()!.line).toBe(4);
    expect(store.frame()!.func).toBe('total');
    await press('b'); // cursor follows the current line: clears the breakpoint on 4
    expect(engine.commands.at(-1)).toBe(`cl ${DEMO}:4`);
    expect(store.state.breakpoints).toEqual([]);
  });

  it('moves frames from the stack pane and with u/d', async () => {
    const { store, type, press } = await setup();
    await type('s\rs\rs\rn\rn\rn\rs\r'); // into total
    expect(store.state.stop!.frames.length).toBe(3);
    await type('u\r');
    expect(store.state.selected).toBe(1);
    expect(store.frame()!.func).toBe('main');
    expect([...store.changedNames()]).toEqual([]);
    for (let i = 0; i < 3; i++) await press('tab'); // stack pane
    expect(store.state.focus).toBe('stack');
    await press('down'); // list is innermost first: down = older frame
    expect(store.state.selected).toBe(0);
    await press('up', 'up');
    expect(store.state.selected).toBe(2);
  });

  it('keeps history across sessions and walks it with Up/Down', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-st-'));
    const path = join(dir, 'history');
    const a = await setup({ historyPath: path });
    await a.type('p x\rs\r');
    await a.press('f7'); // keys are not history
    expect(readFileSync(path, 'utf8')).toBe('p x\ns\n');
    const b = await setup({ historyPath: path });
    await b.press('up');
    expect(b.store.state.input).toBe('s');
    await b.press('up', 'up');
    expect(b.store.state.input).toBe('p x');
    await b.press('down', 'down');
    expect(b.store.state.input).toBe('');
  });

  it('completes commands and variable names with Tab', async () => {
    const { store, type, press } = await setup();
    await type('s\rs\rs\rn\rn\rn\r');
    await type('p na');
    await press('tab');
    expect(store.state.input).toBe('p name');
    await press('ctrl-u');
    await type('contin');
    await press('tab');
    expect(store.state.input).toBe('continue ');
  });

  it('Ctrl-C interrupts and never quits; unknown keys are harmless', async () => {
    const { store, press, engine } = await setup();
    await press('f12', 'insert', 'ctrl-space', 'f3');
    for (const k of new KeyParser().feed('\x1b[99~\x1b[1;9Z\x1b')) store.key(k);
    await press('ctrl-c');
    expect(engine.interrupted).toBe(true);
    expect(store.state.done).toBe(false);
    expect(engine.commands).toEqual([]);
  });

  it('queues commands typed while the engine is busy', async () => {
    const { store, type, engine } = await setup({ delayMs: 20 });
    for (const k of new KeyParser().feed('s\rs\rs\r')) store.key(k);
    expect(store.state.pending.length).toBe(2);
    await store.whenIdle();
    expect(engine.commands).toEqual(['s', 's', 's']);
    expect(store.frame()!.line).toBe(8);
    await type('w\r');
  });

  it('shows program output and the end of the program; q quits', async () => {
    const { store, press } = await setup();
    await press('f5');
    expect(store.state.output.map((l) => l.text)).toEqual(['total is 8']);
    expect(store.state.program).toBe('finished');
    expect(store.state.done).toBe(false);
    await press('f7'); // nothing to step
    await press('ctrl-d');
    expect(store.state.done).toBe(true);
  });

  it('keys help is one command away', async () => {
    const { store, type } = await setup();
    await type('h keys\r');
    expect(store.state.helpTop).toBe(0); // the help overlay (test/tui/help.test.tsx)
  });
});

describe('TuiStore renders what the engine says as data', () => {
  it('keeps the breakpoint table the engine reports: hits, conditions, a temporary one gone at its stop', async () => {
    const { store, type, engine } = await setup();
    await type('b 4, x > 1\rtbreak 11\rignore 1 1\r');
    expect(store.state.breakpoints).toMatchObject([
      { number: 1, line: 4, condition: 'x > 1', ignore: 1, hits: 0, temporary: false },
      { number: 2, line: 11, temporary: true },
    ]);
    await type('c\r'); // stops at the tbreak on 11, which goes
    expect(store.frame()!.line).toBe(11);
    expect(store.state.breakpoints.map((b) => b.number)).toEqual([1]);
    await type('c\r'); // x = 3: ignored once; x = 1: condition false; x = 4: stops
    expect(store.frame()!.locals.x).toBe('4');
    expect(store.state.breakpoints).toMatchObject([{ number: 1, hits: 3, ignore: 0 }]);
    // Text that looks like pdb's messages changes nothing: only the event does.
    engine.emit({ type: 'text', stream: 'debugger', data: `Breakpoint 7 at ${DEMO}:9\nDeleted breakpoint 1 at ${DEMO}:4\n` });
    expect(store.state.breakpoints.map((b) => b.number)).toEqual([1]);
    engine.emit({ type: 'breakpoints', breakpoints: [] });
    expect(store.state.breakpoints).toEqual([]);
  });

  it("marks the values a command set with the engine's repr of them", async () => {
    const { store, type } = await setup();
    await type('s\rs\rs\rn\rn\rn\r'); // main: data = [3, 1, 4]
    await type('!data = 1.50\r');
    expect(store.state.edited).toEqual({ data: '1.5' });
    expect(store.variables().find((v) => v.name === 'data')!.value).toBe('1.5');
  });

  it('colours errors and hides locations by what the engine says, not by the text', async () => {
    const { store, type, engine } = await setup();
    await type('s\rp nosuch\rw\r');
    const lines = store.state.console.map((l) => `${l.kind}: ${l.text}`);
    expect(lines).toContain("error: *** NameError: name 'nosuch' is not defined");
    expect(lines.some((l) => l.includes('(8)<module>()'))).toBe(true); // `where` lists the stack
    expect(lines.filter((l) => /^debugger: > /.test(l))).toEqual([`debugger: > ${DEMO}(8)<module>()`]); // and only `where`
    engine.emit({ type: 'text', stream: 'debugger', data: '*** says the program\n' });
    expect(store.state.console.at(-1)).toEqual({ text: '*** says the program', kind: 'debugger' });
  });

  it('marks a restart in the output pane and reads the files again', async () => {
    const reads: string[] = [];
    const engine = new FakeEngine();
    const store = new TuiStore(engine as never, {
      title: 't',
      cols: 100,
      rows: 30,
      historyPath: null,
      cwd: '/nowhere',
      source: new SourceCache((f) => (reads.push(f), 'x = 1\n')),
    });
    await store.start();
    engine.emit({ type: 'text', stream: 'stdout', data: 'first run\n' });
    engine.emit({ type: 'restart' });
    expect(store.state.output.map((l) => [l.kind, l.text])).toEqual([
      ['stdout', 'first run'],
      ['info', '── program restarted ──'],
    ]);
    const before = reads.length;
    store.submit('s');
    await store.whenIdle();
    expect(reads.length).toBe(before + 1);
  });
});
