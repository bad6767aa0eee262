// Generator expression frames (genexpr.ts) against CPython's trace (againstTrace.ts):
// `s` into `<genexpr>`, its line events, each yield (a return event with the
// value) and resume (a call event), the close where `any` / `all` stop early, and
// the caller's statement finishing with the consumer's value, over the program's
// objects too, and with an element that calls the program's function (its frame
// between the element's binding and the yield). The engine models 3.11; 3.9-3.12 trace the same events.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comprehensionSite as genexprSite } from '../../src/model/computed/comprehensions.js';
import { checkAgainstTrace } from './againstTrace.js';
import { testPythonMinor } from './helpers.js';

const FILE = join(import.meta.dirname, 'fixtures', 'genexpr', 'totals.py');
const minor = testPythonMinor();

describe.skipIf(minor !== 11)('generator expression frames, against CPython 3.11', () => {
  it('every computed s / n step of totals.py is the real one, through each generator frame', async () => {
    const { wrong, wholeFrom } = await checkAgainstTrace(FILE);
    expect(wrong).toEqual([]);
    for (const k of [
      'step_into line total',
      'step_into call <genexpr>',
      'step_into line <genexpr>',
      'step_into return <genexpr>',
      'step_into exception <genexpr>',
      'step_over line <genexpr>',
      'step_into line shout',
      'step_into line checks',
      // the element's call of shift(): into it from the generator's frame, and back to the yield
      'step_into line caesar',
      'step_into return shift',
      'step_over return shift',
    ])
      expect(wholeFrom).toContain(k);
  });
});

describe('which statements hand a generator expression to a consumer it follows', () => {
  const lines = ['def f(x):', '    return x'];
  it('finds the consumer and the statement around it', () => {
    const s = genexprSite('total = 1 + sum(x * 2 for x in xs)', lines);
    expect(s && { call: s.call, rest: s.rest, stopsAt: s.stopsAt }).toEqual({
      call: 'sum(x * 2 for x in xs)',
      rest: 'total = 1 + __ndbg_consumed',
      stopsAt: undefined,
    });
    expect(genexprSite('if any(x > 2 for x in xs):', lines)?.rest).toBe('if __ndbg_consumed:');
    expect(genexprSite('return all(x for x in xs)', lines)?.stopsAt).toBe(false);
    expect(genexprSite('s = "-".join(str(x) for x in xs)', lines)?.call).toBe('"-".join(str(x) for x in xs)');
  });
  it('refuses what it does not follow, and ignores statements without one', () => {
    // a list comprehension: a frame of its own up to 3.11, inline from 3.12
    expect(genexprSite('x = [y for y in xs]', lines, 11)?.func).toBe('<listcomp>');
    expect(genexprSite('x = [y for y in xs]', lines, 12)).toBeUndefined();
    expect(genexprSite('x = 1', lines)).toBeUndefined();
    // the program's own function as the consumer, two generators, a lazy consumer
    expect(genexprSite('x = f(y for y in xs)', lines)).toBeNull();
    expect(genexprSite('x = sum(a for a in xs) + sum(b for b in xs)', lines)).toBeNull();
    expect(genexprSite('it = map(str, (y for y in xs))', lines)).toBeNull();
    expect(genexprSite('for v in (y for y in xs):', lines)).toBeNull();
  });
});
