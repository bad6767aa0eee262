"""Arithmetic idioms: math, mixed int/float/str expressions, values derived from others.

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
    iv_abs,
)
from .expr import summarize
from .aggregates import small


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
