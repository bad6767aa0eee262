// Issue 15's state bugs, against the fake engine: what the TUI shows while pdb
// asks `cl`'s question, while the program reads stdin, and after q.
import { describe, expect, it } from 'vitest';
import { TuiStore } from '../../src/repl/tui/store.js';
import { KeyParser, keySequence } from '../../src/repl/tui/keys.js';
import { commandLine } from '../../src/repl/tui/components/CommandLine.js';
import { statusLine } from '../../src/repl/tui/components/StatusBar.js';
import { stripAnsi } from '../../src/repl/tui/ansi.js';
import type { State } from '../../src/repl/tui/state.js';
import { FakeEngine } from './fake-engine.mjs';

async function setup() {
  const engine = new FakeEngine();
  const store = new TuiStore(engine as never, { title: 't', cols: 100, rows: 30, historyPath: null, cwd: '/nowhere' });
  await store.start();
  const parser = new KeyParser();
  const type = async (text: string) => {
    for (const k of parser.feed(text)) store.key(k);
    await store.whenIdle();
  };
  const press = async (...names: string[]) => {
    for (const n of names) for (const k of parser.feed(keySequence(n))) store.key(k);
    await store.whenIdle();
  };
  return { engine, store, type, press };
}

/** The command line and the status bar as App draws them from a state. */
function bottom(s: State): string {
  return stripAnsi(
    commandLine({
      width: 100,
      prompt: s.confirm?.question ?? s.prompt,
      input: s.input,
      cursor: s.cursor,
      focus: s.focus,
      busy: s.busy,
      awaitingInput: s.awaitingInput && !s.confirm,
      finished: s.program === 'finished',
      message: s.message,
      quitting: s.quitting,
    }),
  );
}
function status(s: State): string {
  return stripAnsi(statusLine({ width: 100, info: s.info, program: s.program, exitCode: s.exitCode, title: 't', awaitingInput: s.awaitingInput && !s.busy }));
}

describe('the TUI with the python engine: confirmations, post-mortem, input', () => {
  it("bare cl asks on the command line, not as the program's stdin; y clears all", async () => {
    const { store, type, engine } = await setup();
    await type('b 4\rb 5\r');
    expect(store.state.breakpoints).toHaveLength(2);
    await type('cl\r');
    expect(store.state.awaitingInput).toBe(false);
    expect(store.state.output.map((l) => l.text).join('\n')).not.toContain('Clear all breaks');
    expect(bottom(store.state)).toMatch(/^Clear all breaks\? /);
    expect(bottom(store.state)).not.toContain('stdin>');
    await type('y\r');
    expect(store.state.breakpoints).toEqual([]);
    expect(engine.commands.at(-1)).toBe('cl 1 2');
    const text = store.state.console.map((l) => l.text);
    expect(text).toContain('Clear all breaks? y');
    expect(text).toContain(`Deleted breakpoint 2 at ${engine.file}:5`);
    expect(bottom(store.state)).toMatch(/^\(Pdb\) /);
  });

  it('bare cl answered no clears nothing, and queued commands wait for the answer', async () => {
    const { store, type, engine } = await setup();
    await type('b 4\r');
    await type('cl\r');
    await type('n\r');
    expect(store.state.breakpoints).toHaveLength(1);
    expect(engine.commands).toEqual(['b 4']);
    await type('s\r'); // a step after a "no"
    expect(store.state.breakpoints).toHaveLength(1);
    expect(engine.commands).toEqual(['b 4', 's']);
  });

  it("says the program reads stdin while it waits at stdin>, not 'stopped'", async () => {
    const { store, type } = await setup();
    await type('read!\r');
    expect(store.state.awaitingInput).toBe(true);
    expect(bottom(store.state)).toMatch(/^stdin> /);
    expect(status(store.state)).toContain('running: reads stdin');
    expect(status(store.state)).not.toContain('stopped');
    await type('hello\r');
    expect(store.state.output.map((l) => l.text)).toContain('got hello');
    expect(status(store.state)).toContain('stopped');
  });

  it('a command typed ahead shows in the console after what the one before printed', async () => {
    const engine = new FakeEngine({ delayMs: 5 });
    const store = new TuiStore(engine as never, { title: 't', cols: 100, rows: 30, historyPath: null, cwd: '/nowhere' });
    await store.start();
    store.submit('b 4');
    store.submit('c'); // while b 4 runs
    expect(store.state.pending).toEqual(['c']);
    await store.whenIdle();
    const text = store.state.console.map((l) => l.text);
    const at = (t: string) => text.indexOf(t);
    expect(at('(Pdb) b 4')).toBeLessThan(at(`Breakpoint 1 at ${engine.file}:4`));
    expect(at(`Breakpoint 1 at ${engine.file}:4`)).toBeLessThan(at('(Pdb) c'));
  });

  it("after q the hint says the session ends, not 'running… Ctrl-C interrupts'", async () => {
    const { store, type } = await setup();
    await type('q\r');
    expect(store.state.program).toBe('finished');
    expect(status(store.state)).toContain('finished (0)');
    expect(bottom(store.state)).not.toContain('running');
    expect(bottom(store.state)).toContain('quitting…');
  });
});
