#!/usr/bin/env python3
"""The evaluation set handwritten-long, derived from evalsets/handwritten: each
hand-written program, whole and last, after the definitions of the hand-written
programs that follow it (in name order, wrapping around) until the file has at least
300 lines. It is not committed: it is made when it is needed, deterministically, and
its digest is checked against evalsets/derived.json, so the measured set stays fixed.

    python3 scripts/make-long-evalset.py                  # -> data/evalsets/handwritten-long, checked
    python3 scripts/make-long-evalset.py --out DIR        # elsewhere
    python3 scripts/make-long-evalset.py --update-digest  # after changing evalsets/handwritten

The point of the set: the same code measured short and long. The program of
evalsets/handwritten/NN_x.py runs exactly as it does alone (the definitions in front
of it are never called), with its functions now hundreds of lines from the start of
the file, as in a long real script (`ndbg eval traces --set handwritten` against
`--set handwritten-long`). A donor whose definitions would shadow a name the program
or an earlier donor uses is left out; so are donors' module-level statements
(imports, constants, calls).
"""

import argparse
import ast
import hashlib
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'python'))

from ndbg.gen.long import split_program  # noqa: E402

SRC = os.path.join(HERE, '..', 'evalsets', 'handwritten')
NAME = 'handwritten-long'
OUT = os.path.join(HERE, '..', 'data', 'evalsets', NAME)
DIGESTS = os.path.join(HERE, '..', 'evalsets', 'derived.json')
MIN_LINES = 300
MARGIN = 10  # the estimate of the length counts blank lines loosely


def imports_of(source):
    """The top-level imports of a program: their text and the names they bind."""
    lines = source.splitlines()
    out, names = [], set()
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append('\n'.join(lines[node.lineno - 1 : node.end_lineno]))
            names |= {(a.asname or a.name).split('.')[0] for a in node.names}
    return out, names


def runs_alone(imports, defs):
    """Whether these imports and definitions run (decorators, class bodies and default
    values run at definition time)."""
    try:
        exec(compile('\n'.join(imports) + '\n\n' + '\n\n'.join(defs), '<donor>', 'exec'), {'__name__': 'donor'})
    except Exception:
        return False
    return True


def digest(d):
    """sha256 over the set's files (name and bytes, in name order)."""
    h = hashlib.sha256()
    for name in sorted(os.listdir(d)):
        h.update(name.encode() + b'\0')
        with open(os.path.join(d, name), 'rb') as f:
            h.update(f.read() + b'\0')
    return h.hexdigest()


def derive(out):
    names = sorted(f for f in os.listdir(SRC) if f.endswith('.py'))
    sources = {n: open(os.path.join(SRC, n), encoding='utf-8').read() for n in names}
    parts = {n: split_program(s) for n, s in sources.items()}
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for i, name in enumerate(names):
        main_src = sources[name]
        lines = main_src.splitlines()
        header = [lines[0]] if lines and lines[0].startswith('# expect:') else []
        used = set(parts[name][3])
        blocks, imports = [], []
        total = len(lines) + len(header) + 2
        for k in range(1, len(names)):
            if total >= MIN_LINES + MARGIN:
                break
            donor = names[(i + k) % len(names)]
            defs, _code, defined, donor_names = parts[donor]
            if not defs or defined & used or os.path.exists(os.path.join(SRC, donor[:-3] + '.stdin')):
                continue  # nothing to add, a name taken, or definitions that read input
            donor_imports, imported = imports_of(sources[donor])
            if imported & used or not runs_alone(imports + donor_imports, defs):
                continue
            blocks.append('# --- from %s ---\n%s' % (donor, '\n\n\n'.join(defs)))
            imports += [x for x in donor_imports if x not in imports]
            used |= defined | imported
            total += sum(d.count('\n') + 3 for d in defs) + 1
        head = header + imports
        text = '\n'.join(head) + ('\n\n\n' if head else '') + '\n\n\n'.join(blocks) + '\n\n\n' + main_src
        with open(os.path.join(out, name), 'w', encoding='utf-8') as f:
            f.write(text)
        stdin = os.path.join(SRC, name[:-3] + '.stdin')
        if os.path.exists(stdin):
            shutil.copy(stdin, os.path.join(out, name[:-3] + '.stdin'))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--out', default=OUT)
    ap.add_argument('--update-digest', action='store_true', help='record the new digest in evalsets/derived.json')
    args = ap.parse_args(argv)
    derive(args.out)
    got = digest(args.out)
    with open(DIGESTS, encoding='utf-8') as f:
        table = json.load(f)
    if args.update_digest:
        table[NAME]['sha256'] = got
        with open(DIGESTS, 'w', encoding='utf-8') as f:
            json.dump(table, f, indent=2)
            f.write('\n')
    elif got != table[NAME]['sha256']:
        raise SystemExit(
            f'{args.out}: digest {got[:12]} differs from evalsets/derived.json ({table[NAME]["sha256"][:12]}): '
            'the set would not be the one measured; if evalsets/handwritten changed on purpose, '
            'rerun with --update-digest'
        )
    print(f'{args.out}: {len(os.listdir(args.out))} files, sha256 {got[:12]}')


if __name__ == '__main__':
    main()
