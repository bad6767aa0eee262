// string: its constants and capwords (Lib/string.py).

import type { Fn } from '../builtins/signature.js';
import { typeError, typeName, pyStr, type Value } from '../value.js';
import { STR_METHODS } from '../types/str.js';
import type { Ctx } from '../builtins/signature.js';
import type { ModuleDef } from './module.js';

const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = lower.toUpperCase();
const punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const whitespace = ' \t\n\r\x0b\x0c';

/** capwords: `sep.join(w.capitalize() for w in s.split(sep))`, through str's own methods. */
function capwords(a: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  const s = a[0] ?? kw.get('s')!;
  const sep = a[1] ?? kw.get('sep');
  if (s.kind !== 'str') throw typeError(`descriptor 'split' for 'str' objects doesn't apply to a '${typeName(s)}' object`);
  const call = (self: Value, name: string, args: Value[]): Value => STR_METHODS[name]!.impl(self, args, new Map(), ctx);
  const words = call(s, 'split', sep ? [sep] : []) as { items: Value[] };
  const caps = words.items.map((w) => call(w, 'capitalize', []));
  const joiner = sep && sep.kind !== 'none' ? sep : pyStr(' ');
  return call(joiner, 'join', [{ kind: 'list', items: caps }]);
}

const FUNCTIONS: Record<string, Fn> = {
  capwords: { min: 1, max: 2, kw: ['s', 'sep'], impl: capwords },
};

export const STRING: ModuleDef = {
  name: 'string',
  functions: FUNCTIONS,
  constants: {
    ascii_lowercase: pyStr(lower),
    ascii_uppercase: pyStr(upper),
    ascii_letters: pyStr(lower + upper),
    digits: pyStr('0123456789'),
    hexdigits: pyStr('0123456789abcdefABCDEF'),
    octdigits: pyStr('01234567'),
    punctuation: pyStr(punctuation),
    whitespace: pyStr(whitespace),
    printable: pyStr('0123456789' + lower + upper + punctuation + whitespace),
  },
};
