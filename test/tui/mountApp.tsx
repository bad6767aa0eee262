// The whole TUI in-process, the way runTui draws it: Ink in debug mode into the
// Screen's sink (manual: frames reach `write` only when a test flushes).
import { render } from 'ink';
import { PassThrough } from 'node:stream';
import type { Engine } from '../../src/engine/engine.js';
import { App } from '../../src/repl/tui/components/App.js';
import { Screen } from '../../src/repl/tui/screen.js';
import type { SourceCache } from '../../src/repl/tui/source.js';
import { TuiStore } from '../../src/repl/tui/store.js';

export function mountApp(engine: Engine, cols: number, rows: number, opts: { source?: SourceCache; startFile?: string; write?: (data: string) => void } = {}) {
  const screen = new Screen({ write: opts.write ?? (() => {}) }, cols, rows, { manual: true });
  const store = new TuiStore(engine, { title: 'demo', cols, rows, historyPath: null, source: opts.source, showLatency: false, startFile: opts.startFile });
  screen.enter();
  const ink = render(<App store={store} />, {
    stdout: screen.sink as never,
    stdin: new PassThrough() as never,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return { screen, store, ink };
}
