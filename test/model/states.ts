// States written by hand for the tests of computed steps and constraints: a line
// event in a frame, nothing else set.
import type { ModelState } from '../../src/model/types.js';

export const lineState = (line: number, locals: Record<string, string> = {}, func = '<module>', stack: number[] = []): ModelState => ({
  event: 'line',
  line,
  func,
  stack,
  locals,
  retval: null,
  exception: null,
  stdout: '',
  exit: null,
});
