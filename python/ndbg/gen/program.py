"""Whole programs: a main function with helpers and module code that calls it,
a module-level script, or a small class; faults put in on purpose."""

from .core import (
    Fn,
    Var,
    INT,
    FLOAT,
    BOOL,
    STR,
    LINT,
    LSTR,
    TINT,
    SINT,
    DSI,
    LPAIR,
    LMIX,
    value_for,
    lit,
    str_value,
    SHORT_WORDS,
)
from .funcs import maybe_guard, finish, func_name
from . import idioms
from .loops import fstr
from . import templates as T


class G:
    """State of one program being generated."""

    def __init__(self, rng):
        self.rng = rng
        self.feats = set()
        self.q = "'" if rng.random() < 0.75 else '"'
        self.funcs = []
        self.taken = set()
        self.local_names = set()
        self.consts = []
        self.stdin = ''

    def add_func(self, lines):
        self.funcs.append(lines)

    def body(self, F, k, table):
        """Write k idioms of idioms.TABLE into F. Idioms that write a helper's body
        (funcs.st_helper) ask for it here: the table holds them, so they cannot import it."""
        return idioms.run(F, k, getattr(idioms, table))


MAIN_NAMES = [
    'process',
    'transform',
    'summarize',
    'analyze',
    'solve',
    'compute',
    'encode',
    'clean_up',
    'score_items',
    'build_report',
    'evaluate',
    'rearrange',
    'inspect',
    'digest',
    'classify',
    'reduce_data',
    'tabulate',
    'scan',
    'organize',
    'profile',
    'normalize_all',
    'check',
    'merge_data',
    'rank_items',
    'parse_and_sum',
    'f',
    'main_task',
]

SIGNATURES = [
    (STR,),
    (STR,),
    (STR,),
    (LINT,),
    (LINT,),
    (LINT,),
    (LSTR,),
    (LSTR,),
    (DSI,),
    (LINT, INT),
    (LINT, INT),
    (STR, INT),
    (STR, INT),
    (LSTR, INT),
    (STR, STR),
    (LINT, LINT),
    (LSTR, LINT),
    (DSI, LSTR),
    (DSI, STR),
    (DSI, INT),
    (INT,),
    (INT, INT),
    (LPAIR,),
    (LPAIR, INT),
    (LMIX,),
    (TINT,),
    (TINT, INT),
    (SINT, LINT),
    (LINT, BOOL),
    (STR, BOOL),
    (LINT, INT, INT),
    (STR, STR, INT),
    (LSTR, STR),
    (LINT, FLOAT),
]

STR_FLAVS = ['word', 'word', 'text', 'text', 'text', 'code', 'csv', 'digits', 'kv']
STR_NAMES = {
    'word': ['word', 'name', 's', 'token', 'key', 'label'],
    'text': ['text', 'sentence', 'line', 'msg', 's', 'title', 'phrase'],
    'code': ['code', 's', 'tag', 'serial', 'ident', 'raw'],
    'csv': ['line', 'row', 'record', 'csv_line', 'fields_text'],
    'digits': ['digits', 'number_text', 'pin', 'raw_num'],
    'kv': ['config', 'spec', 'settings_text', 'query'],
}
INT_KINDS = [
    ((0, 10), ['n', 'k', 'limit', 'size', 'step', 'width', 'count', 'times']),
    ((1, 8), ['n', 'k', 'size', 'step', 'width', 'parts', 'group']),
    ((-5, 10), ['offset', 'delta', 'shift', 'n', 'k', 'bias']),
    ((0, 100), ['target', 'threshold', 'value', 'limit', 'cap', 'budget']),
    ((0, 9999), ['number', 'num', 'value', 'n', 'amount']),
]


def make_param(F, t):
    rng = F.rng
    if t == STR:
        flav = rng.choice(STR_FLAVS)
        v = Var(F.fresh(STR_NAMES[flav]), STR, rng.choice((0, 1, 1)), 15, flav=flav)
    elif t == INT:
        (lo, hi), names = rng.choice(INT_KINDS)
        v = Var(F.fresh(names), INT, lo, hi)
    elif t == LINT:
        elo, ehi = rng.choice(((-5, 20), (0, 9), (1, 50), (-10, 10), (0, 100), (1, 6)))
        v = Var(F.fresh(LINT), LINT, rng.choice((0, 1, 1)), rng.randint(3, 8), elo, ehi)
    elif t == LSTR:
        v = Var(F.fresh(LSTR), LSTR, rng.choice((0, 1, 1)), rng.randint(2, 6), 3, 6, flav='word')
    elif t == DSI:
        elo, ehi = rng.choice(((0, 20), (-5, 10), (1, 100)))
        v = Var(F.fresh(DSI), DSI, rng.choice((0, 1, 1)), rng.randint(2, 5), elo, ehi)
    elif t == TINT:
        n = rng.choice((2, 2, 3, 4))
        v = Var(F.fresh(TINT), TINT, n if rng.random() < 0.6 else 0, n, -5, 20)
    elif t == SINT:
        v = Var(F.fresh(['allowed', 'seen', 'ids', 'targets', 'blocked']), SINT, 0, 5, 0, 12)
    elif t == LPAIR:
        v = Var(F.fresh(LPAIR), LPAIR, rng.choice((0, 1)), rng.randint(2, 5), 0, 100)
    elif t == LMIX:
        v = Var(F.fresh(LMIX), LMIX, 1, 7)
    elif t == BOOL:
        v = Var(F.fresh(['reverse', 'strict', 'ignore_case', 'verbose', 'unique', 'keep_empty']), BOOL)
    else:
        v = Var(F.fresh(['rate', 'factor', 'scale', 'weight']), FLOAT)
    return v


def exact(name, t, value, flav=''):
    """A Var describing exactly one known value."""
    if t == INT:
        return Var(name, INT, value, value)
    if t == STR:
        return Var(name, STR, len(value), len(value), flav=flav)
    if t in (LINT, TINT, SINT):
        vals = list(value) or [0]
        return Var(name, t, len(value), len(value), min(vals), max(vals))
    if t == LSTR:
        lens = [len(x) for x in value] or [0]
        return Var(name, LSTR, len(value), len(value), min(lens), max(lens), flav='word')
    if t == DSI:
        vals = list(value.values()) or [0]
        return Var(name, DSI, len(value), len(value), min(vals), max(vals))
    if t == LPAIR:
        vals = [x[1] for x in value] or [0]
        return Var(name, LPAIR, len(value), len(value), min(vals), max(vals))
    if t == LMIX:
        return Var(name, LMIX, len(value), len(value))
    return Var(name, t)


# ---------------------------------------------------------------------------
# Faults on purpose: a last call with a bad argument raises or loops forever


def bad_value(rng, spec, what):
    t = spec.t
    if what == 'empty':
        return {STR: '', LINT: [], LSTR: [], DSI: {}, TINT: (), LPAIR: []}[t]
    if what == 'negative':
        return -rng.randint(1, 9)
    if what == 'zero':
        return 0
    if what == 'not_digits':
        return rng.choice(('12a', 'abc', 'x9', '4.5', 'ten', ''))
    if what == 'not_list':
        return tuple(value_for(rng, spec))
    if what == 'has_negative':
        vals = value_for(rng, spec)
        vals = list(vals) if vals else [rng.randint(0, 5)]
        vals.insert(rng.randint(0, len(vals)), -rng.randint(1, 9))
        return vals
    if what == 'has_space':
        return rng.choice(('a b', 'hi there', 'x y z', 'ab cd'))
    raise ValueError(what)


def uncaught_prelude(F, params, specs):
    """Write a check or a fragile step at the top of F; returns (param index, bad kind)."""
    rng = F.rng
    w = F.w
    q = F.lit
    opts = []
    for i, p in enumerate(params):
        if p.t in (STR, LINT, LSTR, DSI, TINT, LPAIR):
            opts += [(i, 'empty_check'), (i, 'empty_helper')]
        if p.t in (LINT, TINT):
            opts += [(i, 'first'), (i, 'avg')]
        if p.t in (LINT, LSTR):
            opts.append((i, 'type_check'))
        if p.t == STR:
            opts.append((i, 'int_parse'))
        if p.t == INT and specs[i].hi > 0:
            opts += [(i, 'neg_check'), (i, 'div')]
    if not opts:
        return None
    i, kind = rng.choice(opts)
    p, spec = params[i], specs[i]
    F.g.feats.update(('uncaught', 'raise') if 'check' in kind or 'helper' in kind else ('uncaught',))
    if kind == 'empty_check':
        exc = 'ValueError'
        if rng.random() < 0.3:
            exc = func_name(F, T.EXC_CLASSES)
            F.g.add_func(['class %s(Exception):' % exc, '    pass'])
            F.g.feats.update(('custom_exception', 'class'))
        F.g.feats.add('ValueError')
        w('if not %s:' % p.name)
        w('    raise %s(%s)' % (exc, q('%s must not be empty' % p.name)))
        p.lo = spec.lo = max(1, spec.lo)
        return i, 'empty'
    if kind == 'empty_helper':
        name = func_name(F, ['require', 'check_input', 'validate', 'ensure_nonempty'])
        F.g.add_func(
            [
                'def %s(value, what):' % name,
                '    if len(value) == 0:',
                '        raise ValueError(%s)' % fstr(F, '{what} is empty'),
                '    return value',
            ]
        )
        F.g.feats.update(('helper', 'len', 'ValueError'))
        w('%s(%s, %s)' % (name, p.name, q(p.name)))
        p.lo = spec.lo = max(1, spec.lo)
        return i, 'empty'
    if kind == 'first':
        name = F.fresh(['first', 'head', 'start'])
        w('%s = %s[0]' % (name, p.name))
        F.g.feats.add('IndexError')
        p.lo = spec.lo = max(1, spec.lo)
        F.add(Var(name, INT, p.elo, p.ehi))
        return i, 'empty'
    if kind == 'avg':
        name = F.fresh(['avg', 'mean', 'average'])
        w('%s = sum(%s) / len(%s)' % (name, p.name, p.name))
        F.g.feats.update(('sum', 'len', 'ZeroDivisionError'))
        p.lo = spec.lo = max(1, spec.lo)
        F.add(Var(name, FLOAT))
        return i, 'empty'
    if kind == 'type_check':
        F.g.feats.update(('isinstance', 'TypeError'))
        w('if not isinstance(%s, list):' % p.name)
        w('    raise TypeError(%s)' % fstr(F, 'expected a list, got {type(%s).__name__}' % p.name))
        F.g.feats.add('type')
        return i, 'not_list'
    if kind == 'int_parse':
        name = F.fresh(['value', 'number', 'parsed'])
        w('%s = int(%s)' % (name, p.name))
        F.g.feats.update(('int', 'ValueError'))
        p.flav = spec.flav = 'digits'
        p.lo = spec.lo = 1
        p.hi = spec.hi = 6
        F.add(Var(name, INT, 0, 10**6))
        return i, 'not_digits'
    if kind == 'neg_check':
        F.g.feats.update(('ValueError', 'fstring'))
        w('if %s < 0:' % p.name)
        w('    raise ValueError(%s)' % fstr(F, '%s must be non-negative, got {%s}' % (p.name, p.name)))
        p.lo = spec.lo = max(0, spec.lo)
        return i, 'negative'
    # div
    name = F.fresh(['per_item', 'share', 'unit', 'chunk'])
    w('%s = %d // %s' % (name, rng.choice((60, 100, 120, 1000)), p.name))
    F.g.feats.add('ZeroDivisionError')
    p.lo = spec.lo = max(1, spec.lo)
    F.add(Var(name, INT, 0, 1000))
    return i, 'zero'


def infinite_prelude(F, params, specs):
    """A loop that only ends for good inputs (or never). Returns (index, bad kind) or (None, None)."""
    rng = F.rng
    w = F.w
    opts = []
    for i, p in enumerate(params):
        if p.t == INT and specs[i].hi <= 10 and specs[i].hi >= 0:
            opts.append((i, 'countdown'))
        if p.t == LINT:
            opts.append((i, 'skip'))
        if p.t == STR:
            opts.append((i, 'skip_space'))
    F.g.feats.update(('infinite', 'while'))
    if not opts or rng.random() < 0.2:
        c = F.fresh(['ticks', 'attempts', 'count'])
        w('%s = 0' % c)
        w('while True:')
        w('    %s += 1' % c)
        F.add(Var(c, INT, 0, 10**9))
        return None, 'always'
    i, kind = rng.choice(opts)
    p, spec = params[i], specs[i]
    if kind == 'countdown':
        j = F.fresh(['remaining', 'left', 'i'])
        steps = F.fresh(['steps', 'rounds', 'ticks'])
        w('%s = %s' % (j, p.name))
        w('%s = 0' % steps)
        w('while %s != 0:' % j)
        w('    %s -= 1' % j)
        w('    %s += 1' % steps)
        p.lo = spec.lo = max(0, spec.lo)
        F.add(Var(steps, INT, 0, spec.hi))
        return i, 'negative'
    j = F.fresh(['i', 'idx', 'pos'])
    acc = F.fresh(['total', 'kept', 'count'])
    w('%s = 0' % j)
    w('%s = 0' % acc)
    w('while %s < len(%s):' % (j, p.name))
    if kind == 'skip':
        w('    if %s[%s] < 0:' % (p.name, j))
        w('        continue')
        w('    %s += %s[%s]' % (acc, p.name, j))
        p.elo = spec.elo = max(0, spec.elo)
        p.ehi = spec.ehi = max(spec.ehi, 1)
        F.add(Var(acc, INT, 0, spec.hi * spec.ehi))
        bad = 'has_negative'
    else:
        w('    if %s[%s] == %s:' % (p.name, j, F.lit(' ')))
        w('        continue')
        w('    %s += 1' % acc)
        p.flav = spec.flav = 'word'
        F.add(Var(acc, INT, 0, spec.hi))
        bad = 'has_space'
    w('    %s += 1' % j)
    F.g.feats.update(('continue', 'len', 'if'))
    return i, bad


# ---------------------------------------------------------------------------
# Module code that calls the main function


def arg_values(rng, specs):
    return [value_for(rng, s) for s in specs]


def render_call(F, name, params, defaults, vals, force=None):
    """name(args) honouring default parameters: omitted, positional or keyword.

    force: index of a parameter that must be passed (the one a fault depends on).
    """
    rng = F.rng
    out = []
    kw = False
    for k, (p, d, v) in enumerate(zip(params, defaults, vals)):
        if d is not None:
            r = rng.random()
            if r < 0.35 and k != force:
                kw = True
                continue
            if r < 0.7:
                kw = True
        if kw:
            out.append('%s=%s' % (p.name, F.lit(v)))
            F.feat('keyword_arg')
        else:
            out.append(F.lit(v))
    return '%s(%s)' % (name, ', '.join(out))


def call_section(F, name, params, specs, defaults, fault, main_cost):
    """The module-level lines that call the main function."""
    rng = F.rng
    g = F.g
    lines = []
    per_call = max(main_cost, 5)
    max_calls = max(1, min(4, 300 // per_call))
    n = min(max_calls, rng.choice((1, 2, 2, 3, 3, 4)))
    # the first call gets non-trivial inputs, so guards do not end every run at once
    rich = []
    for sp in specs:
        sp = sp.like(sp.name)
        if sp.t not in (INT, FLOAT, BOOL) and sp.hi >= 2:
            sp.lo = max(sp.lo, 2)
        elif sp.t == INT and sp.lo <= 1 < sp.hi:
            sp.lo = 1
        rich.append(sp)
    calls = [arg_values(rng, rich)] + [arg_values(rng, specs) for _ in range(n - 1)]
    force = None
    if fault is not None and fault[0] is not None:
        i, kind = fault
        force = i
        bad = arg_values(rng, specs)
        bad[i] = bad_value(rng, specs[i], kind)
        if len(calls) > 1 or rng.random() < 0.5:
            calls = calls[:2] + [bad]
        else:
            calls = [bad]
    elif fault is not None:
        calls = calls[:1]
    r = rng.random()
    g.feats.add('module_call')
    if (
        fault is None
        and r < 0.08
        and params[0].t in (STR, INT, LINT, LSTR)
        and (params[0].t != STR or len(calls[0][0].strip()) >= specs[0].lo)
    ):
        return input_call(F, name, params, defaults, calls[0])
    if len(calls) >= 2 and len(params) == 1 and defaults[0] is None and r < 0.3:
        var = rng.choice(('case', 'sample', 'example', 'data', 'arg'))
        lines.append('for %s in %s:' % (var, F.lit([c[0] for c in calls])))
        lines.append('    print(%s(%s))' % (name, var))
        g.feats.update(('for', 'print'))
        return lines
    if len(calls) >= 2 and r < 0.4:
        results = rng.choice(('results', 'outputs', 'answers'))
        lines.append('%s = [' % results)
        for c in calls:
            lines.append('    %s,' % render_call(F, name, params, defaults, c, force))
        lines.append(']')
        if fault is None or rng.random() < 0.5:
            lines.append('print(%s)' % results)
            g.feats.add('print')
        return lines
    for k, c in enumerate(calls):
        call = render_call(F, name, params, defaults, c, force)
        form = rng.random()
        if form < 0.4:
            lines.append('print(%s)' % call)
            g.feats.add('print')
        elif form < 0.7:
            res = rng.choice(('result', 'out', 'answer', 'value', 'res'))
            lines.append('%s = %s' % (res, call))
            if rng.random() < 0.6:
                lines.append('print(%s)' % res)
                g.feats.add('print')
        elif form < 0.85:
            # name the inputs first, as a reader would
            names = []
            args = []
            kw = False
            for k, (p, d, v) in enumerate(zip(params, defaults, c)):
                if d is not None and k != force:
                    kw = True
                    continue
                lines.append('%s = %s' % (p.name, F.lit(v)))
                names.append(p.name)
                args.append('%s=%s' % (p.name, p.name) if kw else p.name)
            res = rng.choice(('result', 'output', 'answer'))
            args = ', '.join(args)
            lines.append('%s = %s(%s)' % (res, name, args))
            if rng.random() < 0.7:
                lines.append(
                    'print(%s)' % fstr(F, '{%s!r} -> {%s!r}' % (names[0], res)) if names else 'print(%s)' % res
                )
                g.feats.add('print')
        else:
            lines.append('%s = %s' % (rng.choice(('result', 'output', 'r')), call))
    return lines


def input_call(F, name, params, defaults, vals):
    """The first argument read from stdin, the others written out."""
    rng = F.rng
    g = F.g
    p, v = params[0], vals[0]
    lines = []
    if p.t == STR:
        v = v.strip()
        vals[0] = v
        lines.append('%s = input().strip()' % p.name)
        g.feats.add('str.strip')
        g.stdin = v + '\n'
    elif p.t == INT:
        lines.append('%s = int(input())' % p.name)
        g.feats.add('int')
        g.stdin = '%d\n' % v
    elif p.t == LINT:
        lines.append('%s = [int(x) for x in input().split()]' % p.name)
        g.feats.update(('int', 'str.split', 'listcomp'))
        g.stdin = ' '.join(map(str, v)) + '\n'
    else:
        lines.append('%s = input().split()' % p.name)
        g.feats.add('str.split')
        g.stdin = ' '.join(v) + '\n'
    g.feats.update(('input', 'print'))
    call = render_call(F, name, params, defaults, vals)
    first = F.lit(vals[0])
    assert call.startswith(name + '(' + first)
    call = name + '(' + p.name + call[len(name) + 1 + len(first) :]
    lines.append('print(%s)' % call)
    return lines


# ---------------------------------------------------------------------------
# Program kinds


def function_program(g, fault=None):
    rng = g.rng
    F = Fn(g, True, 0, budget=rng.randint(60, 200))
    name = func_name(F, MAIN_NAMES)
    if rng.random() < 0.12:
        # a module constant read by the functions
        cname, ct, val = rng.choice(
            (
                ('VOWELS', STR, 'aeiou'),
                ('LIMIT', INT, rng.randint(2, 6)),
                ('SEPARATOR', STR, rng.choice(('-', ', ', '|'))),
                ('THRESHOLD', INT, rng.randint(0, 20)),
                ('MAX_ITEMS', INT, rng.randint(2, 5)),
            )
        )
        g.taken.add(cname)
        cv = exact(cname, ct, val, flav='word')
        g.consts.append(cv)
        g.const_lines = ['%s = %s' % (cname, lit(val, g.q))]
        g.feats.add('global_const')
        F.add(cv)
    sig = rng.choice(SIGNATURES)
    params = [F.add(make_param(F, t)) for t in sig]
    specs = [p.like(p.name) for p in params]
    defaults = [None] * len(params)
    # trailing scalar parameters sometimes get defaults
    for k in range(len(params) - 1, 0, -1):
        if params[k].t in (INT, STR, BOOL, FLOAT) and rng.random() < 0.35:
            defaults[k] = value_for(rng, specs[k])
            g.feats.add('default_arg')
        else:
            break
    fault_at = None
    guard = None
    if fault == 'uncaught':
        fault_at = uncaught_prelude(F, params, specs)
        if fault_at is None:
            return None
    elif fault == 'infinite':
        fault_at = infinite_prelude(F, params, specs)
    else:
        guard = maybe_guard(F, p=0.3)
    F.feat('function')
    idioms.run(F, rng.choice((3, 3, 4, 4, 4, 5, 5, 6)), idioms.FUNCTION)
    if fault == 'infinite' and fault_at[0] is None:
        ret = finish_plain(F)
    elif fault is not None:
        ret = finish_plain(F)
    else:
        ret = finish(F, guard)
    if ret is None:
        return None
    head = 'def %s(%s):' % (
        name,
        ', '.join(p.name if d is None else '%s=%s' % (p.name, F.lit(d)) for p, d in zip(params, defaults)),
    )
    main = [head] + ['    ' + line for line in F.w.lines]
    calls = call_section(F, name, params, specs, defaults, fault_at if fault else None, F.cost)
    return assemble(g, main, calls)


def finish_plain(F):
    locals_ = [v for v in F.scope if not v.name.isupper()]
    last = locals_[-1]
    F.w('return %s' % last.name)
    return last


def assemble(g, main, calls, pre=None):
    rng = g.rng
    blocks = []
    consts = getattr(g, 'const_lines', None)
    defs = list(g.funcs)
    if main is not None:
        if rng.random() < 0.15 and defs:
            defs.insert(0, main)
        else:
            defs.append(main)
    out = []
    if consts:
        out += consts + ['', '']
    for d in defs:
        out += d + ['', '']
    if pre:
        out += pre
    out += calls
    return '\n'.join(out) + '\n'


INPUT_KINDS = ['int', 'line', 'ints', 'words', 'count_lines', 'two_ints']


def script_inputs(F, stdin):
    """One input variable read from stdin; returns True if one was added."""
    rng = F.rng
    w = F.w
    kind = rng.choice(INPUT_KINDS)
    F.feat('input')
    if kind == 'int':
        name = F.fresh(['n', 'count', 'limit', 'size'])
        v = rng.randint(0, 9)
        stdin.append(str(v))
        w('%s = int(input())' % name)
        F.feat('int')
        F.add(exact(name, INT, v))
    elif kind == 'line':
        flav = rng.choice(('text', 'word', 'csv', 'code'))
        name = F.fresh(STR_NAMES[flav])
        s = str_value(rng, flav)
        stdin.append(s)
        if rng.random() < 0.5:
            F.feat('str.strip')
            w('%s = input().strip()' % name)
            s = s.strip()
        else:
            w('%s = input()' % name)
        F.add(exact(name, STR, s, flav=flav))
    elif kind == 'ints':
        name = F.fresh(LINT)
        vals = [rng.randint(-5, 20) for _ in range(rng.randint(1, 6))]
        stdin.append(' '.join(map(str, vals)))
        if rng.random() < 0.5:
            F.feat('list', 'map', 'int', 'str.split')
            w('%s = list(map(int, input().split()))' % name)
        else:
            F.feat('listcomp', 'int', 'str.split')
            w('%s = [int(x) for x in input().split()]' % name)
        F.add(exact(name, LINT, vals))
    elif kind == 'words':
        name = F.fresh(LSTR)
        vals = [rng.choice(SHORT_WORDS) for _ in range(rng.randint(1, 5))]
        stdin.append(' '.join(vals))
        F.feat('str.split')
        w('%s = input().split()' % name)
        F.add(exact(name, LSTR, vals))
    elif kind == 'count_lines':
        cnt = F.fresh(['count', 'n', 'rows'])
        name = F.fresh(LSTR)
        vals = [rng.choice(SHORT_WORDS) for _ in range(rng.randint(1, 4))]
        stdin.append(str(len(vals)))
        stdin.extend(vals)
        w('%s = int(input())' % cnt)
        w('%s = []' % name)
        w('for _ in range(%s):' % cnt)
        w('    %s.append(input().strip())' % name)
        F.feat('int', 'range', 'for', 'list.append', 'str.strip')
        F.add(exact(cnt, INT, len(vals)))
        F.add(exact(name, LSTR, vals))
    else:
        a, b = F.fresh(['a', 'lo', 'x', 'width']), F.fresh(['b', 'hi', 'y', 'height'])
        va, vb = rng.randint(0, 12), rng.randint(0, 12)
        stdin.append('%d %d' % (va, vb))
        F.feat('map', 'int', 'str.split', 'unpack')
        w('%s, %s = map(int, input().split())' % (a, b))
        F.add(exact(a, INT, va))
        F.add(exact(b, INT, vb))


def script_literal(F):
    rng = F.rng
    t = rng.choice((STR, STR, LINT, LINT, LSTR, DSI, INT, LPAIR, TINT, LMIX))
    p = make_param(F, t)
    if rng.random() < 0.8 and t not in (INT, FLOAT, BOOL):
        p.lo = max(p.lo, min(3, p.hi))
    val = value_for(rng, p)
    F.w('%s = %s' % (p.name, F.lit(val)))
    F.add(exact(p.name, t, val, flav=p.flav))


def script_program(g, fault=None):
    rng = g.rng
    F = Fn(g, False, 0, budget=rng.randint(120, 300))
    F.feat('script')
    stdin = []
    if rng.random() < 0.3:
        script_inputs(F, stdin)
        if rng.random() < 0.3:
            script_literal(F)
    else:
        for _ in range(rng.choice((1, 2, 2, 2, 3))):
            script_literal(F)
    idioms.run(F, rng.choice((4, 5, 5, 6, 6, 7, 8)), idioms.SCRIPT)
    if fault == 'uncaught':
        script_crash(F)
    elif fault == 'infinite':
        script_forever(F)
    elif rng.random() < 0.85 or 'print' not in g.feats:
        last = [v for v in F.scope if v.t not in ('list[mixed]',)] or F.scope
        v = last[-1]
        F.feat('print')
        if rng.random() < 0.6:
            F.w('print(%s)' % v.name)
        else:
            F.w('print(%s)' % fstr(F, '%s = {%s}' % (v.name, v.name)))
    src = '\n'.join(F.w.lines) + '\n'
    return src, ('\n'.join(stdin) + '\n') if stdin else ''


def script_crash(F):
    rng = F.rng
    w = F.w
    q = F.lit
    F.feat('uncaught')
    opts = ['key', 'parse', 'assert']
    seq = F.pick((STR, LINT, LSTR, TINT))
    if seq is not None:
        opts += ['index', 'index']
    nums = F.pick((LINT, TINT), lambda v: abs(v.ehi) < 10**6)
    if nums is not None:
        opts += ['empty_max', 'empty_avg']
    kind = rng.choice(opts)
    if kind == 'index':
        F.feat('IndexError', 'len')
        name = F.fresh(['last', 'final', 'tail_item'])
        w('%s = %s[len(%s)]' % (name, seq.name, seq.name))
    elif kind == 'empty_max':
        big = F.fresh(['big', 'large', 'outliers'])
        x = F.fresh(['n', 'x', 'v'])
        w('%s = [%s for %s in %s if %s > %d]' % (big, x, x, nums.name, x, nums.ehi))
        fn = rng.choice(('max', 'min'))
        F.feat('listcomp', fn, 'ValueError')
        w('print(%s(%s))' % (fn, big))
    elif kind == 'empty_avg':
        big = F.fresh(['picked', 'selected', 'matches'])
        x = F.fresh(['n', 'x', 'v'])
        w('%s = [%s for %s in %s if %s > %d]' % (big, x, x, nums.name, x, nums.ehi))
        F.feat('listcomp', 'sum', 'len', 'ZeroDivisionError')
        w('print(sum(%s) / len(%s))' % (big, big))
    elif kind == 'key':
        name = F.fresh(['defaults', 'options', 'limits', 'table'])
        d = {k: rng.randint(0, 9) for k in rng.sample(('low', 'high', 'mid', 'size', 'mode'), 2)}
        missing = rng.choice(('max', 'min', 'step', 'unit'))
        F.feat('KeyError')
        w('%s = %s' % (name, q(d)))
        w('print(%s[%s])' % (name, q(missing)))
    elif kind == 'parse':
        name = F.fresh(['raw', 'field', 'entry'])
        val = rng.choice(('12x', 'n/a', 'seven', '3.5', '', '1,000'))
        F.feat('int', 'ValueError')
        w('%s = %s' % (name, q(val)))
        w('%s_value = int(%s)' % (name, name))
    else:
        v = F.pick((STR, LINT, LSTR, DSI, TINT, SINT))
        F.feat('assert', 'AssertionError')
        if v is None:
            w('assert %s, %s' % ('False', q('unreachable')))
        else:
            F.feat('len')
            w('assert len(%s) > %d, %s' % (v.name, v.hi, q('not enough data')))


def script_forever(F):
    rng = F.rng
    w = F.w
    F.feat('infinite', 'while')
    r = rng.random()
    if r < 0.4:
        c = F.fresh(['ticks', 'polls', 'count'])
        w('%s = 0' % c)
        w('while True:')
        w('    %s += 1' % c)
    elif r < 0.7:
        i = F.fresh(['i', 'k', 'step'])
        acc = F.fresh(['total', 'acc'])
        w('%s = 0' % i)
        w('%s = 0' % acc)
        w('while %s < %d:' % (i, rng.randint(3, 9)))
        w('    %s += %s' % (acc, i))
    else:
        x = F.fresh(['x', 'value', 'level'])
        w('%s = %d' % (x, rng.choice((1, 3, 5, 7))))
        w('while %s != 0:' % x)
        w('    %s -= 2' % x)


def class_program(g):
    lines, use = T.class_program(g)
    g.add_func(lines)
    return assemble(g, None, use)
