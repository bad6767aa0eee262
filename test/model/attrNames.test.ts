// The dotted names a format-2 state may write (src/model/decode/attrNames.ts): an attribute
// entry follows an entry of the state, names an attribute the program can set, and
// nests at most ATTR_DEPTH deep; a format-1 grammar writes none.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attributeRule } from '../../src/model/decode/attrNames.js';
import { openAllowed } from '../../src/model/decode/constraints.js';
import { encodeState, makeState, type State } from '../../src/model/format/format.js';
import { StateGrammar } from '../../src/model/decode/grammar.js';
import { Tokenizer } from '../../src/model/format/tokenizer.js';

const tok = Tokenizer.load(join(import.meta.dirname, '..', 'golden', 'tokenizer.json'));

function accepts(grammar: StateGrammar, state: State, before: State): boolean {
  const ids = tok.encodeItems(encodeState(state, before, 'step_into'));
  for (const id of ids) {
    const bytes = tok.bytesOf[id]!;
    if (!grammar.allows(id, bytes)) return false;
    grammar.feed(id, bytes);
  }
  return grammar.done;
}

const before = makeState('line', { line: 3, func: 'add', stack: [9], locals: { self: '<__main__.C object>', 'self.items': '[]', n: '1' } });
const attrs = new Set(['items', 'last', 'name']);
const grammar = (version: number) => new StateGrammar(openAllowed('step_into', before, 12), false, attributeRule(version, attrs, before));
const stateWith = (locals: Record<string, string>) => makeState('line', { ...before, line: 4, locals });

describe('attribute entries in the grammar', () => {
  it('allow a settable attribute of an entry of the state, nested to depth 3', () => {
    expect(accepts(grammar(2), stateWith({ ...before.locals, 'self.items': '[1]' }), before)).toBe(true);
    const nested = {
      ...before.locals,
      'self.last': '<__main__.I object>',
      'self.last.name': "'x'",
      'self.last.last': '<__main__.I object>',
      'self.last.last.last': '1',
    };
    expect(accepts(grammar(2), stateWith(nested), before)).toBe(true);
  });

  it('refuse an attribute the program never sets, one of no entry, and depth 4', () => {
    expect(accepts(grammar(2), stateWith({ ...before.locals, 'self.zzz': '1' }), before)).toBe(false);
    expect(accepts(grammar(2), stateWith({ ...before.locals, 'm.items': '1' }), before)).toBe(false);
    expect(accepts(grammar(2), stateWith({ ...before.locals, 'self.last.last.last.last': '1' }), before)).toBe(false);
  });

  it('let a diff delete an attribute entry; a format-1 grammar writes none', () => {
    const { 'self.items': _, ...rest } = before.locals;
    expect(accepts(grammar(2), stateWith(rest), before)).toBe(true);
    expect(accepts(grammar(1), stateWith({ ...before.locals, 'self.items': '[1]' }), before)).toBe(false);
  });
});
