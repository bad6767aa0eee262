// runTui in-process with fake streams: a --play session made headless, and a
// crash inside a pane.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { runTui } from '../../src/repl/tui/index.js';
import { parseCast } from '../../src/repl/cast.js';
import { ENTER, LEAVE } from '../../src/repl/tui/screen.js';
import { stripAnsi } from '../../src/repl/tui/ansi.js';
import { FakeEngine } from './fake-engine.mjs';

function streams() {
  let out = '';
  let err = '';
  const stdout = new Writable({
    write(chunk, _enc, cb) {
      out += chunk.toString();
      cb();
    },
  }) as unknown as NodeJS.WriteStream;
  const stderr = new Writable({
    write(chunk, _enc, cb) {
      err += chunk.toString();
      cb();
    },
  }) as unknown as NodeJS.WriteStream;
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
  return { stdin, stdout, stderr, out: () => out, err: () => err };
}

const dir = mkdtempSync(join(tmpdir(), 'ndbg-run-'));

describe('runTui', () => {
  it('plays a script headless into a cast, and ends with it', async () => {
    const script = join(dir, 's.txt');
    writeFileSync(script, '@size 70x20\n@key f7 f7\np total\nb 4\nc\n@key tab tab\n@key down enter backspace\n@type 7\n@key enter escape\nn\nq\n');
    const cast = join(dir, 's.cast');
    const io = streams();
    const engine = new FakeEngine();
    const code = await runTui(engine as never, { title: 'ndbg demo', play: script, record: cast, historyPath: null, ...io });
    expect(code).toBe(0);
    // Esc after the edit: back to the command line, where n and q are typed.
    expect(engine.commands).toEqual(['s', 's', 'p total', 'b 4', 'c', '!acc = 7', 'n', 'q']);
    const c = parseCast(readFileSync(cast, 'utf8'));
    expect(c.header).toMatchObject({ version: 2, width: 70, height: 20, title: 'ndbg demo' });
    expect(c.header.timestamp).toBeUndefined();
    expect(c.events[0]!.data).toBe(ENTER);
    expect(c.events.at(-1)!.data).toBe(LEAVE);
    // What the terminal got is what the cast holds.
    expect(io.out()).toBe(c.events.map((e) => e.data).join(''));
    expect(stripAnsi(io.out())).toContain('acc = 10'); // 7 + x (3) after the step
  });

  it('restores the terminal and reports a crash inside a pane', async () => {
    const io = streams();
    // A frame whose file is not a string: the store takes it, drawing it throws.
    const engine = new FakeEngine();
    engine.start = async function (this: FakeEngine) {
      this.emit({ type: 'stop', event: 'line', selected: 0, frames: [{ file: 123, line: 1, func: 'f', locals: {} }] });
    };
    const code = await runTui(engine as never, { title: 'x', historyPath: null, ...io });
    expect(code).toBe(1);
    expect(io.out().startsWith(ENTER)).toBe(true);
    expect(io.out().endsWith(LEAVE)).toBe(true);
    expect(io.err()).toContain('ndbg: the TUI crashed');
    expect(io.err()).toMatch(/TypeError/);
  });
});
