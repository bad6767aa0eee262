// The state grammar never offers a way out it refuses: from every prefix a seeded
// random walk reaches (format 2: attribute entries, names written again on purpose,
// attributes of entries of the state before), the tokens `finishTokens` proposes are
// each allowed by the grammar and end in a state that parses. A name automaton that
// proposed text its own transitions refuse, or accepted a prefix with no way to
// finish, would fail here.
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { type AttributeRule, attributeRule } from '../../src/model/decode/attrNames.js';
import { Program } from '../../src/model/format/cfg.js';
import { type Allowed, allowedTargets, openAllowed } from '../../src/model/decode/constraints.js';
import { type ActionName, SPECIAL_ID as S, type State, decodeState, makeState } from '../../src/model/format/format.js';
import { StateGrammar } from '../../src/model/decode/grammar.js';
import { BYTE_OFFSET, Tokenizer } from '../../src/model/format/tokenizer.js';
import { testPython } from './helpers.js';

const tok = Tokenizer.load(join(import.meta.dirname, '..', 'golden', 'tokenizer.json'));
const bytesOf = (id: number) => tok.bytesOf[id]!;

/** A tiny deterministic PRNG. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const choose = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

/** The grammar's way to finish from here, checked token by token against the grammar itself. */
function checkFinish(g: StateGrammar, prefix: number[], before: State, where: string): void {
  let fin: number[];
  try {
    fin = g.finishTokens(BYTE_OFFSET);
  } catch (e) {
    throw new Error(`${where}: finishTokens failed after ${JSON.stringify(tok.decode(prefix))}: ${(e as Error).message}`);
  }
  const c = g.clone();
  for (const id of fin) {
    if (!c.allows(id, bytesOf(id)))
      throw new Error(`${where}: the finish ${JSON.stringify(tok.decode(fin))} of ${JSON.stringify(tok.decode(prefix))} is refused at ${id}`);
    c.feed(id, bytesOf(id));
  }
  expect(c.done, where).toBe(true);
  const all = [...prefix, ...fin];
  expect(() => decodeState(tok.decodeItems(all), before), `${where}: ${tok.decode(all)}`).not.toThrow();
}

/**
 * A random walk that checks the finish at every prefix. Right after `<|var|>` it
 * often types one of `targets` byte by byte (as far as the grammar lets it): names
 * of the state before, their attributes, and so names written earlier in the walk.
 */
function walk(g: StateGrammar, before: State, targets: readonly string[], rand: () => number, cap: number, where: string): number[] {
  const out: number[] = [];
  const feed = (id: number) => {
    g.feed(id, bytesOf(id));
    out.push(id);
  };
  while (!g.done) {
    checkFinish(g, out, before, where);
    if (out.length >= cap) {
      for (const id of g.finishTokens(BYTE_OFFSET)) feed(id);
      break;
    }
    if (out[out.length - 1] === S.var && targets.length && rand() < 0.7) {
      for (const b of Buffer.from(choose(rand, targets), 'utf8')) {
        const id = BYTE_OFFSET + b;
        if (!g.allows(id, bytesOf(id))) break;
        feed(id);
        checkFinish(g, out, before, where);
      }
      continue;
    }
    // a sample of the vocabulary (every special and byte, some merges) keeps walks cheap
    const pool: number[] = [];
    for (let id = 0; id < tok.vocabSize; id++) {
      if ((id < BYTE_OFFSET + 256 || rand() < 0.25) && g.allows(id, bytesOf(id))) pool.push(id);
    }
    expect(pool.length, `${where}: nothing allowed after ${tok.decode(out)}`).toBeGreaterThan(0);
    const specials = pool.filter((id) => id < BYTE_OFFSET);
    feed(choose(rand, specials.length && rand() < 0.35 ? specials : pool));
  }
  return out;
}

/** Names a walk may type: the state's, attributes of them (nested), and the bare attribute names. */
function targetsOf(before: State, attrs: readonly string[], extra: readonly string[] = []): string[] {
  const keys = [...Object.keys(before.locals), ...extra];
  const out = new Set(keys);
  for (const k of keys) for (const a of attrs) out.add(`${k}.${a}`).add(`${k}.${a}.${a}`);
  for (const a of attrs) out.add(a);
  return [...out];
}

interface Case {
  label: string;
  allowed: () => Allowed;
  rule: AttributeRule | undefined;
  before: State;
  targets: string[];
}

const SOURCE = [
  'class Item:',
  '    def __init__(self, name):',
  '        self.name = name',
  '        self.next = None',
  '',
  'class Cart:',
  '    def __init__(self):',
  '        self.items = []',
  '        self.last = None',
  '',
  '    def add(self, name):',
  '        item = Item(name)',
  '        item.next = self.last',
  '        self.items.append(item)',
  '        self.last = item',
  '        return len(self.items)',
  '',
  'cart = Cart()',
  "n = cart.add('pen')",
  "n = cart.add('ink')",
  'print(n, cart.last.name)',
  '',
].join('\n');

let program: Program;
beforeAll(async () => {
  program = await Program.analyze(SOURCE, { python: testPython(), target: '3.11' });
});

function cases(): Case[] {
  const inAdd = makeState('line', {
    line: 13,
    func: 'add',
    stack: [20],
    locals: {
      self: '<__main__.Cart object>',
      'self.items': '[<__main__.Item object>]',
      'self.last': '<__main__.Item object>',
      'self.last.name': "'pen'",
      'self.last.next': 'None',
      name: "'ink'",
      item: '<__main__.Item object>',
      'item.name': "'ink'",
      'item.next': 'None',
    },
  });
  const atModule = makeState('line', {
    line: 20,
    func: '<module>',
    stack: [],
    locals: { cart: '<__main__.Cart object>', 'cart.items': '[]', 'cart.last': 'None', n: '1' },
  });
  const open = makeState('line', { line: 3, func: 'f', stack: [9], locals: { a: '1', o: '<__main__.C object>', 'o.x': '2', 'o.x.y': '3' } });
  const attrs = [...(program.attributes ?? ['items', 'last', 'name', 'next'])];
  const out: Case[] = [];
  const actions: ActionName[] = ['step_into', 'step_over', 'step_return', 'continue', 'breakpoint', 'inv_step_into', 'inv_step_over'];
  for (const before of [inAdd, atModule]) {
    for (const action of actions) {
      out.push({
        label: `program, ${action} from line ${before.line}`,
        allowed: () => allowedTargets(program, action, before, action === 'breakpoint' ? 15 : null),
        rule: attributeRule(2, program.attributes, before),
        before,
        targets: targetsOf(before, attrs),
      });
    }
  }
  // open constraints: any name (Ident segments), and attribute sets of each kind
  for (const names of [null, new Set(['x', 'y', 'z']), new Set<string>()]) {
    for (const action of ['step_into', 'step_over', 'continue', 'inv_step_into'] as ActionName[]) {
      out.push({
        label: `open, attributes ${names ? `{${[...names].join(',')}}` : 'any'}, ${action}`,
        allowed: () => openAllowed(action, open, 12, new Set(['f', 'g'])),
        rule: attributeRule(2, names, open),
        before: open,
        targets: targetsOf(open, [...(names ?? ['x', 'y'])], ['b', '_']),
      });
    }
  }
  return out;
}

describe('every way to finish the grammar offers, it accepts (format 2)', () => {
  it('seeded random walks over programs with objects and open constraints', () => {
    const rand = rng(2026);
    let walks = 0;
    let dotted = 0;
    for (const c of cases()) {
      for (let k = 0; k < 6; k++) {
        const g = new StateGrammar(c.allowed(), false, c.rule);
        if (!g.satisfiable()) continue;
        const ids = walk(g, c.before, c.targets, rand, 30 + Math.floor(rand() * 90), `${c.label} #${k}`);
        if (tok.decode(ids).match(/<\|var\|>[^=<]*\./)) dotted++;
        walks++;
      }
    }
    expect(walks).toBeGreaterThan(80);
    expect(dotted).toBeGreaterThan(5); // the walks did write attribute entries
  });

  it('a name written already is finished as a parent; a dead end is refused', () => {
    const before = makeState('line', { line: 20, func: '<module>', stack: [], locals: { cart: "Cart({'a': 1})", n: '1' } }); // a repr a mutation may change: the line may write it
    const allowed = allowedTargets(program, 'step_over', before, null);
    const g = new StateGrammar(allowed, false, attributeRule(2, program.attributes, before));
    // `n` again after `n='2'`: only an attribute entry of it can follow
    const items = tok.encodeItems([S.line, '21', S.var, "n='2'", S.var, 'n']);
    for (const id of items) {
      expect(g.allows(id, bytesOf(id)), tok.decode([id])).toBe(true);
      g.feed(id, bytesOf(id));
    }
    checkFinish(g, items, before, 'n again');
    expect(tok.decode(g.finishTokens(BYTE_OFFSET))).toMatch(/^\.(items|last|name|next)=/);
    // with no attribute the program sets, `n` again leads nowhere: refused, `cart` taken
    const h = new StateGrammar(allowed, false, attributeRule(2, new Set(), before));
    for (const id of tok.encodeItems([S.line, '21', S.var, "n='2'", S.var])) h.feed(id, bytesOf(id));
    const byte = (c: string) => BYTE_OFFSET + c.charCodeAt(0);
    expect(h.allows(byte('n'), bytesOf(byte('n')))).toBe(false);
    expect(h.allows(byte('c'), bytesOf(byte('c')))).toBe(true);
    // and once both are written, no <|var|> opens
    for (const id of tok.encodeItems(["cart='3'"])) h.feed(id, bytesOf(id));
    expect(h.allows(S.var, new Uint8Array(0))).toBe(false);
    expect(h.allows(S.end, new Uint8Array(0))).toBe(true);
  });
});
