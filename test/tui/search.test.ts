// Searching the source (`/text`, `/` in the source pane), as PuDB's `/` does.
import { describe, expect, it } from 'vitest';
import { TuiStore } from '../../src/repl/tui/store.js';
import { KeyParser, keySequence } from '../../src/repl/tui/keys.js';
import { findInSource } from '../../src/repl/tui/search.js';
import { SourceFile } from '../../src/repl/tui/source.js';
import { FakeEngine } from './fake-engine.mjs';

describe('source search', () => {
  it('moves the source cursor to the next match, Enter repeats, wraps at the end', async () => {
    const store = new TuiStore(new FakeEngine() as never, { title: 't', cols: 100, rows: 30, historyPath: null, cwd: '/nowhere' });
    await store.start();
    const parser = new KeyParser();
    const type = async (text: string) => {
      for (const k of parser.feed(text)) store.key(k);
      await store.whenIdle();
    };
    await type('\x1b'); // the source pane
    expect(store.state.focus).toBe('source');
    await type('/');
    expect(store.state).toMatchObject({ focus: 'command', input: '/' });
    await type('acc\r');
    expect(store.state).toMatchObject({ focus: 'source', sourceCursor: 2, message: '/acc: line 2' });
    for (const k of parser.feed(keySequence('escape'))) store.key(k); // back to the command line
    await type('\r'); // an empty line repeats the search
    expect(store.state.sourceCursor).toBe(4);
    await type('\x1b\r');
    await type('/acc\r/acc\r');
    expect(store.state).toMatchObject({ sourceCursor: 2, message: '/acc: line 2 (wrapped)' });
    expect(store.state.focus).toBe('source');
    await type('/ACC\r');
    expect(store.state.message).toBe('not found: ACC');
    expect(store.state.sourceCursor).toBe(2);
  });

  it('is case-insensitive unless the text has a capital', () => {
    const f = new SourceFile('/x.py', 'A = 1\nb = a\nprint(A)\n');
    expect(findInSource(f, 'a', 1)).toBe(2);
    expect(findInSource(f, 'A', 1)).toBe(3);
    expect(findInSource(f, 'A', 3)).toBe(1);
    expect(findInSource(f, 'zz', 1)).toBeUndefined();
  });
});
