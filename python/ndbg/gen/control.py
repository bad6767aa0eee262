"""Branches, try/except/else/finally and prints.

Straight-line idioms, drawn from the tables of idioms.py."""


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
    DII,
    DSL,
    LPAIR,
    iv_abs,
    SHORT_WORDS,
)
from .expr import cond, int_to_int
from .loops import fstr
from .aggregates import small


LABELS = [
    ('high', 'low'),
    ('even', 'odd'),
    ('big', 'small'),
    ('yes', 'no'),
    ('long', 'short'),
    ('pass', 'fail'),
    ('ok', 'error'),
    ('hot', 'warm', 'cold'),
    ('many', 'some', 'none'),
    ('positive', 'zero', 'negative'),
    ('A', 'B', 'C'),
    ('upper', 'mixed', 'lower'),
]


def st_branch(F):
    """if / elif / else choosing a label or adjusting a value; or a ternary."""
    rng = F.rng
    w = F.w
    v = F.pick((INT, STR, LINT, LSTR, DSI, BOOL, FLOAT, SINT))
    if v is None:
        return False
    r = rng.random()
    if r < 0.45:
        labels = rng.choice(LABELS)
        name = F.fresh(['label', 'status', 'kind', 'grade', 'category', 'verdict'])
        F.feat('if', 'else')
        c1 = cond(F, v)
        w('if %s:' % c1)
        w('    %s = %s' % (name, F.lit(labels[0])))
        if len(labels) == 3:
            F.feat('elif')
            c2 = cond(F, v)
            if c2 == c1:
                c2 = cond(F, v)
            w('elif %s:' % c2)
            w('    %s = %s' % (name, F.lit(labels[1])))
        w('else:')
        w('    %s = %s' % (name, F.lit(labels[-1])))
        F.add(Var(name, STR, 1, 8, flav='word'))
        F.spend(2)
        return True
    if r < 0.7:
        u = F.pick((INT,), lambda x: small(x))
        if u is None:
            return False
        a = int_to_int(F, u)
        b = int_to_int(F, u)
        name = u.name if F.rebindable(u) and rng.random() < 0.4 else F.fresh(['adjusted', 'value', 'result', 'score'])
        F.feat('ternary')
        w('%s = %s if %s else %s' % (name, a.name, cond(F, v), b.name))
        F.add(Var(name, INT, min(a.lo, b.lo), max(a.hi, b.hi)))
        return True
    u = F.pick((INT,), lambda x: small(x))
    if u is None:
        return False
    name = u.name if F.rebindable(u) and rng.random() < 0.5 else F.fresh(['adjusted', 'score', 'result'])
    if name != u.name:
        w('%s = %s' % (name, u.name))
    lo, hi = u.lo, u.hi
    F.feat('if', 'augassign')
    w('if %s:' % cond(F, v))
    k = rng.randint(1, 10)
    op = rng.choice(('+=', '-=', '*='))
    w('    %s %s %d' % (name, op, k))
    if op == '+=':
        hi += k
    elif op == '-=':
        lo -= k
    else:
        lo, hi = min(lo, lo * k), max(hi, hi * k)
    if rng.random() < 0.5:
        F.feat('elif')
        w('elif %s:' % cond(F, v))
        w('    %s = 0' % name)
        lo, hi = min(lo, 0), max(hi, 0)
    F.add(Var(name, INT, lo, hi))
    F.spend(2)
    return True


def st_try(F):
    """try / except around an operation that may fail on some inputs."""
    rng = F.rng
    w = F.w
    r = rng.random()
    F.feat('try', 'except')
    if r < 0.25:
        s = F.pick((STR,), lambda v: v.hi <= 12)
        if s is None:
            return False
        name = F.fresh(['number', 'value', 'parsed', 'amount'])
        conv = 'int' if rng.random() < 0.7 else 'float'
        w('try:')
        w('    %s = %s(%s)' % (name, conv, s.name))
        w('except ValueError:')
        F.feat(conv, 'ValueError')
        if conv == 'int':
            dv = rng.choice((0, -1))
            w('    %s = %d' % (name, dv))
            F.add(Var(name, INT, -(10**12), 10**12))
        else:
            w('    %s = 0.0' % name)
            F.add(Var(name, FLOAT))
        _maybe_finally(F)
        return True
    if r < 0.45:
        a = F.pick((INT,), lambda v: small(v))
        b = F.pick((INT,), lambda v: small(v) and (a is None or v.name != a.name))
        if a is None:
            return False
        bsrc = (
            b.name
            if b is not None
            else 'len(%s)' % F.pick((STR, LINT, LSTR, DSI)).name
            if F.pick((STR, LINT, LSTR, DSI)) is not None
            else None
        )
        if bsrc is None:
            return False
        op = rng.choice(('/', '//', '%'))
        name = F.fresh(['ratio', 'share', 'quotient', 'part'])
        w('try:')
        w('    %s = %s %s %s' % (name, a.name, op, bsrc))
        w('except ZeroDivisionError:')
        F.feat('ZeroDivisionError')
        if op == '/':
            w('    %s = 0.0' % name)
            F.add(Var(name, FLOAT))
        else:
            w('    %s = 0' % name)
            m = max(iv_abs(a.lo, a.hi)[1], 10**6)
            F.add(Var(name, INT, -m, m))
        _maybe_else(F, name)
        return True
    if r < 0.6:
        c = F.pick((LINT, LSTR, STR, TINT))
        i = F.pick((INT,), lambda v: small(v))
        if c is None:
            return False
        isrc = i.name if i is not None else str(rng.randint(0, 6))
        name = F.fresh(['item', 'picked', 'chosen', 'at_index'])
        w('try:')
        w('    %s = %s[%s]' % (name, c.name, isrc))
        w('except IndexError:')
        F.feat('IndexError')
        if c.t in (LINT, TINT):
            w('    %s = -1' % name)
            F.add(Var(name, INT, min(c.elo, -1), max(c.ehi, -1)))
        else:
            w('    %s = %s' % (name, F.lit('')))
            F.add(Var(name, STR, 0, max(1, c.ehi if c.t == LSTR else 1), flav='word'))
        _maybe_finally(F)
        return True
    if r < 0.75:
        d = F.pick((DSI,))
        if d is None:
            return False
        k = F.pick((STR,), lambda v: v.hi <= 15)
        ksrc = k.name if k is not None and rng.random() < 0.6 else F.lit(rng.choice(SHORT_WORDS[:30]))
        name = F.fresh(['value', 'count', 'entry', 'stored'])
        w('try:')
        w('    %s = %s[%s]' % (name, d.name, ksrc))
        w('except KeyError:')
        F.feat('KeyError')
        w('    %s = 0' % name)
        F.add(Var(name, INT, min(d.elo, 0), max(d.ehi, 0)))
        _maybe_else(F, name)
        return True
    if r < 0.88:
        c = F.pick((LINT, LSTR, STR))
        if c is None:
            return False
        if c.t == LINT:
            x = str(rng.randint(0, 9))
        elif c.t == LSTR:
            x = F.lit(rng.choice(SHORT_WORDS[:30]))
        else:
            x = F.lit(rng.choice(('a', 'e', ' ', 'x', 'o')))
        name = F.fresh(['pos', 'where', 'index_of'])
        meth = rng.choice(('index', 'rindex')) if c.t == STR else 'index'
        w('try:')
        w('    %s = %s.%s(%s)' % (name, c.name, meth, x))
        w('except ValueError:')
        F.feat('str.' + meth if c.t == STR else 'list.index', 'ValueError')
        w('    %s = -1' % name)
        F.add(Var(name, INT, -1, max(-1, c.hi - 1)))
        return True
    # several exception types, one handler for each
    c = F.pick((LSTR,), lambda v: v.hi <= 12)
    if c is None or not F.can(c.hi * 4):
        return False
    total = F.fresh(['total', 'acc', 'sum_ok'])
    errs = F.fresh(['errors', 'failures', 'bad'])
    tok = F.fresh(['tok', 'item', 'raw'])
    w('%s = 0' % total)
    w('%s = 0' % errs)
    w('for %s in %s:' % (tok, c.name))
    w('    try:')
    w('        %s += 100 // int(%s)' % (total, tok))
    if rng.random() < 0.5:
        F.feat('except_tuple')
        w('    except (ValueError, ZeroDivisionError):')
        w('        %s += 1' % errs)
    else:
        w('    except ValueError:')
        w('        %s += 1' % errs)
        w('    except ZeroDivisionError:')
        w('        %s += 2' % errs)
    F.feat('for', 'int', 'ValueError', 'ZeroDivisionError', 'augassign')
    F.add(Var(total, INT, -100 * c.hi, 100 * c.hi))
    F.add(Var(errs, INT, 0, 2 * c.hi))
    F.spend(c.hi * 4)
    return True


def _maybe_finally(F):
    if F.rng.random() < 0.15:
        F.feat('finally')
        cnt = F.get('attempts')
        F.w('finally:')
        if cnt is None and not F.taken('attempts'):
            F.w('    attempts = 1')
            F.add(Var('attempts', INT, 1, 1))
        else:
            F.w('    pass')


def _maybe_else(F, name):
    if F.rng.random() < 0.2:
        v = F.get(name)
        if v is not None and v.t == INT:
            F.feat('try_else', 'augassign')
            F.w('else:')
            F.w('    %s += 1' % name)
            v.hi += 1


def st_print(F):
    rng = F.rng
    v = F.pick(
        (INT, STR, LINT, LSTR, DSI, BOOL, FLOAT, TINT, SINT, LPAIR, DII, DSL),
        lambda v: v.t not in (STR, LSTR, LINT) or v.hi <= 40,
    )
    if v is None:
        return False
    r = rng.random()
    w = F.w
    F.feat('print')
    if r < 0.35:
        w('print(%s)' % v.name)
    elif r < 0.6:
        F.feat('fstring')
        spec = ''
        if v.t == FLOAT:
            spec = rng.choice((':.2f', ':.1f', ''))
        elif v.t == INT and rng.random() < 0.3:
            spec = rng.choice((':>4', ':03d', ''))
        w('print(%s)' % fstr(F, '%s: {%s%s}' % (v.name, v.name, spec)))
    elif r < 0.7:
        u = F.pick((INT, STR, BOOL, FLOAT), lambda x: x.name != v.name)
        if u is None:
            w('print(%s, %s)' % (F.lit(v.name + ':'), v.name))
        else:
            F.feat('print(sep=)')
            w('print(%s, %s, sep=%s)' % (v.name, u.name, F.lit(rng.choice((', ', ' | ', '=', ' -> ')))))
    elif r < 0.8:
        F.feat('str.format')
        w(
            'print(%s.format(%s))'
            % (F.lit(rng.choice(('{}: {}', '{} = {}', '[{}] {}'))), '%s, %s' % (F.lit(v.name), v.name))
        )
    elif r < 0.9 and v.t == INT:
        F.feat('percent_format')
        w('print(%s %% %s)' % (F.lit('%s = %d'), '(%s, %s)' % (F.lit(v.name), v.name)))
    else:
        F.feat('print(end=)', 'repr')
        w('print(repr(%s), end=%s)' % (v.name, F.lit(rng.choice(('\n', ';\n', ' <\n')))))
    return True
