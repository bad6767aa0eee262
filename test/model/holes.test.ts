// Steps computed except for what only the program knows (src/model/computed/holes.ts):
// the values a statement changes come back as templates, computed text around holes
// the model fills, and the grammar holds the model to them (src/model/templateAuto.ts).
import { describe, expect, it } from 'vitest';
import { holeTemplates } from '../../src/model/computed/holes.js';
import { TemplateRepr } from '../../src/model/decode/templateAuto.js';
import { lineState as at } from './states.js';

const n = { kind: 'step_over' } as const;
const mod = "<module 'requests' from '/usr/lib/python3/dist-packages/requests/__init__.py'>";
const resp = '<Response [200]>';

function accepts(t: ReturnType<typeof holeTemplates> extends Map<string, infer T> | null ? T : never, text: string): boolean {
  const a = new TemplateRepr(t);
  for (const b of Buffer.from(text, 'utf8')) if (!a.push(b)) return false;
  return a.complete();
}

describe('templates with holes', () => {
  it('append of a value only a package knows: one more element, the rest computed', () => {
    const lines = ['codes.append(r.status_code)'];
    const t = holeTemplates(lines, at(1, { requests: mod, codes: '[200]', r: resp }), n, null)!;
    expect(t.get('codes')).toEqual(['[200, ', null, ']']);
    expect(accepts(t.get('codes')!, '[200, 404]')).toBe(true);
    expect(accepts(t.get('codes')!, "[200, 'x']")).toBe(true);
    expect(accepts(t.get('codes')!, '[200, 1, 1, 1]')).toBe(false);
    expect(accepts(t.get('codes')!, "'https://ocs'")).toBe(false);
    expect(accepts(t.get('codes')!, '[200]')).toBe(false);
  });

  it('displays: the known elements computed, each unknown one a hole; dict values in place', () => {
    const before = { r: resp, u: "'a'", d: "{'k': 1}" };
    const t = holeTemplates(['row = (u, r.json(), len(u))'], at(1, before), n, null)!;
    expect(t.get('row')).toEqual(["('a', ", null, ', 1)']);
    const d = holeTemplates(['d["k"] = r.text'], at(1, before), n, null);
    expect(d?.get('d')).toEqual(["{'k': ", null, '}']);
  });

  it('nothing claimed where the unknown piece reads a mutable value, or where all is unknown', () => {
    const before = { r: resp, xs: '[1]', z: '0' };
    // the stored value as a whole is the hole: nothing is computed with a placeholder
    expect(holeTemplates(['xs.append(r.status_code + 1)'], at(1, before), n, null)?.get('xs')).toEqual(['[1, ', null, ']']);
    expect(holeTemplates(['xs.append(r.read(xs))'], at(1, before), n, null)).toBeNull();
    // an error over the values: they may be mistaken predictions; a real error is an exception event, never templated
    expect(holeTemplates(['xs.append(1 / z)'], at(1, before), n, null)?.get('xs')).toEqual(['[1, ', null, ']']);
    expect(holeTemplates(['xs.append(len(xs))'], at(1, before), n, null)).toBeNull(); // computed whole instead
    expect(holeTemplates(['y = r.status_code'], at(1, before), n, null)).toBeNull(); // wholly unknown
  });

  it('the cut: a value at the repr limit ends in ... wherever the hole falls', () => {
    const long = `[${Array.from({ length: 30 }, (_, i) => i).join(', ')}]`;
    const t = holeTemplates(['xs.append(r.x)'], at(1, { xs: long, r: resp }), n, null)!.get('xs')!;
    const full = `${long.slice(0, -1)}, 12345]`;
    expect(full.length).toBeGreaterThan(100);
    expect(accepts(t, `${full.slice(0, 100)}...`)).toBe(true);
    expect(accepts(t, full)).toBe(false);
  });
});
