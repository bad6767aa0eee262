import { describe, expect, it } from 'vitest';
import { maskAddresses } from '../../src/repl/tui/selectors.js';
import { ConsoleLog, LineAssembler, OutputLog } from '../../src/repl/tui/transcript.js';

describe('OutputLog', () => {
  it('joins text to the open line until a newline ends it', () => {
    const o = new OutputLog();
    o.write('stdout', 'total ');
    o.write('stdout', 'is 8\nnext');
    expect(o.lines).toEqual([
      { text: 'total is 8', kind: 'stdout' },
      { text: 'next', kind: 'stdout' },
    ]);
    o.write('stderr', ' line\n');
    expect(o.lines.at(-1)).toEqual({ text: 'next line', kind: 'stdout' }); // continues the open line
    o.write('stderr', 'oops\n');
    expect(o.lines.at(-1)).toEqual({ text: 'oops', kind: 'stderr' });
  });

  it("never joins a note to the program's text, and makes text safe to draw", () => {
    const o = new OutputLog();
    o.write('stdout', '10%\r50%');
    o.write('info', '── program restarted ──\n');
    o.write('stdout', 'a\x1b[2Jb\n');
    expect(o.lines).toEqual([
      { text: '50%', kind: 'stdout' },
      { text: '── program restarted ──', kind: 'info' },
      { text: 'ab', kind: 'stdout' },
    ]);
  });

  it('keeps the newest lines once twice the limit pile up, in the same array', () => {
    const o = new OutputLog(3);
    const lines = o.lines;
    for (let i = 0; i < 7; i++) o.write('stdout', `${i}\n`);
    expect(o.lines).toBe(lines);
    expect(o.lines.map((l) => l.text)).toEqual(['4', '5', '6']);
  });
});

describe('ConsoleLog', () => {
  it('adds one entry a line, paths under the working directory shortened, reprs masked', () => {
    const c = new ConsoleLog('/home/u/proj', maskAddresses);
    c.add('Breakpoint 1 at /home/u/proj/demo.py:4\n<f at 0x7f00aa11>', 'debugger');
    expect(c.lines).toEqual([
      { text: 'Breakpoint 1 at demo.py:4', kind: 'debugger' },
      { text: '<f at 0x…>', kind: 'debugger' },
    ]);
    const root = new ConsoleLog('/', (t) => t); // a root cwd shortens nothing
    root.add('/x/y.py', 'info');
    expect(root.lines).toEqual([{ text: '/x/y.py', kind: 'info' }]);
  });
});

describe('LineAssembler', () => {
  it('hands on whole lines and keeps the rest for later', () => {
    const a = new LineAssembler();
    expect(a.push('> f.py(3)', 'location')).toEqual([]);
    expect(a.push('f()\n-> x = 1\n', 'location')).toEqual([
      { text: '> f.py(3)f()', kind: 'location' },
      { text: '-> x = 1', kind: 'location' },
    ]);
    expect(a.push('(Pd')).toEqual([]);
    expect(a.flush()).toEqual({ text: '(Pd', kind: undefined });
    expect(a.flush()).toBeUndefined();
  });

  it('never joins text of another kind to an unfinished line', () => {
    const a = new LineAssembler();
    expect(a.push('partial')).toEqual([]);
    expect(a.push('*** NameError\n', 'error')).toEqual([
      { text: 'partial', kind: undefined },
      { text: '*** NameError', kind: 'error' },
    ]);
  });
});
