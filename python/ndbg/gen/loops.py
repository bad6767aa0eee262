"""Loop idioms: a for loop over a collection feeding one or two accumulators,
comprehensions, nested loops and while loops with a guaranteed bound."""

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
    DII,
    DSL,
    LPAIR,
    iv_mul,
    iv_abs,
)
from .expr import cond, xform, int_to_int, paren

ELEM_NAMES = {
    STR: ['word', 'w', 'name', 'token', 'part', 'item', 's', 'label'],
    'char': ['ch', 'c', 'char', 'letter', 'symbol'],
    INT: ['n', 'x', 'num', 'value', 'item', 'v', 'amount', 'score'],
    'idx': ['i', 'idx', 'pos', 'index', 'j', 'k'],
    'pair': [('key', 'value'), ('name', 'count'), ('k', 'v'), ('item', 'qty'), ('word', 'n'), ('label', 'score')],
}


def fstr(F, body):
    q = F.g.q
    F.feat('fstring')
    return 'f' + q + body + q


def elem_var(F, kind, lo, hi, flav=''):
    if kind == 'char':
        return Var(F.fresh(ELEM_NAMES['char']), STR, min(lo, 1), 1, flav='char')
    if kind == STR:
        return Var(F.fresh(ELEM_NAMES[STR]), STR, lo, hi, flav=flav or 'word')
    if kind == 'idx':
        return Var(F.fresh(ELEM_NAMES['idx']), INT, lo, hi)
    return Var(F.fresh(ELEM_NAMES[INT]), INT, lo, hi)


def iteration(F):
    """Pick something to loop over.

    Returns (header, elems, iters, prim): the `for` header without the colon,
    the loop variables (and subscript expressions) usable in the body as Vars,
    the maximal number of iterations, and the primary element.
    """
    rng = F.rng
    c = F.pick(
        (STR, LINT, LSTR, TINT, SINT, DSI, LPAIR, INT, DSL),
        lambda v: (v.t != INT or (v.lo >= 0 and v.hi <= 10 and v.hi >= 1))
        and (v.t == INT or v.hi >= 1)
        and (v.t != STR or v.hi <= 40)
        and (v.t not in (LINT, LSTR, TINT, LPAIR, SINT) or v.hi <= 24),
    )
    if c is None:
        return None
    n = c.name
    r = rng.random()
    if c.t == INT:
        i = elem_var(F, 'idx', 0, c.hi - 1)
        if r < 0.55:
            F.feat('range')
            return 'for %s in range(%s)' % (i.name, n), [i], c.hi, i
        if r < 0.8:
            F.feat('range')
            i.lo, i.hi = 1, c.hi
            return 'for %s in range(1, %s + 1)' % (i.name, n), [i], c.hi, i
        F.feat('range', 'range(step)')
        i.lo, i.hi = 1, c.hi
        return 'for %s in range(%s, 0, -1)' % (i.name, n), [i], c.hi, i
    if c.t == DSI:
        kname, vname = rng.choice(ELEM_NAMES['pair'])
        if F.taken(kname) or F.taken(vname):
            kname, vname = F.fresh(['key', 'k', 'name']), F.fresh(['value', 'v', 'count'])
        else:
            F.claim(kname, vname)
        k = Var(kname, STR, 0, 15, flav='word')
        v = Var(vname, INT, c.elo, c.ehi)
        if r < 0.5:
            F.feat('dict.items')
            return 'for %s, %s in %s.items()' % (kname, vname, n), [k, v], c.hi, rng.choice((k, v))
        if r < 0.65:
            F.feat('sorted', 'dict.items')
            return 'for %s, %s in sorted(%s.items())' % (kname, vname, n), [k, v], c.hi, rng.choice((k, v))
        if r < 0.85:
            F.names.discard(vname)
            v = Var('%s[%s]' % (n, kname), INT, c.elo, c.ehi)
            return 'for %s in %s' % (kname, n), [k, v], c.hi, k
        F.feat('dict.values')
        F.names.discard(kname)
        return 'for %s in %s.values()' % (vname, n), [v], c.hi, v
    if c.t == DSL:
        F.feat('dict.items')
        k = Var(F.fresh(['key', 'group', 'label']), STR, 0, 15)
        v = Var(F.fresh(['members', 'items', 'bucket']), LSTR, 1, 24, 0, 15)
        return 'for %s, %s in %s.items()' % (k.name, v.name, n), [k, v], c.hi, k
    if c.t == LPAIR:
        kname, vname = rng.choice((('name', 'score'), ('label', 'value'), ('key', 'n'), ('word', 'count')))
        if F.taken(kname) or F.taken(vname):
            kname, vname = F.fresh(['name', 'label', 'key']), F.fresh(['score', 'value', 'n'])
        else:
            F.claim(kname, vname)
        F.feat('unpack')
        k = Var(kname, STR, 2, 6, flav='word')
        v = Var(vname, INT, c.elo, c.ehi)
        return 'for %s, %s in %s' % (kname, vname, n), [k, v], c.hi, rng.choice((k, v))
    # sequences and sets
    if c.t == STR:
        e = elem_var(F, 'char', 1, 1)
    elif c.t == LSTR:
        e = elem_var(F, 'char' if c.ehi <= 1 else STR, c.elo, c.ehi)
    else:
        e = elem_var(F, INT, c.elo, c.ehi)
    if c.t == SINT:
        if r < 0.7:
            F.feat('sorted')
            return 'for %s in sorted(%s)' % (e.name, n), [e], c.hi, e
        return 'for %s in %s' % (e.name, n), [e], c.hi, e
    if r < 0.45:
        return 'for %s in %s' % (e.name, n), [e], c.hi, e
    if r < 0.65:
        i = elem_var(F, 'idx', 0, max(0, c.hi - 1))
        F.feat('enumerate', 'unpack')
        if rng.random() < 0.3:
            F.feat('enumerate(start=)')
            i.lo, i.hi = 1, c.hi
            return 'for %s, %s in enumerate(%s, 1)' % (i.name, e.name, n), [i, e], c.hi, rng.choice((e, e, i))
        return 'for %s, %s in enumerate(%s)' % (i.name, e.name, n), [i, e], c.hi, rng.choice((e, e, i))
    if r < 0.75:
        F.names.discard(e.name)
        i = elem_var(F, 'idx', 0, max(0, c.hi - 1))
        e.name = '%s[%s]' % (n, i.name)
        F.feat('range', 'len')
        return 'for %s in range(len(%s))' % (i.name, n), [i, e], c.hi, e
    if r < 0.82:
        F.feat('reversed')
        return 'for %s in reversed(%s)' % (e.name, n), [e], c.hi, e
    if r < 0.88:
        F.feat('sorted')
        return 'for %s in sorted(%s)' % (e.name, n), [e], c.hi, e
    if r < 0.94:
        F.feat('slice')
        return 'for %s in %s[1:]' % (e.name, n), [e], c.hi, e
    other = F.pick((STR, LINT, LSTR, TINT), lambda v: v.name != n and v.hi >= 1 and v.hi <= 24)
    if other is None:
        F.feat('zip', 'slice')
        e2 = e.like(F.fresh(['nxt', 'following', 'after', 'right']))
        return 'for %s, %s in zip(%s, %s[1:])' % (e.name, e2.name, n, n), [e, e2], c.hi, e
    if other.t == STR:
        e2 = elem_var(F, 'char', 1, 1)
    elif other.t == LSTR:
        e2 = elem_var(F, STR, other.elo, other.ehi)
    else:
        e2 = elem_var(F, INT, other.elo, other.ehi)
    F.feat('zip', 'unpack')
    return (
        'for %s, %s in zip(%s, %s)' % (e.name, e2.name, n, other.name),
        [e, e2],
        min(c.hi, other.hi),
        rng.choice((e, e2)),
    )


# ---------------------------------------------------------------------------
# Accumulators: (name, init source, update(F, elem) -> [lines], result Var)


class Acc:
    __slots__ = ('kind', 'name', 'init', 'result', 'pre')

    def __init__(self, kind, name, init, result):
        self.kind = kind
        self.name = name
        self.init = init
        self.result = result
        self.pre = None


def make_acc(F, kind, iters, e):
    """An accumulator of the given kind fed by element e; None if it does not fit."""
    rng = F.rng
    if kind == 'count':
        name = F.fresh(['count', 'hits', 'matches', 'tally', 'found_count', 'num_ok'])
        a = Acc(kind, name, '0', Var(name, INT, 0, iters))
        a.pre = lambda ex: ['%s += 1' % name]
        return a
    if kind == 'sum':
        x = xform(F, e, INT) if rng.random() < 0.6 else Var(e.name, INT, e.lo, e.hi) if e.t == INT else xform(F, e, INT)
        name = F.fresh(['total', 'acc', 'score', 'running', 'points', 'result'])
        lo, hi = iv_mul((0, iters), (x.lo, x.hi))
        a = Acc(kind, name, '0', Var(name, INT, min(lo, 0), max(hi, 0)))
        F.feat('augassign')
        op = '+=' if rng.random() < 0.85 else '-='
        if op == '-=':
            a.result.lo, a.result.hi = -a.result.hi, -a.result.lo
        a.pre = lambda ex: ['%s %s %s' % (name, op, x.name)]
        return a
    if kind == 'product':
        if e.t != INT or max(abs(e.lo), abs(e.hi)) > 12 or iters > 8:
            return None
        name = F.fresh(['product', 'prod', 'result'])
        m = max(abs(e.lo), abs(e.hi)) ** iters
        a = Acc(kind, name, '1', Var(name, INT, -m, m))
        a.pre = lambda ex: ['%s *= %s' % (name, e.name)]
        return a
    if kind == 'list':
        t = rng.choice((INT, STR)) if e.t in (INT, STR) else e.t
        x = e if rng.random() < 0.35 and e.t == t else xform(F, e, t)
        if t == INT:
            name = F.fresh(['result', 'out', 'kept', 'selected', 'values', 'picked', 'collected'])
            res = Var(name, LINT, 0, iters, x.lo, x.hi)
        else:
            name = F.fresh(['result', 'out', 'parts', 'pieces', 'kept', 'collected', 'labels'])
            res = Var(name, LSTR, 0, iters, x.lo, x.hi)
        F.feat('list.append')
        a = Acc(kind, name, '[]', res)
        a.pre = lambda ex: ['%s.append(%s)' % (name, x.name)]
        return a
    if kind == 'str':
        x = e if rng.random() < 0.3 and e.t == STR else xform(F, e, STR)
        name = F.fresh(['result', 'out', 'built', 'encoded', 'buffer', 'acc'])
        a = Acc(kind, name, F.lit(''), Var(name, STR, 0, iters * x.hi))
        F.feat('augassign')
        a.pre = lambda ex: ['%s += %s' % (name, x.name)]
        return a
    if kind == 'dict':
        if e.t == INT:
            key = int_to_int(F, e) if rng.random() < 0.5 else e
            name = F.fresh(['counts', 'buckets', 'hist', 'tally'])
            res = Var(name, DII, 0, iters, 1, iters)
        else:
            key = e if rng.random() < 0.5 or e.flav == 'char' else xform(F, e, STR)
            name = F.fresh(['counts', 'freq', 'tally', 'seen_count', 'histogram'])
            res = Var(name, DSI, 0, iters, 1, iters)
        a = Acc(kind, name, '{}', res)
        r = rng.random()
        if r < 0.6:
            F.feat('dict.get')
            a.pre = lambda ex: ['%s[%s] = %s.get(%s, 0) + 1' % (name, key.name, name, key.name)]
        elif r < 0.85:
            F.feat('in', 'else')
            a.pre = lambda ex: [
                'if %s in %s:' % (key.name, name),
                '    %s[%s] += 1' % (name, key.name),
                'else:',
                '    %s[%s] = 1' % (name, key.name),
            ]
        else:
            F.feat('dict.setdefault')
            a.pre = lambda ex: ['%s.setdefault(%s, 0)' % (name, key.name), '%s[%s] += 1' % (name, key.name)]
        return a
    if kind == 'group':
        if e.t != STR or e.flav == 'char':
            return None
        name = F.fresh(['groups', 'by_first', 'buckets', 'index'])
        keyx = rng.choice(('%s[:1]', 'str(len(%s))', '%s[-1:]', '%s[:2].lower()'))
        if 'lower' in keyx:
            F.feat('str.lower')
        if 'len' in keyx:
            F.feat('len', 'str')
        F.feat('dict.setdefault', 'list.append')
        a = Acc(kind, name, '{}', Var(name, DSL, 0, iters, 1, iters))
        a.pre = lambda ex: ['%s.setdefault(%s, []).append(%s)' % (name, keyx % e.name, e.name)]
        return a
    if kind == 'max' or kind == 'min':
        if e.t == INT:
            x = e if rng.random() < 0.6 else int_to_int(F, e)
            big = kind == 'max'
            name = F.fresh(
                ['best', 'largest', 'highest', 'peak', 'top'] if big else ['smallest', 'lowest', 'least', 'floor_value']
            )
            init = x.lo - 1 if big else x.hi + 1
            if abs(init) > 10**6:
                return None
            res = Var(name, INT, min(init, x.lo), max(init, x.hi))
            a = Acc(kind, name, str(init), res)
            if rng.random() < 0.5:
                F.feat('max' if big else 'min')
                a.pre = lambda ex: ['%s = %s(%s, %s)' % (name, kind, name, x.name)]
            else:
                a.pre = lambda ex: [
                    'if %s %s %s:' % (x.name, '>' if big else '<', name),
                    '    %s = %s' % (name, x.name),
                ]
            return a
        if e.t == STR and e.flav != 'char':
            name = F.fresh(['longest', 'widest', 'best'] if kind == 'max' else ['shortest', 'best'])
            F.feat('len')
            if kind == 'max':
                a = Acc(kind, name, F.lit(''), Var(name, STR, 0, e.hi, flav=e.flav))
                a.pre = lambda ex: ['if len(%s) > len(%s):' % (e.name, name), '    %s = %s' % (name, e.name)]
            else:
                a = Acc(kind, name, e.name, None)
                return None
            return a
        return None
    if kind == 'set':
        if e.t != INT:
            return None
        x = e if rng.random() < 0.6 else int_to_int(F, e)
        name = F.fresh(['seen', 'unique', 'distinct', 'values_seen', 'marks'])
        F.feat('set.add', 'set')
        a = Acc(kind, name, 'set()', Var(name, SINT, 0, iters, x.lo, x.hi))
        a.pre = lambda ex: ['%s.add(%s)' % (name, x.name)]
        return a
    return None


ACC_KINDS = ['count', 'sum', 'sum', 'list', 'list', 'str', 'dict', 'group', 'max', 'min', 'set', 'product']


def st_loop(F):
    """for <elem> in <collection>: if <cond>: <acc update> [elif/else ...]"""
    rng = F.rng
    saved_names = set(F.names)
    it = iteration(F)
    if it is None:
        return False
    header, elems, iters, prim = it
    body_lines = 3
    if not F.can(iters * body_lines + 2):
        F.names = saved_names
        return False
    nacc = 1 if rng.random() < 0.6 else 2
    accs = []
    kinds = list(ACC_KINDS)
    for _ in range(nacc):
        for _ in range(6):
            kind = rng.choice(kinds)
            src = prim
            if kind in ('sum', 'product', 'set', 'max', 'min') and prim.t != INT:
                ints = [e for e in elems if e.t == INT]
                if ints and rng.random() < 0.7:
                    src = rng.choice(ints)
            feats = set(F.g.feats)
            a = make_acc(F, kind, iters, src)
            if a is None:
                F.g.feats = feats
            else:
                accs.append(a)
                kinds.remove(kind) if kind in kinds else None
                break
    if not accs:
        F.names = saved_names
        return False
    w = F.w
    for a in accs:
        w('%s = %s' % (a.name, a.init))
    F.feat('for')
    w(header + ':')
    w.ind += 1
    for e in elems:
        if '[' not in e.name:
            F.scope.append(e)
    F.mult *= max(1, iters)
    F.loop_depth += 1
    shape = rng.random()
    if shape < 0.2:
        for a in accs:
            for line in a.pre(prim):
                w(line)
    elif shape < 0.55 or len(accs) == 1 and shape < 0.7:
        F.feat('if')
        w('if %s:' % cond(F, rng.choice(elems) if rng.random() < 0.3 else prim))
        w.ind += 1
        for line in accs[0].pre(prim):
            w(line)
        w.ind -= 1
        if len(accs) > 1:
            F.feat('else')
            w('else:')
            w.ind += 1
            for line in accs[1].pre(prim):
                w(line)
            w.ind -= 1
    elif shape < 0.75:
        F.feat('if', 'elif')
        c1 = cond(F, prim)
        c2 = cond(F, rng.choice(elems))
        if c2 == c1:
            c2 = cond(F, prim)
        w('if %s:' % c1)
        w.ind += 1
        for line in accs[0].pre(prim):
            w(line)
        w.ind -= 1
        w('elif %s:' % c2)
        w.ind += 1
        for line in accs[-1].pre(prim):
            w(line)
        w.ind -= 1
        if len(accs) > 1 and rng.random() < 0.5:
            F.feat('else')
            w('else:')
            w.ind += 1
            for line in accs[0].pre(prim):
                w(line)
            w.ind -= 1
    elif shape < 0.9:
        F.feat('if', 'continue')
        w('if %s:' % cond(F, prim))
        w('    continue')
        for a in accs:
            for line in a.pre(prim):
                w(line)
    else:
        F.feat('if', 'break')
        for a in accs:
            for line in a.pre(prim):
                w(line)
        w('if %s:' % cond(F, accs[0].result if accs[0].result.t in (INT, STR) else prim))
        w('    break')
    if F.is_func and F.loop_depth == 1 and rng.random() < 0.04:
        F.feat('print', 'fstring')
        w('print(%s)' % fstr(F, '{%s}' % prim.name if '[' not in prim.name else '{%s!r}' % prim.name))
    F.loop_depth -= 1
    F.mult //= max(1, iters)
    w.ind -= 1
    for e in elems:
        F.drop(e.name)
    F.spend(iters * body_lines + len(accs))
    for a in accs:
        F.add(a.result)
    return True


# ---------------------------------------------------------------------------


def st_comp(F):
    """A list, dict or set comprehension, possibly filtered."""
    rng = F.rng
    saved = set(F.names)
    c = F.pick((STR, LINT, LSTR, TINT, DSI, SINT), lambda v: v.hi >= 1 and v.hi <= 40)
    if c is None or not F.can(c.hi + 1):
        return False
    n = c.name
    filt = rng.random() < 0.5
    r = rng.random()
    if c.t == DSI:
        kname, vname = rng.choice((('k', 'v'), ('key', 'value'), ('name', 'count')))
        if F.taken(kname) or F.taken(vname):
            return False
        k = Var(kname, STR, 0, 15, flav='word')
        v = Var(vname, INT, c.elo, c.ehi)
        F.scope += [k, v]
        tail = ' for %s, %s in %s.items()' % (kname, vname, n)
        if filt:
            tail += ' if %s' % cond(F, rng.choice((k, v)))
        F.feat('dict.items', 'for')
        if r < 0.5:
            x = xform(F, v, INT)
            kx = k if rng.random() < 0.6 else xform(F, k, STR)
            name = F.fresh(['adjusted', 'scaled', 'updated', 'result', 'filtered'])
            F.feat('dictcomp')
            F.w('%s = {%s: %s%s}' % (name, kx.name, x.name, tail))
            res = Var(name, DSI, 0, c.hi, x.lo, x.hi)
        elif r < 0.8:
            name = F.fresh(['names', 'keys', 'selected', 'picked'])
            x = k if rng.random() < 0.6 else xform(F, k, STR)
            F.feat('listcomp')
            F.w('%s = [%s%s]' % (name, x.name, tail))
            res = Var(name, LSTR, 0, c.hi, x.lo, x.hi)
        else:
            name = F.fresh(['amounts', 'values', 'numbers'])
            x = xform(F, v, INT)
            F.feat('listcomp')
            F.w('%s = [%s%s]' % (name, x.name, tail))
            res = Var(name, LINT, 0, c.hi, x.lo, x.hi)
        F.drop(kname)
        F.drop(vname)
        F.names = saved | {name}
        F.spend(c.hi + 1)
        F.add(res)
        return True
    if c.t == STR:
        e = Var(F.fresh(['ch', 'c', 'char']), STR, 1, 1, flav='char')
    elif c.t == LSTR:
        e = Var(F.fresh(['w', 'word', 'name', 'token', 's']), STR, c.elo, c.ehi, flav='word')
    else:
        e = Var(F.fresh(['n', 'x', 'v', 'num']), INT, c.elo, c.ehi)
    F.scope.append(e)
    src = n
    if c.t == SINT:
        src = 'sorted(%s)' % n
        F.feat('sorted')
    elif rng.random() < 0.15:
        F.feat('enumerate', 'unpack')
        i = Var(F.fresh(['i', 'idx', 'pos']), INT, 0, max(0, c.hi - 1))
        src = 'enumerate(%s)' % n
        F.scope.append(i)
        tail = ' for %s, %s in %s' % (i.name, e.name, src)
    if src == n or src.startswith('sorted'):
        tail = ' for %s in %s' % (e.name, src)
        i = None
    if filt:
        F.feat('if')
        tail += ' if %s' % cond(F, e if i is None or rng.random() < 0.6 else i)
    if r < 0.55:
        t = rng.choice((INT, STR))
        if filt and e.t == t and rng.random() < 0.5:
            x = e
        else:
            x = xform(F, e, t)
        name = F.fresh(NAMES_COMP[t])
        F.feat('listcomp')
        F.w('%s = [%s%s]' % (name, x.name, tail))
        res = Var(name, LINT if t == INT else LSTR, 0, c.hi, x.lo, x.hi)
    elif r < 0.8:
        if e.t == INT:
            x = xform(F, e, rng.choice((INT, INT, STR)))
            if x.t == INT:
                name = F.fresh(['mapping', 'table', 'squares', 'lookup'])
                F.feat('dictcomp')
                F.w('%s = {%s: %s%s}' % (name, e.name, x.name, tail))
                res = Var(name, DII, 0, c.hi, x.lo, x.hi)
            else:
                name = F.fresh(['labels', 'names', 'rendered'])
                F.feat('listcomp')
                F.w('%s = [%s%s]' % (name, x.name, tail))
                res = Var(name, LSTR, 0, c.hi, x.lo, x.hi)
        else:
            x = xform(F, e, INT)
            name = F.fresh(['lengths', 'sizes', 'lookup', 'table', 'widths'])
            F.feat('dictcomp')
            F.w('%s = {%s: %s%s}' % (name, e.name, x.name, tail))
            res = Var(name, DSI, 0, c.hi, x.lo, x.hi)
    else:
        if e.t == INT:
            x = int_to_int(F, e) if rng.random() < 0.7 else e
        else:
            x = xform(F, e, INT)
        name = F.fresh(['distinct', 'residues', 'unique', 'kinds', 'sizes'])
        F.feat('setcomp')
        F.w('%s = {%s%s}' % (name, x.name, tail))
        res = Var(name, SINT, 0, c.hi, x.lo, x.hi)
    F.drop(e.name)
    if i is not None:
        F.drop(i.name)
    F.names = saved | {name}
    F.spend(c.hi + 1)
    F.add(res)
    return True


NAMES_COMP = {
    INT: ['values', 'scaled', 'squares', 'sizes', 'lengths', 'codes', 'result', 'filtered'],
    STR: ['cleaned', 'labels', 'shown', 'parts', 'result', 'formatted', 'tags'],
}


def st_nested(F):
    """Nested loops over the index pairs of one sequence (i < j)."""
    rng = F.rng
    c = F.pick((LINT, LSTR, TINT, STR), lambda v: 2 <= v.hi <= 8 or (v.t == STR and 2 <= v.hi <= 7))
    if c is None:
        return False
    pairs = c.hi * (c.hi - 1) // 2
    if not F.can(pairs * 2 + c.hi + 3):
        return False
    n = c.name
    i = F.fresh(['i', 'a', 'left'])
    j = F.fresh(['j', 'b', 'right'])
    r = rng.random()
    w = F.w
    F.feat('for', 'range', 'len', 'nested_loop', 'if')
    if c.t in (LINT, TINT) and r < 0.5:
        target = F.pick((INT,), lambda v: abs(v.lo) < 1000 and abs(v.hi) < 1000)
        tsrc = target.name if target is not None else str(rng.randint(c.elo, c.ehi) * 2 if c.ehi < 50 else 10)
        name = F.fresh(['matches', 'pairs_found', 'count'])
        w('%s = 0' % name)
        w('for %s in range(len(%s)):' % (i, n))
        w('    for %s in range(%s + 1, len(%s)):' % (j, i, n))
        w('        if %s[%s] + %s[%s] %s %s:' % (n, i, n, j, rng.choice(('==', '>', '<=')), tsrc))
        w('            %s += 1' % name)
        F.add(Var(name, INT, 0, pairs))
    elif c.t in (LINT, TINT):
        name = F.fresh(['best', 'widest', 'max_gap'])
        w('%s = 0' % name)
        w('for %s in range(len(%s)):' % (i, n))
        w('    for %s in range(%s + 1, len(%s)):' % (j, i, n))
        F.feat('abs', 'max')
        w('        %s = max(%s, abs(%s[%s] - %s[%s]))' % (name, name, n, j, n, i))
        a, b = c.elo, c.ehi
        F.add(Var(name, INT, 0, max(0, b - a)))
    else:
        name = F.fresh(['dupes', 'same', 'repeats'])
        w('%s = []' % name)
        w('for %s in range(len(%s)):' % (i, n))
        w('    for %s in range(%s + 1, len(%s)):' % (j, i, n))
        w('        if %s[%s] == %s[%s]:' % (n, i, n, j))
        F.feat('list.append', 'tuple_pack')
        w('            %s.append((%s, %s))' % (name, i, j))
        F.add(Var(name, 'list[tuple[int,int]]', 0, pairs))
    F.spend(pairs * 2 + c.hi + 3)
    return True


def st_while(F):
    """A while loop whose number of iterations is bounded by construction."""
    rng = F.rng
    w = F.w
    r = rng.random()
    F.feat('while')
    if r < 0.25:
        u = F.pick((INT,), lambda v: abs(v.lo) <= 10**9 and abs(v.hi) <= 10**9)
        if u is None or not F.can(30):
            return False
        lo, hi = iv_abs(u.lo, u.hi)
        digits = len(str(hi))
        if u.lo >= 0:
            m = F.fresh(['rest', 'remaining', 'm', 'num'])
            w('%s = %s' % (m, u.name))
        else:
            m = F.fresh(['rest', 'remaining', 'm', 'num'])
            F.feat('abs')
            w('%s = abs(%s)' % (m, u.name))
        kind = rng.random()
        if kind < 0.5:
            name = F.fresh(['digit_sum', 'total', 'acc'])
            w('%s = 0' % name)
            w('while %s > 0:' % m)
            w('    %s += %s %% 10' % (name, m))
            w('    %s //= 10' % m)
            F.add(Var(name, INT, 0, 9 * digits))
        elif kind < 0.75:
            name = F.fresh(['digits', 'reversed_num', 'rev'])
            w('%s = 0' % name)
            w('while %s > 0:' % m)
            w('    %s = %s * 10 + %s %% 10' % (name, name, m))
            w('    %s //= 10' % m)
            F.add(Var(name, INT, 0, 10**digits))
        else:
            name = F.fresh(['steps', 'halvings', 'count'])
            w('%s = 0' % name)
            w('while %s > 1:' % m)
            w('    %s //= 2' % m)
            w('    %s += 1' % name)
            F.add(Var(name, INT, 0, max(1, hi).bit_length()))
        F.feat('augassign', '%')
        F.spend(3 * (digits * 4) + 3)
        return True
    if r < 0.45:
        c = F.pick((LINT, LSTR, STR, TINT), lambda v: 1 <= v.hi <= 24)
        if c is None or not F.can(c.hi * 3 + 3):
            return False
        i = F.fresh(['i', 'idx', 'pos', 'j'])
        e = Var(
            '%s[%s]' % (c.name, i),
            STR if c.t in (STR, LSTR) else INT,
            1 if c.t == STR else c.elo,
            1 if c.t == STR else c.ehi,
            flav='char' if c.t == STR else 'word',
        )
        w('%s = 0' % i)
        F.feat('len')
        w('while %s < len(%s) and %s:' % (i, c.name, paren(cond(F, e))))
        w('    %s += 1' % i)
        F.add(Var(i, INT, 0, c.hi))
        F.spend(c.hi * 2 + 2)
        return True
    if r < 0.6:
        c = F.pick((STR, LINT, LSTR), lambda v: 1 <= v.hi <= 24)
        if c is None or not F.can(c.hi * 3 + 3):
            return False
        left = F.fresh(['left', 'lo', 'i'])
        right = F.fresh(['right', 'hi', 'j'])
        flag = F.fresh(['is_mirror', 'symmetric', 'ok', 'matched'])
        w('%s, %s = 0, len(%s) - 1' % (left, right, c.name))
        w('%s = True' % flag)
        w('while %s < %s:' % (left, right))
        w('    if %s[%s] != %s[%s]:' % (c.name, left, c.name, right))
        w('        %s = False' % flag)
        w('        break')
        w('    %s += 1' % left)
        w('    %s -= 1' % right)
        F.feat('len', 'break', 'unpack', 'if')
        F.add(Var(flag, BOOL))
        F.spend(c.hi * 3 + 3)
        return True
    if r < 0.72:
        a = F.pick((INT,), lambda v: abs(v.lo) <= 10**6 and abs(v.hi) <= 10**6)
        b = F.pick(
            (INT,), lambda v: a is not None and v.name != a.name and abs(v.lo) <= 10**6 and abs(v.hi) <= 10**6
        )
        if a is None or not F.can(40):
            return False
        bsrc = b.name if b is not None else str(rng.randint(2, 24))
        x = F.fresh(['a', 'p', 'big'])
        y = F.fresh(['b', 'q', 'small'])
        F.feat('abs', 'unpack', '%')
        w('%s, %s = abs(%s), abs(%s)' % (x, y, a.name, bsrc))
        w('while %s:' % y)
        w('    %s, %s = %s, %s %% %s' % (x, y, y, x, y))
        hi = max(iv_abs(a.lo, a.hi)[1], iv_abs(b.lo, b.hi)[1] if b is not None else 24)
        F.add(Var(x, INT, 0, hi))
        F.spend(40)
        return True
    if r < 0.85:
        c = F.pick((LINT, LSTR), lambda v: 1 <= v.hi <= 24)
        if c is None or not F.can(c.hi * 3 + 4):
            return False
        stack = F.fresh(['stack', 'pending', 'todo', 'queue'])
        out = F.fresh(['result', 'popped', 'order', 'out'])
        F.feat('list', 'list.pop', 'list.append')
        w('%s = list(%s)' % (stack, c.name))
        w('%s = []' % out)
        w('while %s:' % stack)
        if rng.random() < 0.6:
            item = F.fresh(['item', 'top', 'current', 'last'])
            e = Var(item, STR if c.t == LSTR else INT, c.elo, c.ehi, flav='word')
            w('    %s = %s.pop()' % (item, stack))
            w('    if %s:' % cond(F, e))
            w('        %s.append(%s)' % (out, item))
            F.feat('if')
        else:
            F.feat('list.pop(i)')
            w('    %s.append(%s.pop(0))' % (out, stack))
        F.add(Var(stack, c.t, 0, 0, c.elo, c.ehi))
        F.add(Var(out, c.t, 0, c.hi, c.elo, c.ehi))
        F.spend(c.hi * 3 + 4)
        return True
    # a running total that stops at a limit, or when the data runs out
    c = F.pick((LINT, TINT), lambda v: 1 <= v.hi <= 24)
    if c is None or not F.can(c.hi * 3 + 4):
        return False
    limit = F.pick((INT,), lambda v: abs(v.lo) < 10**6 and abs(v.hi) < 10**6)
    lsrc = limit.name if limit is not None else str(rng.randint(5, 40))
    total = F.fresh(['total', 'acc', 'running'])
    i = F.fresh(['i', 'idx', 'used'])
    w('%s = 0' % total)
    w('%s = 0' % i)
    w('while %s < len(%s) and %s < %s:' % (i, c.name, total, lsrc))
    w('    %s += %s[%s]' % (total, c.name, i))
    w('    %s += 1' % i)
    F.feat('len', 'augassign')
    lo, hi = iv_mul((0, c.hi), (c.elo, c.ehi))
    F.add(Var(total, INT, min(lo, 0), max(hi, 0)))
    F.add(Var(i, INT, 0, c.hi))
    F.spend(c.hi * 3 + 4)
    return True
