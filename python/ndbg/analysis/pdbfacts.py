"""Facts about this interpreter's pdb that its transcripts contain.

Where bdb's and pdb's own frames are (``w`` shows ``bdb.py(600)run()``) and pdb's
help texts, for the neural engine, which prints what this pdb would without running
the program (src/engine/neural/probe.ts reads the JSON). Standard library only; it
imports pdb and never reads, imports or runs the user's script. Runs on its own
(``python3 -I pdbfacts.py``) or from ``python3 -m ndbg.analysis.cfg --pdb-facts``,
which saves the neural engine a second Python start-up.
"""
import bdb
import cmd
import inspect
import io
import json
import os
import pdb
import sys


def _at(func, needle):
    src, start = inspect.getsourcelines(func)
    for k, line in enumerate(src):
        if needle in line:
            return [start + k, line.strip()]
    return [0, '']


def _first(owner, places):
    """[line, source] of the first (function name, needle) of `places` found in
    `owner`: pdb before 3.11 runs the script from ``Pdb._runscript``, not ``_run``."""
    for name, needle in places:
        func = getattr(owner, name, None)
        if func is not None:
            found = _at(func, needle)
            if found[0]:
                return found
    return [0, '']


def _canon(f):
    return os.path.normcase(os.path.abspath(f))


def pdb_facts():
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
            out.seek(0)
            out.truncate()
            p.do_help(topic)
            helps[topic] = out.getvalue()
    import pydoc

    out.seek(0)
    out.truncate()
    real_stdout, sys.stdout = sys.stdout, out
    try:
        pydoc.plainpager(pdb.__doc__ or '')
    finally:
        sys.stdout = real_stdout
    helps['pdb'] = out.getvalue()
    return {
        'python': '%d.%d.%d' % sys.version_info[:3],
        'bdbFile': _canon(bdb.__file__),
        'pdbFile': _canon(pdb.__file__),
        'bdbRun': _at(bdb.Bdb.run, 'exec(cmd, globals, locals)'),
        'bdbQuit': _at(bdb.Bdb.run, 'self.quitting = True'),
        'bdbExcept': _at(bdb.Bdb.run, 'except BdbQuit'),
        'pdbMain': _first(pdb, [('main', 'pdb._run(target)'), ('main', 'pdb._runscript(')]),
        'pdbRun': _first(pdb.Pdb, [('_run', 'self.run(target.code)'), ('_runscript', 'self.run(')]),
        'helpIndex': index,
        'help': helps,
    }


if __name__ == '__main__':
    json.dump(pdb_facts(), sys.stdout)
