"""Building blocks of the program generator: typed variables, literals, names, writers.

The generator builds programs out of small idioms that read typed variables in
scope and define new ones.  Each variable carries a conservative summary of the
values it can hold at run time (an int's range, a collection's length range and
its elements' range), so that idioms can pick operations that never fail by
accident (no empty max(), no huge range(), no unbounded loop).  A program fails
or loops forever only where the generator puts a fault on purpose.

Everything here must run, and everything it writes must parse, on Python 3.9.
"""

# Value types.  Short codes keep the idiom tables readable.
INT, FLOAT, BOOL, STR = 'int', 'float', 'bool', 'str'
LINT = 'list[int]'
LSTR = 'list[str]'
TINT = 'tuple[int]'
SINT = 'set[int]'
DSI = 'dict[str,int]'
DII = 'dict[int,int]'
DSL = 'dict[str,list]'
LPAIR = 'list[tuple[str,int]]'
LMIX = 'list[mixed]'
LLINT = 'list[list[int]]'
OPT = 'int|None'

SEQS = (STR, LINT, LSTR, TINT)
INTCOLL = (LINT, TINT, SINT)
SIZED = (STR, LINT, LSTR, TINT, SINT, DSI, DII, DSL, LPAIR, LMIX, LLINT)

BIG = 10**6


class Var:
    """A variable in scope and what is known about its run-time values.

    int: lo..hi is the value range.  str and collections: lo..hi is the length
    range; elo..ehi the range of int elements (dict values, pair numbers), or
    of element lengths for list[str].  flav says what a string looks like
    ('word', 'text', 'csv', 'digits', 'code', 'kv', 'char', '').
    """

    __slots__ = ('name', 't', 'lo', 'hi', 'elo', 'ehi', 'flav', 'uses')

    def __init__(self, name, t, lo=0, hi=0, elo=0, ehi=0, flav=''):
        self.uses = 0
        self.name = name
        self.t = t
        self.lo = lo
        self.hi = hi
        self.elo = elo
        self.ehi = ehi
        self.flav = flav

    def like(self, name):
        return Var(name, self.t, self.lo, self.hi, self.elo, self.ehi, self.flav)

    def __repr__(self):
        return 'Var(%s %s %s..%s e%s..%s %s)' % (self.name, self.t, self.lo, self.hi, self.elo, self.ehi, self.flav)


def iv_mul(a, b):
    p = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return min(p), max(p)


def iv_abs(lo, hi):
    if lo >= 0:
        return lo, hi
    if hi <= 0:
        return -hi, -lo
    return 0, max(-lo, hi)


def clamp_iv(lo, hi):
    return max(lo, -BIG * BIG), min(hi, BIG * BIG)


# ---------------------------------------------------------------------------
# Literal data

WORDS = [
    'apple',
    'banana',
    'cherry',
    'kiwi',
    'mango',
    'pear',
    'plum',
    'fig',
    'lime',
    'grape',
    'melon',
    'cat',
    'dog',
    'owl',
    'fox',
    'bee',
    'ant',
    'cow',
    'hen',
    'yak',
    'emu',
    'red',
    'blue',
    'green',
    'gray',
    'pink',
    'gold',
    'run',
    'jump',
    'read',
    'walk',
    'sing',
    'code',
    'test',
    'data',
    'node',
    'tree',
    'leaf',
    'root',
    'moon',
    'star',
    'sun',
    'sky',
    'rain',
    'snow',
    'wind',
    'sea',
    'map',
    'key',
    'box',
    'cup',
    'pen',
    'ink',
    'tag',
    'log',
    'bit',
    'oak',
    'elm',
    'ash',
    'ivy',
    'bob',
    'ana',
    'eve',
    'sam',
    'tom',
    'zoe',
    'ivan',
    'lena',
    'omar',
    'noah',
    'mia',
    'ada',
    'level',
    'radar',
    'noon',
    'civic',
    'kayak',
    'wow',
    'hello',
    'world',
    'python',
    'list',
    'queue',
    'stack',
    'alpha',
    'beta',
    'gamma',
    'delta',
    'zeta',
    'echo',
    'lima',
    'papa',
    'hotel',
    'bravo',
]
SHORT_WORDS = [w for w in WORDS if len(w) <= 5]
LETTERS = 'abcdefghijklmnopqrstuvwxyz'
VOWELS = 'aeiou'
PUNCT = '.,!?-'


def _caseify(rng, w):
    r = rng.random()
    if r < 0.12:
        return w.capitalize()
    if r < 0.18:
        return w.upper()
    return w


def str_value(rng, flav, lo=0, hi=15):
    """A string of the given flavour, of length lo..hi (hi >= 3)."""
    for _ in range(20):
        s = _str_value(rng, flav)
        if lo <= len(s) <= hi:
            return s
    return 'abc'[: max(lo, min(hi, 3))] if lo <= 3 else 'a' * lo


def _str_value(rng, flav):
    if flav == 'word':
        return _caseify(rng, rng.choice(WORDS))
    if flav == 'text':
        n = rng.choice((1, 2, 2, 3, 3))
        words = [_caseify(rng, rng.choice(SHORT_WORDS)) for _ in range(n)]
        s = ' '.join(words)
        r = rng.random()
        if r < 0.1:
            s = ' ' + s + ' '
        elif r < 0.2 and n > 1:
            s = s.replace(' ', '  ', 1)
        elif r < 0.3:
            s = s + rng.choice(PUNCT)
        return s
    if flav == 'digits':
        return str(rng.randint(0, 10 ** rng.randint(1, 6)))
    if flav == 'csv':
        n = rng.randint(2, 4)
        parts = []
        for _ in range(n):
            r = rng.random()
            if r < 0.45:
                parts.append(str(rng.randint(0, 99)))
            elif r < 0.9:
                parts.append(rng.choice(SHORT_WORDS))
            else:
                parts.append('')
        return ','.join(parts)[:15]
    if flav == 'kv':
        n = rng.randint(1, 3)
        keys = rng.sample('abcdxyz', n)
        return ';'.join('%s=%d' % (k, rng.randint(0, 9)) for k in keys)
    if flav == 'char':
        return rng.choice(LETTERS + VOWELS + '0123456789 ')
    # 'code' and anything else: letters, digits and a separator
    n = rng.randint(3, 10)
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.5:
            out.append(rng.choice(LETTERS))
        elif r < 0.8:
            out.append(rng.choice('0123456789'))
        elif r < 0.9:
            out.append(rng.choice('ABCDEFXYZ'))
        else:
            out.append(rng.choice('-_ .'))
    return ''.join(out)


def int_value(rng, lo, hi):
    """An int in lo..hi, drawn with a bias to small values and the edges."""
    if lo == hi:
        return lo
    r = rng.random()
    if r < 0.1:
        return lo
    if r < 0.18:
        return hi
    if r < 0.7 and lo <= 10 and hi >= 0:
        return rng.randint(max(lo, -3), min(hi, 10))
    return rng.randint(lo, hi)


def value_for(rng, v):
    """A concrete value that satisfies what Var v says of its values."""
    t = v.t
    if t == INT:
        return int_value(rng, v.lo, v.hi)
    if t == FLOAT:
        return round(rng.uniform(0, 20), rng.choice((1, 1, 2)))
    if t == BOOL:
        return rng.random() < 0.5
    n = int_value(rng, v.lo, v.hi) if t != STR else None
    if t == STR:
        return str_value(rng, v.flav or 'code', v.lo, v.hi)
    if t == LINT:
        return [int_value(rng, v.elo, v.ehi) for _ in range(n)]
    if t == TINT:
        return tuple(int_value(rng, v.elo, v.ehi) for _ in range(n))
    if t == SINT:
        out = set()
        for _ in range(n * 3):
            if len(out) >= n:
                break
            out.add(int_value(rng, v.elo, v.ehi))
        return out if len(out) >= v.lo else set(range(v.elo, v.elo + v.lo))
    if t == LSTR:
        pool = [w for w in WORDS if v.elo <= len(w) <= v.ehi] or ['ab']
        return [_caseify(rng, rng.choice(pool)) if rng.random() < 0.3 else rng.choice(pool) for _ in range(n)]
    if t == DSI:
        keys = rng.sample(SHORT_WORDS, n)
        return {k: int_value(rng, v.elo, v.ehi) for k in keys}
    if t == LPAIR:
        return [(rng.choice(SHORT_WORDS), int_value(rng, v.elo, v.ehi)) for _ in range(n)]
    if t == LMIX:
        out = []
        for _ in range(n):
            r = rng.random()
            if r < 0.35:
                out.append(rng.randint(-5, 20))
            elif r < 0.6:
                out.append(rng.choice(SHORT_WORDS))
            elif r < 0.72:
                out.append(round(rng.uniform(0, 10), 1))
            elif r < 0.82:
                out.append(None)
            elif r < 0.9:
                out.append(rng.random() < 0.5)
            else:
                out.append([rng.randint(0, 9) for _ in range(rng.randint(0, 3))])
        return out
    if t == LLINT:
        return [[int_value(rng, v.elo, v.ehi) for _ in range(rng.randint(0, 3))] for _ in range(n)]
    raise ValueError('no literal for type %s' % t)


def lit(v, q="'"):
    """Source text for a value, with the program's quote style."""
    t = type(v)
    if t is str:
        r = repr(v)
        if q == '"' and '"' not in v and "'" not in v:
            return '"' + r[1:-1] + '"'
        return r
    if t is list:
        return '[' + ', '.join(lit(x, q) for x in v) + ']'
    if t is tuple:
        if len(v) == 1:
            return '(' + lit(v[0], q) + ',)'
        return '(' + ', '.join(lit(x, q) for x in v) + ')'
    if t is dict:
        return '{' + ', '.join(lit(k, q) + ': ' + lit(x, q) for k, x in v.items()) + '}'
    if t is set:
        if not v:
            return 'set()'
        return '{' + ', '.join(lit(x, q) for x in sorted(v)) + '}'
    return repr(v)


# ---------------------------------------------------------------------------
# Names

NAMES = {
    INT: [
        'n',
        'k',
        'count',
        'total',
        'limit',
        'step',
        'size',
        'start',
        'target',
        'width',
        'threshold',
        'value',
        'num',
        'offset',
        'depth',
        'level',
    ],
    FLOAT: ['ratio', 'avg', 'mean', 'rate', 'factor', 'scale', 'share', 'weight'],
    BOOL: ['found', 'flag', 'ok', 'valid', 'done', 'matched', 'changed', 'strict'],
    STR: [
        'text',
        's',
        'word',
        'name',
        'line',
        'label',
        'token',
        'msg',
        'code',
        'sentence',
        'title',
        'key',
        'prefix',
        'pattern',
        'source',
    ],
    LINT: [
        'nums',
        'values',
        'data',
        'scores',
        'numbers',
        'arr',
        'items',
        'xs',
        'weights',
        'lengths',
        'readings',
        'marks',
        'heights',
        'costs',
    ],
    LSTR: [
        'words',
        'names',
        'tokens',
        'parts',
        'lines',
        'labels',
        'tags',
        'fields',
        'items',
        'keys',
        'chunks',
        'entries',
    ],
    TINT: ['point', 'pair', 'bounds', 'dims', 'coords', 'triple', 'shape', 'span'],
    SINT: ['seen', 'visited', 'unique', 'pool', 'ids', 'marked', 'allowed'],
    DSI: [
        'counts',
        'freq',
        'scores',
        'totals',
        'table',
        'stock',
        'ages',
        'prices',
        'votes',
        'inventory',
        'ranks',
        'budget',
    ],
    DII: ['counts', 'buckets', 'hist', 'tally', 'index', 'groups'],
    DSL: ['groups', 'buckets', 'index', 'by_key', 'bins'],
    LPAIR: ['pairs', 'records', 'entries', 'rows', 'scores', 'items', 'results'],
    LMIX: ['items', 'values', 'mixed', 'data', 'things', 'stuff', 'row'],
    LLINT: ['rows', 'grid', 'chunks', 'batches', 'groups', 'matrix'],
    OPT: ['best', 'hit', 'found', 'match', 'first', 'result'],
}

RESERVED = {
    'abs',
    'all',
    'any',
    'bin',
    'bool',
    'chr',
    'dict',
    'divmod',
    'enumerate',
    'filter',
    'float',
    'format',
    'frozenset',
    'hex',
    'input',
    'int',
    'isinstance',
    'iter',
    'len',
    'list',
    'map',
    'max',
    'min',
    'next',
    'oct',
    'ord',
    'pow',
    'print',
    'range',
    'repr',
    'reversed',
    'round',
    'set',
    'sorted',
    'str',
    'sum',
    'tuple',
    'type',
    'zip',
    'id',
    'hash',
    'object',
    'super',
    'slice',
    'vars',
    'True',
    'False',
    'None',
    'and',
    'or',
    'not',
    'in',
    'is',
    'if',
    'else',
    'for',
    'while',
    'def',
    'return',
    'class',
    'try',
    'except',
    'lambda',
    'yield',
}


class Writer:
    __slots__ = ('lines', 'ind')

    def __init__(self):
        self.lines = []
        self.ind = 0

    def __call__(self, s):
        self.lines.append('    ' * self.ind + s)


class Fn:
    """One body being written: a function's, or the module's own statements."""

    def __init__(self, g, is_func, depth=0, budget=160):
        self.g = g
        self.rng = g.rng
        self.w = Writer()
        self.scope = []
        self.names = set()
        self.is_func = is_func
        self.depth = depth
        self.mult = 1
        self.cost = 0
        self.budget = budget
        self.loop_depth = 0
        self.returns = []

    # -- scope
    def add(self, v):
        self.scope = [x for x in self.scope if x.name != v.name]
        self.scope.append(v)
        self.names.add(v.name)
        self.g.local_names.add(v.name)
        return v

    def drop(self, name):
        self.scope = [x for x in self.scope if x.name != name]

    def get(self, name):
        for v in self.scope:
            if v.name == name:
                return v
        return None

    def pick(self, types, pred=None):
        """A variable of one of types, biased towards recently defined ones."""
        c = [v for v in self.scope if v.t in types and (pred is None or pred(v))]
        if not c:
            return None
        # recent and not yet used variables first: data flows on instead of piling up
        total = 0
        weights = []
        for i, v in enumerate(c):
            wgt = (i + 2) * (5 if v.uses == 0 else 1)
            total += wgt
            weights.append(wgt)
        r = self.rng.random() * total
        for v, wgt in zip(c, weights):
            r -= wgt
            if r < 0:
                break
        v.uses += 1
        return v

    def pick_all(self, types, pred=None):
        return [v for v in self.scope if v.t in types and (pred is None or pred(v))]

    def taken(self, name):
        return name in self.names or name in self.g.taken or name in RESERVED

    def fresh(self, cands):
        """An unused local name, preferring the first candidates."""
        rng = self.rng
        if isinstance(cands, str):
            cands = NAMES[cands]
        n = len(cands)
        for _ in range(3):
            c = cands[int(n * rng.random() ** 1.5)]
            if not self.taken(c):
                self.names.add(c)
                self.g.local_names.add(c)
                return c
        for c in cands:
            if not self.taken(c):
                self.names.add(c)
                self.g.local_names.add(c)
                return c
        base = cands[0]
        k = 2
        while self.taken('%s%d' % (base, k)):
            k += 1
        name = '%s%d' % (base, k)
        self.names.add(name)
        self.g.local_names.add(name)
        return name

    # -- cost, in estimated executed lines
    def can(self, lines):
        return self.cost + lines * self.mult <= self.budget

    def spend(self, lines):
        self.cost += lines * self.mult

    def room(self):
        return max(0, self.budget - self.cost) // max(1, self.mult)

    def claim(self, *names):
        for n in names:
            self.names.add(n)
            self.g.local_names.add(n)

    def rebindable(self, v):
        """May v's name be assigned here? Never a module constant's."""
        return v.name.isidentifier() and not v.name.isupper() and v in self.scope

    def isolated(self, *vs):
        """A scratch body whose scope holds only vs: for code that goes into another function."""
        h = Fn(self.g, True, self.depth + 1)
        for v in vs:
            h.scope.append(v)
            h.names.add(v.name)
        return h

    def lit(self, v):
        return lit(v, self.g.q)

    def feat(self, *names):
        self.g.feats.update(names)
