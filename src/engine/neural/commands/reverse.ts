// The reverse commands (rs, rn, rc, reverse-finish; the command layer parses them,
// src/commands/reverse.ts, and asks for them as actions): back through the session's
// timeline, then the model's inverse actions past its first state (core.reverse).
// From pdb's own frames or post-mortem, back into the program's last known state.

import type { Pdb, Verdict } from './types.js';
import type { ReverseAction } from '../core.js';

export async function reverse(pdb: Pdb, kind: ReverseAction): Promise<Verdict> {
  return pdb.land(await pdb.core.reverse(kind));
}
