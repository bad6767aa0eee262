"""Random Python programs to trace: the training data of the neural debugger.

    from ndbg.gen.generator import generate, CATALOGUE, coverage
    prog = generate(random.Random(7))
    prog.source, prog.kind, prog.stdin, prog.features

Programs are short, real-looking functions or scripts built from typed idioms
(see docs/generator.md). Each is valid Python 3.9, deterministic given the rng
state, terminates within a few hundred executed lines, and raises or loops
forever only when `features` says so ('uncaught', 'infinite').

    python -m ndbg.gen.generator --n 5 --seed 1      samples, coverage and throughput
"""

import argparse
import hashlib
import random
import sys
import time

from .program import G, function_program, script_program, class_program
from .stdlib import stdlib_program
from .shapes import record_class_program, nested_program

__all__ = ['Program', 'generate', 'generate_unique', 'CATALOGUE', 'CONSTRUCTS', 'coverage', 'construct_coverage']

# Share of each shape; faults are drawn first, independently of the shape.
P_FUNCTION = 0.74  # below this, not a script (function, class or stdlib programs)
P_CLASS = 0.06  # of all programs: a class, methods and code using it (kind 'function')
P_STDLIB = 0.12  # of all programs: a real standard-library function called with literals (kind 'function')
P_RECORD = 0.03  # a class whose methods update attributes, used with literal arguments
P_NESTED = 0.03  # recursion over nested lists or a dict tree, called with literals
P_UNCAUGHT = 0.045  # plus the classes' own uncaught endings: about 5% in all
P_INFINITE = 0.01


class Program:
    __slots__ = ('source', 'kind', 'stdin', 'features')

    def __init__(self, source, kind, stdin='', features=None):
        self.source = source
        self.kind = kind
        self.stdin = stdin
        self.features = set(features or ())

    def __repr__(self):
        return 'Program(kind=%r, %d lines, features=%d)' % (self.kind, self.source.count('\n'), len(self.features))


def generate(rng):
    """One program, drawn with rng (a random.Random); same rng state, same program."""
    r = rng.random()
    fault = 'uncaught' if r < P_UNCAUGHT else 'infinite' if r < P_UNCAUGHT + P_INFINITE else None
    shape = rng.random()
    for _ in range(20):
        g = G(rng)
        stdin = ''
        if shape < P_CLASS and fault is None:
            src = class_program(g)
            kind = 'function'
        elif shape < P_CLASS + P_STDLIB and fault != 'infinite':
            made = stdlib_program(g, fault)
            if made is None:
                src = None
            else:
                src, g.feats = made
            kind = 'function'
        elif shape < P_CLASS + P_STDLIB + P_RECORD and fault is None:
            src = record_class_program(g)
            kind = 'function'
        elif shape < P_CLASS + P_STDLIB + P_RECORD + P_NESTED and fault is None:
            src = nested_program(g)
            kind = 'function'
        elif shape < P_FUNCTION:
            src = function_program(g, fault)
            stdin = g.stdin
            kind = 'function'
        else:
            src, stdin = script_program(g, fault)
            kind = 'script'
        if src is not None:
            feats = g.feats
            feats.add(kind)
            if 'input' in feats:
                feats.add('stdin')
            return Program(src, kind, stdin, feats)
        shape = rng.random()
    raise RuntimeError('generator failed to produce a program')


def generate_unique(rng, n, seen=None):
    """n programs with pairwise different sources (the dataset builder's entry point).

    seen: an optional set of source digests shared across calls or workers' shards.
    """
    seen = set() if seen is None else seen
    out = []
    tries = 0
    while len(out) < n:
        tries += 1
        if tries > 50 * n + 100:
            raise RuntimeError('too many duplicates')
        p = generate(rng)
        h = digest(p.source)
        if h in seen:
            continue
        seen.add(h)
        out.append(p)
    return out


def digest(source):
    return hashlib.blake2b(source.encode(), digest_size=12).digest()


# ---------------------------------------------------------------------------
# Catalogue of builtins and methods, and coverage

BUILTINS = [
    'abs',
    'all',
    'any',
    'bin',
    'bool',
    'chr',
    'dict',
    'divmod',
    'enumerate',
    'enumerate(start=)',
    'filter',
    'float',
    'format',
    'frozenset',
    'hex',
    'input',
    'int',
    'int(base)',
    'isinstance',
    'iter',
    'len',
    'list',
    'map',
    'max',
    'max(key=)',
    'max(default=)',
    'min',
    'min(key=)',
    'min(default=)',
    'next',
    'oct',
    'ord',
    'pow',
    'pow(mod)',
    'print',
    'print(sep=)',
    'print(end=)',
    'range',
    'range(step)',
    'repr',
    'reversed',
    'round',
    'set',
    'sorted',
    'sorted(key=)',
    'sorted(reverse=)',
    'str',
    'sum',
    'sum(start=)',
    'tuple',
    'type',
    'zip',
]
STR_METHODS = [
    'str.capitalize',
    'str.casefold',
    'str.center',
    'str.count',
    'str.endswith',
    'str.find',
    'str.format',
    'str.index',
    'str.isalnum',
    'str.isalpha',
    'str.isdecimal',
    'str.isdigit',
    'str.islower',
    'str.isnumeric',
    'str.isspace',
    'str.istitle',
    'str.isupper',
    'str.join',
    'str.ljust',
    'str.lower',
    'str.lstrip',
    'str.maketrans',
    'str.partition',
    'str.removeprefix',
    'str.removesuffix',
    'str.replace',
    'str.rfind',
    'str.rindex',
    'str.rjust',
    'str.rpartition',
    'str.rsplit',
    'str.rstrip',
    'str.split',
    'str.splitlines',
    'str.startswith',
    'str.strip',
    'str.swapcase',
    'str.title',
    'str.translate',
    'str.upper',
    'str.zfill',
]
LIST_METHODS = [
    'list.append',
    'list.clear',
    'list.copy',
    'list.count',
    'list.extend',
    'list.index',
    'list.insert',
    'list.pop',
    'list.pop(i)',
    'list.remove',
    'list.reverse',
    'list.sort',
    'list.sort(key=)',
    'list.sort(reverse=)',
]
DICT_METHODS = [
    'dict.clear',
    'dict.copy',
    'dict.fromkeys',
    'dict.get',
    'dict.items',
    'dict.keys',
    'dict.pop',
    'dict.popitem',
    'dict.setdefault',
    'dict.update',
    'dict.values',
    'dict|',
]
SET_METHODS = [
    'set.add',
    'set.copy',
    'set.difference',
    'set.discard',
    'set.intersection',
    'set.isdisjoint',
    'set.issubset',
    'set.issuperset',
    'set.pop',
    'set.remove',
    'set.symmetric_difference',
    'set.union',
    'set.update',
    'set|',
    'set&',
    'set-',
    'set^',
]
OTHER_METHODS = ['tuple.count', 'tuple.index', 'int.bit_length', 'float.is_integer']

CATALOGUE = BUILTINS + STR_METHODS + LIST_METHODS + DICT_METHODS + SET_METHODS + OTHER_METHODS

# Language constructs recorded in features (reported separately from the catalogue).
CONSTRUCTS = [
    'function',
    'script',
    'helper',
    'call_depth2',
    'call_depth3',
    'call_depth4',
    'nested_def',
    'recursion',
    'mutual_recursion',
    'class',
    'method',
    '__init__',
    '__repr__',
    'generator',
    'yield',
    'yield_from',
    'lambda',
    'for',
    'while',
    'nested_loop',
    'if',
    'elif',
    'else',
    'break',
    'continue',
    'ternary',
    'listcomp',
    'dictcomp',
    'setcomp',
    'genexp',
    'slice',
    'slice_step',
    'fstring',
    'percent_format',
    'augassign',
    'unpack',
    'star_unpack',
    'tuple_pack',
    'early_return',
    'return_none',
    'try',
    'except',
    'except_as',
    'except_tuple',
    'finally',
    'try_else',
    'raise',
    'custom_exception',
    'assert',
    'del',
    'in',
    'chained_compare',
    'default_arg',
    'keyword_arg',
    'global_const',
    'dict_unpack',
    'stdin',
    'module_call',
    'uncaught',
    'infinite',
    'ValueError',
    'KeyError',
    'IndexError',
    'ZeroDivisionError',
    'TypeError',
]


def coverage(programs):
    """{entry: count of programs using it, ..., 'covered': n, 'total': m} over CATALOGUE."""
    counts = dict.fromkeys(CATALOGUE, 0)
    for p in programs:
        feats = p.features if isinstance(p, Program) else p
        for f in feats:
            if f in counts:
                counts[f] += 1
    covered = sum(1 for e in CATALOGUE if counts[e])
    counts['covered'] = covered
    counts['total'] = len(CATALOGUE)
    return counts


def construct_coverage(programs):
    counts = dict.fromkeys(CONSTRUCTS, 0)
    for p in programs:
        for f in p.features:
            if f in counts:
                counts[f] += 1
    return counts


# ---------------------------------------------------------------------------
# CLI


def main(argv=None):
    ap = argparse.ArgumentParser(prog='python -m ndbg.gen.generator', description=__doc__.split('\n\n')[0])
    ap.add_argument('--n', type=int, default=5, help='samples to print')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--stats', type=int, default=2000, help='programs for the coverage and speed summary (0: none)')
    ap.add_argument('--check', action='store_true', help='also run the stats programs and report how they end')
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    for k in range(args.n):
        p = generate(rng)
        extra = ('  stdin=%r' % p.stdin) if p.stdin else ''
        print('# --- sample %d: %s%s' % (k + 1, p.kind, extra))
        print('# features: %s' % ', '.join(sorted(p.features)))
        print(p.source)
    if args.stats <= 0:
        return 0
    rng = random.Random(args.seed)
    t0, c0 = time.perf_counter(), time.process_time()
    progs = [generate(rng) for _ in range(args.stats)]
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    cov = coverage(progs)
    uniq = len(set(p.source for p in progs))
    kinds = sum(1 for p in progs if p.kind == 'function')
    missing = [e for e in CATALOGUE if not cov[e]]
    print('# summary over %d programs (seed %d)' % (args.stats, args.seed))
    print(
        'throughput: %.0f programs per CPU second (%.0f/s wall clock)'
        % (args.stats / max(dc, 1e-9), args.stats / max(dt, 1e-9))
    )
    print(
        'catalogue coverage: %d / %d (%.1f%%)%s'
        % (
            cov['covered'],
            cov['total'],
            100.0 * cov['covered'] / cov['total'],
            ('  missing: ' + ', '.join(missing)) if missing else '',
        )
    )
    print('unique sources: %d (%.2f%%)' % (uniq, 100.0 * uniq / len(progs)))
    print('kinds: function %.1f%%, script %.1f%%' % (100.0 * kinds / len(progs), 100.0 - 100.0 * kinds / len(progs)))
    for f in ('uncaught', 'infinite', 'stdin', 'helper', 'recursion', 'class', 'generator', 'try'):
        print('  %-10s %5.1f%%' % (f, 100.0 * sum(1 for p in progs if f in p.features) / len(progs)))
    lines = sorted(p.source.count('\n') for p in progs)
    print('source lines: median %d, p90 %d, max %d' % (lines[len(lines) // 2], lines[int(len(lines) * 0.9)], lines[-1]))
    if args.check:
        from .check import run_program

        t0 = time.perf_counter()
        res = [run_program(p.source, p.stdin) for p in progs]
        dt = time.perf_counter() - t0
        steps = sorted(r['steps'] for r, p in zip(res, progs) if r['status'] != 'limit')
        bad = sum(
            1
            for r, p in zip(res, progs)
            if (r['status'] == 'error') != ('uncaught' in p.features)
            or (r['status'] == 'limit') != ('infinite' in p.features)
        )
        print(
            'ran in %.1fs: ok %d, error %d, limit %d, unexpected %d'
            % (
                dt,
                sum(r['status'] == 'ok' for r in res),
                sum(r['status'] == 'error' for r in res),
                sum(r['status'] == 'limit' for r in res),
                bad,
            )
        )
        q = lambda f: steps[min(len(steps) - 1, int(len(steps) * f))]
        print(
            'executed lines: p10 %d, median %d, p90 %d, p99 %d, max %d; in 20..400: %.1f%%'
            % (q(0.1), q(0.5), q(0.9), q(0.99), steps[-1], 100.0 * sum(1 for s in steps if 20 <= s <= 400) / len(steps))
        )
        depth = sorted(r['depth'] for r in res)
        print(
            'call depth: median %d, max %d; with depth >= 3: %.1f%%'
            % (depth[len(depth) // 2], depth[-1], 100.0 * sum(1 for d in depth if d >= 3) / len(depth))
        )
    return 0


if __name__ == '__main__':
    sys.exit(main())
