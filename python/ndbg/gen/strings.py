"""String idioms: str methods, key=value parsing, format specs.

Straight-line idioms, drawn from the tables of idioms.py."""


from .core import (
    Var,
    INT,
    FLOAT,
    BOOL,
    STR,
    LINT,
    LSTR,
    DSI,
)
from .loops import fstr


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
