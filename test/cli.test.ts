// The CLI: options, help, version, and bad input: each gets one clear line
// (or pdb's own message) and an exit status, never a Node stack trace.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PythonEngine } from '../src/engine/python.js';
import { spawnBridge } from '../src/engine/spawnBridge.js';
import type { EngineEvent } from '../src/engine/engine.js';
import { NDBG, PYTHON, ROOT, runProcess } from './parityHarness.js';

const ndbg = (args: string[], stdin = 'q\n') => runProcess(process.execPath, [NDBG, '--engine', 'python', ...args], stdin);

function noStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
}

describe.concurrent('ndbg command line', () => {
  it('--help and --version', async () => {
    const h = await ndbg(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^usage: ndbg \[options\] script\.py \[args \.\.\.\]/);
    for (const opt of [
      '-c, --command',
      '-m MODULE',
      '--engine',
      '--python',
      '--json',
      '--stdin FILE',
      '--record',
      '--play',
      '--typing-speed',
      '--model',
      '--device',
    ])
      expect(h.stdout).toContain(opt);
    const v = await ndbg(['--version']);
    expect(v.stdout).toMatch(/^ndbg \d+\.\d+\.\d+\n$/);
  });

  it.each([
    [['--bogus', 'x.py'], "ndbg: unknown option '--bogus'", 2],
    [[], 'ndbg: no script given', 2],
    [['-c'], 'ndbg: option -c needs a value', 2],
    [['--engine', 'ruby', 'x.py'], "ndbg: unknown engine 'ruby'", 2],
    [['--device', 'tpu', 'x.py'], "ndbg: unknown device 'tpu'", 2],
    [['--engine', 'neural', '--model', '/nonexistent/model', 'fixtures/loops.py'], 'ndbg: model directory not found', 1],
    [['--python', '/nonexistent/python3', 'fixtures/loops.py'], "cannot run the Python interpreter '/nonexistent/python3'", 1],
    [['fixtures'], 'Error: fixtures is a directory', 1],
    [['--stdin', '/nonexistent/input.txt', 'fixtures/input_prog.py'], "ndbg: cannot read --stdin file '/nonexistent/input.txt' (ENOENT)", 2],
  ])('%j -> clear message', async (args, message, code) => {
    const r = await ndbg(args as string[]);
    expect(`${r.stdout}${r.stderr}`).toContain(message);
    expect(r.code).toBe(code);
    noStack(r.stderr);
  });

  it('--stdin FILE: the program reads its lines, then EOF, and pdb keeps the command stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-stdin-'));
    const file = join(dir, 'in.txt');
    writeFileSync(file, 'Ada\n36\n');
    try {
      const r = await ndbg(['--python', PYTHON, '--stdin', file, 'fixtures/input_prog.py'], 'n\nn\nn\nn\np name, age, extra\nq\n');
      expect(r.code).toBe(0);
      // prompts go to stdout as without a terminal; the third read finds EOF
      expect(r.stdout).toContain('(Pdb) name? > ');
      expect(r.stdout).toContain('(Pdb) age? > ');
      expect(r.stdout).toContain("(Pdb) ('Ada', 36, '')\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a missing script: pdb says so (exit 1)', async () => {
    const r = await ndbg(['--python', PYTHON, 'nope.py']);
    expect(r.stdout).toBe('Error: nope.py does not exist\n');
    expect(r.code).toBe(1);
  });

  it('a too old Python: says which version is needed', async () => {
    const old = '/root/.pyenv/versions/3.8.18/bin/python3';
    const r = await ndbg(['--python', old, 'fixtures/loops.py']);
    if (r.stderr.includes('cannot run')) return; // no Python 3.8 on this machine
    expect(r.stderr).toContain('Python 3.9 or newer is required');
    expect(r.code).toBe(3);
  });

  it('a program killed by a signal: says so, exit 128 + signal', async () => {
    const r = await ndbg(['--python', PYTHON, 'fixtures/killed.py'], 'c\n');
    expect(r.stdout).toContain('about to die\n');
    expect(r.stderr).toBe('ndbg: the program was killed by signal SIGKILL\n');
    expect(r.code).toBe(137);
  });

  it('-m, -c and script arguments reach pdb', async () => {
    const r = await ndbg(['--python', PYTHON, '-c', 'b 5', '-c', 'c', 'fixtures/restart_cmd.py', 'a', 'b'], 'p args\nq\n');
    expect(r.stdout).toContain("(Pdb) ['a', 'b']\n");
  });

  it('line mode: --play types a play script, --record writes a cast with the typed lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-cli-'));
    const play = join(dir, 'tour.txt');
    const cast = join(dir, 'tour.cast');
    writeFileSync(play, '# a tour\nn\n@sleep 1\np total\nq\n');
    const r = await ndbg(['--python', PYTHON, '--play', play, '--record', cast, 'fixtures/loops.py'], '');
    expect(r.stdout).toMatch(/\(Pdb\) 0\n\(Pdb\) $/);
    const [header, ...events] = readFileSync(cast, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(header).toMatchObject({ version: 2, title: 'ndbg fixtures/loops.py' });
    const text = events.map((e: [number, string, string]) => e[2]).join('');
    expect(text).toContain('(Pdb) n\r\n> ');
    expect(text).toContain('(Pdb) p total\r\n0\r\n');
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a bridge started early that already waits at its prompt', async () => {
    const opts = { target: 'fixtures/loops.py', python: PYTHON, cwd: ROOT };
    const spawned = spawnBridge(opts);
    await new Promise((r) => setTimeout(r, 3000)); // Python is at its first prompt by now
    const engine = new PythonEngine({ ...opts, spawned });
    const events: EngineEvent[] = [];
    engine.on((e) => events.push(e));
    await engine.start();
    expect(events.filter((e) => e.type === 'prompt')).toHaveLength(1);
    await engine.command('p 6 * 7');
    expect(events).toContainEqual({ type: 'result', command: 'p 6 * 7', output: '42\n', ok: true });
    await engine.command('q');
    expect(events.at(-1)).toEqual({ type: 'exit', code: 0 });
  });

  it('SIGINT stops an endless loop at a prompt, as pdb does', async () => {
    const child = spawn(process.execPath, [NDBG, '--engine', 'python', '--python', PYTHON, 'fixtures/forever.py'], { cwd: ROOT });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const waitFor = async (re: RegExp) => {
      for (let i = 0; i < 200 && !re.test(out); i++) await new Promise((r) => setTimeout(r, 50));
      expect(out).toMatch(re);
    };
    await waitFor(/\(Pdb\) $/);
    child.stdin.write('c\n');
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGINT');
    await waitFor(/Program interrupted\. \(Use 'cont' to resume\)\.\n> \S+forever\.py\(\d\)<module>\(\)/);
    child.stdin.write('p i > 0\nq\n');
    const code = await new Promise((r) => child.on('close', r));
    expect(out).toContain('(Pdb) True\n');
    expect(code).toBe(0);
  });
});
