"""Functions: helpers (extracted blocks and per-element helpers, nested several
calls deep), guards, and the return statement. The idioms a body is drawn from
are in idioms.py."""

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
    DII,
    DSL,
    LPAIR,
    NAMES,
)
from .expr import cond, summarize
from .loops import fstr

DEFAULTS = {
    INT: ('0', '-1'),
    FLOAT: ('0.0',),
    BOOL: ('False',),
    STR: ("''",),
    LINT: ('[]',),
    LSTR: ('[]',),
    TINT: ('()',),
    SINT: ('set()',),
    DSI: ('{}',),
    DII: ('{}',),
    DSL: ('{}',),
    LPAIR: ('[]',),
}


def default_for(F, t):
    d = DEFAULTS.get(t, ('None',))
    s = F.rng.choice(d)
    if s == "''":
        return F.lit('')
    return s


# ---------------------------------------------------------------------------
# Helpers

HELPER_NAMES = {
    BOOL: [
        'is_valid',
        'keep',
        'accept',
        'matches',
        'is_interesting',
        'qualifies',
        'looks_good',
        'passes',
        'is_special',
        'should_keep',
    ],
    INT: ['score', 'weight', 'measure', 'cost', 'rank', 'value_of', 'points', 'size_of', 'key_for', 'rate'],
    STR: ['normalize', 'clean', 'transform', 'encode', 'shorten', 'decorate', 'render', 'fix', 'tidy', 'mask'],
    FLOAT: ['ratio_of', 'fraction', 'scale_of'],
}
EXTRACT_NAMES = [
    'prepare',
    'collect',
    'count_items',
    'build_index',
    'summarize',
    'tally',
    'extract',
    'compute',
    'process_part',
    'gather',
    'analyze',
    'filter_items',
    'group_items',
    'measure_all',
    'split_up',
    'reduce_values',
]


def func_name(F, pool):
    g = F.g
    rng = F.rng
    for _ in range(4):
        name = rng.choice(pool)
        if name not in g.taken and name not in g.local_names:
            g.taken.add(name)
            return name
    base = rng.choice(pool)
    k = 2
    while '%s%d' % (base, k) in g.taken or '%s%d' % (base, k) in g.local_names:
        k += 1
    g.taken.add('%s%d' % (base, k))
    return '%s%d' % (base, k)


def emit_def(F, H, name, params, nested=False):
    """Add H's body as `def name(params)`: at module level, or inside F."""
    head = 'def %s(%s):' % (name, ', '.join(params))
    if nested:
        F.w(head)
        for line in H.w.lines:
            F.w('    ' + line)
        F.feat('nested_def')
    else:
        F.g.add_func([head] + ['    ' + line for line in H.w.lines])


def param_like(F, H, v, same_name_p=0.6):
    """A parameter of helper H that receives variable v."""
    rng = F.rng
    if rng.random() < same_name_p and v.name.isidentifier() and not v.name.isupper() and not H.taken(v.name):
        name = v.name
    else:
        name = H.fresh(NAMES.get(v.t, ['arg', 'value', 'data']))
    H.claim(name)
    return H.add(Var(name, v.t, v.lo, v.hi, v.elo, v.ehi, v.flav))


def st_helper(F):
    """Move a block into a helper function and call it: `out = helper(a, b)`."""
    rng = F.rng
    if F.depth >= 2 or F.loop_depth:
        return False
    room = F.room()
    if room < 25:
        return False
    args = []
    first = F.pick((STR, LINT, LSTR, TINT, DSI, LPAIR, SINT, INT, 'list[mixed]'))
    if first is None:
        return False
    args.append(first)
    if rng.random() < 0.4:
        second = F.pick((INT, STR, LINT, LSTR, DSI), lambda v: v.name != first.name)
        if second is not None:
            args.append(second)
    H = Fn(F.g, True, F.depth + 1, budget=min(room - 5, rng.randint(30, 90)))
    for c in F.g.consts:
        H.add(c)
    params = [param_like(F, H, a) for a in args]
    pnames = [p.name for p in params]
    guard = maybe_guard(H)
    F.g.body(H, rng.choice((1, 2, 2, 3, 3)), 'FUNCTION')
    ret = finish(H, guard)
    if ret is None:
        return False
    name = func_name(F, EXTRACT_NAMES)
    emit_def(F, H, name, pnames, nested=rng.random() < 0.05)
    out = (
        ret.name
        if ret.name.isidentifier() and not F.taken(ret.name) and not ret.name.isupper()
        else F.fresh(NAMES.get(ret.t, ['result', 'out']))
    )
    F.claim(out)
    F.w('%s = %s(%s)' % (out, name, ', '.join(a.name for a in args)))
    F.feat('helper', 'call_depth%d' % (F.depth + 2))
    F.spend(H.cost + 1)
    F.add(Var(out, ret.t, ret.lo, ret.hi, ret.elo, ret.ehi, ret.flav))
    return True


def scalar_helper(F, e, ret_t, budget):
    """A helper taking one element (str or int) and returning ret_t. Returns (name, ret Var, cost)."""
    rng = F.rng
    H = Fn(F.g, True, F.depth + 1, budget=budget)
    for c in F.g.consts:
        H.add(c)
    if e.t == STR:
        pool = ['ch', 'c', 'char'] if e.flav == 'char' else ['word', 's', 'text', 'token', 'item', 'name']
    else:
        pool = ['n', 'x', 'value', 'num', 'k']
    p = H.add(Var(H.fresh(pool), e.t, e.lo, e.hi, e.elo, e.ehi, e.flav))
    guard = maybe_guard(H, p=0.2)
    k = rng.choice((0, 0, 1, 1, 2))
    F.g.body(H, k, 'SCALAR')
    ret = finish(H, guard, want=ret_t)
    name = func_name(F, HELPER_NAMES[ret_t])
    return name, H, [p.name], ret


def st_map_helper(F):
    """A per-element helper used in a comprehension, a loop, a key= or filter()."""
    rng = F.rng
    if F.depth >= 2 or F.loop_depth:
        return False
    c = F.pick((STR, LSTR, LINT, TINT), lambda v: 1 <= v.hi <= 24)
    if c is None:
        return False
    if c.t == STR:
        e = Var('', STR, 1, 1, flav='char')
    elif c.t == LSTR:
        e = Var('', STR, c.elo, c.ehi, flav='word')
    else:
        e = Var('', INT, c.elo, c.ehi)
    iters = c.hi
    room = F.room()
    budget = min(40, (room - iters * 2) // max(1, iters))
    if budget < 4:
        return False
    ret_t = rng.choice((BOOL, INT, STR, BOOL, INT))
    name, H, pnames, ret = scalar_helper(F, e, ret_t, budget)
    nested = rng.random() < 0.1
    emit_def(F, H, name, pnames, nested=nested)
    x = F.fresh(
        ['w', 'word', 's', 'item']
        if e.t == STR and e.flav != 'char'
        else ['ch', 'c', 'char']
        if e.t == STR
        else ['n', 'x', 'v', 'num']
    )
    F.names.discard(x)
    n = c.name
    w = F.w
    r = rng.random()
    F.feat('helper', 'call_depth%d' % (F.depth + 2))
    if ret_t == BOOL:
        if r < 0.35:
            out = F.fresh(['kept', 'selected', 'valid_items', 'good'])
            F.feat('listcomp', 'if')
            w('%s = [%s for %s in %s if %s(%s)]' % (out, x, x, n, name, x))
            res = Var(out, LSTR if e.t == STR else LINT, 0, iters, e.lo, e.hi, 'word')
        elif r < 0.55:
            out = F.fresh(['count', 'n_valid', 'hits'])
            F.feat('sum', 'genexp')
            w('%s = sum(1 for %s in %s if %s(%s))' % (out, x, n, name, x))
            res = Var(out, INT, 0, iters)
        elif r < 0.7:
            out = F.fresh(['kept', 'passed', 'filtered'])
            F.feat('filter', 'list')
            w('%s = list(filter(%s, %s))' % (out, name, n))
            res = Var(out, LSTR if e.t == STR else LINT, 0, iters, e.lo, e.hi, 'word')
        elif r < 0.85:
            fn = rng.choice(('any', 'all'))
            out = F.fresh(['has_any', 'all_valid', 'ok', 'flag'])
            F.feat(fn, 'genexp')
            w('%s = %s(%s(%s) for %s in %s)' % (out, fn, name, x, x, n))
            res = Var(out, BOOL)
        else:
            out = F.fresh(['result', 'kept', 'picked'])
            F.feat('for', 'if', 'list.append')
            w('%s = []' % out)
            w('for %s in %s:' % (x, n))
            w('    if %s(%s):' % (name, x))
            w('        %s.append(%s)' % (out, x))
            res = Var(out, LSTR if e.t == STR else LINT, 0, iters, e.lo, e.hi, 'word')
    elif ret_t == INT:
        if r < 0.3:
            out = F.fresh(['scores', 'weights', 'values', 'measures'])
            F.feat('listcomp')
            w('%s = [%s(%s) for %s in %s]' % (out, name, x, x, n))
            res = Var(out, LINT, c.lo, iters, ret.lo, ret.hi)
        elif r < 0.5:
            out = F.fresh(['total', 'score', 'overall'])
            F.feat('sum', 'genexp')
            w('%s = sum(%s(%s) for %s in %s)' % (out, name, x, x, n))
            lo, hi = min(0, ret.lo * iters), max(0, ret.hi * iters)
            res = Var(out, INT, lo, hi)
        elif r < 0.7:
            out = F.fresh(['ordered', 'ranked', 'by_score'])
            F.feat('sorted', 'sorted(key=)')
            if rng.random() < 0.3:
                F.feat('sorted(reverse=)')
                w('%s = sorted(%s, key=%s, reverse=True)' % (out, n, name))
            else:
                w('%s = sorted(%s, key=%s)' % (out, n, name))
            if c.t == STR:
                res = Var(out, LSTR, c.lo, c.hi, 1, 1)
            else:
                res = Var(out, LINT if c.t == TINT else c.t, c.lo, c.hi, c.elo, c.ehi)
        elif r < 0.82 and c.t != STR:
            fn = rng.choice(('max', 'min'))
            out = F.fresh(['best', 'top', 'pick', 'winner'])
            F.feat(fn, fn + '(key=)')
            if c.lo >= 1:
                w('%s = %s(%s, key=%s)' % (out, fn, n, name))
            else:
                F.feat('ternary')
                w('%s = %s(%s, key=%s) if %s else %s' % (out, fn, n, name, n, default_for(F, e.t)))
            res = Var(out, e.t, min(e.lo, 0), e.hi, flav='word')
        else:
            out = F.fresh(['total', 'acc', 'points'])
            F.feat('for', 'augassign')
            w('%s = 0' % out)
            w('for %s in %s:' % (x, n))
            w('    %s += %s(%s)' % (out, name, x))
            res = Var(out, INT, min(0, ret.lo * iters), max(0, ret.hi * iters))
    else:
        if r < 0.35:
            out = F.fresh(['cleaned', 'converted', 'rendered', 'parts'])
            F.feat('listcomp')
            w('%s = [%s(%s) for %s in %s]' % (out, name, x, x, n))
            res = Var(out, LSTR, c.lo, iters, ret.lo, ret.hi)
        elif r < 0.55:
            out = F.fresh(['converted', 'mapped', 'results'])
            F.feat('map', 'list')
            w('%s = list(map(%s, %s))' % (out, name, n))
            res = Var(out, LSTR, c.lo, iters, ret.lo, ret.hi)
        elif r < 0.8:
            sep = rng.choice(('', ' ', '-', ', ', '|'))
            out = F.fresh(['joined', 'line', 'encoded', 'text_out'])
            F.feat('str.join', 'genexp')
            w('%s = %s.join(%s(%s) for %s in %s)' % (out, F.lit(sep), name, x, x, n))
            res = Var(out, STR, 0, iters * (ret.hi + len(sep)))
        else:
            out = F.fresh(['out', 'result', 'built'])
            F.feat('for', 'augassign')
            w('%s = %s' % (out, F.lit('')))
            w('for %s in %s:' % (x, n))
            w('    %s += %s(%s)' % (out, name, x))
            res = Var(out, STR, 0, iters * ret.hi)
    F.spend(iters * (H.cost + 2) + 1)
    F.add(res)
    return True


# ---------------------------------------------------------------------------
# Guards and returns


def maybe_guard(F, p=0.3):
    """An early return at the top of a function, which narrows what follows.

    Returns the index of the placeholder line for the default value, or None.
    """
    rng = F.rng
    if rng.random() >= p:
        return None
    cands = [
        v
        for v in F.scope
        if not v.name.isupper()
        and (
            (v.t in (STR, LINT, LSTR, DSI, TINT, LPAIR) and v.lo == 0 and v.hi >= 1)
            or (v.t == INT and v.lo <= 0 < v.hi)
        )
    ]
    if not cands:
        return None
    v = rng.choice(cands)
    F.feat('if', 'early_return')
    if v.t == INT:
        if rng.random() < 0.5:
            F.w('if %s <= 0:' % v.name)
            v.lo = 1
        else:
            F.w('if %s < 0:' % v.name)
            v.lo = 0
    elif rng.random() < 0.7 or v.hi < 2:
        F.w('if not %s:' % v.name)
        v.lo = 1
    else:
        F.feat('len')
        F.w('if len(%s) < 2:' % v.name)
        v.lo = 2
    F.w('    return @DEFAULT@')
    return len(F.w.lines) - 1


def fill_guard(F, guard, t):
    if guard is not None:
        d = default_for(F, t)
        F.guard_default = d
        F.w.lines[guard] = F.w.lines[guard].replace('@DEFAULT@', d)


def finish(F, guard=None, want=None):
    """Write the return statement of F. Returns the Var describing the result,
    widened to cover the guard's early return value."""
    res = _finish(F, guard, want)
    if res is not None and guard is not None:
        d = getattr(F, 'guard_default', None)
        if res.t == INT and d in ('0', '-1'):
            res.lo, res.hi = min(res.lo, int(d)), max(res.hi, int(d))
        elif d not in ('False', 'True', '0.0', 'None'):
            res.lo = 0
    return res


def _finish(F, guard=None, want=None):
    rng = F.rng
    w = F.w
    F.feat('return')
    locals_ = [v for v in F.scope if not v.name.isupper()]
    if not locals_:
        return None
    if want is not None:
        v = locals_[-1] if rng.random() < 0.7 else rng.choice(locals_)
        x = summarize(F, v, want)
        w('return %s' % x.name)
        fill_guard(F, guard, want)
        return Var(x.name, want, x.lo, x.hi, x.elo, x.ehi, x.flav)
    last = locals_[-1]
    r = rng.random()
    if r < 0.1 and F.is_func and F.depth == 0 and find_first(F, guard):
        return F.ret
    if r < 0.65 or len(locals_) < 2:
        w('return %s' % last.name)
        fill_guard(F, guard, last.t)
        return last
    if r < 0.78:
        other = rng.choice(locals_[:-1])
        F.feat('tuple_pack')
        w('return %s, %s' % (other.name, last.name))
        fill_guard(F, guard, TINT)
        return Var('%s_%s' % (other.name, last.name), 'tuple', 2, 2)
    if r < 0.85:
        other = rng.choice(locals_[:-1])
        w('return {%s: %s, %s: %s}' % (F.lit(other.name), other.name, F.lit(last.name), last.name))
        fill_guard(F, guard, DSI)
        return Var('summary', 'dict', 2, 2)
    if r < 0.92 and last.t in (INT, STR, FLOAT, BOOL):
        other = rng.choice(locals_[:-1])
        w('return %s' % fstr(F, '{%s}: {%s}' % (other.name, last.name)))
        fill_guard(F, guard, STR)
        return Var('text', STR, 0, 200)
    t = rng.choice((INT, STR, BOOL))
    x = summarize(F, last, t)
    w('return %s' % x.name)
    fill_guard(F, guard, t)
    return Var(x.name, t, x.lo, x.hi, x.elo, x.ehi)


def find_first(F, guard):
    """for ... : if cond: return <hit> / return <default>."""
    rng = F.rng
    c = F.pick((LINT, LSTR, STR, TINT), lambda v: 1 <= v.hi <= 24)
    if c is None or not F.can(c.hi * 2):
        return False
    if c.t == STR:
        e = Var(F.fresh(['ch', 'c']), STR, 1, 1, flav='char')
    elif c.t == LSTR:
        e = Var(F.fresh(['word', 'w', 'item']), STR, c.elo, c.ehi, flav='word')
    else:
        e = Var(F.fresh(['n', 'x', 'value']), INT, c.elo, c.ehi)
    w = F.w
    F.feat('for', 'if', 'early_return')
    if rng.random() < 0.5:
        i = F.fresh(['i', 'idx', 'pos'])
        F.feat('enumerate', 'unpack')
        w('for %s, %s in enumerate(%s):' % (i, e.name, c.name))
        w('    if %s:' % cond(F, e))
        w('        return %s' % i)
        w('return -1')
        F.ret = Var('index', INT, -1, c.hi)
        fill_guard(F, guard, INT)
    elif rng.random() < 0.5:
        w('for %s in %s:' % (e.name, c.name))
        w('    if %s:' % cond(F, e))
        w('        return True')
        w('return False')
        F.ret = Var('flag', BOOL)
        fill_guard(F, guard, BOOL)
    else:
        w('for %s in %s:' % (e.name, c.name))
        w('    if %s:' % cond(F, e))
        w('        return %s' % e.name)
        F.feat('return_none')
        w('return None')
        F.ret = Var('hit', 'int|None' if e.t == INT else 'str|None', e.lo, e.hi)
        fill_guard(F, guard, 'None')
    F.spend(c.hi * 2)
    return True
