import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fit, sanitizeLine, stripAnsi, truncate, visibleWidth } from '../../src/repl/tui/ansi.js';
import { KeyParser, keySequence } from '../../src/repl/tui/keys.js';
import { breakpointsAt, markerOf, type Breakpoint } from '../../src/repl/tui/breakpoints.js';
import { complete } from '../../src/repl/tui/complete.js';
import { computeLayout } from '../../src/repl/tui/layout.js';
import { SourceFile } from '../../src/repl/tui/source.js';
import { History, defaultHistoryPath } from '../../src/repl/history.js';
import { createCastWriter, parseCast } from '../../src/repl/cast.js';
import { parsePlayScript, play, type PlayTarget } from '../../src/repl/play.js';

describe('ansi', () => {
  it('measures and cuts styled text by cells', () => {
    const s = '\x1b[31mhello\x1b[39m world';
    expect(visibleWidth(s)).toBe(11);
    expect(stripAnsi(truncate(s, 3))).toBe('hel');
    expect(visibleWidth(fit(s, 20))).toBe(20);
    expect(visibleWidth('日本')).toBe(4);
    expect(stripAnsi(truncate('abcdef', 4, '…'))).toBe('abc…');
  });
  it('makes program output safe to show', () => {
    expect(sanitizeLine('a\x1b[2Jb')).toBe('ab');
    expect(sanitizeLine('10%\r50%\r100%')).toBe('100%');
    expect(sanitizeLine('a\tb')).toBe('a       b');
    expect(sanitizeLine('bell\x07')).toBe('bell');
  });
});

describe('keys', () => {
  const parse = (s: string) => new KeyParser().feed(s).map((k) => (k.name === 'text' ? `text:${k.text}` : k.name));
  it('parses function keys the way xterm, tmux and the linux console send them', () => {
    expect(parse('\x1b[15~\x1b[17~\x1b[18~\x1b[19~\x1b[20~')).toEqual(['f5', 'f6', 'f7', 'f8', 'f9']);
    expect(parse('\x1bOP\x1b[[A\x1b[1;2S')).toEqual(['f1', 'f1', 'shift-f4']);
    expect(parse('\x1b[A\x1bOB\x1b[1;5C\x1b[Z')).toEqual(['up', 'down', 'ctrl-right', 'shift-tab']);
  });
  it('groups typed text, splits control keys, knows alt and escape', () => {
    expect(parse('p x\r')).toEqual(['text:p x', 'enter']);
    expect(parse('\x03\x7f\t')).toEqual(['ctrl-c', 'backspace', 'tab']);
    expect(parse('\x1bs')).toEqual(['alt-s']);
    expect(parse('\x1b')).toEqual(['escape']);
    expect(parse('\x1b[99x')).toEqual(['unknown']);
  });
  it('keeps a bracketed paste whole, even across reads', () => {
    const p = new KeyParser();
    expect(p.feed('\x1b[200~s\nn')).toEqual([]);
    expect(p.feed('\x1b[201~')).toEqual([{ name: 'paste', text: 's\nn' }]);
  });
  it('round-trips key names through their byte sequences', () => {
    for (const n of ['f4', 'f5', 'f9', 'up', 'enter', 'tab', 'shift-tab', 'escape', 'ctrl-c', 'alt-s', 'pageup', 'delete']) {
      expect(parse(keySequence(n))).toEqual([n]);
    }
    expect(() => keySequence('f13')).toThrow();
  });
});

describe('breakpoints', () => {
  const F = '/x/demo.py';
  it('finds the breakpoints on a line', () => {
    const t: Breakpoint[] = [
      { number: 1, file: F, line: 4, hits: 0, ignore: 0, enabled: true, temporary: false },
      { number: 2, file: '/x/other.py', line: 4, hits: 0, ignore: 0, enabled: true, temporary: false },
      { number: 3, file: F, line: 4, hits: 2, ignore: 0, enabled: false, temporary: true },
    ];
    expect(breakpointsAt(t, F, 4).map((b) => b.number)).toEqual([1, 3]);
    expect(breakpointsAt(t, F, 5)).toEqual([]);
  });
  it('has a marker per kind', () => {
    const b: Breakpoint = { number: 1, file: F, line: 1, hits: 0, ignore: 0, enabled: true, temporary: false };
    expect(markerOf([b])!.char).toBe('●');
    expect(markerOf([{ ...b, enabled: false }])!.char).toBe('○');
    expect(markerOf([{ ...b, condition: 'x' }])!.char).toBe('◆');
    expect(markerOf([{ ...b, temporary: true }])!.char).toBe('◉');
  });
});

describe('completion', () => {
  const cmds = ['break', 'b', 'bt', 'continue', 'p', 'pp'];
  it('completes commands, then variables', () => {
    expect(complete('cont', 4, cmds, []).input).toBe('continue ');
    expect(complete('p res', 5, cmds, ['result', 'rest']).input).toBe('p res');
    expect(complete('p res', 5, cmds, ['result', 'rest']).choices).toEqual(['rest', 'result']);
    expect(complete('p resu', 6, cmds, ['result', 'rest']).input).toBe('p result');
    expect(complete('!ac = 1', 3, cmds, ['acc']).input).toBe('!acc = 1');
  });
});

describe('layout', () => {
  it('fits 80x24 and refuses tiny terminals', () => {
    const l = computeLayout(80, 24);
    expect(l.tooSmall).toBe(false);
    expect(1 + l.topHeight + l.bottomHeight + 1).toBe(24);
    expect(l.source.width + 1 + l.rightWidth).toBe(80);
    expect(l.variables.height + l.stack.height + l.breakpoints.height).toBe(l.topHeight);
    expect(l.variables.height).toBeGreaterThanOrEqual(5);
    expect(computeLayout(50, 24).tooSmall).toBe(true);
    expect(computeLayout(80, 10).tooSmall).toBe(true);
  });
});

describe('source', () => {
  it('highlights line by line, docstrings included', () => {
    const f = new SourceFile('/a.py', 'def f():\n    """doc\n    more\n    """\n    return 1\n');
    expect(f.length).toBe(5);
    expect(f.highlighted(1)).toContain('\x1b[34mdef');
    expect(f.highlighted(3)).toBe('\x1b[31m    more\x1b[39m');
    expect(f.highlighted(5)).toContain('\x1b[34mreturn');
  });
});

describe('history', () => {
  it('persists across sessions, one line each', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-h-'));
    const path = join(dir, 'ndbg', 'history');
    const h = new History(path);
    h.add('p x');
    h.add('p x');
    h.add('n');
    expect(readFileSync(path, 'utf8')).toBe('p x\nn\n');
    expect(new History(path).entries).toEqual(['p x', 'n']);
    expect(defaultHistoryPath({ XDG_STATE_HOME: '/s' })).toBe('/s/ndbg/history');
    expect(defaultHistoryPath({ HOME: '/h' })).toBe('/h/.local/state/ndbg/history');
  });
});

describe('cast', () => {
  it('writes valid asciicast v2 as it goes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-c-'));
    const path = join(dir, 'a.cast');
    let t = 0;
    const w = createCastWriter(path, { width: 80, height: 24, title: 'x', clock: () => t, timestamp: null });
    w.write('hello');
    t = 1.5;
    w.write('\x1b[2;1Hé\n');
    // Flushed before close: a crash loses nothing.
    expect(readFileSync(path, 'utf8').split('\n').length).toBe(4);
    await w.close();
    const c = parseCast(readFileSync(path, 'utf8'));
    expect(c.header).toMatchObject({ version: 2, width: 80, height: 24, title: 'x' });
    expect(c.header.timestamp).toBeUndefined();
    expect(c.events).toEqual([
      { time: 0, type: 'o', data: 'hello' },
      { time: 1.5, type: 'o', data: '\x1b[2;1Hé\n' },
    ]);
  });
});

describe('play', () => {
  it('parses commands, keys and directives', () => {
    const steps = parsePlayScript('@size 90x28\n# hi\n\ns\n@key f7 down\n@sleep 1\n\\@x\n@type p x');
    expect(steps.map((s) => s.kind)).toEqual(['size', 'type', 'keys', 'sleep', 'type', 'type']);
    expect(() => parsePlayScript('@key f99')).toThrow(/line 1/);
    expect(() => parsePlayScript('s\n@size 80x24')).toThrow(/first/);
    expect(() => parsePlayScript('@bogus')).toThrow(/unknown directive/);
  });
  it('is deterministic: same script, same schedule', async () => {
    const run = async () => {
      const log: string[] = [];
      const target: PlayTarget = {
        input: (d) => log.push(JSON.stringify(d)),
        settled: async () => {},
        frame: (t) => log.push(t.toFixed(6)),
        done: () => false,
      };
      await play(parsePlayScript('p x\n@key f7\n@speed 30\nn'), target, { typingSpeed: 10 });
      return log;
    };
    const a = await run();
    expect(a).toEqual(await run());
    expect(a).toContain('"\\u001b[18~"');
  });
});
