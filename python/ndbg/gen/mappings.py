"""Dict and set idioms: dict methods, set algebra.

Straight-line idioms, drawn from the tables of idioms.py."""


from .core import (
    Var,
    INT,
    BOOL,
    STR,
    LINT,
    LSTR,
    TINT,
    SINT,
    DSI,
    NAMES,
    SHORT_WORDS,
)
from .aggregates import small


def st_dict_ops(F):
    rng = F.rng
    d = F.pick((DSI,), lambda v: v.hi <= 40)
    w = F.w
    if d is None:
        src = F.pick((LSTR,), lambda v: v.hi <= 20)
        if src is None:
            return False
        name = F.fresh(NAMES[DSI])
        k = rng.randint(0, 1)
        F.feat('dict.fromkeys')
        w('%s = dict.fromkeys(%s, %d)' % (name, src.name, k))
        F.add(Var(name, DSI, min(src.lo, 1), src.hi, k, k))
        return True
    n = d.name
    key_var = F.pick((STR,), lambda v: v.hi <= 15 and v.flav in ('word', 'char', ''))

    def key():
        if key_var is not None and rng.random() < 0.5:
            return key_var.name
        return F.lit(rng.choice(SHORT_WORDS[:30]))

    if rng.random() < 0.4 and F.is_func:
        name = F.fresh(['updated', 'merged', 'result', 'table'])
        if rng.random() < 0.7:
            F.feat('dict.copy')
            w('%s = %s.copy()' % (name, n))
        else:
            F.feat('dict')
            w('%s = dict(%s)' % (name, n))
        v = F.add(Var(name, DSI, d.lo, d.hi, d.elo, d.ehi))
    else:
        v = d
        name = n
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.2:
            res = F.fresh(['amount', 'value', 'current', 'found'])
            dv = rng.randint(-1, 5)
            F.feat('dict.get')
            w('%s = %s.get(%s, %d)' % (res, name, key(), dv))
            F.add(Var(res, INT, min(v.elo, dv), max(v.ehi, dv)))
        elif r < 0.32:
            k = key()
            x = rng.randint(1, 5)
            F.feat('dict.get')
            w('%s[%s] = %s.get(%s, 0) + %d' % (name, k, name, k, x))
            v.hi += 1
            v.elo, v.ehi = min(v.elo, 0) + 0, max(v.ehi, 0) + x
            v.elo = min(v.elo, x)
        elif r < 0.42:
            x = rng.randint(0, 3)
            F.feat('dict.setdefault')
            w('%s.setdefault(%s, %d)' % (name, key(), x))
            v.hi += 1
            v.elo, v.ehi = min(v.elo, x), max(v.ehi, x)
        elif r < 0.52:
            ks = rng.sample(SHORT_WORDS[:40], rng.randint(1, 2))
            vals = [rng.randint(0, 9) for _ in ks]
            F.feat('dict.update')
            if rng.random() < 0.3:
                w(
                    '%s.update(%s=%d)' % (name, ks[0], vals[0])
                    if ks[0].isidentifier() and ks[0] not in ('and', 'or', 'if')
                    else '%s.update({%s: %d})' % (name, F.lit(ks[0]), vals[0])
                )
                ks, vals = ks[:1], vals[:1]
            else:
                w('%s.update({%s})' % (name, ', '.join('%s: %d' % (F.lit(k), x) for k, x in zip(ks, vals))))
            v.hi += len(ks)
            v.lo = max(v.lo, 1)
            v.elo, v.ehi = min([v.elo] + vals), max([v.ehi] + vals)
        elif r < 0.62:
            res = F.fresh(['removed', 'dropped', 'old'])
            F.feat('dict.pop')
            w('%s = %s.pop(%s, 0)' % (res, name, key()))
            F.add(Var(res, INT, min(v.elo, 0), max(v.ehi, 0)))
            v.lo = max(0, v.lo - 1)
        elif r < 0.7:
            k = key()
            F.feat('del', 'in', 'if')
            w('if %s in %s:' % (k, name))
            w('    del %s[%s]' % (name, k))
            v.lo = max(0, v.lo - 1)
        elif r < 0.78:
            res = F.fresh(['has_key', 'present', 'known'])
            F.feat('in')
            w('%s = %s in %s' % (res, key(), name))
            F.add(Var(res, BOOL))
        elif r < 0.84:
            res = F.fresh(['last_key', 'newest', 'tail_key'])
            F.feat('dict.popitem', 'ternary')
            w('%s = %s.popitem()[0] if %s else %s' % (res, name, name, F.lit('')))
            F.add(Var(res, STR, 0, 15, flav='word'))
            v.lo = max(0, v.lo - 1)
        elif r < 0.9:
            other = {rng.choice(SHORT_WORDS[:40]): rng.randint(0, 9)}
            res = F.fresh(['merged', 'combined', 'extended'])
            x = list(other.values())[0]
            if rng.random() < 0.5:
                F.feat('dict|')
                w('%s = %s | %s' % (res, name, F.lit(other)))
            else:
                F.feat('dict_unpack')
                w('%s = {**%s, **%s}' % (res, name, F.lit(other)))
            F.add(Var(res, DSI, max(1, v.lo), v.hi + 1, min(v.elo, x), max(v.ehi, x)))
        elif r < 0.96 and F.can(v.hi * 2 + 2):
            t = rng.randint(0, 5)
            kk = F.fresh(['key', 'k', 'name'])
            F.feat('for', 'list', 'del', 'if')
            w('for %s in list(%s):' % (kk, name))
            w('    if %s[%s] %s %d:' % (name, kk, rng.choice(('<', '>', '==')), t))
            w('        del %s[%s]' % (name, kk))
            v.lo = 0
            F.spend(v.hi * 2 + 1)
        else:
            res = F.fresh(['size', 'n_keys', 'entries'])
            F.feat('len', 'dict.keys')
            w('%s = len(%s.keys())' % (res, name))
            F.add(Var(res, INT, v.lo, v.hi))
    if rng.random() < 0.05 and not F.is_func:
        F.feat('dict.clear')
        w('%s.clear()' % name)
        v.lo = v.hi = 0
    F.spend(4)
    return True


def st_set_ops(F):
    """Sets of small ints (never of strings: their order depends on the hash seed)."""
    rng = F.rng
    a = F.pick((SINT, LINT, TINT), lambda v: v.hi <= 40 and small(Var('', INT, v.elo, v.ehi), 10**9))
    if a is None:
        return False
    w = F.w
    if a.t != SINT:
        name = F.fresh(['seen', 'unique', 'pool', 'distinct'])
        F.feat('set')
        w('%s = set(%s)' % (name, a.name))
        a = F.add(Var(name, SINT, min(a.lo, 1), a.hi, a.elo, a.ehi))
    n0 = len(w.lines)
    b = F.pick((SINT, LINT, TINT), lambda v: v.name != a.name and v.hi <= 40)
    if b is not None and b.t != SINT:
        bsrc = 'set(%s)' % b.name
    elif b is not None:
        bsrc = b.name
    else:
        vals = sorted(set(rng.randint(0, 10) for _ in range(rng.randint(1, 4))))
        b = Var('', SINT, len(vals), len(vals), vals[0], vals[-1])
        bsrc = F.lit(set(vals))
    r = rng.random()
    if r < 0.5:
        op, meth = rng.choice(
            (('|', 'union'), ('&', 'intersection'), ('-', 'difference'), ('^', 'symmetric_difference'))
        )
        name = F.fresh(
            {
                '|': ['combined', 'either', 'merged'],
                '&': ['common', 'shared', 'both'],
                '-': ['only_left', 'missing', 'extra'],
                '^': ['changed', 'diff', 'odd_ones'],
            }[op]
        )
        if rng.random() < 0.5:
            F.feat('set' + op)
            w('%s = %s %s %s' % (name, a.name, op, bsrc))
        else:
            F.feat('set.' + meth)
            w('%s = %s.%s(%s)' % (name, a.name, meth, bsrc))
        F.add(Var(name, SINT, 0, a.hi + b.hi, min(a.elo, b.elo), max(a.ehi, b.ehi)))
    elif r < 0.65:
        meth = rng.choice(('issubset', 'issuperset', 'isdisjoint'))
        name = F.fresh(['contained', 'covers', 'disjoint', 'related'])
        F.feat('set.' + meth)
        w('%s = %s.%s(%s)' % (name, a.name, meth, bsrc))
        F.add(Var(name, BOOL))
    elif r < 0.85:
        x = rng.randint(0, 12)
        meth = rng.choice(('add', 'discard', 'remove', 'update'))
        F.feat('set.' + meth)
        if meth == 'remove':
            F.feat('in', 'if')
            w('if %d in %s:' % (x, a.name))
            w('    %s.remove(%d)' % (a.name, x))
            a.lo = max(0, a.lo - 1)
        elif meth == 'update':
            w('%s.update(%s)' % (a.name, bsrc))
            a.hi += b.hi
            a.elo, a.ehi = min(a.elo, b.elo), max(a.ehi, b.ehi)
        else:
            w('%s.%s(%d)' % (a.name, meth, x))
            if meth == 'add':
                a.hi += 1
                a.lo = max(a.lo, 1)
                a.elo, a.ehi = min(a.elo, x), max(a.ehi, x)
            else:
                a.lo = max(0, a.lo - 1)
    elif r < 0.93:
        name = F.fresh(['picked', 'any_one', 'taken'])
        F.feat('set.pop', 'ternary')
        w('%s = %s.pop() if %s else -1' % (name, a.name, a.name))
        F.add(Var(name, INT, min(a.elo, -1), max(a.ehi, -1)))
        a.lo = max(0, a.lo - 1)
    else:
        name = F.fresh(['frozen', 'snapshot', 'fixed'])
        if rng.random() < 0.5:
            F.feat('frozenset')
            w('%s = frozenset(%s)' % (name, a.name))
            F.add(Var(name, 'frozenset[int]', a.lo, a.hi, a.elo, a.ehi))
        else:
            F.feat('set.copy')
            w('%s = %s.copy()' % (name, a.name))
            F.add(Var(name, SINT, a.lo, a.hi, a.elo, a.ehi))
    if any(bsrc in line for line in w.lines[n0:]) and bsrc.startswith('set('):
        F.feat('set')
    return True
