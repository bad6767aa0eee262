// The adapter's small pure parts: hit conditions as pdb ignore counts, log
// messages, how predicted values read (which console lines are commands:
// src/commands/classify.test.ts).

import { describe, expect, it } from 'vitest';
import { ignoreCount } from '../../src/dap/breakpoints.js';
import { formatLogMessage } from '../../src/dap/logMessage.js';
import { show } from '../../src/dap/values.js';
import type { InspectOptions, Inspected, ValueView } from '../../src/engine/engine.js';

describe('hit conditions', () => {
  it.each([
    [undefined, 0],
    ['1', 0],
    ['3', 2],
    ['>= 3', 2],
    ['>3', 3],
  ])('%j -> ignore %d', (hit, n) => expect(ignoreCount(hit)).toBe(n));

  it.each(['== 3', '%2', 'x', '<5'])('%j is refused with what is accepted', (hit) => {
    expect(ignoreCount(hit)).toMatch(/not supported: give N or >= N/);
  });
});

describe('log messages', () => {
  const values: Record<string, ValueView> = {
    name: { value: "'Ada'", type: 'str', size: 3 },
    n: { value: '3', type: 'int', size: 0 },
    xs: { value: "['a', 'b']", type: 'list', size: 2 },
  };
  const evaluate = async (expr: string, _o: InspectOptions): Promise<Inspected<ValueView>> =>
    values[expr] ? { ok: true, result: values[expr] } : { ok: false, error: `NameError: name '${expr}' is not defined` };

  it('interpolates str() of each {expression}, with {{ }} as braces', async () => {
    expect(await formatLogMessage('hi {name}, n={n} xs={xs} {{n}}', evaluate, 0)).toBe("hi Ada, n=3 xs=['a', 'b'] {n}");
  });

  it('says which expression failed, and keeps an unclosed brace', async () => {
    expect(await formatLogMessage('{nosuch} {n', evaluate, 0)).toBe("<error: NameError: name 'nosuch' is not defined> {n");
  });
});

describe('predicted values', () => {
  it('a computed value reads as itself', () => {
    expect(show({ value: '3', type: 'int' }, { predicted: false })).toEqual({ value: '3', type: 'int' });
  });
  it('a predicted one says so in its text, type and hints, with its confidence and the real value when it differs', () => {
    expect(show({ value: '3', type: 'int' }, { predicted: true, confidence: 0.834, verify: { predicted: '3', real: '4' } })).toEqual({
      value: '3  · predicted 83% · real: 4',
      type: 'int (predicted 83%)',
      presentationHint: { kind: 'data', attributes: ['predicted', 'confidence:0.83', 'differsFromReal'] },
    });
    expect(show({ value: '3', type: 'int' }, { predicted: true }).value).toBe('3  · predicted');
  });
});
