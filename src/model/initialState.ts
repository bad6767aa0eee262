// The first state of a session: the module's first line event, known from the
// script's analysis alone (no prediction needed). The predictor session's
// initialState() and the neural engine, which shows it before the model has
// loaded, both take it from here.

import type { Program } from './format/cfg.js';
import { sourceLines } from './format/format.js';
import type { ModelState } from './types.js';

/**
 * The module's first line event. A script that does not compile ends at once with
 * its error; without an analysis, the first line that is neither blank nor a comment.
 */
export function initialState(program: Program | null, source: string): ModelState {
  const ended = (exception: string | null): ModelState => ({
    event: 'exit',
    line: null,
    func: null,
    stack: [],
    locals: {},
    retval: null,
    exception,
    stdout: '',
    exit: exception === null ? 'normal' : 'error',
  });
  if (program?.error) return ended(program.error);
  let entry = program?.entry ?? null;
  if (!program) {
    const k = sourceLines(source).findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    entry = k >= 0 ? k + 1 : null;
  }
  if (entry === null) return ended(null);
  return { event: 'line', line: entry, func: '<module>', stack: [], locals: {}, retval: null, exception: null, stdout: '', exit: null };
}
