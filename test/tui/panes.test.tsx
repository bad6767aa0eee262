// Each pane rendered on its own with ink-testing-library; frames asserted.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { stripAnsi, visibleWidth } from '../../src/repl/tui/ansi.js';
import { SourceFile } from '../../src/repl/tui/source.js';
import { SourcePane } from '../../src/repl/tui/components/SourcePane.js';
import { VariablesPane } from '../../src/repl/tui/components/VariablesPane.js';
import { StackPane } from '../../src/repl/tui/components/StackPane.js';
import { BreakpointsPane } from '../../src/repl/tui/components/BreakpointsPane.js';
import { TextPane } from '../../src/repl/tui/components/TextPane.js';
import { StatusBar } from '../../src/repl/tui/components/StatusBar.js';
import { CommandLine } from '../../src/repl/tui/components/CommandLine.js';
import { TooSmall } from '../../src/repl/tui/components/App.js';
import { Lines } from '../../src/repl/tui/components/Pane.js';
import { Box } from 'ink';
import type { Breakpoint } from '../../src/repl/tui/breakpoints.js';

const plain = (f: string | undefined) => stripAnsi(f ?? '').split('\n');
const SRC = new SourceFile('/p/demo.py', 'def f(n):\n    x = n + 1\n    y = x * 2\n    return y\n\nf(3)\n');
const bp = (line: number, more: Partial<Breakpoint> = {}): Breakpoint => ({
  number: line,
  file: '/p/demo.py',
  line,
  hits: 0,
  ignore: 0,
  enabled: true,
  temporary: false,
  ...more,
});

describe('SourcePane', () => {
  const base = { file: SRC, path: 'demo.py', width: 40, height: 6, top: 1, breakpoints: [], focused: false };

  it('shows numbered, highlighted lines with the current line across the full width', () => {
    const { lastFrame } = render(<SourcePane {...base} current={3} />);
    const rows = plain(lastFrame());
    expect(rows[0]).toMatch(/^─ demo\.py ─+$/);
    expect(rows[1]).toBe('   1   def f(n):');
    expect(rows[3]).toBe('   3 ▶     y = x * 2' + ' '.repeat(40 - 20));
    const raw = lastFrame()!.split('\n');
    expect(raw[1]).toContain('\x1b[34mdef'); // keyword colour
    expect(raw[3]).toContain('\x1b[100m'); // current-line background
    expect(visibleWidth(raw[3]!)).toBe(40);
    expect(raw[2]).not.toContain('\x1b[100m');
  });

  it('marks breakpoints by kind and the exception line', () => {
    const bps = [bp(1), bp(2, { enabled: false }), bp(4, { condition: 'y > 1' }), bp(6, { temporary: true })];
    const { lastFrame } = render(<SourcePane {...base} height={7} breakpoints={bps} current={4} exceptionLine={4} />);
    const rows = plain(lastFrame());
    expect(rows[1]!.startsWith('●')).toBe(true);
    expect(rows[2]!.startsWith('○')).toBe(true);
    expect(rows[4]!.slice(0, 6)).toBe('◆  4 »');
    expect(rows[6]!.startsWith('◉')).toBe(true);
  });

  it('renders only the window from `top`, with the cursor when focused', () => {
    const { lastFrame } = render(<SourcePane {...base} height={3} top={3} current={3} cursor={4} focused />);
    const rows = plain(lastFrame());
    expect(rows.length).toBe(3);
    expect(rows[1]).toContain('y = x * 2');
    expect(rows[2]).toContain('return y');
    expect(lastFrame()!.split('\n')[2]).toContain('\x1b[7m  4'); // cursor line number inverse
  });

  it('says so when the source is missing', () => {
    const { lastFrame } = render(<SourcePane {...base} file={undefined} path="gone.py" />);
    expect(plain(lastFrame())[1]).toContain('not available');
  });
});

describe('VariablesPane', () => {
  const vars = [
    { name: 'n', value: '3' },
    { name: 'x', value: '4' },
    { name: 'long', value: "'" + 'a'.repeat(60) + "'" },
  ];
  const base = { vars, changed: new Set<string>(), edited: {}, sel: 0, expanded: new Set<string>(), focused: false, width: 30, height: 6 };

  it('lists name = value, cutting long values', () => {
    const rows = plain(render(<VariablesPane {...base} />).lastFrame());
    expect(rows[1]).toBe('n = 3');
    expect(rows[3]!.endsWith('…')).toBe(true);
    expect(visibleWidth(rows[3]!)).toBe(30);
  });

  it('highlights changed values, edited values, unsure predictions', () => {
    const f = render(
      <VariablesPane
        {...base}
        changed={new Set(['x'])}
        edited={{ n: '7' }}
        vars={[{ name: 'n', value: '7' }, vars[1]!, { name: 'z', value: '0' }]}
        confidence={{ z: 0.2 }}
      />,
    ).lastFrame()!;
    const raw = f.split('\n');
    expect(raw[1]).toContain('\x1b[1m\x1b[35m7'); // edited: bold magenta
    expect(raw[2]).toContain('\x1b[1m\x1b[33m4'); // changed: bold yellow
    expect(stripAnsi(raw[3]!)).toBe('z = 0?');
    expect(raw[3]).toContain('\x1b[2m0?'); // unsure: dim
  });

  it('expands a long value over several rows and edits in place', () => {
    const ex = plain(render(<VariablesPane {...base} expanded={new Set(['long'])} />).lastFrame());
    expect(ex[3]).toBe('long =');
    expect(ex[4]!.startsWith("  'aaaa")).toBe(true);
    const ed = render(<VariablesPane {...base} focused sel={1} edit={{ name: 'x', text: '41', cursor: 2 }} />).lastFrame()!;
    expect(stripAnsi(ed.split('\n')[2]!)).toBe('x = 41 ');
    expect(ed.split('\n')[2]).toContain('\x1b[7m \x1b[27m'); // block cursor after the text
  });
});

describe('StackPane', () => {
  it('lists frames innermost first and marks the selected one', () => {
    const frames = [
      { file: '/p/demo.py', line: 6, func: '<module>', locals: {} },
      { file: '/p/demo.py', line: 3, func: 'f', locals: {} },
    ];
    const rows = plain(render(<StackPane frames={frames} selected={0} focused={false} width={30} height={4} />).lastFrame());
    expect(rows[0]).toMatch(/^─ Stack \(2\)/);
    expect(rows[1]).toBe('  f  demo.py:3');
    expect(rows[2]).toBe('▶ <module>  demo.py:6');
  });
});

describe('BreakpointsPane', () => {
  it('lists breakpoints with their kind', () => {
    const rows = plain(
      render(
        <BreakpointsPane
          breakpoints={[bp(2), bp(4, { enabled: false, condition: 'y' }), bp(5, { temporary: true })]}
          sel={0}
          focused={false}
          width={30}
          height={4}
        />,
      ).lastFrame(),
    );
    expect(rows.slice(1)).toEqual(['● 2 demo.py:2', '◇ 4 demo.py:4 off if y', '◉ 5 demo.py:5 temp']);
    expect(plain(render(<BreakpointsPane breakpoints={[]} sel={0} focused={false} width={30} height={2} />).lastFrame())[1]).toContain('none');
  });
});

describe('TextPane', () => {
  const lines = Array.from({ length: 10 }, (_, i) => ({ text: `line ${i}`, kind: i === 9 ? ('stderr' as const) : ('stdout' as const) }));
  it('shows the tail, scrolls up, colours stderr', () => {
    const f = render(<TextPane title="Output" lines={lines} scroll={0} focused={false} width={20} height={4} />).lastFrame()!;
    expect(plain(f).slice(1)).toEqual(['line 7', 'line 8', 'line 9']);
    expect(f.split('\n')[3]).toContain('\x1b[31mline 9');
    const up = plain(render(<TextPane title="Output" lines={lines} scroll={5} focused={false} width={20} height={4} />).lastFrame());
    expect(up[0]).toContain('Output (↑5)');
    expect(up.slice(1)).toEqual(['line 2', 'line 3', 'line 4']);
  });
});

describe('TextPane wrapping', () => {
  it('wraps long lines instead of cutting them, newest rows at the bottom', () => {
    const lines = [
      { text: 'short', kind: 'debugger' as const },
      { text: 'x'.repeat(25), kind: 'debugger' as const },
    ];
    const rows = plain(render(<TextPane title="Console" lines={lines} scroll={0} focused={false} width={10} height={5} />).lastFrame());
    expect(rows.slice(1)).toEqual(['short', 'xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx']);
    const up = plain(render(<TextPane title="Console" lines={lines} scroll={99} focused={false} width={10} height={3} />).lastFrame());
    expect(up.slice(1)).toEqual(['short', 'xxxxxxxxxx']);
  });
});

describe('StatusBar and CommandLine', () => {
  it('shows engine, state, place and latency', () => {
    const row = plain(
      render(
        <StatusBar
          width={90}
          title="demo.py"
          info={{ name: 'neural', model: 'ndbg-1', device: 'cuda' }}
          program="stopped"
          where="demo.py:3 f()"
          latencyMs={12}
        />,
      ).lastFrame(),
    )[0]!;
    expect(row).toContain('neural ndbg-1 (cuda) │ stopped │ demo.py:3 f() │ 12 ms');
    expect(visibleWidth(row)).toBe(90);
  });
  it('shows the prompt, the typed text and what the focused pane does', () => {
    const base = { width: 60, prompt: '(Pdb) ', input: 'p x', cursor: 3, focus: 'command' as const, busy: false, awaitingInput: false, finished: false };
    expect(plain(render(<CommandLine {...base} />).lastFrame())[0]).toBe('(Pdb) p x ');
    expect(plain(render(<CommandLine {...base} busy />).lastFrame())[0]).toContain('running… Ctrl-C interrupts');
    expect(plain(render(<CommandLine {...base} focus="source" />).lastFrame())[0]).toContain('b break');
    expect(plain(render(<CommandLine {...base} awaitingInput input="" cursor={0} />).lastFrame())[0]!.startsWith('stdin> ')).toBe(true);
  });
});

describe('TooSmall', () => {
  it('says what size is needed', () => {
    const rows = plain(render(<TooSmall cols={40} rows={10} />).lastFrame());
    expect(rows.join('\n')).toContain('Terminal too small: 40x10');
    expect(rows.join('\n')).toContain('at least 60x16');
  });
});

describe('Lines', () => {
  it('keeps its rows and its width when Ink measures a row wider than ndbg does', () => {
    // '⌚' is two columns to string-width (Ink) and one to ndbg's own measure: the
    // row must be cut by Ink, not wrapped onto a row of its own.
    const { lastFrame } = render(
      <Box flexDirection="row">
        <Lines width={6} lines={['abcde⌚', 'x', '']} />
        <Lines width={3} lines={['│', '│', '│']} />
      </Box>,
    );
    const rows = plain(lastFrame());
    expect(rows.length).toBe(3);
    expect(rows[0]).toBe('abcde…│');
    expect(rows[1]).toBe('x     │');
  });

  it('is one row per line of plain text, cut to nothing wider than asked', () => {
    const { lastFrame } = render(<Lines width={8} lines={['─ Stack ', '▶ f  x·y', '']} />);
    expect(plain(lastFrame())).toEqual(['─ Stack', '▶ f  x·y', '']);
  });
});
