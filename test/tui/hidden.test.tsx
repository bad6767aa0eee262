// Nothing hidden silently: the Stack pane leaves out the debugger's own frames
// (with a key to list them), a pane that cannot show all its rows says how many
// are out of view, and the key-hint line shows whole hints only.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { stripAnsi } from '../../src/repl/tui/ansi.js';
import { StackPane } from '../../src/repl/tui/components/StackPane.js';
import { VariablesPane } from '../../src/repl/tui/components/VariablesPane.js';
import { BreakpointsPane } from '../../src/repl/tui/components/BreakpointsPane.js';
import { CommandLine, HINTS } from '../../src/repl/tui/components/CommandLine.js';
import { TuiStore } from '../../src/repl/tui/store.js';
import { KeyParser, keySequence } from '../../src/repl/tui/keys.js';
import { firstShownFrame } from '../../src/repl/tui/selectors.js';
import type { Frame } from '../../src/engine/engine.js';
import type { Focus } from '../../src/repl/tui/state.js';
import { FakeEngine } from './fake-engine.mjs';

const plain = (f: string | undefined) =>
  stripAnsi(f ?? '')
    .split('\n')
    .map((l) => l.trimEnd());
const fr = (func: string, file: string, line: number): Frame => ({ func, file, line, locals: {} });
// As the python engine reports a stop: bdb's run() and `<string>` under the program.
const PDB_FRAMES = [
  fr('run', '/usr/lib/python3.11/bdb.py', 600),
  fr('<module>', '<string>', 1),
  fr('<module>', '/p/demo.py', 11),
  fr('total', '/p/demo.py', 4),
];

describe('Stack pane', () => {
  it("hides the debugger's frames by default and counts them in the title", () => {
    const rows = plain(render(<StackPane frames={PDB_FRAMES} selected={3} focused={false} width={34} height={6} from={2} />).lastFrame());
    expect(rows[0]).toMatch(/^─ Stack \(2, 2 hidden\) ─+$/);
    expect(rows.slice(1).join('\n')).not.toMatch(/bdb\.py|<string>/);
    expect(rows[1]).toBe('▶ total  demo.py:4');
    expect(rows[2]).toBe('  <module>  demo.py:11');
  });

  it('says how many frames are out of view', () => {
    const deep = Array.from({ length: 6 }, (_, i) => fr(`f${i}`, '/p/deep.py', i + 1));
    const rows = plain(render(<StackPane frames={deep} selected={5} focused={false} width={30} height={4} />).lastFrame());
    expect(rows.slice(1)).toEqual(['▶ f5  deep.py:6', '  f4  deep.py:5', '… 4 more']);
    const up = plain(render(<StackPane frames={deep} selected={0} focused={false} width={30} height={4} />).lastFrame());
    expect(up.slice(1)).toEqual(['… 4 above', '  f1  deep.py:2', '▶ f0  deep.py:1']);
  });

  it('a in the stack pane lists all frames; u stops at the program', async () => {
    const engine = new FakeEngine();
    const store = new TuiStore(engine as never, { title: 't', cols: 100, rows: 30, historyPath: null, cwd: '/nowhere' });
    await store.start();
    // A stop as the python engine reports it.
    engine.emit({ type: 'stop', event: 'line', frames: PDB_FRAMES, selected: 3 });
    const parser = new KeyParser();
    const press = async (...names: string[]) => {
      for (const n of names) for (const k of parser.feed(keySequence(n))) store.key(k);
      await store.whenIdle();
    };
    await press('tab', 'tab', 'tab');
    expect(store.state.focus).toBe('stack');
    expect(firstShownFrame(store.state)).toBe(2);
    await press('a');
    expect(store.state.showAllFrames).toBe(true);
    expect(firstShownFrame(store.state)).toBe(0);
    await press('a');
    expect(firstShownFrame(store.state)).toBe(2);
  });
});

describe('rows out of view', () => {
  it('the variables pane says how many variables are below or above', () => {
    const vars = 'abcdefg'.split('').map((name, i) => ({ name, value: String(i) }));
    const base = { vars, changed: new Set<string>(), edited: {}, expanded: new Set<string>(), focused: true, width: 24, height: 5 };
    const rows = plain(render(<VariablesPane {...base} sel={0} />).lastFrame());
    expect(rows.slice(1)).toEqual(['a = 0', 'b = 1', 'c = 2', '… 4 more']);
    const end = plain(render(<VariablesPane {...base} sel={6} />).lastFrame());
    expect(end.slice(1)).toEqual(['… 4 above', 'e = 4', 'f = 5', 'g = 6']);
    const mid = plain(render(<VariablesPane {...base} sel={4} />).lastFrame());
    expect(mid.slice(1)).toEqual(['… 3 above', 'd = 3', 'e = 4', '… 2 more']);
  });

  it('the breakpoints pane too', () => {
    const bps = [1, 2, 3, 4].map((n) => ({ number: n, file: '/p/demo.py', line: n, hits: 0, ignore: 0, enabled: true, temporary: false }));
    const rows = plain(render(<BreakpointsPane breakpoints={bps} sel={0} focused={false} width={30} height={3} />).lastFrame());
    expect(rows.slice(1)).toEqual(['● 1 demo.py:1', '… 3 more']);
  });
});

describe('key-hint line', () => {
  const focuses: Focus[] = ['source', 'variables', 'stack', 'breakpoints', 'console', 'output'];
  for (const width of [60, 80]) {
    it(`shows whole hints only at ${width} columns`, () => {
      for (const focus of focuses) {
        const line = plain(
          render(
            <CommandLine width={width} prompt="(Pdb) " input="" cursor={0} focus={focus} busy={false} awaitingInput={false} finished={false} />,
          ).lastFrame(),
        )[0]!;
        const right = line.slice('(Pdb) '.length).trim();
        const items = HINTS[focus];
        // A prefix of the pane's hints, each one whole.
        const shown = right.split(/ {2}(?=\S)/);
        expect(shown.length).toBeGreaterThan(0);
        shown.forEach((h, i) => expect(h, `${focus} at ${width}`).toBe(items[i]));
        if (width === 80) expect(right).toContain('Esc: command line');
      }
    });
  }
});
