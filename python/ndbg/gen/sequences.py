"""List and tuple idioms: slices, mutation, tuple unpacking, sorting with key=, iter/next.

Straight-line idioms, drawn from the tables of idioms.py."""


from .core import (
    Var,
    INT,
    STR,
    LINT,
    LSTR,
    TINT,
    LPAIR,
    SHORT_WORDS,
)
from .expr import cond, xform
from .aggregates import small


def st_slice(F):
    rng = F.rng
    c = F.pick((STR, LINT, LSTR, TINT))
    if c is None:
        return False
    n = c.name
    w = F.w
    r = rng.random()
    F.feat('slice')
    k = rng.randint(1, 3)
    if r < 0.2:
        name = F.fresh(['head', 'first_few', 'prefix', 'top'])
        w('%s = %s[:%d]' % (name, n, k))
        F.add(c.like(name).__class__(name, c.t, min(c.lo, k), min(c.hi, k), c.elo, c.ehi, c.flav))
    elif r < 0.35:
        name = F.fresh(['tail', 'rest', 'remainder'])
        w('%s = %s[%d:]' % (name, n, k))
        F.add(Var(name, c.t, max(0, c.lo - k), max(0, c.hi - k), c.elo, c.ehi, c.flav))
    elif r < 0.47:
        name = F.fresh(['inner', 'middle', 'core'])
        w('%s = %s[1:-1]' % (name, n))
        F.add(Var(name, c.t, max(0, c.lo - 2), max(0, c.hi - 2), c.elo, c.ehi))
    elif r < 0.6:
        name = F.fresh(['every_other', 'evens', 'alternate', 'stepped'])
        F.feat('slice_step')
        w('%s = %s[::2]' % (name, n) if rng.random() < 0.7 else '%s = %s[1::2]' % (name, n))
        F.add(Var(name, c.t, 0, (c.hi + 1) // 2, c.elo, c.ehi))
    elif r < 0.7:
        name = F.fresh(['backwards', 'reversed_copy', 'flipped'])
        F.feat('slice_step')
        w('%s = %s[::-1]' % (name, n))
        F.add(Var(name, c.t, c.lo, c.hi, c.elo, c.ehi, c.flav if c.flav == 'word' else ''))
    elif r < 0.8:
        i = F.pick((INT,), lambda v: small(v))
        if i is None:
            return False
        name = F.fresh(['window', 'segment', 'piece'])
        F.feat('slice')
        w('%s = %s[%s:%s + %d]' % (name, n, i.name, i.name, k + 1))
        F.add(Var(name, c.t, 0, min(c.hi, k + 1), c.elo, c.ehi))
    else:
        # one element, guarded when the sequence may be empty
        if c.t == STR:
            et, elo, ehi, flav = STR, 1, 1, 'char'
        elif c.t == LSTR:
            et, elo, ehi, flav = STR, c.elo, c.ehi, 'word'
        else:
            et, elo, ehi, flav = INT, c.elo, c.ehi, ''
        idx = rng.choice(('0', '-1', 'len(%s) // 2' % n))
        name = F.fresh(['first', 'last', 'middle', 'pivot', 'head'])
        if 'len' in idx:
            F.feat('len')
        if c.lo >= 1:
            w('%s = %s[%s]' % (name, n, idx))
            F.add(Var(name, et, elo, ehi, flav=flav))
        else:
            default = F.lit('') if et == STR else '0'
            F.feat('ternary')
            w('%s = %s[%s] if %s else %s' % (name, n, idx, n, default))
            F.add(
                Var(
                    name,
                    et,
                    0 if et == STR else min(0, elo),
                    ehi if et != STR else max(1, ehi),
                    flav=flav if et == STR and False else '',
                )
            )
    return True


def st_list_mut(F):
    """A working copy of a list (or the list itself) changed in place."""
    rng = F.rng
    c = F.pick((LINT, LSTR, TINT), lambda v: v.hi <= 40)
    if c is None:
        return False
    w = F.w
    n = c.name
    if c.t == TINT or rng.random() < 0.55 or not F.is_func:
        name = F.fresh(['items', 'work', 'copy', 'buf', 'updated', 'result'])
        form = rng.choice(('list(%s)', '%s[:]', '%s.copy()')) if c.t != TINT else 'list(%s)'
        F.feat('list' if form.startswith('list') else 'list.copy' if 'copy' in form else 'slice')
        w('%s = %s' % (name, form % n))
        v = F.add(Var(name, LINT if c.t == TINT else c.t, c.lo, c.hi, c.elo, c.ehi))
    else:
        v = c
        name = n
    isint = v.t == LINT

    def item():
        if isint:
            x = rng.randint(-3, 12)
            return str(x), x, x
        wd = rng.choice(SHORT_WORDS)
        return F.lit(wd), len(wd), len(wd)

    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.16:
            src, a, b = item()
            F.feat('list.append')
            w('%s.append(%s)' % (name, src))
            v.lo += 1
            v.hi += 1
            v.elo, v.ehi = min(v.elo, a), max(v.ehi, b)
        elif r < 0.28:
            src, a, b = item()
            pos = rng.choice(('0', '1', 'len(%s) // 2' % name, '-1'))
            F.feat('list.insert')
            w('%s.insert(%s, %s)' % (name, pos, src))
            v.lo += 1
            v.hi += 1
            v.elo, v.ehi = min(v.elo, a), max(v.ehi, b)
        elif r < 0.38:
            vals = [item() for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.3:
                F.feat('augassign')
                w('%s += [%s]' % (name, ', '.join(x[0] for x in vals)))
            else:
                F.feat('list.extend')
                w('%s.extend([%s])' % (name, ', '.join(x[0] for x in vals)))
            v.lo += len(vals)
            v.hi += len(vals)
            v.elo = min([v.elo] + [x[1] for x in vals])
            v.ehi = max([v.ehi] + [x[2] for x in vals])
        elif r < 0.5:
            arg = rng.choice(('', '', '0', '-1'))
            F.feat('list.pop' if arg == '' else 'list.pop(i)')
            res = F.fresh(['last', 'removed', 'popped', 'top'])
            if v.lo >= 1:
                w('%s = %s.pop(%s)' % (res, name, arg))
            else:
                default = '0' if isint else F.lit('')
                F.feat('ternary')
                w('%s = %s.pop(%s) if %s else %s' % (res, name, arg, name, default))
            F.add(Var(res, INT if isint else STR, min(v.elo, 0), max(v.ehi, 0), flav='word'))
            v.lo = max(0, v.lo - 1)
        elif r < 0.6:
            src, a, b = item()
            F.feat('list.remove', 'in', 'if')
            w('if %s in %s:' % (src, name))
            w('    %s.remove(%s)' % (name, src))
            v.lo = max(0, v.lo - 1)
        elif r < 0.7:
            F.feat('list.reverse')
            w('%s.reverse()' % name)
        elif r < 0.8:
            k = rng.random()
            if k < 0.4:
                F.feat('list.sort')
                w('%s.sort()' % name)
            elif k < 0.7:
                F.feat('list.sort', 'list.sort(reverse=)')
                w('%s.sort(reverse=True)' % name)
            else:
                F.feat('list.sort', 'list.sort(key=)', 'lambda')
                e = F.fresh(['n', 'x', 'w', 's'])
                ev = Var(e, INT if isint else STR, v.elo, v.ehi, flav='word')
                key = xform(F, ev, INT)
                w('%s.sort(key=lambda %s: %s)' % (name, e, key.name))
                F.names.discard(e)
        elif r < 0.8 + 0.07:
            src, a, b = item()
            res = F.fresh(['where', 'position', 'idx', 'at'])
            F.feat('list.index', 'in', 'ternary')
            w('%s = %s.index(%s) if %s in %s else -1' % (res, name, src, src, name))
            F.add(Var(res, INT, -1, max(-1, v.hi - 1)))
        elif r < 0.94:
            src, a, b = item()
            res = F.fresh(['times', 'occurrences', 'dup_count'])
            F.feat('list.count')
            w('%s = %s.count(%s)' % (res, name, src))
            F.add(Var(res, INT, 0, v.hi))
        elif v.lo >= 1:
            src, a, b = item()
            F.feat('subscript_assign')
            w('%s[0] = %s' % (name, src))
            v.elo, v.ehi = min(v.elo, a), max(v.ehi, b)
        elif v.lo >= 1 or rng.random() < 0.5:
            F.feat('list.clear')
            w('%s.clear()' % name)
            v.lo = v.hi = 0
        else:
            F.feat('del', 'if')
            w('if %s:' % name)
            w('    del %s[0]' % name)
            v.lo = max(0, v.lo - 1)
    F.spend(4)
    return True


def st_tuple_ops(F):
    rng = F.rng
    w = F.w
    t = F.pick((TINT,))
    r = rng.random()
    if t is None or r < 0.25:
        ints = F.pick_all((INT,), lambda v: small(v, 10**9))
        if len(ints) < 2:
            return False
        a, b = rng.sample(ints, 2)
        name = F.fresh(['pair', 'bounds', 'point', 'span'])
        F.feat('tuple_pack')
        if rng.random() < 0.5:
            F.feat('min', 'max')
            w('%s = (min(%s, %s), max(%s, %s))' % (name, a.name, b.name, a.name, b.name))
        else:
            w('%s = (%s, %s)' % (name, a.name, b.name))
        F.add(Var(name, TINT, 2, 2, min(a.lo, b.lo), max(a.hi, b.hi)))
        return True
    n = t.name
    if r < 0.45 and t.lo == t.hi and 2 <= t.lo <= 3:
        names = [
            F.fresh(x) for x in (['first', 'a', 'x', 'low'], ['second', 'b', 'y', 'high'], ['third', 'c', 'z'])[: t.lo]
        ]
        F.feat('unpack')
        w('%s = %s' % (', '.join(names), n))
        for x in names:
            F.add(Var(x, INT, t.elo, t.ehi))
        return True
    if r < 0.55 and t.lo >= 1:
        a, b = F.fresh(['first', 'head']), F.fresh(['rest', 'others', 'tail'])
        F.feat('star_unpack')
        w('%s, *%s = %s' % (a, b, n))
        F.add(Var(a, INT, t.elo, t.ehi))
        F.add(Var(b, LINT, t.lo - 1, t.hi - 1, t.elo, t.ehi))
        return True
    if r < 0.7:
        x = rng.randint(t.elo, min(t.ehi, t.elo + 12))
        name = F.fresh(['where', 'position', 'idx'])
        F.feat('tuple.index', 'in', 'ternary')
        w('%s = %s.index(%d) if %d in %s else -1' % (name, n, x, x, n))
        F.add(Var(name, INT, -1, max(-1, t.hi - 1)))
        return True
    if r < 0.8:
        x = rng.randint(t.elo, min(t.ehi, t.elo + 12))
        name = F.fresh(['times', 'repeats', 'freq'])
        F.feat('tuple.count')
        w('%s = %s.count(%d)' % (name, n, x))
        F.add(Var(name, INT, 0, t.hi))
        return True
    if r < 0.9:
        x = rng.randint(0, 9)
        name = F.fresh(['extended', 'grown', 'longer'])
        F.feat('tuple_concat')
        w('%s = %s + (%d,)' % (name, n, x))
        F.add(Var(name, TINT, t.lo + 1, t.hi + 1, min(t.elo, x), max(t.ehi, x)))
        return True
    name = F.fresh(['as_list', 'items', 'values'])
    F.feat('list')
    w('%s = list(%s)' % (name, n))
    F.add(Var(name, LINT, t.lo, t.hi, t.elo, t.ehi))
    return True


def st_sort_lambda(F):
    rng = F.rng
    c = F.pick((LSTR, LINT, LPAIR), lambda v: v.hi <= 40)
    if c is None:
        return False
    w = F.w
    p = F.fresh(['w', 's', 'item', 'x'] if c.t == LSTR else ['n', 'x', 'v'] if c.t == LINT else ['p', 'pair', 'row'])
    if c.t == LSTR:
        key = rng.choice(
            (
                '(len({p}), {p})',
                '{p}[-1:]',
                '{p}.lower()',
                '(-len({p}), {p})',
                "{p}.count({a})",
                '{p}[::-1]',
                '(not {p}.isupper(), {p})',
            )
        )
        key = key.format(p=p, a=F.lit(rng.choice('aeo')))
        t = LSTR
    elif c.t == LINT:
        key = rng.choice(('({p} % 2, {p})', '-{p}', 'abs({p} - {k})', '({p} % {m}, -{p})', 'str({p})'))
        key = key.format(p=p, k=rng.randint(0, 9), m=rng.randint(3, 5))
        t = LINT
    else:
        key = rng.choice(('{p}[1]', '-{p}[1]', '({p}[1], {p}[0])', 'len({p}[0])', '{p}[0]'))
        key = key.format(p=p)
        t = LPAIR
    if 'abs' in key:
        F.feat('abs')
    if 'len' in key:
        F.feat('len')
    if 'str(' in key:
        F.feat('str')
    F.feat('lambda')
    name = F.fresh(['ordered', 'ranked', 'arranged', 'by_key'])
    r = rng.random()
    if r < 0.2 and F.is_func and c in F.scope:
        F.feat('list.sort', 'list.sort(key=)', 'list')
        w('%s = list(%s)' % (name, c.name))
        w('%s.sort(key=lambda %s: %s)' % (name, p, key))
    elif r < 0.35:
        F.feat('sorted', 'sorted(key=)', 'sorted(reverse=)')
        w('%s = sorted(%s, key=lambda %s: %s, reverse=True)' % (name, c.name, p, key))
    elif r < 0.5 and c.t != LPAIR:
        fn = rng.choice(('max', 'min'))
        F.feat(fn, fn + '(key=)')
        F.names.discard(p)
        if c.t == LSTR:
            default = F.lit('')
            if c.lo >= 1:
                w('%s = %s(%s, key=lambda %s: %s)' % (name, fn, c.name, p, key))
            else:
                F.feat('ternary')
                w('%s = %s(%s, key=lambda %s: %s) if %s else %s' % (name, fn, c.name, p, key, c.name, default))
            F.add(Var(name, STR, 0, c.ehi, flav='word'))
        else:
            F.feat(fn + '(default=)')
            w('%s = %s(%s, key=lambda %s: %s, default=0)' % (name, fn, c.name, p, key))
            F.add(Var(name, INT, min(0, c.elo), max(0, c.ehi)))
        return True
    else:
        F.feat('sorted', 'sorted(key=)')
        w('%s = sorted(%s, key=lambda %s: %s)' % (name, c.name, p, key))
    F.names.discard(p)
    F.add(Var(name, t, c.lo, c.hi, c.elo, c.ehi))
    return True


def st_iter_next(F):
    rng = F.rng
    c = F.pick((LINT, LSTR))
    if c is None or not F.can(c.hi * 2 + 3):
        return False
    w = F.w
    r = rng.random()
    e = Var(F.fresh(['n', 'x', 'w', 'item']), INT if c.t == LINT else STR, c.elo, c.ehi, flav='word')
    default = '-1' if c.t == LINT else F.lit('')
    name = F.fresh(['first_match', 'first', 'hit', 'found'])
    if r < 0.6:
        F.feat('next', 'genexp')
        w('%s = next((%s for %s in %s if %s), %s)' % (name, e.name, e.name, c.name, cond(F, e), default))
    else:
        it = F.fresh(['it', 'stream', 'cursor'])
        F.feat('iter', 'next')
        w('%s = iter(%s)' % (it, c.name))
        w('%s = next(%s, %s)' % (name, it, default))
        if rng.random() < 0.6:
            second = F.fresh(['second', 'following', 'nxt'])
            w('%s = next(%s, %s)' % (second, it, default))
            F.add(Var(second, e.t, min(e.lo, -1) if e.t == INT else 0, e.hi, flav='word'))
    F.names.discard(e.name)
    F.add(Var(name, e.t, min(e.lo, -1) if e.t == INT else 0, e.hi, flav='word'))
    F.spend(c.hi + 2)
    return True
