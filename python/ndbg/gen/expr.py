"""Expressions over one variable: conditions and transforms that never raise.

Each transform returns a Var whose name is the expression's source text and
whose ranges bound the expression's values (see core.Var).  Operands are
plain names (loop variables, parameters, locals), so no parentheses are needed.
"""

from .core import (
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
    iv_abs,
    iv_mul,
)

CHAR_CONDS = [
    ('{n}.isdigit()', 'str.isdigit'),
    ('{n}.isalpha()', 'str.isalpha'),
    ('{n}.isupper()', 'str.isupper'),
    ('{n}.islower()', 'str.islower'),
    ('{n}.isspace()', 'str.isspace'),
    ("{n} in {vow}", None),
    ("{n} not in {vow}", None),
    ('{n} == {c}', None),
    ('{n}.isalnum()', 'str.isalnum'),
    ('not {n}.isalpha()', 'str.isalpha'),
    ('{n} != {sp}', None),
]
WORD_CONDS = [
    ('len({n}) > {k}', 'len'),
    ('len({n}) <= {k}', 'len'),
    ('{n}.startswith({c})', 'str.startswith'),
    ('{n}.endswith({c})', 'str.endswith'),
    ('{n}.isalpha()', 'str.isalpha'),
    ('{n}.islower()', 'str.islower'),
    ('{n}.isupper()', 'str.isupper'),
    ('{n}.istitle()', 'str.istitle'),
    ('{c} in {n}', None),
    ('{n} == {n}[::-1]', None),
    ('{n}[:1] in {vow}', None),
    ('{n}.isdigit()', 'str.isdigit'),
    ('{n}.isnumeric()', 'str.isnumeric'),
    ('{n}.isdecimal()', 'str.isdecimal'),
    ('{n}.count({c}) >= 2', 'str.count'),
    ('not {n}', None),
    ('{n}.lower() < {w}', 'str.lower'),
]
COMMON_LETTERS = 'aeiorstnl'


def paren(c):
    """c, parenthesized if it would not bind as one operand of `and`."""
    if ' or ' in c or ' if ' in c:
        return '(' + c + ')'
    return c


def qs(F, s):
    return F.lit(s)


def int_cond(F, v):
    """A condition on int variable v."""
    rng = F.rng
    n = v.name
    lo, hi = v.lo, v.hi
    if hi < lo:
        # An empty range means the value summary lost track (seen on seed 6000287);
        # a condition can use any constant, so fall back to a small default range.
        lo, hi = -5, 20
    mid = rng.randint(lo, hi) if hi - lo < 1000 else rng.randint(-5, 20)
    r = rng.random()
    if r < 0.2:
        F.feat('%')
        return '%s %% 2 == %d' % (n, rng.randint(0, 1))
    if r < 0.27:
        m = rng.randint(3, 5)
        return '%s %% %d == %d' % (n, m, rng.randint(0, m - 1))
    if r < 0.55:
        op = rng.choice(('>', '>=', '<', '<=', '>', '<'))
        return '%s %s %d' % (n, op, mid)
    if r < 0.62:
        return '%s %s %d' % (n, rng.choice(('==', '!=')), mid)
    if r < 0.7:
        a = rng.randint(lo, mid) if hi - lo < 1000 else 0
        F.feat('chained_compare')
        return '%d <= %s <= %d' % (a, n, mid + rng.randint(0, 5))
    if r < 0.8:
        u = F.pick((INT,), lambda x: x.name != n)
        if u is not None:
            return '%s %s %s' % (n, rng.choice(('>', '<', '>=', '!=', '==')), u.name)
    if r < 0.88:
        s = F.pick((SINT,))
        if s is not None:
            F.feat('in')
            return '%s %sin %s' % (n, rng.choice(('', 'not ')), s.name)
    if r < 0.94:
        F.feat('bool_ops')
        return (
            '%s > %d and %s %% 2 == 0' % (n, mid - 3, n)
            if rng.random() < 0.5
            else '%s < %d or %s > %d' % (n, mid - 2, n, mid + 2)
        )
    return '%s %s 0' % (n, rng.choice(('>', '<', '!=', '==')))


def str_cond(F, v):
    """A condition on string variable v (a char when v.flav == 'char')."""
    rng = F.rng
    n = v.name
    if v.flav == 'char' or (v.lo == 1 and v.hi == 1):
        form, feat = rng.choice(CHAR_CONDS)
    else:
        form, feat = rng.choice(WORD_CONDS)
    if feat:
        F.feat(feat)
    if rng.random() < 0.08 and '{n} in' not in form and 'not ' not in form:
        form = 'not ' + form
    k = rng.randint(max(0, v.lo), max(v.lo, min(v.hi, 6)))
    return form.format(
        n=n, k=k, c=qs(F, rng.choice(COMMON_LETTERS)), vow=qs(F, 'aeiou'), sp=qs(F, ' '), w=qs(F, rng.choice('dmr'))
    )


def coll_cond(F, v):
    rng = F.rng
    n = v.name
    r = rng.random()
    if r < 0.3:
        if rng.random() < 0.15:
            F.feat('bool')
            return 'bool(%s)' % n
        return '%s%s' % (rng.choice(('', 'not ')), n)
    if r < 0.6:
        F.feat('len')
        return 'len(%s) %s %d' % (n, rng.choice(('>', '>=', '<', '==')), rng.randint(0, 4))
    if v.t in (LINT, TINT, SINT):
        F.feat('in')
        return '%d in %s' % (rng.randint(v.elo, max(v.elo, min(v.ehi, v.elo + 10))), n)
    if v.t == LSTR:
        return '%s in %s' % (qs(F, rng.choice(('cat', 'ana', 'a', 'red', 'x'))), n)
    if v.t == STR:
        return str_cond(F, v)
    F.feat('len')
    return 'len(%s) > %d' % (n, rng.randint(0, 3))


def cond(F, v):
    if v.t == INT:
        return int_cond(F, v)
    if v.t == STR:
        return str_cond(F, v)
    if v.t == FLOAT:
        return '%s %s %s' % (v.name, F.rng.choice(('>', '<', '>=')), F.rng.choice(('0.5', '1.0', '2.5', '10.0')))
    if v.t == BOOL:
        return v.name if F.rng.random() < 0.6 else 'not ' + v.name
    return coll_cond(F, v)


# ---------------------------------------------------------------------------
# Transforms


def int_to_int(F, v):
    rng = F.rng
    n, lo, hi = v.name, v.lo, v.hi
    r = rng.random()
    if r < 0.14:
        k = rng.randint(2, 5)
        return Var('%s * %d' % (n, k), INT, *iv_mul((lo, hi), (k, k)))
    if r < 0.26:
        c = rng.randint(1, 9)
        if rng.random() < 0.5:
            return Var('%s + %d' % (n, c), INT, lo + c, hi + c)
        return Var('%s - %d' % (n, c), INT, lo - c, hi - c)
    if r < 0.36:
        a, b = iv_abs(lo, hi)
        form = rng.choice(('%s * %s', '%s ** 2', 'pow(%s, 2)'))
        if form.startswith('pow'):
            F.feat('pow')
        return Var(form % ((n, n) if form.count('%s') == 2 else n), INT, a * a, b * b)
    if r < 0.44:
        F.feat('abs')
        return Var('abs(%s)' % n, INT, *iv_abs(lo, hi))
    if r < 0.54:
        m = rng.randint(2, 10)
        F.feat('%')
        return Var('%s %% %d' % (n, m), INT, 0, m - 1)
    if r < 0.62:
        m = rng.randint(2, 4)
        return Var('%s // %d' % (n, m), INT, lo // m, hi // m)
    if r < 0.67:
        return Var('-%s' % n, INT, -hi, -lo)
    if r < 0.74:
        c = rng.randint(0, 5)
        F.feat('max')
        return Var('max(%s, %d)' % (n, c), INT, max(lo, c), max(hi, c))
    if r < 0.8:
        c = rng.randint(0, 10)
        F.feat('min')
        return Var('min(%s, %d)' % (n, c), INT, min(lo, c), min(hi, c))
    if r < 0.9:
        u = F.pick((INT,), lambda x: x.name != n and abs(x.lo) < 10**6 and abs(x.hi) < 10**6)
        if u is not None:
            if rng.random() < 0.6:
                return Var('%s + %s' % (n, u.name), INT, lo + u.lo, hi + u.hi)
            return Var('%s * %s' % (n, u.name), INT, *iv_mul((lo, hi), (u.lo, u.hi)))
    c = rng.randint(1, 9)
    m = rng.randint(5, 12)
    return Var('(%s + %d) %% %d' % (n, c, m), INT, 0, m - 1)


def int_to_str(F, v):
    rng = F.rng
    n, lo, hi = v.name, v.lo, v.hi
    width = max(len(str(lo)), len(str(hi)))
    r = rng.random()
    if r < 0.3:
        F.feat('str')
        return Var('str(%s)' % n, STR, 1, width, flav='digits' if lo >= 0 else '')
    if r < 0.42:
        F.feat('fstring')
        return Var("f'{%s}'" % n if F.g.q == "'" else 'f"{%s}"' % n, STR, 1, width)
    if r < 0.5 and hi <= 10:
        F.feat('str*')
        return Var('%s * %s' % (F.lit(rng.choice('*#-=')), n), STR, 0, max(0, hi))
    if r < 0.58:
        F.feat('hex')
        return Var('hex(%s)' % n, STR, 3, width + 3)
    if r < 0.66:
        F.feat('bin')
        return Var('bin(%s)' % n, STR, 3, 4 * width + 3)
    if r < 0.72:
        F.feat('oct')
        return Var('oct(%s)' % n, STR, 3, 4 * width + 3)
    if r < 0.8:
        F.feat('chr', 'ord')
        return Var("chr(ord(%s) + %s %% 26)" % (F.lit('a'), n), STR, 1, 1, flav='char')
    if r < 0.88:
        F.feat('str', 'str.zfill')
        return Var('str(%s).zfill(%d)' % (n, rng.randint(2, 4)), STR, 2, width + 4)
    if r < 0.94:
        F.feat('format')
        spec = rng.choice(('>4', '<3', '^5', '03d', ','))
        return Var('format(%s, %s)' % (n, F.lit(spec)), STR, 1, width + 5)
    F.feat('fstring')
    spec = rng.choice(('>4', '03d', '+d', '<3'))
    return Var(("f'{%s:%s}'" if F.g.q == "'" else 'f"{%s:%s}"') % (n, spec), STR, 1, width + 4)


STR_METHODS = [
    ('upper', 'str.upper'),
    ('lower', 'str.lower'),
    ('capitalize', 'str.capitalize'),
    ('title', 'str.title'),
    ('swapcase', 'str.swapcase'),
    ('strip', 'str.strip'),
    ('casefold', 'str.casefold'),
    ('lstrip', 'str.lstrip'),
    ('rstrip', 'str.rstrip'),
]


def str_to_str(F, v):
    rng = F.rng
    n, lo, hi = v.name, v.lo, v.hi
    r = rng.random()
    if r < 0.3:
        m, feat = rng.choice(STR_METHODS)
        F.feat(feat)
        if m.endswith('strip'):
            if rng.random() < 0.4:
                return Var('%s.%s(%s)' % (n, m, F.lit(rng.choice(('.!', '-', 'ab', '0', '*')))), STR, 0, hi)
            return Var('%s.%s()' % (n, m), STR, 0, hi, flav=v.flav)
        return Var('%s.%s()' % (n, m), STR, lo, hi, flav=v.flav)
    if r < 0.38:
        F.feat('slice', 'slice_step')
        return Var('%s[::-1]' % n, STR, lo, hi, flav=v.flav if v.flav == 'char' else '')
    if r < 0.48:
        F.feat('slice')
        k = rng.randint(1, 3)
        form = rng.choice(('%s[:%d]', '%s[%d:]', '%s[-%d:]', '%s[:-%d]'))
        if form in ('%s[:%d]', '%s[-%d:]'):
            return Var(form % (n, k), STR, min(lo, k), min(hi, k))
        return Var(form % (n, k), STR, max(0, lo - k), max(0, hi - k))
    if r < 0.58:
        F.feat('str.replace')
        a = rng.choice(('a', 'e', ' ', 'o', 'l', '-', 'an'))
        b = rng.choice(('', '_', '*', 'o', 'A', '0', 'xy'))
        if a == b:
            b = ''
        grow = max(1, len(b))
        return Var('%s.replace(%s, %s)' % (n, F.lit(a), F.lit(b)), STR, 0, hi * grow)
    if r < 0.66:
        s = rng.choice(('!', '-', '.', ':', '?', '#', 'x'))
        if rng.random() < 0.5:
            return Var('%s + %s' % (n, F.lit(s)), STR, lo + 1, hi + 1)
        return Var('%s + %s' % (F.lit(s), n), STR, lo + 1, hi + 1)
    if r < 0.72:
        F.feat('str*')
        return Var('%s * 2' % n, STR, 2 * lo, 2 * hi)
    if r < 0.8:
        m = rng.choice(('center', 'ljust', 'rjust'))
        w = rng.randint(3, 9)
        F.feat('str.' + m)
        if rng.random() < 0.5:
            return Var('%s.%s(%d, %s)' % (n, m, w, F.lit(rng.choice('*.-_'))), STR, max(lo, w), max(hi, w))
        return Var('%s.%s(%d)' % (n, m, w), STR, max(lo, w), max(hi, w))
    if r < 0.85:
        F.feat('str.zfill')
        w = rng.randint(3, 6)
        return Var('%s.zfill(%d)' % (n, w), STR, max(lo, w), max(hi, w))
    if r < 0.9:
        m = rng.choice(('removeprefix', 'removesuffix'))
        F.feat('str.' + m)
        return Var('%s.%s(%s)' % (n, m, F.lit(rng.choice(('a', 'the', 're', 'x', 's', 'ing')))), STR, 0, hi)
    if r < 0.95:
        F.feat('fstring')
        o, c = rng.choice((('<', '>'), ('[', ']'), ('(', ')'), ('', '!'), ('*', '*')))
        src = "f'%s{%s}%s'" % (o, n, c) if F.g.q == "'" else 'f"%s{%s}%s"' % (o, n, c)
        return Var(src, STR, lo + len(o) + len(c), hi + len(o) + len(c))
    if lo >= 1:
        F.feat('str.upper')
        return Var('%s[0].upper() + %s[1:]' % (n, n), STR, lo, hi)
    F.feat('str.join', 'sorted')
    return Var("''.join(sorted(%s))" % n if F.g.q == "'" else '"".join(sorted(%s))' % n, STR, lo, hi)


def str_to_int(F, v):
    rng = F.rng
    n, lo, hi = v.name, v.lo, v.hi
    r = rng.random()
    if v.flav == 'digits' and lo >= 1 and hi <= 7 and r < 0.35:
        F.feat('int')
        return Var('int(%s)' % n, INT, 0, 10**hi - 1)
    if v.flav == 'char' and lo == 1 and r < 0.3:
        F.feat('ord')
        return Var('ord(%s)' % n, INT, 0, 1114111)
    if r < 0.35:
        F.feat('len')
        return Var('len(%s)' % n, INT, lo, hi)
    if r < 0.55:
        F.feat('str.count')
        c = rng.choice(('a', 'e', 'o', ' ', 'l', 'an', '1'))
        return Var('%s.count(%s)' % (n, F.lit(c)), INT, 0, hi)
    if r < 0.7:
        m = rng.choice(('find', 'rfind'))
        F.feat('str.' + m)
        c = rng.choice(('a', 'e', 'o', ' ', 'n', 'r'))
        return Var('%s.%s(%s)' % (n, m, F.lit(c)), INT, -1, max(-1, hi - 1))
    if r < 0.85:
        F.feat('sum', 'genexp')
        pred = rng.choice(("c in 'aeiou'", 'c.isupper()', 'c.isdigit()', "c != ' '", 'c.isalpha()'))
        if F.g.q == '"':
            pred = pred.replace("'", '"')
        if 'is' in pred:
            F.feat('str.' + pred.split('.')[1].rstrip('()'))
        return Var('sum(1 for c in %s if %s)' % (n, pred), INT, 0, hi)
    F.feat('len')
    return Var('len(%s) * %d' % (n, rng.randint(2, 3)), INT, 2 * lo, 3 * hi)


def int_to_float(F, v):
    rng = F.rng
    n = v.name
    r = rng.random()
    if r < 0.3:
        return Var('%s / %d' % (n, rng.randint(2, 8)), FLOAT)
    if r < 0.5:
        F.feat('float')
        return Var('float(%s)' % n, FLOAT)
    if r < 0.75:
        F.feat('round')
        return Var('round(%s / %d, %d)' % (n, rng.randint(3, 7), rng.randint(1, 2)), FLOAT)
    return Var('%s * %s' % (n, rng.choice(('0.5', '1.5', '2.5', '0.1'))), FLOAT)


def xform(F, v, t):
    """An expression of type t computed from variable v (an int or a str)."""
    if v.t == INT:
        if t == INT:
            return int_to_int(F, v)
        if t == STR:
            return int_to_str(F, v)
        if t == FLOAT:
            return int_to_float(F, v)
        if t == BOOL:
            return Var(int_cond(F, v), BOOL)
    elif v.t == STR:
        if t == STR:
            return str_to_str(F, v)
        if t == INT:
            return str_to_int(F, v)
        if t == BOOL:
            return Var(str_cond(F, v), BOOL)
        if t == FLOAT:
            return Var('len(%s) / %d' % (v.name, F.rng.randint(2, 4)), FLOAT)
    raise ValueError('no transform %s -> %s' % (v.t, t))


def summarize(F, v, t):
    """An expression of scalar type t that summarizes variable v of any type."""
    rng = F.rng
    n = v.name
    if v.t == t:
        return Var(n, t, v.lo, v.hi, v.elo, v.ehi, v.flav)
    if v.t in (INT, STR) and t in (INT, STR, BOOL, FLOAT):
        return xform(F, v, t)
    if t == BOOL:
        return Var(cond(F, v), BOOL)
    if v.t in (FLOAT, BOOL):
        if t == STR:
            F.feat('str')
            return Var('str(%s)' % n, STR, 1, 25)
        if t == INT:
            if v.t == FLOAT:
                F.feat('round')
                return Var('round(%s)' % n, INT, -BIGF, BIGF)
            F.feat('int')
            return Var('int(%s)' % n, INT, 0, 1)
        F.feat('float')
        return Var('float(%s)' % n, FLOAT)
    # collections
    if t == INT:
        if v.t in (LINT, TINT, SINT) and rng.random() < 0.5:
            F.feat('sum')
            a, b = iv_mul((v.lo, v.hi), (v.elo, v.ehi))
            return Var('sum(%s)' % n, INT, min(a, b, 0), max(a, b, 0))
        if v.t == DSI and rng.random() < 0.5:
            F.feat('sum', 'dict.values')
            a, b = iv_mul((v.lo, v.hi), (v.elo, v.ehi))
            return Var('sum(%s.values())' % n, INT, min(a, b, 0), max(a, b, 0))
        F.feat('len')
        return Var('len(%s)' % n, INT, v.lo, v.hi)
    if t == STR:
        if v.t == LSTR:
            F.feat('str.join')
            sep = rng.choice((' ', ', ', '-', '', '/'))
            return Var('%s.join(%s)' % (F.lit(sep), n), STR, 0, v.hi * (v.ehi + len(sep)))
        if v.t in (LINT, TINT) and rng.random() < 0.6:
            F.feat('str.join', 'map', 'str')
            sep = rng.choice((' ', ',', '-', ''))
            return Var('%s.join(map(str, %s))' % (F.lit(sep), n), STR, 0, v.hi * 8)
        F.feat('str')
        return Var('str(%s)' % n, STR, 2, 80)
    if t == FLOAT:
        if v.t in (LINT, TINT):
            F.feat('sum', 'len')
            return Var('sum(%s) / len(%s) if %s else 0.0' % (n, n, n), FLOAT)
        F.feat('len')
        return Var('len(%s) / 2' % n, FLOAT)
    raise ValueError('no summary %s -> %s' % (v.t, t))


BIGF = 10**9
