// Rules the TypeScript and Python sides both need, pinned by files under
// test/golden/ that each side's tests check (docs/architecture.md, "Rules both
// sides need"); the Python side is python/tests/test_shared_rules.py.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encode } from '../../src/engine/bridgeProtocol.js';
import { FALLBACK_FACTS } from '../../src/engine/neural/probe.js';
import { CFG_FORMAT, type CfgResult, checkCfgFormat, Program } from '../../src/model/format/cfg.js';

const ROOT = join(import.meta.dirname, '..', '..');
const golden = <T>(name: string): T => JSON.parse(readFileSync(join(ROOT, 'test', 'golden', name), 'utf8')) as T;

describe('the control-flow analysis JSON (test/golden/cfg/analysis.json)', () => {
  const g = golden<{ source: string; target: string; analysis: CfgResult }>('cfg/analysis.json');
  const cfg = checkCfgFormat(g.analysis);
  const p = new Program(g.source, cfg);

  it('is in the format this side reads', () => {
    expect(g.analysis.format).toBe(CFG_FORMAT);
    expect(() => checkCfgFormat({ ...g.analysis, format: CFG_FORMAT + 1 })).toThrow(/reads format/);
  });

  it('reads each line’s callees and bindings as the analysis wrote them', () => {
    for (const [line, callees] of Object.entries(cfg.calls ?? {})) {
      expect(p.callees(Number(line)).map((s) => s.key)).toEqual(callees.map((c) => c.name));
    }
    for (const [line, b] of Object.entries(cfg.binds ?? {})) expect(p.effects(Number(line)).binds).toEqual(b.binds);
    for (const [key, frame] of Object.entries(cfg.frames ?? {})) {
      for (const line of Object.keys(frame.lines)) expect(p.scopesAt(Number(line)).map((s) => s.key)).toContain(key);
    }
    for (const line of Object.keys(cfg.lines)) expect(p.codeLines()).toContain(Number(line));
    for (const line of cfg.quiet ?? []) expect(p.quiet(line)).toBe(true);
  });

  it('gives the program’s real call stacks', () => {
    // main([1, 2, 3]) on line 30 calls c.bump(...) on line 22
    const bump = p.scopesAt(9)[0]!;
    expect(bump.key).toBe('Counter.bump');
    expect(p.callStacks(bump)).toEqual([[30, 22]]);
    expect(p.effects(20).binds).toContain('odd');
  });
});

describe('pdb facts (test/golden/pdb_facts.json)', () => {
  const g = golden<{ facts: Record<string, string>; lines: Record<string, string[]> }>('pdb_facts.json');

  it('are the ones python/ndbg/analysis/pdbfacts.py gives, with the same lines', () => {
    expect(Object.keys(FALLBACK_FACTS).sort()).toEqual(Object.keys(g.facts).sort());
    const facts = FALLBACK_FACTS as unknown as Record<string, unknown>;
    for (const [name, kind] of Object.entries(g.facts)) {
      const v = facts[name];
      if (kind === 'line') expect(Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'string').toBe(true);
      else if (kind === 'texts') expect(typeof v).toBe('object');
      else expect(typeof v).toBe('string');
    }
    // the stand-ins are the current pdb's lines (the first of each list)
    for (const [name, texts] of Object.entries(g.lines)) expect((facts[name] as [number, string])[1]).toBe(texts[0]);
  });
});

interface FieldSpec {
  required: string[];
  optional: string[];
}

/** The fields `name: T` / `name?: T` declared in a TypeScript object type's text (comments removed). */
function fields(text: string): FieldSpec {
  const out: FieldSpec = { required: [], optional: [] };
  for (const m of text.replace(/\/\/[^\n]*/g, '').matchAll(/(\w+)(\?)?:\s/g)) {
    if (m[1] === 't') continue;
    (m[2] ? out.optional : out.required).push(m[1]!);
  }
  return out;
}

describe('the bridge wire format (test/golden/bridge_protocol.json)', () => {
  const g = golden<{
    out: Record<string, FieldSpec>;
    frame: FieldSpec;
    value: FieldSpec;
    child: FieldSpec;
    in: Record<'line' | 'partial' | 'eof' | 'reverse' | 'inspect', string>;
    reverse: string[];
    inspect: string[];
  }>('bridge_protocol.json');
  const source = readFileSync(join(ROOT, 'src', 'engine', 'bridgeProtocol.ts'), 'utf8');
  const declared = (start: RegExp): string => {
    const m = start.exec(source);
    if (!m) throw new Error(`${start} not found in bridgeProtocol.ts`);
    const rest = source.slice(m.index + m[0].length);
    return rest.slice(0, rest.search(/\n(\}|\n)/));
  };

  it('declares each outbound message with the fields the bridge sends', () => {
    const variants = declared(/export type BridgeMessage =/).split(/\n\s*\| \{/);
    const byTag: Record<string, FieldSpec> = {};
    for (const v of variants) {
      const tag = /\bt: '(\w+)'/.exec(v);
      if (tag) byTag[tag[1]!] = fields(v);
    }
    expect(byTag).toEqual(g.out);
  });

  it('declares frames, values and children with the bridge’s fields', () => {
    expect(fields(declared(/export interface BridgeFrame \{/))).toEqual(g.frame);
    const value = fields(declared(/export interface BridgeValue \{/));
    expect(value).toEqual(g.value);
    const child = fields(declared(/export interface BridgeChild extends BridgeValue \{/));
    expect({ required: [...value.required, ...child.required], optional: [...value.optional, ...child.optional] }).toEqual(g.child);
  });

  it('tags inbound lines as the bridge reads them', () => {
    expect(encode.line('n')).toBe(`${g.in.line}n\n`);
    expect(encode.partial('typed')).toBe(`${g.in.partial}typed\n`);
    expect(encode.eof()).toBe(`${g.in.eof}\n`);
    for (const k of g.reverse) expect(encode.reverse(k as Parameters<typeof encode.reverse>[0])).toBe(`${g.in.reverse}${k}\n`);
    for (const k of g.inspect) expect(encode.inspect(k as Parameters<typeof encode.inspect>[0], 'x', -1, 0, 5)).toBe(`${g.in.inspect}${k}\t-1\t0\t5\tx\n`);
  });
});
