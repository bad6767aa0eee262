// Values only a package knows, stored by a statement ndbg can otherwise follow
// (src/model/computed/holes.ts): with the shipped model, a list that gets one
// `append` per iteration has exactly one more element after each, whatever the
// model writes for the element, and is never shown as another type.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { NDBG, runProcess } from '../parityHarness.js';

const SCRIPT = join(import.meta.dirname, 'fixtures', 'fetch.py');

describe('templates with holes on the neural engine', () => {
  it('codes.append(r.status_code) adds one element per iteration; its origin is predicted', async () => {
    const input = 'n\nn\nn\nn\nn\nn\np len(codes)\nn\nn\nn\np len(codes), type(codes).__name__\nq\n';
    const r = await runProcess(process.execPath, [NDBG, '--json', SCRIPT], input);
    const events = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    const results = events.filter((e) => e.type === 'result').map((e) => e.output);
    expect(results).toEqual(['1\n', "(2, 'list')\n"]);
    const last = events
      .filter((e) => e.type === 'stop')
      .at(-1)
      .frames.at(-1);
    expect(last.line).toBe(5);
    expect(last.origin.codes).toBe('predicted');
  });
});
