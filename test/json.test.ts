// --json: a program drives a session through pipes, answering prompts and
// input requests as they come, and reads typed events (docs/json.md).

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { NDBG, PYTHON, ROOT } from './parityHarness.js';

type Ev = Record<string, unknown> & { v: number; type: string };

/** Runs ndbg --json; `answer` is called at each prompt/input with the events so far. */
async function drive(script: string, answer: (ev: Ev, seen: Ev[]) => string | null): Promise<Ev[]> {
  const child = spawn(process.execPath, [NDBG, '--engine', 'python', '--json', '--python', PYTHON, script], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const seen: Ev[] = [];
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const ev = JSON.parse(line) as Ev;
    seen.push(ev);
    if (ev.type === 'prompt' || ev.type === 'input') {
      const reply = answer(ev, seen);
      if (reply === null) child.stdin.end();
      else child.stdin.write(`${reply}\n`);
    }
  }
  return seen;
}

describe('--json', () => {
  it('reports stops, results, output and input requests with schema v1', async () => {
    const script = ['b square', 'c', 'p v', 'u', 'pp acc', 'c', 'cl 1', 'c', 'q'];
    const events = await drive('fixtures/reverse_demo.py', (ev) => (ev.type === 'input' ? 'ada' : (script.shift() ?? 'q')));
    expect(events.every((e) => e.v === 1)).toBe(true);
    const stops = events.filter((e) => e.type === 'stop') as Array<
      Ev & { frames: Array<{ func: string; locals: Record<string, string> }>; selected: number; index: number; refresh?: boolean }
    >;
    const first = stops[0]!;
    expect(first.event).toBe('line');
    expect(first.frames.at(-1)!.func).toBe('<module>');
    const inSquare = stops.find((s) => s.frames.at(-1)!.func === 'square')!;
    expect(inSquare.frames.at(-1)!.locals).toEqual({ v: '0' });
    expect(inSquare.selected).toBe(inSquare.frames.length - 1);
    expect(inSquare.index).toBeGreaterThan(first.index);
    // `u` re-describes the stop with the caller selected.
    const up = stops.find((s) => s.refresh)!;
    expect(up.selected).toBe(inSquare.selected - 1);
    expect(up.frames[up.selected]!.locals).toMatchObject({ n: '3', acc: '0', i: '0' });
    const results = events.filter((e) => e.type === 'result');
    expect(results).toContainEqual({ v: 1, type: 'result', command: 'p v', output: '0\n', ok: true });
    expect(events).toContainEqual({ v: 1, type: 'input' });
    expect(events).toContainEqual({ v: 1, type: 'text', stream: 'stdout', data: 'x = 5 name = ada\n' });
    expect(events.at(-1)).toEqual({ v: 1, type: 'exit', code: 0 });
  });

  it('groups a program object\'s attributes under the frame\'s `attributes` (docs/format.md, "Objects")', async () => {
    const script = ['b 34', 'c', 'q'];
    const events = await drive('fixtures/classes.py', () => script.shift() ?? 'q');
    type F = { locals: Record<string, string>; hidden?: string[]; attributes?: Record<string, Record<string, string>> };
    const stop = events.filter((e) => e.type === 'stop').at(-1) as Ev & { frames: F[] };
    const f = stop.frames.at(-1)!;
    expect(Object.keys(f.locals).filter((k) => !f.hidden?.includes(k) && !k.startsWith('__'))).toEqual(['shapes', 's', 'sq']);
    expect(f.attributes).toEqual({ s: { name: "'square'", side: '3' }, sq: { name: "'square'", side: '3' } });
  });

  it('marks errors, return values, exceptions and post-mortem', async () => {
    const script = ['nosuchname', 'c', 'q'];
    const events = await drive('fixtures/postmortem.py', () => script.shift() ?? 'q');
    const err = events.find((e) => e.type === 'result')!;
    expect(err).toMatchObject({ command: 'nosuchname', ok: false });
    const pm = events.find((e) => e.type === 'stop' && e.postMortem) as Ev;
    expect(pm).toMatchObject({ event: 'exception', exception: 'ZeroDivisionError: division by zero' });
    const tb = events
      .filter((e) => e.type === 'text' && e.stream === 'stderr')
      .map((e) => e.data)
      .join('');
    expect(tb).toContain('ZeroDivisionError');

    const r = ['b 4', 'c', 's', 'q']; // fact(1) returns 1
    const ret = await drive('fixtures/recursion.py', () => r.shift() ?? 'q');
    const returned = ret.find((e) => e.type === 'stop' && e.event === 'return') as Ev;
    expect(returned.retval).toBe('1');
  });

  it('follows reverse execution', async () => {
    const script = ['b square', 'c', 'c', 'rs', 'q'];
    const events = await drive('fixtures/reverse_demo.py', () => script.shift() ?? 'q');
    const idx = events.filter((e) => e.type === 'stop').map((e) => e.index as number);
    expect(idx.at(-1)).toBeLessThan(idx.at(-2)!);
  });
  it('keeps an edit made at the prompt although locals are reported (Python <= 3.12 f_locals re-sync)', async () => {
    const script = ['b 4', 'c', '!acc = 100', 'n', 'p acc', 'q'];
    const events = await drive('fixtures/tui_demo.py', () => script.shift() ?? 'q');
    const printed = events.find((e) => e.type === 'result' && e.command === 'p acc') as Ev & { output: string };
    expect(printed.output).toBe('103\n');
    const stops = events.filter((e) => e.type === 'stop') as Array<Ev & { frames: Array<{ locals: Record<string, string> }> }>;
    expect(stops.at(-1)!.frames.at(-1)!.locals.acc).toBe('103');
  });

  it('reports the breakpoint table as data whenever it changes, before the command or stop that changed it', async () => {
    const script = [
      'b square',
      'tbreak 10, i > 0',
      'condition 1 v > 0',
      'ignore 1 1',
      'commands 1',
      'silent',
      'p v',
      'end',
      'disable 2',
      'enable 2',
      'p 1',
      'c',
      'c',
      'cl 1',
      'q',
    ];
    const events = await drive('fixtures/reverse_demo.py', (ev) => (ev.type === 'input' ? 'ada' : (script.shift() ?? 'q')));
    type Table = Ev & { breakpoints: Array<Record<string, unknown>> };
    const tables = events.filter((e) => e.type === 'breakpoints') as Table[];
    const file = tables[0]!.breakpoints[0]!.file as string;
    expect(file).toMatch(/\/fixtures\/reverse_demo\.py$/);
    // `b square`: the def line, or from 3.13 its first line, as that Python's pdb says
    const line = tables[0]!.breakpoints[0]!.line as number;
    expect([2, 3]).toContain(line);
    const b1 = { number: 1, file, line, func: 'square', hits: 0, ignore: 0, enabled: true, temporary: false };
    const b2 = { number: 2, file, line: 10, condition: 'i > 0', hits: 0, ignore: 0, enabled: true, temporary: true };
    expect(tables.map((t) => t.breakpoints)).toEqual([
      [b1],
      [b1, b2],
      [{ ...b1, condition: 'v > 0' }, b2],
      [{ ...b1, condition: 'v > 0', ignore: 1 }, b2],
      [{ ...b1, condition: 'v > 0', ignore: 1, commands: ['p v'] }, b2],
      [
        { ...b1, condition: 'v > 0', ignore: 1, commands: ['p v'] },
        { ...b2, enabled: false },
      ],
      [{ ...b1, condition: 'v > 0', ignore: 1, commands: ['p v'] }, b2],
      // c: square(0) counted (its condition is false); the tbreak stops at i = 1 and goes
      [{ ...b1, condition: 'v > 0', ignore: 1, commands: ['p v'], hits: 1 }],
      // c: square(1) counted and ignored, square(2) stops
      [{ ...b1, condition: 'v > 0', ignore: 0, commands: ['p v'], hits: 3 }],
      [],
    ]);
    // `p 1` changes nothing: no table; each table comes just before the outcome of its command (or the stop)
    const at = (i: number) => events[events.indexOf(tables[i]!) + 1]!;
    expect(at(0)).toMatchObject({ type: 'command', command: 'b square' });
    expect(at(7)).toMatchObject({ type: 'stop' });
    expect(at(9)).toMatchObject({ type: 'command', command: 'cl 1' });
  });

  it('reports the outcome of every command: error, resumed, the values it set', async () => {
    const script = ['b 4', 'c', 'p nosuch', '!acc = 100', 'acc += 1', '!items[0] = 9', '!items.count(1)', 'n', 'q'];
    const events = await drive('fixtures/tui_demo.py', () => script.shift() ?? 'q');
    const outcomes = events.filter((e) => e.type === 'command').map(({ v: _, type: __, ...o }) => o);
    expect(outcomes).toEqual([
      { command: 'b 4', ok: true, resumed: false },
      { command: 'c', ok: true, resumed: true },
      { command: 'p nosuch', ok: false, resumed: false, error: "NameError: name 'nosuch' is not defined" },
      { command: '!acc = 100', ok: true, resumed: false, edits: { acc: '100' } },
      { command: 'acc += 1', ok: true, resumed: false, edits: { acc: '101' } },
      // changed in place: the same object, another repr; a call that changes nothing is no edit
      { command: '!items[0] = 9', ok: true, resumed: false, edits: { items: '[9, 1, 4]' } },
      { command: '!items.count(1)', ok: true, resumed: false },
      { command: 'n', ok: true, resumed: true },
      { command: 'q', ok: true, resumed: true },
    ]);
    // A resuming command's outcome comes before where the program got to.
    const n = events.findIndex((e) => e.type === 'command' && e.command === 'n');
    expect(events.slice(n + 1).find((e) => e.type === 'stop')).toBeDefined();
    expect(events.slice(0, n).filter((e) => e.type === 'stop').length).toBe(6); // first, b 4, a refresh after each of the four statements
  });

  it('says which debugger text is an error or a location, and when the program starts again', async () => {
    const script = ['p nosuch', 'n', 'w', 'c', 'run', 'b 10', 'c', 'rs', 'q'];
    const events = await drive('fixtures/reverse_demo.py', (ev) => (ev.type === 'input' ? 'ada' : (script.shift() ?? 'q')));
    const texts = events.filter((e) => e.type === 'text' && e.stream === 'debugger') as Array<Ev & { data: string; kind?: string }>;
    const kinds = (k?: string) => texts.filter((t) => t.kind === k).map((t) => t.data);
    expect(kinds('error')).toEqual(["*** NameError: name 'nosuch' is not defined\n"]);
    const locations = kinds('location');
    expect(locations.every((l) => /^> .*\(\d+\).*\n-> /.test(l))).toBe(true);
    expect(locations.length).toBe(events.filter((e) => e.type === 'stop' && !e.refresh).length);
    // `where` lists the stack: text, but no location
    expect(texts.filter((t) => t.kind === undefined && t.data.startsWith('> ')).map((t) => t.data)).toEqual([
      expect.stringMatching(/reverse_demo\.py\(7\)<module>\(\)\n/),
    ]);
    // the program ran to its end (pdb restarts it) and `run`: two restarts; `rs` replays, which is none
    const restarts = events.filter((e) => e.type === 'restart');
    expect(restarts.length).toBe(2);
    expect(events[events.indexOf(restarts[0]!) - 1]).toMatchObject({ type: 'text', data: 'The program finished and will be restarted\n' });
  });
});
