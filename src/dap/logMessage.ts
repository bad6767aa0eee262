// A log point's message: text with `{expression}` parts, each evaluated in the
// stopped frame (quietly, like a watch) and written as Python's str() would
// (a string without its quotes, anything else as its repr). `{{` and `}}` are
// literal braces, as in an f-string.

import { parseRepr, str } from '../pyval/index.js';
import type { InspectOptions, Inspected, ValueView } from '../engine/engine.js';

export type Evaluate = (expr: string, options: InspectOptions) => Promise<Inspected<ValueView>>;

/** `frame`: where to evaluate (undefined: the frame that stopped, the engine's selected one). */
export async function formatLogMessage(message: string, evaluate: Evaluate, frame?: number): Promise<string> {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const ch = message[i]!;
    if ((ch === '{' || ch === '}') && message[i + 1] === ch) {
      out += ch;
      i += 2;
      continue;
    }
    if (ch !== '{') {
      out += ch;
      i++;
      continue;
    }
    const end = message.indexOf('}', i + 1);
    if (end < 0) {
      out += message.slice(i);
      break;
    }
    const expr = message.slice(i + 1, end);
    const r = await evaluate(expr, { frame });
    out += r.ok ? strOf(r.result) : `<error: ${r.error}>`;
    i = end + 1;
  }
  return out;
}

function strOf(v: ValueView): string {
  if (v.type !== 'str') return v.value;
  try {
    return str(parseRepr(v.value));
  } catch {
    return v.value;
  }
}
