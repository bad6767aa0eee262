// Facts about the local CPython's pdb that its transcripts contain: where bdb's
// and pdb's own frames are (`w` shows `bdb.py(600)run()`), and pdb's help texts.
// Asked once from `python3 -c` with a fixed script that imports only pdb: the
// user's script is not read, imported or run by it.

import { spawn } from 'node:child_process';

export interface PdbFacts {
  python: string;
  bdbFile: string;
  pdbFile: string;
  /** [line, source] of `exec(cmd, globals, locals)` in Bdb.run. */
  bdbRun: [number, string];
  /** [line, source] of `self.quitting = True` in Bdb.run (pdb stops there after `s` past the end). */
  bdbQuit: [number, string];
  /** [line, source] of `except BdbQuit:` in Bdb.run (an exception leaving the program passes it). */
  bdbExcept: [number, string];
  /** [line, source] of `pdb._run(target)` in pdb.main. */
  pdbMain: [number, string];
  /** [line, source] of `self.run(target.code)` in Pdb._run. */
  pdbRun: [number, string];
  /** `help` with no argument. */
  helpIndex: string;
  /** `help NAME` for every command and topic pdb documents. */
  help: Record<string, string>;
}

const SCRIPT = String.raw`
import bdb, cmd, inspect, io, json, os, pdb, sys
def at(func, needle):
    src, start = inspect.getsourcelines(func)
    for k, l in enumerate(src):
        if needle in l:
            return [start + k, l.strip()]
    return [0, '']
def canon(f):
    return os.path.normcase(os.path.abspath(f))
out = io.StringIO()
p = pdb.Pdb(stdout=out, readrc=False)
cmd.Cmd.do_help(p, '')
index = out.getvalue()
helps = {}
for name in dir(p):
    if name.startswith('do_') or name.startswith('help_'):
        topic = name.split('_', 1)[1]
        if topic in ('pdb',):
            continue
        out.seek(0); out.truncate()
        p.do_help(topic)
        helps[topic] = out.getvalue()
import pydoc
out.seek(0); out.truncate()
real_stdout, sys.stdout = sys.stdout, out
try:
    pydoc.plainpager(pdb.__doc__ or '')
finally:
    sys.stdout = real_stdout
helps['pdb'] = out.getvalue()
json.dump({'python': '%d.%d.%d' % sys.version_info[:3], 'bdbFile': canon(bdb.__file__), 'pdbFile': canon(pdb.__file__),
           'bdbRun': at(bdb.Bdb.run, 'exec(cmd, globals, locals)'), 'bdbQuit': at(bdb.Bdb.run, 'self.quitting = True'),
           'bdbExcept': at(bdb.Bdb.run, 'except BdbQuit'),
           'pdbMain': at(pdb.main, 'pdb._run(target)'), 'pdbRun': at(pdb.Pdb._run, 'self.run(target.code)'),
           'helpIndex': index, 'help': helps}, sys.stdout)
`;

/** Stand-ins when no Python can be asked (the transcript then differs from pdb's in `w` and `h`). */
export const FALLBACK_FACTS: PdbFacts = {
  python: 'unknown',
  bdbFile: '<bdb>',
  pdbFile: '<pdb>',
  bdbRun: [0, 'exec(cmd, globals, locals)'],
  bdbQuit: [0, 'self.quitting = True'],
  bdbExcept: [0, 'except BdbQuit:'],
  pdbMain: [0, 'pdb._run(target)'],
  pdbRun: [0, 'self.run(target.code)'],
  helpIndex: '',
  help: {},
};

const cache = new Map<string, Promise<PdbFacts>>();

/** pdb's facts for interpreter `python` (cached per interpreter; never rejects). */
export function pdbFacts(python = 'python3'): Promise<PdbFacts> {
  let p = cache.get(python);
  if (!p) {
    p = new Promise<PdbFacts>((resolve) => {
      let text = '';
      let child;
      try {
        child = spawn(python, ['-I', '-c', SCRIPT], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 20_000 });
      } catch {
        resolve(FALLBACK_FACTS);
        return;
      }
      child.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
      child.on('error', () => resolve(FALLBACK_FACTS));
      child.on('close', () => {
        try {
          resolve(JSON.parse(text) as PdbFacts);
        } catch {
          resolve(FALLBACK_FACTS);
        }
      });
    });
    cache.set(python, p);
  }
  return p;
}
