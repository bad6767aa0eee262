// Comprehension frames (comprehensions.ts) against CPython's trace (againstTrace.ts):
// `s` into `<listcomp>` / `<dictcomp>` / `<setcomp>`, each of their line events with
// the targets bound and the enclosing function's names they read, their return,
// and the caller's statement finishing with the value. CPython 3.9-3.11 make these
// frames; the engine models 3.11.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgainstTrace } from './againstTrace.js';
import { testPythonMinor } from './helpers.js';

const FILE = join(import.meta.dirname, 'fixtures', 'comprehensions', 'scores.py');
const minor = testPythonMinor();

describe.skipIf(minor !== 11)('comprehension frames, against CPython 3.11', () => {
  it('every computed s / n step of scores.py is the real one, through each comprehension frame', async () => {
    const { wrong, wholeFrom } = await checkAgainstTrace(FILE);
    expect(wrong).toEqual([]);
    for (const k of [
      'step_into line <module>',
      'step_into call <dictcomp>',
      'step_into line <dictcomp>',
      'step_into return <dictcomp>',
      'step_into line <listcomp>',
      'step_into return <listcomp>',
      // an element that calls the program's function: into it, and back to the frame
      'step_into line normalized',
      'step_into return norm',
    ])
      expect(wholeFrom).toContain(k);
  });

  it('matrix.py: nested comprehension frames, a generator inside a comprehension, each the real one', async () => {
    const { wrong, wholeFrom } = await checkAgainstTrace(join(import.meta.dirname, 'fixtures', 'comprehensions', 'matrix.py'));
    expect(wrong).toEqual([]);
    // into the inner frames from the outer ones, and back out of them
    for (const k of [
      'step_into line matmul',
      'step_into call <listcomp>',
      'step_into line <listcomp>',
      'step_into line <genexpr>',
      'step_into return <genexpr>',
      'step_into return <listcomp>',
    ])
      expect(wholeFrom).toContain(k);
  });
});

describe.skipIf(minor !== 11)('a comprehension whose condition calls the program, against CPython 3.11', () => {
  it('leaps.py: into the function the condition calls, for each element, and back', async () => {
    const { wrong, wholeFrom } = await checkAgainstTrace(join(import.meta.dirname, 'fixtures', 'comprehensions', 'leaps.py'));
    expect(wrong).toEqual([]);
    for (const k of ['step_into line <listcomp>', 'step_into return is_leap', 'step_into return small']) expect(wholeFrom).toContain(k);
  });
});
