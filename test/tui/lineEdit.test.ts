import { describe, expect, it } from 'vitest';
import type { Key } from '../../src/repl/tui/keys.js';
import { editCommandLine, editValue, type LineState } from '../../src/repl/tui/lineEdit.js';

const at = (text: string, cursor = text.length): LineState => ({ text, cursor });
const key = (name: string, text?: string): Key => (text === undefined ? { name } : { name, text });
/** Apply keys in turn; an unhandled key leaves the line as it is. */
function run(edit: typeof editCommandLine, l: LineState, ...keys: Key[]): LineState {
  for (const k of keys) l = edit(l, k) ?? l;
  return l;
}

describe('editCommandLine', () => {
  it('inserts at the cursor and deletes either side of it', () => {
    expect(editCommandLine(at('p x', 2), key('text', 'ab'))).toEqual(at('p abx', 4));
    expect(editCommandLine(at('p x', 2), key('backspace'))).toEqual(at('px', 1));
    expect(editCommandLine(at('p x', 1), key('delete'))).toEqual(at('px', 1));
    expect(editCommandLine(at('p x', 1), key('ctrl-d'))).toEqual(at('px', 1));
    // at the ends nothing changes
    expect(editCommandLine(at('p', 0), key('backspace'))).toEqual(at('p', 0));
    expect(editCommandLine(at('p'), key('delete'))).toEqual(at('p'));
  });

  it('moves with arrows and Emacs keys, within the line', () => {
    expect(run(editCommandLine, at('abc'), key('left'), key('ctrl-b'))).toEqual(at('abc', 1));
    expect(run(editCommandLine, at('abc', 1), key('right'), key('ctrl-f'), key('right'))).toEqual(at('abc', 3));
    expect(editCommandLine(at('abc'), key('ctrl-a'))).toEqual(at('abc', 0));
    expect(editCommandLine(at('abc', 0), key('end'))).toEqual(at('abc', 3));
    expect(run(editCommandLine, at('abc', 0), key('left'))).toEqual(at('abc', 0));
  });

  it('kills to the start, to the end, and the word before the cursor', () => {
    expect(editCommandLine(at('break 12', 6), key('ctrl-u'))).toEqual(at('12', 0));
    expect(editCommandLine(at('break 12', 5), key('ctrl-k'))).toEqual(at('break', 5));
    expect(editCommandLine(at('p total  '), key('ctrl-w'))).toEqual(at('p ', 2));
    expect(editCommandLine(at('p total', 3), key('ctrl-w'))).toEqual(at('p otal', 2));
  });

  it('leaves keys that are not editing to the caller', () => {
    for (const n of ['enter', 'tab', 'up', 'paste', 'escape', 'f5', 'unknown']) expect(editCommandLine(at('x'), key(n))).toBeUndefined();
  });
});

describe('editValue', () => {
  it('edits like the command line, a pasted newline becoming a space', () => {
    expect(editValue(at('[1, 2]', 5), key('paste', ', 3\n, 4'))).toEqual(at('[1, 2, 3 , 4]', 12));
    expect(run(editValue, at('100'), key('home'), key('delete'), key('text', '2'))).toEqual(at('200', 1));
    expect(editValue(at('abc', 1), key('ctrl-u'))).toEqual(at('bc', 0));
  });

  it("has none of the command line's word keys", () => {
    for (const n of ['ctrl-w', 'ctrl-k', 'ctrl-b', 'ctrl-f', 'ctrl-d', 'enter', 'escape']) expect(editValue(at('x y'), key(n))).toBeUndefined();
  });
});
