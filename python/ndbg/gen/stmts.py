"""Straight-line idioms: builtins over collections, string, list, dict, set and
tuple methods, branches, try/except, formatting and prints."""

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
    iv_mul,
    iv_abs,
    NAMES,
    SHORT_WORDS,
)
from .expr import cond, xform, int_to_int, summarize
from .loops import fstr


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


def st_str(F):
    """String methods: chains, split, partition, translate, find, replace."""
    rng = F.rng
    s = F.pick((STR,), lambda v: v.hi <= 60)
    if s is None:
        return False
    n = s.name
    w = F.w
    r = rng.random()
    if r < 0.25:
        x = Var(n, STR, s.lo, s.hi, flav=s.flav)
        src = n
        steps = rng.randint(1, 3)
        lo, hi = s.lo, s.hi
        for _ in range(steps):
            m = rng.choice(
                (
                    'strip',
                    'lower',
                    'upper',
                    'title',
                    'replace',
                    'capitalize',
                    'swapcase',
                    'lstrip',
                    'rstrip',
                    'casefold',
                )
            )
            F.feat('str.' + m)
            if m == 'replace':
                a = rng.choice(('a', 'e', ' ', 'o', '-', 'l', 'ab'))
                b = rng.choice(('', '_', '*', '0', 'A', 'oo'))
                src += '.replace(%s, %s)' % (F.lit(a), F.lit(b))
                hi *= max(1, len(b))
                lo = 0
            else:
                src += '.%s()' % m
                if 'strip' in m:
                    lo = 0
        if F.rebindable(s) and rng.random() < 0.45:
            name = n
        else:
            name = F.fresh(['cleaned', 'normalized', 'result', 'clean', 'text2', 'processed'])
        w('%s = %s' % (name, src))
        F.add(Var(name, STR, lo, hi, flav=s.flav if s.flav in ('text', 'word', 'csv', 'kv') else ''))
        return True
    if r < 0.45:
        if s.flav == 'csv' or (s.flav == '' and rng.random() < 0.3):
            sep = ','
        elif s.flav == 'kv':
            sep = ';'
        else:
            sep = None
        name = F.fresh(['words', 'parts', 'tokens', 'fields', 'pieces'])
        k = rng.random()
        if sep is None and k < 0.7:
            F.feat('str.split')
            w('%s = %s.split()' % (name, n))
            F.add(Var(name, LSTR, 0, s.hi // 2 + 1, 1, s.hi, flav='word'))
        elif k < 0.85:
            sep = sep or rng.choice((',', '-', 'a', 'e'))
            F.feat('str.split')
            w('%s = %s.split(%s)' % (name, n, F.lit(sep)))
            F.add(Var(name, LSTR, 1, s.hi + 1, 0, s.hi))
        elif k < 0.93:
            sep = sep or rng.choice((' ', '-', '.'))
            F.feat('str.rsplit')
            w('%s = %s.rsplit(%s, 1)' % (name, n, F.lit(sep)))
            F.add(Var(name, LSTR, 1, 2, 0, s.hi))
        else:
            F.feat('str.splitlines')
            w('%s = %s.splitlines()' % (name, n))
            F.add(Var(name, LSTR, 0, s.hi, 0, s.hi))
        return True
    if r < 0.55:
        sep = {'kv': '=', 'csv': ','}.get(s.flav) or rng.choice((' ', ':', '-', 'a', '.'))
        m = rng.choice(('partition', 'rpartition'))
        head = F.fresh(['head', 'before', 'left', 'name'])
        mid = F.fresh(['sep', 'mark', '_'])
        tail = F.fresh(['tail', 'after', 'rest', 'right'])
        F.feat('str.' + m, 'unpack')
        w('%s, %s, %s = %s.%s(%s)' % (head, mid, tail, n, m, F.lit(sep)))
        F.add(Var(head, STR, 0, s.hi, flav=''))
        F.add(Var(tail, STR, 0, s.hi, flav=''))
        return True
    if r < 0.63:
        src, dst = rng.choice((('aeiou', '12345'), ('abc', 'xyz'), ('lo', '10'), ('ae', 'AE'), ('st', 'ST')))
        table = F.fresh(['table', 'mapping', 'trans'])
        name = F.fresh(['encoded', 'coded', 'swapped', 'result'])
        F.feat('str.maketrans', 'str.translate')
        if rng.random() < 0.7:
            w('%s = str.maketrans(%s, %s)' % (table, F.lit(src), F.lit(dst)))
        else:
            w('%s = str.maketrans(%s, %s, %s)' % (table, F.lit(src), F.lit(dst), F.lit(rng.choice((' ', '-', '!')))))
        w('%s = %s.translate(%s)' % (name, n, table))
        F.add(Var(name, STR, 0, s.hi))
        return True
    if r < 0.75:
        c = rng.choice(('a', 'e', ' ', 'o', ':', 'n'))
        m = rng.choice(('find', 'rfind'))
        pos = F.fresh(['pos', 'idx', 'at', 'cut'])
        F.feat('str.' + m, 'if', 'slice')
        w('%s = %s.%s(%s)' % (pos, n, m, F.lit(c)))
        out = F.fresh(['head', 'prefix', 'trimmed', 'shown'])
        k = rng.random()
        if k < 0.5:
            w('if %s != -1:' % pos)
            w('    %s = %s[:%s]' % (out, n, pos))
            F.feat('else')
            w('else:')
            w('    %s = %s' % (out, n))
        else:
            F.feat('ternary')
            w('%s = %s[%s + 1:] if %s >= 0 else %s' % (out, n, pos, pos, n))
        F.add(Var(pos, INT, -1, max(-1, s.hi - 1)))
        F.add(Var(out, STR, 0, s.hi))
        return True
    if r < 0.85:
        pre = rng.choice(('a', 'the', 'x', 'un', 're', 'b', '-'))
        m = rng.random()
        name = n if F.rebindable(s) and rng.random() < 0.5 else F.fresh(['trimmed', 'stem', 'base', 'core'])
        if m < 0.5:
            F.feat('str.startswith', 'if', 'slice')
            if name != n:
                w('%s = %s' % (name, n))
            w('if %s.startswith(%s):' % (name, F.lit(pre)))
            w('    %s = %s[%d:]' % (name, name, len(pre)))
        elif m < 0.75:
            F.feat('str.endswith', 'if', 'slice')
            if name != n:
                w('%s = %s' % (name, n))
            suf = rng.choice(('s', 'ing', 'ed', '!', 'y'))
            w('if %s.endswith(%s):' % (name, F.lit(suf)))
            w('    %s = %s[:-%d]' % (name, name, len(suf)))
        else:
            meth = rng.choice(('removeprefix', 'removesuffix'))
            F.feat('str.' + meth)
            w('%s = %s.%s(%s)' % (name, n, meth, F.lit(pre)))
        F.add(Var(name, STR, 0, s.hi, flav=s.flav))
        return True
    if r < 0.93:
        name = F.fresh(['is_num', 'numeric', 'all_letters', 'is_word', 'looks_ok'])
        m = rng.choice(
            ('isdigit', 'isalpha', 'isalnum', 'islower', 'isupper', 'istitle', 'isspace', 'isnumeric', 'isdecimal')
        )
        F.feat('str.' + m)
        w('%s = %s.%s()' % (name, n, m))
        F.add(Var(name, BOOL))
        return True
    name = F.fresh(['occurrences', 'hits', 'n_found'])
    sub = rng.choice(('a', 'e', 'ab', 'o', ' ', 'an', '1'))
    F.feat('str.count')
    w('%s = %s.count(%s)' % (name, n, F.lit(sub)))
    F.add(Var(name, INT, 0, s.hi))
    return True


def st_kv_parse(F):
    """Parse 'a=1;b=2' or 'x,3,y' style text into a dict or a list of ints."""
    rng = F.rng
    s = F.pick((STR,), lambda v: v.flav in ('kv', 'csv') and v.hi <= 40)
    if s is None or not F.can(s.hi * 2):
        return False
    w = F.w
    if s.flav == 'kv':
        d = F.fresh(['settings', 'config', 'values', 'parsed'])
        item = F.fresh(['item', 'entry', 'chunk'])
        key = F.fresh(['key', 'name', 'k'])
        val = F.fresh(['raw', 'value', 'text_value'])
        w('%s = {}' % d)
        w('for %s in %s.split(%s):' % (item, s.name, F.lit(';')))
        F.feat('for', 'str.split', 'str.partition', 'unpack', 'if', 'str.isdigit', 'int')
        w('    %s, _, %s = %s.partition(%s)' % (key, val, item, F.lit('=')))
        w('    if %s.isdigit():' % val)
        w('        %s[%s] = int(%s)' % (d, key, val))
        if rng.random() < 0.5:
            F.feat('else')
            w('    else:')
            w('        %s[%s] = 0' % (d, key))
        F.add(Var(d, DSI, 0, s.hi, 0, 10**6))
        F.spend(s.hi + 2)
        return True
    out = F.fresh(['numbers', 'values', 'parsed'])
    bad = F.fresh(['skipped', 'errors', 'bad'])
    tok = F.fresh(['tok', 'field', 'part'])
    w('%s = []' % out)
    w('%s = 0' % bad)
    w('for %s in %s.split(%s):' % (tok, s.name, F.lit(',')))
    F.feat('for', 'str.split', 'try', 'int', 'list.append', 'ValueError')
    w('    try:')
    w('        %s.append(int(%s))' % (out, tok))
    w('    except ValueError:')
    w('        %s += 1' % bad)
    F.add(Var(out, LINT, 0, s.hi, -(10**15), 10**15))
    F.add(Var(bad, INT, 0, s.hi))
    F.spend(s.hi * 3 + 3)
    return True


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


def st_math(F):
    rng = F.rng
    w = F.w
    u = F.pick((INT,), lambda v: small(v))
    if u is None:
        return False
    r = rng.random()
    if r < 0.2:
        k = rng.randint(2, 12)
        q, m = F.fresh(['quotient', 'q', 'whole', 'tens']), F.fresh(['remainder', 'r', 'rest', 'ones'])
        F.feat('divmod', 'unpack')
        w('%s, %s = divmod(%s, %d)' % (q, m, u.name, k))
        F.add(Var(q, INT, u.lo // k, u.hi // k))
        F.add(Var(m, INT, 0, k - 1))
    elif r < 0.32:
        m = rng.randint(5, 13)
        name = F.fresh(['residue', 'hashed', 'bucket'])
        F.feat('pow', 'pow(mod)')
        w('%s = pow(%s, %d, %d)' % (name, u.name, rng.randint(2, 5), m))
        F.add(Var(name, INT, 0, m - 1))
    elif r < 0.44:
        name = F.fresh(['bits', 'width', 'nbits'])
        F.feat('int.bit_length')
        w('%s = %s.bit_length()' % (name, u.name))
        F.add(Var(name, INT, 0, max(abs(u.lo), abs(u.hi)).bit_length()))
    elif r < 0.56:
        name = F.fresh(['ones', 'set_bits', 'popcount'])
        F.feat('bin', 'str.count')
        w('%s = bin(%s).count(%s)' % (name, u.name, F.lit('1')))
        F.add(Var(name, INT, 0, 64))
    elif r < 0.68:
        v = F.pick((INT,), lambda x: x.name != u.name and small(x))
        if v is None:
            return False
        name = F.fresh(['gap', 'distance', 'delta'])
        F.feat('abs')
        w('%s = abs(%s - %s)' % (name, u.name, v.name))
        F.add(Var(name, INT, 0, max(abs(u.lo - v.hi), abs(u.hi - v.lo))))
    elif r < 0.78:
        name = F.fresh(['half', 'scaled', 'ratio'])
        k = rng.choice((2, 3, 4, 8))
        F.feat('float.is_integer')
        ok = F.fresh(['whole', 'is_whole', 'exact'])
        w('%s = %s / %d' % (name, u.name, k))
        w('%s = %s.is_integer()' % (ok, name))
        F.add(Var(name, FLOAT))
        F.add(Var(ok, BOOL))
    elif r < 0.86:
        others = F.pick_all((INT,), lambda x: x.name != u.name and small(x))
        fn = rng.choice(('min', 'max'))
        name = F.fresh(['lowest', 'cap', 'clamped'] if fn == 'min' else ['highest', 'floor_at', 'clamped'])
        k = rng.randint(0, 10)
        F.feat(fn)
        if others:
            o = rng.choice(others)
            w('%s = %s(%s, %s, %d)' % (name, fn, u.name, o.name, k))
            lo = (min if fn == 'min' else max)(u.lo, o.lo, k)
            hi = (min if fn == 'min' else max)(u.hi, o.hi, k)
        else:
            w('%s = %s(%s, %d)' % (name, fn, u.name, k))
            lo = (min if fn == 'min' else max)(u.lo, k)
            hi = (min if fn == 'min' else max)(u.hi, k)
        F.add(Var(name, INT, lo, hi))
    elif r < 0.93:
        name = F.fresh(['binary', 'bits_text', 'as_bits'])
        back = F.fresh(['back', 'restored', 'decoded'])
        F.feat('bin', 'slice', 'int(base)', 'abs')
        w('%s = bin(abs(%s))[2:]' % (name, u.name))
        w('%s = int(%s, 2)' % (back, name))
        F.add(Var(name, STR, 1, 64, flav='digits'))
        F.add(Var(back, INT, *iv_abs(u.lo, u.hi)))
    else:
        f = F.pick((FLOAT,))
        name = F.fresh(['rounded', 'approx', 'nearest'])
        F.feat('round')
        if f is not None:
            w('%s = round(%s, %d)' % (name, f.name, rng.randint(0, 2)))
            F.add(Var(name, FLOAT))
        else:
            w('%s = round(%s / %d)' % (name, u.name, rng.randint(2, 7)))
            F.add(Var(name, INT, u.lo // 2 - 1, u.hi // 2 + 1))
    return True


def st_format(F):
    """A formatted string: f-string with format specs, str.format, % formatting."""
    rng = F.rng
    vs = F.pick_all((INT, STR, FLOAT, BOOL), lambda v: v.t != STR or v.hi <= 30)
    if not vs:
        return False
    a = rng.choice(vs)
    b = rng.choice([v for v in vs if v is not a] or vs)
    w = F.w
    name = F.fresh(['summary', 'report', 'message', 'line', 'caption', 'out'])
    r = rng.random()

    def spec(v):
        if v.t == FLOAT:
            return rng.choice((':.2f', ':.1f', ':>8.2f', ''))
        if v.t == INT:
            return rng.choice((':>3', ':<4', ':03d', ':+d', ':,', ''))
        if v.t == STR:
            return rng.choice((':>8', ':<6', ':^9', '!r', ''))
        return ''

    if r < 0.55:
        body = rng.choice(('{a}: {b}', '{a} -> {b}', '[{a}|{b}]', '{a}={b}', '{a} ({b})'))
        text = body.replace('{a}', '{%s%s}' % (a.name, spec(a))).replace('{b}', '{%s%s}' % (b.name, spec(b)))
        w('%s = %s' % (name, fstr(F, text)))
    elif r < 0.8:
        F.feat('str.format')
        tpl = rng.choice(('{} / {}', '{0}-{1}-{0}', '{}: {}', '<{}> {}'))
        w('%s = %s.format(%s, %s)' % (name, F.lit(tpl), a.name, b.name))
    else:
        F.feat('percent_format')
        fa = '%d' if a.t in (INT, BOOL) else '%.2f' if a.t == FLOAT else '%s'
        fb = '%s'
        w('%s = %s %% (%s, %s)' % (name, F.lit(fa + ' of ' + fb), a.name, b.name))
    F.add(Var(name, STR, 1, 120))
    return True


def st_mixed(F):
    """isinstance dispatch over a list of mixed values."""
    rng = F.rng
    c = F.pick(('list[mixed]',))
    if c is None or not F.can(c.hi * 4):
        return False
    w = F.w
    item = F.fresh(['item', 'value', 'x', 'entry'])
    F.feat('for')
    r = rng.random()
    if r < 0.3:
        kinds = F.fresh(['kinds', 'type_counts', 'by_type'])
        F.feat('type', 'dict.get')
        w('%s = {}' % kinds)
        w('for %s in %s:' % (item, c.name))
        w(
            '    name = type(%s).__name__' % item
            if not F.taken('name')
            else '    %s[type(%s).__name__] = %s.get(type(%s).__name__, 0) + 1' % (kinds, item, kinds, item)
        )
        if not F.taken('name'):
            F.claim('name')
            w('    %s[name] = %s.get(name, 0) + 1' % (kinds, kinds))
        F.add(Var(kinds, DSI, 0, c.hi, 1, c.hi))
        F.spend(c.hi * 3)
        return True
    total = F.fresh(['total', 'numeric_sum', 'acc'])
    words = F.fresh(['words', 'texts', 'strings'])
    other = F.fresh(['skipped', 'others', 'missing'])
    w('%s = 0' % total)
    w('%s = []' % words)
    w('%s = 0' % other)
    w('for %s in %s:' % (item, c.name))
    F.feat('isinstance', 'if', 'elif')
    w('    if isinstance(%s, bool):' % item)
    w('        %s += 1' % other)
    w('    elif isinstance(%s, (int, float)):' % item)
    w('        %s += %s' % (total, item))
    w('    elif isinstance(%s, str):' % item)
    F.feat('list.append', 'str.upper')
    w('        %s.append(%s.upper())' % (words, item))
    w('    else:')
    w('        %s += 1' % other)
    F.feat('else')
    F.add(Var(total, FLOAT))
    F.add(Var(words, LSTR, 0, c.hi, 2, 6))
    F.add(Var(other, INT, 0, c.hi))
    F.spend(c.hi * 4)
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


def st_derive(F):
    """A new scalar from what is in scope: a length, a count, a conversion."""
    rng = F.rng
    v = F.pick((STR, INT, LINT, LSTR, DSI, TINT, SINT, LPAIR), lambda x: x.t != STR or x.hi <= 60)
    if v is None:
        return False
    t = rng.choice((INT, INT, STR, BOOL, FLOAT)) if v.t in (INT, STR) else rng.choice((INT, INT, STR, FLOAT))
    x = summarize(F, v, t)
    if x.name == v.name:
        return False
    names = {
        INT: ['size', 'n', 'count', 'score', 'length', 'k', 'amount'],
        STR: ['shown', 'label', 'text_out', 'rendered', 'display'],
        BOOL: ['ok', 'flag', 'is_big', 'matches', 'valid'],
        FLOAT: ['ratio', 'avg', 'scaled', 'fraction'],
    }[t]
    name = F.fresh(names)
    F.w('%s = %s' % (name, x.name))
    F.add(Var(name, t, x.lo, x.hi, x.elo, x.ehi, x.flav))
    return True
