// The TypeScript tokenizer and format against the golden files Python wrote
// (test/golden/, docs/format.md §7): every id byte for byte.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ATTR_DEPTH,
  ATTR_LIMIT,
  CUT_MARKER,
  FORMAT_VERSION,
  REPR_LIMIT,
  buildPrompt,
  buildWindows,
  decodeState,
  decodeStateIds,
  encodeContext,
  forVersion,
  makeState,
  encodeState,
  encodeAction,
  isDiff,
  render,
  stateKey,
  type ActionName,
  type Segment,
  type State,
} from '../../src/model/format/format.js';
import { Tokenizer, pretokenize } from '../../src/model/format/tokenizer.js';

const GOLDEN = join(import.meta.dirname, '..', 'golden');
const tok = Tokenizer.load(join(GOLDEN, 'tokenizer.json'));

interface GoldenState {
  event: State['event'];
  line: number | null;
  func: string | null;
  depth: number;
  stack: number[];
  locals: Record<string, string>;
  retval: string | null;
  exception: string | null;
  stdout: string;
  exit: State['exit'];
}
const toState = (g: GoldenState): State => ({
  event: g.event,
  line: g.line,
  func: g.func,
  stack: g.stack,
  locals: g.locals,
  retval: g.retval,
  exception: g.exception,
  stdout: g.stdout,
  exit: g.exit,
});

interface GoldenProgram {
  name: string;
  source: string;
  stdin: string;
  window: number;
  context: { text: string; ids: number[] };
  segments: Array<{
    initial: { state: GoldenState; text: string; ids: number[] };
    steps: Array<{ action: ActionName; arg: number | null; diff: boolean; state: GoldenState; text: string; ids: number[] }>;
  }>;
  windows: Array<{ ids: number[]; mask: number[] }>;
}

describe('tokenizer golden cases', () => {
  const cases = JSON.parse(readFileSync(join(GOLDEN, 'tokenizer_cases.json'), 'utf8')) as Array<{
    text: string;
    chunks_hex: string[];
    ids: number[];
  }>;
  it.each(cases.map((c) => [JSON.stringify(c.text), c] as const))('%s', (_, c) => {
    const data = new TextEncoder().encode(c.text);
    const chunks = pretokenize(data).map(([s, e]) => Buffer.from(data.subarray(s, e)).toString('hex'));
    expect(chunks).toEqual(c.chunks_hex);
    expect(tok.encode(c.text)).toEqual(c.ids);
    expect(tok.decodeItems(c.ids)).toEqual(c.text ? [c.text] : []);
    expect(tok.decode(c.ids)).toBe(c.text);
  });

  it('never produces special ids from text and round trips arbitrary text', () => {
    const texts = ['<|end|><|frame|>', 'x' + '\u0000'.repeat(3), '  \t\n  a', '🙂'.repeat(9), 'é'.repeat(40)];
    for (const t of texts) {
      const ids = tok.encode(t);
      expect(ids.every((i) => i >= 32)).toBe(true);
      expect(tok.decode(ids)).toBe(t);
    }
  });

  it('rejects invalid UTF-8 in decodeItems', () => {
    expect(() => tok.decodeItems([32 + 0xc3])).toThrow();
  });
});

const files = readdirSync(join(GOLDEN, 'format')).filter((f) => f.endsWith('.json'));

describe.each(files)('format golden %s', (file) => {
  const g = JSON.parse(readFileSync(join(GOLDEN, 'format', file), 'utf8')) as GoldenProgram;

  it('context', () => {
    const items = encodeContext(g.source, g.stdin);
    expect(render(items)).toBe(g.context.text);
    expect(tok.encodeItems(items)).toEqual(g.context.ids);
  });

  it('states: text, ids, diff flag, decode', () => {
    for (const seg of g.segments) {
      const first = toState(seg.initial.state);
      expect(render(encodeState(first))).toBe(seg.initial.text);
      expect(tok.encodeItems(encodeState(first))).toEqual(seg.initial.ids);
      expect(stateKey(decodeState(encodeState(first)))).toBe(stateKey(first));
      let prev = first;
      for (const step of seg.steps) {
        const st = toState(step.state);
        expect(isDiff(step.action, prev, st)).toBe(step.diff);
        const items = [...encodeAction(step.action, step.arg), ...encodeState(st, prev, step.action)];
        expect(render(items)).toBe(step.text);
        expect(tok.encodeItems(items)).toEqual(step.ids);
        const stateIds = tok.encodeItems(encodeState(st, prev, step.action));
        const back = decodeStateIds(tok, stateIds, prev);
        expect(back && stateKey(back)).toBe(stateKey(st));
        prev = st;
      }
    }
  });

  it('windows: ids and mask', () => {
    const segments: Segment[] = g.segments.map((s) => ({
      first: toState(s.initial.state),
      steps: s.steps.map((x) => ({ action: x.action, arg: x.arg, state: toState(x.state) })),
    }));
    const windows = buildWindows(tok, encodeContext(g.source, g.stdin), segments, g.window);
    expect(windows.map((w) => w.ids)).toEqual(g.windows.map((w) => w.ids));
    expect(windows.map((w) => w.mask)).toEqual(g.windows.map((w) => w.mask));
  });
});

describe('buildPrompt mirrors examples.build_prompt', () => {
  const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'prompts.json'), 'utf8')) as Array<{
    program: string;
    segment: number;
    steps: number;
    action: ActionName;
    arg: number | null;
    window: number;
    room: number;
    ids: number[];
  }>;
  const programs = new Map<string, GoldenProgram>();
  it(`${cases.length} prompts (windowed and not)`, () => {
    let windowed = 0;
    for (const c of cases) {
      let g = programs.get(c.program);
      if (!g) programs.set(c.program, (g = JSON.parse(readFileSync(join(GOLDEN, 'format', c.program), 'utf8')) as GoldenProgram));
      const seg = g.segments[c.segment]!;
      const steps = seg.steps.slice(0, c.steps).map((x) => ({ action: x.action, arg: x.arg, state: toState(x.state) }));
      const ids = buildPrompt(tok, g.source, g.stdin, toState(seg.initial.state), steps, c.action, c.arg, c.window, c.room);
      expect(ids, `${c.program} segment ${c.segment} after ${c.steps} steps, window ${c.window}`).toEqual(c.ids);
      const full = buildPrompt(tok, g.source, g.stdin, toState(seg.initial.state), steps, c.action, c.arg, 1e9, 0);
      if (full.length !== ids.length) windowed++;
    }
    expect(windowed).toBeGreaterThan(10);
  });
});

describe('constants shared with the Python side (test/golden/constants.json)', () => {
  it('match', () => {
    const c = JSON.parse(readFileSync(join(GOLDEN, 'constants.json'), 'utf8')) as Record<string, unknown>;
    expect({ format_version: FORMAT_VERSION, repr_limit: REPR_LIMIT, repr_marker: CUT_MARKER, attr_depth: ATTR_DEPTH, attr_limit: ATTR_LIMIT }).toEqual(c);
  });
});

describe('objects (format version 2)', () => {
  const before = makeState('line', { line: 3, func: '__init__', stack: [5], locals: { self: '<__main__.C object>', 'self.a': '1', a: '1', b: '2' } });
  it('a new attribute entry of a diff decodes after its parent group, as the tracer writes it', () => {
    const after = makeState('return', {
      ...before,
      event: 'return',
      line: 4,
      retval: 'None',
      locals: { self: '<__main__.C object>', 'self.a': '1', 'self.b': '2', a: '1', b: '2' },
    });
    const items = encodeState(after, before, 'step_into');
    expect(render(items)).toBe('<|return|>4<|var|>self.b=2<|retval|>None<|end|>');
    expect(stateKey(decodeState(items, before))).toBe(stateKey(after));
  });
  it('a version-1 model sees no attribute entries', () => {
    expect(forVersion(before, 1).locals).toEqual({ self: '<__main__.C object>', a: '1', b: '2' });
    expect(forVersion(before, 2)).toBe(before);
  });
  it('rejects names that are not dotted identifiers', () => {
    for (const bad of ['a..b=1', 'a.1=2', '.a=1']) expect(() => decodeState([5, '3', 10, bad, 15], before)).toThrow();
  });
});
