// Where an action of the stepping core led, shown as pdb shows it on arriving:
// why it stopped early, a deleted temporary breakpoint, the `--Call--` /
// `--Return--` / exception banner; the program's end goes to ending.ts. The
// verdict carries the outcome to the loop, which sets up the stop with it.

import { bpStr } from '../breakpoints.js';
import type { Outcome } from '../core.js';
import { finish } from './ending.js';
import { resumed, type Pdb, type Verdict } from './types.js';

/**
 * Show where an action led, as pdb does on arriving: why it stopped early, a
 * deleted temporary breakpoint, the `--Call--` / `--Return--` / exception banner.
 * The program's end is handled as pdb.main does (ending.ts).
 */
export async function land(pdb: Pdb, o: Outcome): Promise<Verdict> {
  switch (o.kind) {
    case 'stay':
      if (o.note) pdb.message(o.note);
      return 'stay';
    case 'exit':
      return finish(pdb, o.exit);
    case 'end': {
      const p = pdb.core.place;
      if (p.kind === 'string') pdb.message(p.phase === 'exception' ? p.exception! : '--Return--');
      else if (p.kind === 'bdb' && p.at === 'run' && p.exception) pdb.message(p.exception);
      return resumed(o);
    }
    case 'node': {
      if (o.note) pdb.message(o.note);
      if (o.hit?.deleted) pdb.message(`Deleted ${bpStr(o.hit.bp)}`);
      const s = o.node.state;
      if (s.event === 'call') pdb.message('--Call--');
      else if (s.event === 'return') pdb.message('--Return--');
      else if (s.event === 'exception' && s.exception) pdb.message(s.exception);
      return resumed(o);
    }
  }
}
