"""Aggregates over collections: sum/min/max/len/sorted and friends, pairs of collections.

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
    LPAIR,
    iv_mul,
)
from .expr import cond, int_to_int


def small(v, bound=10**6):
    return abs(v.lo) <= bound and abs(v.hi) <= bound


def sum_iv(v):
    a, b = iv_mul((v.lo, v.hi), (v.elo, v.ehi))
    return min(a, b, 0), max(a, b, 0)


def st_aggregate(F):
    """A builtin applied to a collection: sum, max, sorted, any, zip, ..."""
    rng = F.rng
    c = F.pick((LINT, TINT, SINT, LSTR, DSI, LPAIR, STR), lambda v: v.hi <= 40)
    if c is None:
        return False
    n = c.name
    r = rng.random()
    w = F.w
    if c.t == TINT and r < 0.15:
        x = rng.randint(c.elo, min(c.ehi, c.elo + 12))
        if rng.random() < 0.5:
            name = F.fresh(['times', 'repeats', 'freq'])
            F.feat('tuple.count')
            w('%s = %s.count(%d)' % (name, n, x))
            F.add(Var(name, INT, 0, c.hi))
        else:
            name = F.fresh(['where', 'position', 'idx'])
            F.feat('tuple.index', 'in', 'ternary')
            w('%s = %s.index(%d) if %d in %s else -1' % (name, n, x, x, n))
            F.add(Var(name, INT, -1, max(-1, c.hi - 1)))
        return True
    if c.t in (LINT, TINT, SINT):
        if r < 0.12:
            name = F.fresh(['total', 'sum_all', 'overall'])
            F.feat('sum')
            if rng.random() < 0.25:
                F.feat('sum(start=)')
                k = rng.randint(1, 10)
                w('%s = sum(%s, %d)' % (name, n, k))
                lo, hi = sum_iv(c)
                F.add(Var(name, INT, lo + k, hi + k))
                return True
            w('%s = sum(%s)' % (name, n))
            F.add(Var(name, INT, *sum_iv(c)))
        elif r < 0.3:
            big = rng.random() < 0.5
            fn = 'max' if big else 'min'
            name = F.fresh(['largest', 'biggest', 'peak', 'top'] if big else ['smallest', 'lowest', 'least'])
            F.feat(fn)
            if c.lo >= 1 and rng.random() < 0.6:
                w('%s = %s(%s)' % (name, fn, n))
                F.add(Var(name, INT, c.elo, c.ehi))
            elif rng.random() < 0.5:
                F.feat(fn + '(default=)')
                w('%s = %s(%s, default=0)' % (name, fn, n))
                F.add(Var(name, INT, min(0, c.elo), max(0, c.ehi)))
            else:
                F.feat('ternary')
                w('%s = %s(%s) if %s else 0' % (name, fn, n, n))
                F.add(Var(name, INT, min(0, c.elo), max(0, c.ehi)))
        elif r < 0.42:
            name = F.fresh(['ordered', 'ranked', 'sorted_values', 'ascending'])
            F.feat('sorted')
            if rng.random() < 0.35:
                F.feat('sorted(reverse=)')
                w('%s = sorted(%s, reverse=True)' % (name, n))
            elif rng.random() < 0.3:
                F.feat('sorted(key=)', 'abs')
                w('%s = sorted(%s, key=abs)' % (name, n))
            else:
                w('%s = sorted(%s)' % (name, n))
            F.add(Var(name, LINT, c.lo, c.hi, c.elo, c.ehi))
        elif r < 0.52:
            fn = rng.choice(('any', 'all'))
            name = F.fresh(['has_match', 'all_ok', 'any_big', 'flag', 'ok'])
            e = Var(F.fresh(['n', 'x', 'v']), INT, c.elo, c.ehi)
            F.feat(fn, 'genexp')
            w('%s = %s(%s for %s in %s)' % (name, fn, cond(F, e), e.name, n))
            F.names.discard(e.name)
            F.add(Var(name, BOOL))
        elif r < 0.6 and c.t != SINT:
            name = F.fresh(['backwards', 'flipped', 'rev'])
            F.feat('reversed', 'list')
            w('%s = list(reversed(%s))' % (name, n))
            F.add(Var(name, LINT, c.lo, c.hi, c.elo, c.ehi))
        elif r < 0.68:
            name = F.fresh(['distinct', 'unique', 'uniq'])
            F.feat('set', 'sorted')
            w('%s = sorted(set(%s))' % (name, n))
            F.add(Var(name, LINT, min(c.lo, 1), c.hi, c.elo, c.ehi))
        elif r < 0.76 and c.t != SINT:
            name = F.fresh(['avg', 'mean', 'average'])
            F.feat('sum', 'len', 'ternary')
            if rng.random() < 0.5:
                F.feat('round')
                w('%s = round(sum(%s) / len(%s), 2) if %s else 0.0' % (name, n, n, n))
            else:
                w('%s = sum(%s) / len(%s) if %s else 0.0' % (name, n, n, n))
            F.add(Var(name, FLOAT))
        elif r < 0.84:
            fn = rng.choice(('filter', 'map'))
            e = F.fresh(['n', 'x', 'v'])
            ev = Var(e, INT, c.elo, c.ehi)
            F.feat(fn, 'lambda', 'list')
            if fn == 'filter':
                name = F.fresh(['kept', 'filtered', 'selected'])
                w('%s = list(filter(lambda %s: %s, %s))' % (name, e, cond(F, ev), n))
                F.add(Var(name, LINT, 0, c.hi, c.elo, c.ehi))
            else:
                name = F.fresh(['mapped', 'converted', 'scaled'])
                x = int_to_int(F, ev)
                w('%s = list(map(lambda %s: %s, %s))' % (name, e, x.name, n))
                F.add(Var(name, LINT, c.lo, c.hi, x.lo, x.hi))
            F.names.discard(e)
        elif r < 0.92 and c.t != SINT:
            name = F.fresh(['frozen', 'as_tuple', 'snapshot', 'key'])
            F.feat('tuple', 'sorted')
            w('%s = tuple(sorted(%s))' % (name, n))
            F.add(Var(name, TINT, c.lo, c.hi, c.elo, c.ehi))
        else:
            name = F.fresh(['spread', 'span', 'width'])
            F.feat('max', 'min', 'ternary')
            w('%s = max(%s) - min(%s) if %s else 0' % (name, n, n, n))
            F.add(Var(name, INT, 0, max(0, c.ehi - c.elo)))
        return True
    if c.t == LSTR:
        if r < 0.15:
            sep = rng.choice((' ', ', ', '-', '', '/', '|'))
            name = F.fresh(['joined', 'line', 'sentence', 'text'])
            F.feat('str.join')
            w('%s = %s.join(%s)' % (name, F.lit(sep), n))
            F.add(Var(name, STR, 0, c.hi * (c.ehi + len(sep)), flav='text' if sep == ' ' else ''))
        elif r < 0.3:
            fn = rng.choice(('max', 'min'))
            name = F.fresh(['longest', 'best', 'pick'] if fn == 'max' else ['shortest', 'pick'])
            F.feat(fn, fn + '(key=)', 'len')
            if c.lo >= 1:
                w('%s = %s(%s, key=len)' % (name, fn, n))
            else:
                F.feat('ternary')
                w('%s = %s(%s, key=len) if %s else %s' % (name, fn, n, n, F.lit('')))
            F.add(Var(name, STR, min(c.elo, 0 if c.lo == 0 else c.elo), c.ehi, flav='word'))
        elif r < 0.45:
            name = F.fresh(['ordered', 'alphabetical', 'ranked'])
            F.feat('sorted')
            k = rng.random()
            if k < 0.3:
                F.feat('sorted(key=)', 'len')
                w('%s = sorted(%s, key=len)' % (name, n))
            elif k < 0.45:
                F.feat('sorted(key=)', 'str.lower')
                w('%s = sorted(%s, key=str.lower)' % (name, n))
            elif k < 0.6:
                F.feat('sorted(reverse=)')
                w('%s = sorted(%s, reverse=True)' % (name, n))
            else:
                w('%s = sorted(%s)' % (name, n))
            F.add(Var(name, LSTR, c.lo, c.hi, c.elo, c.ehi))
        elif r < 0.58:
            name = F.fresh(['lengths', 'sizes', 'widths'])
            F.feat('map', 'len', 'list')
            w('%s = list(map(len, %s))' % (name, n))
            F.add(Var(name, LINT, c.lo, c.hi, c.elo, c.ehi))
        elif r < 0.68:
            name = F.fresh(['shouted', 'upper_words', 'caps'])
            m = rng.choice(('upper', 'lower', 'title', 'strip', 'capitalize'))
            F.feat('map', 'list', 'str.' + m)
            w('%s = list(map(str.%s, %s))' % (name, m, n))
            F.add(Var(name, LSTR, c.lo, c.hi, c.elo, c.ehi))
        elif r < 0.78:
            name = F.fresh(['total_chars', 'total', 'size'])
            e = F.fresh(['w', 'word', 's'])
            F.feat('sum', 'len', 'genexp')
            w('%s = sum(len(%s) for %s in %s)' % (name, e, e, n))
            F.names.discard(e)
            F.add(Var(name, INT, 0, c.hi * c.ehi))
        elif r < 0.88:
            name = F.fresh(['unique', 'deduped', 'distinct'])
            F.feat('dict.fromkeys', 'list')
            w('%s = list(dict.fromkeys(%s))' % (name, n))
            F.add(Var(name, LSTR, min(c.lo, 1), c.hi, c.elo, c.ehi))
        else:
            name = F.fresh(['distinct_count', 'kinds', 'n_unique'])
            F.feat('len', 'set')
            w('%s = len(set(%s))' % (name, n))
            F.add(Var(name, INT, min(c.lo, 1), c.hi))
        return True
    if c.t == DSI:
        if r < 0.2:
            name = F.fresh(['keys', 'names', 'labels'])
            if rng.random() < 0.5:
                F.feat('sorted')
                w('%s = sorted(%s)' % (name, n))
            else:
                F.feat('list', 'dict.keys')
                w('%s = list(%s.keys())' % (name, n))
            F.add(Var(name, LSTR, c.lo, c.hi, 0, 15))
        elif r < 0.35:
            name = F.fresh(['total', 'grand_total', 'overall'])
            F.feat('sum', 'dict.values')
            w('%s = sum(%s.values())' % (name, n))
            F.add(Var(name, INT, *sum_iv(c)))
        elif r < 0.5:
            name = F.fresh(['top', 'winner', 'best_key'])
            fn = rng.choice(('max', 'min'))
            F.feat(fn, fn + '(key=)', 'dict.get', 'ternary')
            w('%s = %s(%s, key=%s.get) if %s else %s' % (name, fn, n, n, n, F.lit('')))
            F.add(Var(name, STR, 0, 15, flav='word'))
        elif r < 0.7:
            name = F.fresh(['ranked', 'ordered', 'by_value'])
            F.feat('sorted', 'sorted(key=)', 'lambda', 'dict.items')
            kv = F.fresh(['kv', 'item', 'pair'])
            key = rng.choice(('%s[1]', '(-%s[1], %s[0])', '(%s[1], %s[0])'))
            key = key % ((kv,) * key.count('%s'))
            if rng.random() < 0.3:
                F.feat('sorted(reverse=)')
                w('%s = sorted(%s.items(), key=lambda %s: %s, reverse=True)' % (name, n, kv, key))
            else:
                w('%s = sorted(%s.items(), key=lambda %s: %s)' % (name, n, kv, key))
            F.names.discard(kv)
            F.add(Var(name, LPAIR, c.lo, c.hi, c.elo, c.ehi))
        elif r < 0.85:
            name = F.fresh(['values', 'amounts', 'numbers'])
            F.feat('list', 'dict.values')
            w('%s = list(%s.values())' % (name, n))
            F.add(Var(name, LINT, c.lo, c.hi, c.elo, c.ehi))
        else:
            name = F.fresh(['pairs', 'entries', 'items'])
            F.feat('list', 'dict.items')
            w('%s = list(%s.items())' % (name, n))
            F.add(Var(name, LPAIR, c.lo, c.hi, c.elo, c.ehi))
        return True
    if c.t == LPAIR:
        if r < 0.35:
            name = F.fresh(['lookup', 'table', 'mapping'])
            F.feat('dict')
            w('%s = dict(%s)' % (name, n))
            F.add(Var(name, DSI, min(c.lo, 1), c.hi, c.elo, c.ehi))
        elif r < 0.6:
            name = F.fresh(['best', 'winner', 'top_name'])
            p = F.fresh(['p', 'pair', 'entry'])
            F.feat('max', 'max(key=)', 'lambda', 'ternary')
            w('%s = max(%s, key=lambda %s: %s[1])[0] if %s else %s' % (name, n, p, p, n, F.lit('')))
            F.names.discard(p)
            F.add(Var(name, STR, 0, 6, flav='word'))
        elif r < 0.8:
            name = F.fresh(['names', 'labels', 'keys'])
            a, b = F.fresh(['name', 'label']), F.fresh(['_', 'score'])
            F.feat('listcomp', 'unpack')
            w('%s = [%s for %s, %s in %s]' % (name, a, a, b, n))
            F.names.discard(a)
            F.names.discard(b)
            F.add(Var(name, LSTR, c.lo, c.hi, 2, 6))
        else:
            name = F.fresh(['ranked', 'ordered', 'by_score'])
            p = F.fresh(['p', 'pair', 'row'])
            F.feat('sorted', 'sorted(key=)', 'lambda')
            w('%s = sorted(%s, key=lambda %s: (%s[1], %s[0]))' % (name, n, p, p, p))
            F.names.discard(p)
            F.add(Var(name, LPAIR, c.lo, c.hi, c.elo, c.ehi))
        return True
    # str
    if r < 0.25:
        name = F.fresh(['chars', 'letters', 'symbols'])
        F.feat('list')
        w('%s = list(%s)' % (name, n))
        F.add(Var(name, LSTR, c.lo, c.hi, 1, 1))
    elif r < 0.45:
        name = F.fresh(['ordered', 'sorted_text', 'key'])
        F.feat('str.join', 'sorted')
        w('%s = %s.join(sorted(%s))' % (name, F.lit(''), n))
        F.add(Var(name, STR, c.lo, c.hi))
    elif r < 0.6:
        name = F.fresh(['backwards', 'mirrored', 'flipped'])
        F.feat('str.join', 'reversed')
        w('%s = %s.join(reversed(%s))' % (name, F.lit(''), n))
        F.add(Var(name, STR, c.lo, c.hi))
    elif r < 0.75:
        name = F.fresh(['distinct', 'n_letters', 'variety'])
        F.feat('len', 'set')
        w('%s = len(set(%s))' % (name, n))
        F.add(Var(name, INT, min(c.lo, 1), c.hi))
    elif r < 0.88:
        name = F.fresh(['letters', 'alphabet', 'used'])
        F.feat('sorted', 'set')
        w('%s = sorted(set(%s))' % (name, n))
        F.add(Var(name, LSTR, min(c.lo, 1), c.hi, 1, 1))
    else:
        name = F.fresh(['codes', 'ords', 'points'])
        ch = F.fresh(['ch', 'c'])
        F.feat('ord', 'listcomp')
        w('%s = [ord(%s) for %s in %s]' % (name, ch, ch, n))
        F.names.discard(ch)
        F.add(Var(name, LINT, c.lo, c.hi, 0, 1114111))
    return True


def st_pairs_two(F):
    """Two collections combined: zip into pairs, a dict, or element-wise sums."""
    rng = F.rng
    a = F.pick((LSTR, LINT, TINT, STR), lambda v: v.hi <= 40)
    if a is None:
        return False
    b = F.pick((LINT, TINT, LSTR, STR), lambda v: v.name != a.name and v.hi <= 40)
    if b is None:
        return False
    w = F.w
    if a.t == LSTR and b.t in (LINT, TINT):
        if rng.random() < 0.5:
            name = F.fresh(['lookup', 'table', 'scores', 'mapping'])
            F.feat('dict', 'zip')
            w('%s = dict(zip(%s, %s))' % (name, a.name, b.name))
            F.add(Var(name, DSI, 0, min(a.hi, b.hi), b.elo, b.ehi))
        else:
            name = F.fresh(['pairs', 'rows', 'records'])
            F.feat('list', 'zip')
            w('%s = list(zip(%s, %s))' % (name, a.name, b.name))
            F.add(Var(name, LPAIR, 0, min(a.hi, b.hi), b.elo, b.ehi))
        return True
    if a.t in (LINT, TINT) and b.t in (LINT, TINT):
        x, y = F.fresh(['a', 'x', 'left']), F.fresh(['b', 'y', 'right'])
        op = rng.choice(('+', '-', '*'))
        name = F.fresh(['combined', 'sums', 'diffs', 'products'])
        F.feat('zip', 'listcomp', 'unpack')
        w('%s = [%s %s %s for %s, %s in zip(%s, %s)]' % (name, x, op, y, x, y, a.name, b.name))
        F.names.discard(x)
        F.names.discard(y)
        if op == '+':
            lo, hi = a.elo + b.elo, a.ehi + b.ehi
        elif op == '-':
            lo, hi = a.elo - b.ehi, a.ehi - b.elo
        else:
            lo, hi = iv_mul((a.elo, a.ehi), (b.elo, b.ehi))
        F.add(Var(name, LINT, 0, min(a.hi, b.hi), lo, hi))
        return True
    if a.t == STR and b.t == STR:
        x, y = F.fresh(['a', 'c1', 'left']), F.fresh(['b', 'c2', 'right'])
        name = F.fresh(['diffs', 'mismatches', 'changes'])
        F.feat('zip', 'sum', 'genexp', 'unpack')
        w('%s = sum(1 for %s, %s in zip(%s, %s) if %s != %s)' % (name, x, y, a.name, b.name, x, y))
        F.names.discard(x)
        F.names.discard(y)
        F.add(Var(name, INT, 0, min(a.hi, b.hi)))
        return True
    return False
