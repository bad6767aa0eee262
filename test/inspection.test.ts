// Quiet inspection (Engine.evaluate / Engine.children, docs/json.md "Inspection"):
// the neural engine's rule over predicted reprs agrees with the bridge's over live
// values on the golden cases (python/tests/test_inspection.py checks the bridge's
// side), and both engines answer at a prompt without writing anything.
import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChildrenPage, EngineEvent } from '../src/engine/engine.js';
import { childrenPage } from '../src/engine/neural/children.js';
import { PythonEngine } from '../src/engine/python.js';
import { ROOT } from './parityHarness.js';
import { OracleModel, PY, fixturePath, neuralDebugger } from './neural/helpers.js';

interface Case {
  locals: Record<string, string>;
  expr: string;
  parent: ChildrenPage['parent'];
  children: ChildrenPage['children'];
}

const CASES = JSON.parse(readFileSync(join(ROOT, 'test/golden/children/cases.json'), 'utf8')) as Case[];

/** What both sides must agree on (the neural side adds predicted/confidence). */
const plain = <T extends { predicted?: boolean; confidence?: number }>(v: T) => {
  const { predicted: _p, confidence: _c, ...rest } = v;
  return rest;
};

describe('the children rule (golden)', () => {
  for (const c of CASES) {
    it(`${c.expr} with ${JSON.stringify(c.locals)}`, () => {
      const r = childrenPage(c.expr, { locals: c.locals }, { [Object.keys(c.locals)[0]!]: 0.5 }, 0, 100);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(plain(r.result.parent)).toEqual(c.parent);
      expect(r.result.children.map(plain)).toEqual(c.children);
      // a prediction, with the model's confidence in the local it comes from
      expect(r.result.parent.predicted).toBe(true);
      expect(r.result.children.every((ch) => ch.predicted && ch.confidence === 0.5)).toBe(true);
    });
  }

  it('pages', () => {
    const locals = { r: `[${Array.from({ length: 250 }, (_, i) => i).join(', ')}]` };
    const r = childrenPage('r', { locals }, undefined, 100, 50);
    expect(r.ok && r.result.children.map((c) => c.name)).toEqual(Array.from({ length: 50 }, (_, i) => `[${i + 100}]`));
    expect(r.ok && r.result.parent.size).toBe(250);
  });

  it('an object known only by its default repr has no children to show', () => {
    const r = childrenPage('b', { locals: { b: '<__main__.Box object at 0x7f00>' } }, undefined, 0, 100);
    expect(r.ok && r.result.parent).toMatchObject({ type: 'Box', size: 0 });
  });

  it('an error is an answer', () => {
    const r = childrenPage('nope', { locals: {} }, undefined, 0, 100);
    expect(r).toEqual({ ok: false, error: "NameError: name 'nope' is not defined" });
  });
});

function collect(events: EngineEvent[]) {
  return (e: EngineEvent) => events.push(e);
}

describe('the python engine inspects the live program', () => {
  it('evaluates and opens values in any frame, quietly, and the program goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-inspect-'));
    const script = join(dir, 'prog.py');
    writeFileSync(
      script,
      [
        'class Box:',
        '    def __init__(self, w):',
        '        self.w = w',
        '        self.tags = ["a", "b"]',
        '',
        'def use(box, n):',
        '    total = box.w * n',
        '    return total',
        '',
        'data = {"k": [1, 2, 3], "b": Box(2)}',
        'print(use(data["b"], 4))',
        '',
      ].join('\n'),
    );
    const events: EngineEvent[] = [];
    const py = new PythonEngine({ target: script, python: PY, cwd: dir, withLocals: true });
    py.on(collect(events));
    await py.start();
    await py.command('b 8');
    await py.command('c');
    const stop = [...events].reverse().find((e) => e.type === 'stop');
    expect(stop?.type === 'stop' && stop.frames.at(-1)?.func).toBe('use');
    const before = events.length;

    expect(await py.evaluate('total + 1')).toEqual({ ok: true, result: { value: '9', type: 'int', size: 0 } });
    const box = await py.children('box');
    expect(box.ok && box.result.parent.type).toBe('Box');
    expect(box.ok && box.result.children.map((c) => [c.name, c.expr, c.value])).toEqual([
      ['w', 'box.w', '2'],
      ['tags', 'box.tags', "['a', 'b']"],
    ]);
    // the module's frame: its index in the stop's frames
    const moduleFrame = stop!.type === 'stop' ? stop!.frames.findIndex((f) => f.func === '<module>' && f.file === script) : -1;
    const k = await py.children("data['k']", { frame: moduleFrame, start: 1, count: 5 });
    expect(k.ok && k.result).toEqual({
      parent: { value: '[1, 2, 3]', type: 'list', size: 3 },
      start: 1,
      children: [
        { name: '[1]', expr: "data['k'][1]", value: '2', type: 'int', size: 0 },
        { name: '[2]', expr: "data['k'][2]", value: '3', type: 'int', size: 0 },
      ],
    });
    expect(await py.evaluate('nope')).toEqual({ ok: false, error: "NameError: name 'nope' is not defined" });
    // a print in the expression is not shown; nothing reached the transcript
    expect(await py.evaluate('print("x") or 5')).toMatchObject({ ok: true, result: { value: '5' } });
    expect(events.length).toBe(before);

    await py.command('c');
    const out = events.filter((e) => e.type === 'text' && e.stream === 'stdout').map((e) => (e.type === 'text' ? e.data : ''));
    expect(out.join('')).toBe('8\n');
    await py.close();
  });

  it('says the program is running while it waits for input', async () => {
    const events: EngineEvent[] = [];
    const py = new PythonEngine({ target: 'fixtures/input_prog.py', python: PY, cwd: ROOT, withLocals: true });
    py.on(collect(events));
    await py.start();
    await py.command('c');
    expect(events.at(-1)?.type).toBe('input');
    expect(await py.evaluate('1')).toEqual({ ok: false, error: 'the program is running: inspect at a prompt' });
    await py.close();
  });
});

describe('the neural engine inspects its prediction', () => {
  it('opens a predicted object at a stop', async () => {
    const dbg = await neuralDebugger('classes.py', new OracleModel(fixturePath('classes.py')));
    await dbg.start();
    await dbg.command('b 34');
    await dbg.command('c');
    const shapes = await dbg.children('shapes');
    expect(shapes.ok && shapes.result.parent).toMatchObject({ type: 'list', size: 2, predicted: true });
    expect(shapes.ok && shapes.result.children.map((c) => [c.expr, c.value, c.type])).toEqual([
      ['shapes[0]', "Shape('blob')", 'Shape'],
      ['shapes[1]', 'Square(3)', 'Square'],
    ]);
    expect(await dbg.evaluate('len(shapes) * 2')).toMatchObject({ ok: true, result: { value: '4', predicted: true } });
    // a value only the program could compute is refused, not guessed
    const area = await dbg.evaluate('sq.area');
    expect(area.ok).toBe(false);
    await dbg.close();
  });

  it('opens a predicted instance into the attributes its state shows (docs/format.md, "Objects")', async () => {
    const dbg = await neuralDebugger('classes.py', new OracleModel(fixturePath('classes.py')));
    await dbg.start();
    await dbg.command('b 34');
    await dbg.command('c');
    // the state has sq=Square(3), sq.name='square', sq.side=3: two children, as the bridge's __dict__
    expect(await dbg.evaluate('sq')).toMatchObject({ ok: true, result: { value: 'Square(3)', size: 2, predicted: true } });
    const sq = await dbg.children('sq');
    expect(sq.ok && sq.result.children.map((c) => [c.name, c.expr, c.value, c.type])).toEqual([
      ['name', 'sq.name', "'square'", 'str'],
      ['side', 'sq.side', '3', 'int'],
    ]);
    expect(await dbg.evaluate('sq.side')).toMatchObject({ ok: true, result: { value: '3', type: 'int' } });
    const stop = dbg.stopEvent();
    expect(Object.keys(stop.frames[stop.frames.length - 1]!.locals)).toEqual(['shapes', 's', 's.name', 's.side', 'sq', 'sq.name', 'sq.side']);
    await dbg.close();
  });
});
