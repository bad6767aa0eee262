// Context selection (docs/format.md, "Context selection") against the golden files Python
// wrote (python/tests/test_context.py): the same costs, the same definitions from the
// control-flow analysis, the same lines for every case; and the session using it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Program } from '../../src/model/format/cfg.js';
import { contextBudget, defsOf, describeSelection, selectLines, type ContextDef } from '../../src/model/format/contextSelect.js';
import { sourceLines } from '../../src/model/format/format.js';
import { loadPredictor, type NeuralPredictor } from '../../src/model/predictor.js';
import { Tokenizer } from '../../src/model/format/tokenizer.js';
import type { HistoryEntry } from '../../src/model/types.js';
import { testPython } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'test', 'golden', 'context');
const tok = Tokenizer.load(join(ROOT, 'test', 'golden', 'tokenizer.json'));

interface Golden {
  program: string;
  source: string;
  defs: ContextDef[];
  costs: number[];
  cases: Array<{ focus: number | null; stack: number[]; budget: number; lines: number[] }>;
}

const goldens = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Golden] as const);

describe('selectLines mirrors python/ndbg/trace/context.py', () => {
  it('has golden files', () => expect(goldens.length).toBeGreaterThanOrEqual(4));

  for (const [name, g] of goldens) {
    it(`${name}: line costs, definitions and every selected line`, async () => {
      const lines = sourceLines(g.source);
      expect(lines.map((t, k) => tok.encode(`${k + 1} ${t}\n`).length)).toEqual(g.costs);
      const program = await Program.analyze(g.source, { python: testPython(), target: '3.11' });
      expect(defsOf(program).map(({ qualname: _, ...d }) => d)).toEqual(g.defs);
      expect(g.cases.length).toBeGreaterThan(10);
      for (const c of g.cases) {
        expect(selectLines(lines, g.costs, g.defs, c.focus, c.stack, c.budget), JSON.stringify(c)).toEqual(c.lines);
      }
    });
  }

  it('describes a selection by whole definitions, then line ranges', () => {
    const defs: ContextDef[] = [
      { name: 'f', kind: 'function', call_line: 2, def_line: 2, last_line: 4, qualname: 'f' },
      { name: 'C', kind: 'class', call_line: 6, def_line: 6, last_line: 9, qualname: 'C' },
      { name: 'm', kind: 'function', call_line: 7, def_line: 7, last_line: 9, qualname: 'C.m' },
    ];
    expect(describeSelection([1, 2, 3, 4, 6, 7, 8, 9, 20, 21, 22, 30], defs, 40)).toBe('12 of 40 lines: f, C and lines 1, 20-22, 30');
    expect(describeSelection([7, 8, 9, 11], defs, 40)).toBe('4 of 40 lines: C.m and line 11');
    expect(contextBudget(1024)).toBe(512);
  });
});

// the shipped default model (trained before selected contexts were in its data)
const SHIPPED = join(ROOT, 'models', readFileSync(join(ROOT, 'models', 'default'), 'utf8').trim());
const LONG = join(ROOT, 'evalsets', 'long', '02_order_system.py');

describe.skipIf(!existsSync(join(SHIPPED, 'model.onnx')) || !existsSync(LONG))('a session on a script longer than the window', () => {
  let predictor: NeuralPredictor;
  beforeAll(async () => {
    predictor = await loadPredictor({ modelDir: SHIPPED, device: 'cpu', threads: 1, python: testPython() });
  });
  afterAll(async () => predictor?.close());

  const source = existsSync(LONG) ? readFileSync(LONG, 'utf8') : '';
  const lines = sourceLines(source);
  const at = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;

  it('shows the focus function, its caller and callee with their real numbers, and says so', async () => {
    const s = await predictor.open(source, { maxTokens: 8, context: 'select' });
    expect(s.contextMode()).toBe('select');
    // inside Order.total, called from the demo's print loop at the bottom of the script
    const focus = at('def total(self)') + 1;
    const caller = at('print(o, o.total if');
    const h: HistoryEntry[] = [
      {
        action: null,
        state: {
          event: 'line',
          line: focus,
          func: 'total',
          stack: [caller],
          locals: { self: '<Order>' },
          retval: null,
          exception: null,
          stdout: '',
          exit: null,
        },
      },
    ];
    const p = s.prompt(h, { kind: 'step_over' });
    const text = s.cache.model.files.tokenizer.decode(p.ids);
    expect(p.ids.length).toBeLessThanOrEqual(1024 - 256);
    expect(text).toContain(`${focus} ${lines[focus - 1]}\n`);
    expect(text).toContain(`${caller} ${lines[caller - 1]}\n`);
    const sub = at('def subtotal(self)');
    expect(text).toContain(`${sub + 1} ${lines[sub]}\n`); // total() calls self.subtotal
    expect(p.warning).toMatch(new RegExp(`the model sees \\d+ of ${lines.length} lines: .*Order\\.total`));
    // the same selection while the program stays in the function: the cache stays valid
    const again = s.prompt([...h, { action: { kind: 'step_over' }, state: { ...h[0]!.state, line: focus + 0 } }], { kind: 'step_over' });
    expect(again.ids.slice(0, 50)).toEqual(p.ids.slice(0, 50));
    s.close();
  });

  it('shows the shipped model the context its training data had, by default', async () => {
    // v7 and later were trained on selected contexts (their data's builder config says so);
    // a model trained before them gets the contiguous window
    const config = JSON.parse(readFileSync(join(SHIPPED, 'config.json'), 'utf8')) as { data_meta?: { config?: { select_context?: unknown } } };
    const trained = config.data_meta?.config?.select_context === true ? 'select' : 'window';
    const s = await predictor.open(source, { maxTokens: 8 });
    const env = process.env.NDBG_CONTEXT;
    expect(s.contextMode()).toBe(env === 'select' || env === 'window' ? env : trained);
    if (env) return;
    const h: HistoryEntry[] = [{ action: null, state: { ...s.initialState(), line: 300 } }];
    const shown = trained === 'window' ? new RegExp(`the model sees lines \\d+-\\d+ of ${lines.length}`) : /the model sees /;
    expect(s.prompt(h, { kind: 'step_over' }).warning).toMatch(shown);
    s.close();
  });
});
