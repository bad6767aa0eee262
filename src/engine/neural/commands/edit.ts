// pdb's default(): a line that is no command is a Python statement (`!stmt`
// always is one). pyval runs it over the predicted values only, refusing what
// would need the program; an assignment becomes an edit of the program's state
// (core.edit) that later predictions are conditioned on.

import { execute } from '../../../pyval/index.js';
import type { Pdb } from './types.js';

export function exec(pdb: Pdb, stmt: string): void {
  const level = pdb.selectedLevel();
  const r = execute(stmt, pdb.scope());
  pdb.say(r.output);
  if (!r.ok) pdb.errorLine(r.error ?? '*** error');
  // what the selected frame's names are bound to now (at module level its globals are its locals)
  pdb.edited(r.changes);
  pdb.core.edit(level, r);
}
