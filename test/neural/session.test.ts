// The neural session's behaviour with a scripted model that records what it is
// asked: edits condition later predictions, reverse execution walks the history
// and asks the inverse model past its start, refusals keep the session alive,
// unreadable predictions, windowing, the structured events.
import { describe, expect, it } from 'vitest';
import type { EngineEvent, StopEvent } from '../../src/engine/engine.js';
import { createNeuralDebugger } from '../../src/engine/neural.js';
import { NO_HISTORY } from '../../src/engine/neural/core.js';
import type { ModelState, Predictor } from '../../src/model/types.js';
import { ScriptedModel, drive, fixturePath, line, neuralDebugger, prediction } from './helpers.js';

const F = fixturePath('neural_basic.py');
const stops = (events: EngineEvent[]) => events.filter((e): e is StopEvent => e.type === 'stop' && !e.refresh);
const call = (n: number, func: string, stack: number[], locals: Record<string, string>): ModelState => ({
  ...line(n, locals),
  event: 'call',
  func,
  stack,
});

describe('neural session', () => {
  it('edits become part of the history the model is conditioned on', async () => {
    const model = new ScriptedModel(line(2), [line(7), line(14), line(15, { nums: '[9, 9]' })]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout } = await drive(dbg, ['n', 'n', 'nums = [1, 2]', '!n = 3', 'p nums, n', 'n', 'p nums', 'q']);
    expect(stdout).toContain('(Pdb) ([1, 2], 3)\n');
    const last = model.calls[model.calls.length - 1]!;
    // the edited state closes the history, written complete (a new segment)
    const h = last.history;
    expect(h[h.length - 1]!.action).toBeNull();
    expect(h[h.length - 1]!.state.locals).toEqual({ nums: '[1, 2]', n: '3' });
    expect(h[h.length - 1]!.state.line).toBe(14);
    // the unedited prediction is still there before it
    expect(h.map((e) => e.state.line)).toEqual([2, 7, 14, 14, 14]);
    expect(last.action).toEqual({ kind: 'step_over' });
    expect(stdout).toContain('(Pdb) [9, 9]\n');
  });

  it('reverse steps walk the history without asking the model, and forward again replays it', async () => {
    const model = new ScriptedModel(line(2), [line(7), line(14), line(15, { nums: '[1, 2, 3]' }), call(2, 'add', [15], { a: '1', b: '2' })]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout } = await drive(dbg, ['n', 'n', 'n', 's', 'rs', 'rs', 'p nums', 'n', 'reverse-finish', 's', 'rn', 'rc', 'rs', 'q']);
    expect(model.calls.length).toBe(4);
    const locs = [...stdout.matchAll(/> \S+\((\d+)\)(\S+)\(\)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(locs).toEqual([
      '2 <module>',
      '7 <module>',
      '14 <module>',
      '15 <module>',
      '2 add', // forward
      '15 <module>',
      '14 <module>', // rs rs
      '15 <module>', // n: replayed, no prediction
      '2 add', // s: replayed
      '15 <module>', // rn: back over to the caller's line
      '2 <module>', // rc: no breakpoints, to the start
    ]);
    expect(stdout).toContain('--Call--\n> ');
    expect(stdout).toContain("(Pdb) *** NameError: name 'nums' is not defined\n");
    // reverse-finish at module level, and rs at the program's first state
    expect(stdout.match(/No more reverse-execution history\.\n/g)).toHaveLength(2);
  });

  it('past the start of an --at-return session, the inverse model predicts the call and its arguments', async () => {
    const model = new ScriptedModel(line(1), [
      (h, a) => {
        expect(a).toEqual({ kind: 'inv_step_call' });
        expect(h).toHaveLength(1);
        expect(h[0]!.state).toMatchObject({ event: 'return', line: 4, func: 'add', stack: [15], retval: '5' });
        return call(2, 'add', [15], { a: '2', b: '3' });
      },
      (h, a) => {
        expect(a).toEqual({ kind: 'inv_step_into' });
        expect(h.map((e) => e.action?.kind ?? null)).toEqual([null, 'inv_step_call']);
        return line(15, { nums: '[2, 3]' });
      },
    ]);
    const dbg = await neuralDebugger('neural_basic.py', model, { atReturn: { func: 'add', value: '5' } });
    const { stdout } = await drive(dbg, ['w', 'reverse-finish', 'a', 'rs', 'p nums', 's', 'r', 'q']);
    expect(stdout).toMatch(/^--Return--\n> \S+neural_basic\.py\(4\)add\(\)->5\n-> return total\n/);
    expect(stdout).toContain(`  ${F}(15)<module>()\n-> s = add(nums[0], nums[1])\n> ${F}(4)add()->5\n`);
    expect(stdout).toContain('--Call--\n');
    expect(stdout).toContain('(Pdb) a = 2\nb = 3\n');
    expect(stdout).toContain('(Pdb) [2, 3]\n');
    // s and r forward again: the recorded states, no prediction
    expect(model.calls).toHaveLength(2);
    expect(stdout.match(/--Return--/g)).toHaveLength(2);
  });

  it('refuses what would run the program, with *** messages, and stays alive', async () => {
    const model = new ScriptedModel(line(2), []);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout } = await drive(dbg, ["p open('/etc/passwd').read()", '!import os', 'interact', 'debug f(1)', '!exec("1")', 'p 1 + 1', 'q']);
    const errors = stdout.split('\n').filter((l) => l.includes('***'));
    expect(errors).toHaveLength(5);
    for (const e of errors) expect(e).toMatch(/\*\*\* ndbg: /);
    expect(stdout).toContain('(Pdb) 2\n');
  });

  it('a prediction that cannot be read is reported; a shorter step is taken, and where none can be read the session stays', async () => {
    const model = new ScriptedModel(line(2), [
      {
        state: null,
        confidence: { line: 0, values: {} },
        text: '<|line|>9',
        latencyMs: 3,
        tokens: 2,
        error: 'the model wrote no <|end|> within 256 tokens: no state predicted',
      },
      line(7),
    ]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout, stderr } = await drive(dbg, ['n', 'w', 'n', 'q']);
    // the first `n` fails, and `s` (a shorter step) stops at line 7 instead, saying so
    expect(model.calls.map((c) => c.action.kind).slice(0, 2)).toEqual(['step_over', 'step_into']);
    expect(stderr).toContain(
      "ndbg: the model's prediction could not be read: the model wrote no <|end|> within 256 tokens: no state predicted; took a step into (s) instead\n",
    );
    expect(stdout).toMatch(/^> \S+\(2\)<module>\(\)\n-> def add\(a, b\):\n\(Pdb\) > \S+\(7\)<module>\(\)/);
    // the second: neither `n` nor `s` can be read; the failure is reported and the session stays
    expect(stdout).toContain("(Pdb) *** ndbg: the model's prediction could not be read: no more scripted answers\n(Pdb) ");
  });

  it('says once that the script is windowed, on stderr', async () => {
    const warning = "the script is 5000 tokens, more than the model's context allows (window 1024): the model sees lines 1-40 of 300";
    const model = new ScriptedModel(line(2), [
      { state: line(7), confidence: { line: 1, values: {} }, text: '', latencyMs: 1, tokens: 1, warning },
      { state: line(14), confidence: { line: 1, values: {} }, text: '', latencyMs: 1, tokens: 1, warning },
    ]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stderr } = await drive(dbg, ['n', 'n', 'q']);
    expect(stderr).toBe(`ndbg: ${warning} (the script is windowed)\n`);
  });

  it('stop events carry per-local confidence and model latency', async () => {
    const model = new ScriptedModel(line(2), [line(7), line(14), line(15, { nums: '[1, 2, 3]' })]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { events } = await drive(dbg, ['n', 'n', 'n', '!nums = []', 'q'], true);
    const s = stops(events);
    const last = s[s.length - 1]!;
    expect(last.frames.map((f) => f.file).slice(2)).toEqual([F]);
    expect(last.frames[last.frames.length - 1]!.confidence).toEqual({ nums: 0.5 });
    expect(last.latencyMs).toBe(1);
    const refresh = events.filter((e): e is StopEvent => e.type === 'stop' && !!e.refresh);
    expect(refresh[refresh.length - 1]!.frames[2]!.locals).toEqual({ nums: '[]' });
    expect(refresh[refresh.length - 1]!.frames[2]!.confidence).toEqual({ nums: 1 });
  });

  it('a program predicted never to end keeps the session where it was', async () => {
    const model = new ScriptedModel(line(2), [{ ...line(1), event: 'exit', line: null, func: null, exit: 'never' }]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout } = await drive(dbg, ['c', 'w', 'q']);
    expect(stdout).toContain('*** ndbg: the model predicts that the program does not end from here');
    expect(stdout).toMatch(/\(Pdb\) {3}\S+bdb\.py\(\d+\)run\(\)/);
    expect(stdout).toContain(`> ${F}(2)<module>()\n-> def add(a, b):\n(Pdb) `);
  });

  it('createNeuralDebugger opens the predictor on the script text, with constraints as asked', async () => {
    const opened: Array<{ source: string; constrain?: boolean; stdin?: string }> = [];
    const model = new ScriptedModel(line(2), []);
    const predictor: Predictor = {
      info: { name: 'fake', device: 'cpu', warnings: ['cuda was asked for but is not available: running on cpu'] },
      open: async (source, o) => {
        opened.push({ source, constrain: o?.constrain, stdin: o?.stdin });
        return { ...model, initialState: () => model.initialState(), predict: (h, a) => model.predict(h, a), close: () => {} };
      },
      close: async () => {},
    };
    const dbg = await createNeuralDebugger({ engine: 'neural', target: 'fixtures/neural_basic.py', constrain: false, stdin: 'Ada\n36\n' }, { predictor });
    const { stderr, stdout } = await drive(dbg, ['q']);
    expect(opened[0]!.constrain).toBe(false);
    expect(opened[0]!.stdin).toBe('Ada\n36\n'); // --stdin: the model reads the program's input
    expect(opened[0]!.source).toContain('def scale(xs, k=2):');
    expect(stderr).toContain('ndbg: cuda was asked for but is not available');
    expect(stderr).toContain('--no-constrain');
    expect(stdout).toBe(`> ${F}(2)<module>()\n-> def add(a, b):\n(Pdb) `);
  });
});

describe('a model that predicts a loop without end', () => {
  it('breakpoint commands that resume stop after the rollout cap', async () => {
    // every prediction: line 16 again
    const again = () => prediction(line(16, { s: '3' }));
    const model = new ScriptedModel(
      line(2),
      Array.from({ length: 40 }, () => again),
    );
    const dbg = await neuralDebugger('neural_basic.py', model, { rolloutCap: 5 });
    const { stdout, stderr } = await drive(dbg, ['b 16', 'commands 1', 'silent', 'p s', 'continue', 'c', 'p "after"', 'q']);
    // the first stop, then 5 resumes, then the cap: 6 stops ran the commands
    expect(stdout.split('\n').filter((l) => l.endsWith('3')).length).toBe(6);
    expect(stdout).toContain('*** ndbg: 5 breakpoint stops in a row were resumed by their commands; stopping here');
    expect(stdout).toContain(`> ${F}(16)<module>()\n-> print("sum", s)\n(Pdb) 'after'\n`);
    expect(stderr).toBe('');
  });
});

describe('interrupting a prediction', () => {
  it('Ctrl-C aborts the model call; the session stays where it was', async () => {
    let started!: () => void;
    const asked = new Promise<void>((r) => (started = r));
    const model = {
      initialState: () => line(2),
      predict: (_h: unknown, _a: unknown, o?: { signal?: AbortSignal }) =>
        new Promise<never>((_, reject) => {
          started();
          o?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
        }),
    };
    const dbg = await neuralDebugger('neural_basic.py', model);
    let out = '';
    dbg.on((e) => {
      if (e.type === 'text') out += e.data;
      if (e.type === 'prompt') out += e.prompt;
    });
    await dbg.start();
    const done = dbg.command('n');
    await asked;
    dbg.interrupt();
    await done;
    expect(out.endsWith('(Pdb) *** ndbg: prediction interrupted\n(Pdb) ')).toBe(true);
  });
});

describe('the command loop', () => {
  it('resumes by breakpoint commands run in a loop, not by recursion: 200 stops, then the guard', async () => {
    const again = () => line(16, { s: '3' });
    const model = new ScriptedModel(
      line(2),
      Array.from({ length: 210 }, () => again),
    );
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout, events } = await drive(dbg, ['b 16', 'commands 1', 'silent', 'p s', 'continue', 'c', 'q']);
    expect(stdout.split('\n').filter((l) => l.endsWith('3')).length).toBe(201);
    expect(stdout).toContain('*** ndbg: 200 breakpoint stops in a row were resumed by their commands; stopping here');
    // each line of the list is a command of its own, answered with its result (as the python engine does)
    const results = events.filter((e) => e.type === 'result' && e.command === 'p s' && e.output !== '');
    expect(results).toHaveLength(201);
    expect(results[0]).toMatchObject({ output: '3\n', ok: true });
  });

  it('a line named like an object property is neither a command nor a reverse command', async () => {
    const dbg = await neuralDebugger('neural_basic.py', new ScriptedModel(line(2), []));
    const { stdout } = await drive(dbg, ['constructor', 'toString', 'help constructor', 'help valueOf', 'q']);
    expect(stdout).not.toContain(NO_HISTORY);
    expect(stdout.match(/\(Pdb\) \*\*\* ndbg: cannot execute '(constructor|toString)'/g)).toHaveLength(2);
    expect(stdout).toContain("(Pdb) *** No help for 'constructor'\n(Pdb) *** No help for 'valueOf'\n");
  });

  it("until with one of pdb's own frames selected runs in the program's outermost frame", async () => {
    const model = new ScriptedModel(line(2), [line(7)]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout } = await drive(dbg, ['u', 'u', 'unt', 'q']);
    expect(model.calls[0]!.action).toEqual({ kind: 'step_over' });
    expect(stdout).toContain(`(Pdb) > ${F}(7)<module>()\n-> def scale(xs, k=2):\n(Pdb) `);
  });
});
