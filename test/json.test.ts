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
    const stops = events.filter((e) => e.type === 'stop') as Array<Ev & { frames: Array<{ func: string; locals: Record<string, string> }>; selected: number; index: number; refresh?: boolean }>;
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

  it('marks errors, return values, exceptions and post-mortem', async () => {
    const script = ['nosuchname', 'c', 'q'];
    const events = await drive('fixtures/postmortem.py', () => script.shift() ?? 'q');
    const err = events.find((e) => e.type === 'result')!;
    expect(err).toMatchObject({ command: 'nosuchname', ok: false });
    const pm = events.find((e) => e.type === 'stop' && e.postMortem) as Ev;
    expect(pm).toMatchObject({ event: 'exception', exception: 'ZeroDivisionError: division by zero' });
    const tb = events.filter((e) => e.type === 'text' && e.stream === 'stderr').map((e) => e.data).join('');
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
});
