"""Static control-flow and effect analysis of a Python program, to constrain predictions.

`analyze(source)` reads a program with `ast.parse` (it is never executed nor imported)
and says, for every line that can hold a `sys.settrace` line event:

- `lines`: which line events can come next in the same frame (plus the markers
  `"return"`: the frame returns or a generator suspends, and `"raise"`: an explicit
  `raise` leaves the frame). Any line may also end its frame by an exception.
- `calls`: which functions of this module a call from that line may enter.
- `binds`: which names of the frame the line may bind or unbind (`binds`), mutate in
  place (`mutates`, closed under may-aliasing), or may see changed by code it calls
  (`may_mutate_args`).
- `functions`: every code object but the module (def, call and first body lines,
  params); `frames`: `lines` for each code object separately; `entry`: the module's
  first line event.
- `quiet`: lines whose code cannot write program output (quiet.py), so that a step
  from them adds none.

The analysis is sound first (every real transition is allowed), precise second; see
docs/constraints.md for what it guarantees, its imprecisions, and how CPython 3.9 to
3.13 differ (the default target is the running interpreter; `target="all"` is sound
for every supported version at once).

This file owns the entry points only: `analyze`, `precision` and the command line
(`python3 -m ndbg.analysis.cfg FILE [--target T] [--stats] [--pdb-facts]`, which
src/model/format/cfg.ts runs); it imports result.py and, for `--pdb-facts`, pdbfacts.py.
Standard library only; runs on python3 3.9 to 3.13.
"""

import json
import sys
from types import SimpleNamespace

from .result import FORMAT_VERSION, Analysis

__all__ = ['FORMAT_VERSION', 'Analysis', 'analyze', 'precision', 'main']

# The analysis by concern (each file's docstring says what it owns and may import):
#   versions.py  the CPython versions covered and how their line events differ
#   syntax.py    node groups, and the nodes one code object evaluates itself
#   scopes.py    code objects, their names, keys and shared variables
#   flow.py      the control-flow graph proper: statements and successor line events
#   paths.py     the exact order of line events of a statement over several lines
#   calls.py     builtins' behaviour, and which module functions a call may enter
#   alias.py     may-alias and containment between a frame's objects
#   effects.py   names each statement binds or mutates, and which functions are pure
#   names.py     program-wide names: bound, hidden, each function's own locals
#   result.py    `Analysis`: runs the passes in order and assembles the JSON
# quiet.py, attrs.py and reprs.py add the `quiet`, `attributes` and `default_repr` fields.


def analyze(source, target=None):
    """The constraints for `source` (a JSON-serializable dict); see the module docstring.

    `target`: None / 'current' (the running interpreter), 'all' (sound for CPython 3.9
    to 3.13 at once), '3.11', or a list of (major, minor)."""
    return Analysis(source, target).result()


def precision(result):
    """Successor statistics of an `analyze` result: lines, mean successors per line
    (markers count), and the fraction of lines with exactly one successor."""
    succ = result['lines']
    n = len(succ)
    if not n:
        return {'lines': 0, 'mean_successors': 0.0, 'single_successor': 0.0}
    counts = [len(v) for v in succ.values()]
    return {'lines': n, 'mean_successors': sum(counts) / n, 'single_successor': sum(1 for c in counts if c == 1) / n}


def _quick_args(argv):
    """The arguments src/model/format/cfg.ts passes (FILE [--target T] [--pdb-facts]), read without
    argparse: its import and its parser's terminal-width query (shutil, with bz2 and lzma)
    cost 10 ms of a 70 ms run on the neural engine's way to its first prompt. Anything
    else (None): argparse, for its help and its messages."""
    args = {'file': None, 'target': None, 'indent': None, 'stats': False, 'pdb_facts': False}
    rest = list(argv)
    while rest:
        a = rest.pop(0)
        if a == '--target' and rest and not rest[0].startswith('-'):
            args['target'] = rest.pop(0)
        elif a == '--pdb-facts':
            args['pdb_facts'] = True
        elif a.startswith('-') or args['file'] is not None:
            return None
        else:
            args['file'] = a
    return None if args['file'] is None else SimpleNamespace(**args)


def _parse_args(argv):
    import argparse

    parser = argparse.ArgumentParser(
        prog='python3 -m ndbg.analysis.cfg', description='Static control flow and effects of a Python program, as JSON.'
    )
    parser.add_argument('file')
    parser.add_argument(
        '--target', default=None, help="CPython version to model: 3.9 .. 3.13, or 'all' (default: this interpreter)"
    )
    parser.add_argument('--indent', type=int, default=None)
    parser.add_argument('--stats', action='store_true', help='print precision statistics instead')
    parser.add_argument(
        '--pdb-facts', action='store_true', help="add this interpreter's pdb facts (pdbfacts.py) as \"pdb_facts\""
    )
    return parser.parse_args(argv)


def main(argv=None):
    args = _quick_args(sys.argv[1:] if argv is None else argv) or _parse_args(argv)
    with open(args.file, encoding='utf-8') as f:
        source = f.read()
    extra = {}
    if args.pdb_facts:
        from ndbg.analysis.pdbfacts import pdb_facts

        try:
            extra['pdb_facts'] = pdb_facts()
        except Exception:  # noqa: BLE001 - without them the engine asks pdbfacts.py itself; the analysis still counts
            pass
    try:
        result = analyze(source, args.target)
    except SyntaxError as e:
        json.dump(
            {'format': FORMAT_VERSION, 'error': 'SyntaxError: %s (line %s)' % (e.msg, e.lineno), **extra}, sys.stdout
        )
        sys.stdout.write('\n')
        return 1
    json.dump(precision(result) if args.stats else {**result, **extra}, sys.stdout, indent=args.indent)
    sys.stdout.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
