// The python engine's parity fixtures (fixtures/*.cmds), run by the neural engine
// with an oracle model that replays the true trace: the transcript equals real
// pdb's. Fixtures left out, and why (docs/neural.md, "Known differences"):
//   classes, whatis_args  attributes and methods of the program's objects (pyval refuses)
//   deep                  callers' locals after a jump the session did not step through
//   display_cmd           pdb compares display values by identity (in-place changes unseen)
//   longvalues            reprs are cut at 100 characters by the trace format
//   imports               frames in other files of the program are not predicted
//   input_prog            the model is given an empty stdin
//   breakpoint_builtin    the program's own breakpoint() calls
//   jump, globals_edit, statements   edits and jumps: the oracle only knows the unedited trace
//   dash_c, modmain, pkgmod, restart_cmd   options the neural engine does not take (-m) or args files
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OracleModel, drive, fixturePath, neuralDebugger, realPdb } from './helpers.js';

const SAME = [
  'alias_cmd',
  'bad_input',
  'breakpoints',
  'closures',
  'commands_cmd',
  'eof_end',
  'exceptions',
  'generators',
  'help_cmd',
  'loops',
  'postmortem',
  'prints',
  'recursion',
  'source_list',
  'stderr_out',
  'syntax_error',
  'sysexit',
  'until_return',
];

describe.concurrent('parity fixtures, neural engine with true frames', () => {
  it.each(SAME)('%s', async (name) => {
    const cmds = readFileSync(fixturePath(`${name}.cmds`), 'utf8')
      .replace(/\n$/, '')
      .split('\n');
    const model = new OracleModel(fixturePath(`${name}.py`));
    const dbg = await neuralDebugger(`${name}.py`, model);
    const [mine, pdb] = await Promise.all([drive(dbg, cmds), realPdb(`${name}.py`, cmds)]);
    expect(mine.stdout).toBe(pdb.stdout);
  });
});
