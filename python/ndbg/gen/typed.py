"""Typed statements over the values small real functions work on: strings, lists and
dicts handled with their builtin methods, the builtin functions, comprehensions and
short loops. The short-function and class-script shapes (short.py, classes.py) write
their bodies from here.

A `Scope` knows the names in scope and their types; each snippet looks for names of
the types it needs, writes one statement (or a small block) and binds its result to
a new name of a known type, so every statement that follows can use it. Whether a
program runs cleanly is checked by running it (short.py), not proved here.
"""

WORDS = [
    'apple',
    'banana',
    'cherry',
    'kiwi',
    'lemon',
    'mango',
    'pear',
    'plum',
    'grape',
    'fig',
    'red',
    'blue',
    'green',
    'alpha',
    'beta',
    'gamma',
    'delta',
    'north',
    'south',
    'east',
    'cat',
    'dog',
    'bird',
    'fish',
    'tree',
    'rock',
    'sun',
    'moon',
    'star',
    'sky',
    'hello',
    'world',
    'python',
    'code',
    'data',
    'item',
    'node',
    'key',
    'value',
    'text',
    'ab',
    'xyz',
]
CHARS = 'abcdeilmnorstxyz'
SEPS = [' ', ',', '-', '_', ':', ';', '.', '|', '/']
TYPES = ('str', 'int', 'lint', 'lstr', 'dsi', 'bool')

# names a function's locals take, per type
NAMES = {
    'str': ['s', 'text', 'word', 'line', 'name', 'result', 'out', 'prefix', 'part', 'tail', 'head', 'label'],
    'int': ['n', 'count', 'total', 'i', 'k', 'idx', 'size', 'num', 'pos', 'best', 'width', 'acc'],
    'lint': ['nums', 'values', 'xs', 'items', 'scores', 'arr', 'data', 'seq', 'evens', 'res'],
    'lstr': ['words', 'parts', 'names', 'tokens', 'chunks', 'keys', 'letters', 'pieces'],
    'dsi': ['counts', 'd', 'freq', 'table', 'mapping', 'seen', 'index', 'tally'],
    'bool': ['ok', 'found', 'flag', 'done', 'valid', 'match'],
}


def q(s):
    """A str literal as repr writes it (the programs read like real code)."""
    return repr(s)


class Scope:
    def __init__(self, rng):
        self.rng = rng
        self.vars = {}  # name -> type, in binding order
        self.used = set()

    def of(self, *types):
        return [n for n, t in self.vars.items() if t in types]

    def pick(self, *types):
        names = self.of(*types)
        return self.rng.choice(names) if names else None

    def fresh(self, t):
        pool = [n for n in NAMES[t] if n not in self.vars and n not in self.used]
        name = self.rng.choice(pool) if pool else '%s%d' % (NAMES[t][0], len(self.used))
        self.used.add(name)
        return name

    def bind(self, t, reuse=0.25):
        """A name for a new value of type t: sometimes an existing name of that type is rebound."""
        same = self.of(t)
        if same and self.rng.random() < reuse:
            return self.rng.choice(same)
        name = self.fresh(t)
        self.vars[name] = t
        return name


# literals -------------------------------------------------------------------


def lit_str(rng):
    r = rng.random()
    if r < 0.35:
        return rng.choice(WORDS)
    if r < 0.55:
        return rng.choice(SEPS[:4]).join(rng.sample(WORDS, rng.randint(2, 4)))
    if r < 0.7:
        return ''.join(rng.choice(CHARS) for _ in range(rng.randint(3, 9)))
    if r < 0.8:
        w = rng.choice(WORDS)
        return w.upper() if rng.random() < 0.5 else w.title()
    if r < 0.9:
        return '%s%d' % (rng.choice(WORDS), rng.randint(0, 99))
    return '  %s  ' % rng.choice(WORDS) if rng.random() < 0.5 else ''.join(rng.sample('abcdefgh', rng.randint(2, 6)))


def lit_value(rng, t):
    if t == 'str':
        return q(lit_str(rng))
    if t == 'int':
        return str(rng.choice([rng.randint(0, 9), rng.randint(-5, 20), rng.randint(1, 4)]))
    if t == 'lint':
        return repr([rng.randint(-3, 12) for _ in range(rng.randint(0, 7) if rng.random() < 0.9 else 0)])
    if t == 'lstr':
        return repr([rng.choice(WORDS) for _ in range(rng.randint(1, 5))])
    if t == 'dsi':
        return repr({w: rng.randint(0, 9) for w in rng.sample(WORDS, rng.randint(1, 4))})
    if t == 'bool':
        return rng.choice(['True', 'False'])
    raise ValueError(t)


def char(rng):
    return q(rng.choice(CHARS + ' ,'))


# snippets: each writes lines (indented by 4 for blocks) or returns None -------


def s_str_method(S):
    s = S.pick('str')
    if s is None:
        return None
    r = S.rng
    m = r.choice(
        [
            'upper()',
            'lower()',
            'strip()',
            'title()',
            'capitalize()',
            'swapcase()',
            'casefold()',
            'lstrip()',
            'rstrip()',
            'replace(%s, %s)' % (char(r), char(r)),
            'replace(%s, %s)' % (char(r), q('')),
            'strip(%s)' % q(''.join(r.sample(CHARS, 2))),
            'zfill(%d)' % r.randint(3, 10),
            'center(%d, %s)' % (r.randint(4, 14), q(r.choice('*-=.'))),
            'ljust(%d, %s)' % (r.randint(3, 12), q(r.choice('*-.#'))),
            'rjust(%d)' % r.randint(3, 12),
            'removeprefix(%s)' % q(r.choice(CHARS)),
            'removesuffix(%s)' % q(r.choice(CHARS)),
            'expandtabs(%d)' % r.randint(2, 8),
            'rstrip(%s)' % char(r),
        ]
    )
    out = S.bind('str')
    return ['%s = %s.%s' % (out, s, m)]


def s_str_query(S):
    s = S.pick('str')
    if s is None:
        return None
    r = S.rng
    kind = r.random()
    if kind < 0.45:
        m = r.choice(['count(%s)', 'find(%s)', 'rfind(%s)']) % char(r)
        if r.random() < 0.2:
            m = 'count(%s)' % q(r.choice(WORDS)[:2])
        out = S.bind('int')
    elif kind < 0.6:
        m = r.choice(['startswith(%s)', 'endswith(%s)']) % q(r.choice(CHARS + 'ab'))
        out = S.bind('bool')
    else:
        m = r.choice(['isdigit()', 'isalpha()', 'isupper()', 'islower()', 'isalnum()', 'isspace()', 'istitle()'])
        out = S.bind('bool')
    return ['%s = %s.%s' % (out, s, m)]


def s_str_split(S):
    s = S.pick('str')
    if s is None:
        return None
    r = S.rng
    m = r.choice(['split()', 'split(%s)' % q(r.choice(SEPS)), 'split(%s, 1)' % q(r.choice(SEPS[:3]))])
    if r.random() < 0.15:
        m = 'splitlines()'
    out = S.bind('lstr')
    return ['%s = %s.%s' % (out, s, m)]


def s_str_join(S):
    ws = S.pick('lstr')
    if ws is None:
        return None
    r = S.rng
    sep = q(r.choice(SEPS + ['']))
    out = S.bind('str')
    form = r.choice(['%s.join(%s)', '%s.join(sorted(%s))', '%s.join(reversed(%s))', '%s.join(w.upper() for w in %s)'])
    return ['%s = %s' % (out, form % (sep, ws))]


def s_str_slice(S):
    s = S.pick('str')
    if s is None:
        return None
    r = S.rng
    sl = r.choice(['[::-1]', '[1:]', '[:-1]', '[:%d]' % r.randint(1, 5), '[%d:]' % r.randint(1, 4), '[::2]', '[1::2]'])
    out = S.bind('str')
    return ['%s = %s%s' % (out, s, sl)]


def s_str_combine(S):
    a = S.pick('str')
    if a is None:
        return None
    r = S.rng
    b = S.pick('str', 'int')
    out = S.bind('str')
    if b is not None and S.vars[b] == 'int':
        form = r.choice(['%s + str(%s)', 'f"{%s}-{%s}"', '%s * (%s %% 3)'])
        return ['%s = %s' % (out, form % (a, b))]
    b = b or a
    form = r.choice(['%s + %s', '%s + %s[::-1]', 'f"{%s}:{%s}"', '%s.replace(%s, "")' if a != b else '%s + %s'])
    return ['%s = %s' % (out, form % (a, b))]


def s_str_partition(S):
    s = S.pick('str')
    if s is None:
        return None
    r = S.rng
    head, tail = S.fresh('str'), S.fresh('str')
    S.vars[head] = 'str'
    S.vars[tail] = 'str'
    m = r.choice(['partition', 'rpartition'])
    return ['%s, _, %s = %s.%s(%s)' % (head, tail, s, m, q(r.choice(SEPS + list('aeo'))))]


def s_str_translate(S):
    s = S.pick('str')
    if s is None:
        return None
    r = S.rng
    a = ''.join(r.sample(CHARS, 3))
    b = ''.join(r.sample(CHARS, 3))
    out = S.bind('str')
    return ['%s = %s.translate(str.maketrans(%s, %s))' % (out, s, q(a), q(b))]


def s_list_method(S):
    xs = S.pick('lint')
    if xs is None:
        return None
    r = S.rng
    x = S.pick('int') or str(r.randint(0, 9))
    m = r.choice(
        [
            'append(%s)' % x,
            'insert(%d, %s)' % (r.randint(-2, 3), x),
            'reverse()',
            'sort()',
            'sort(reverse=True)',
            'extend(%s)' % lit_value(r, 'lint'),
            'sort(key=lambda v: (v %% %d, v))' % r.randint(2, 4),
            'extend(range(%d))' % r.randint(1, 4),
            'append(len(%s))' % xs,
        ]
    )
    return ['%s.%s' % (xs, m)]


def s_list_remove(S):
    xs = S.pick('lint', 'lstr')
    if xs is None:
        return None
    r = S.rng
    t = S.vars[xs]
    if r.random() < 0.5:
        out = S.bind('int' if t == 'lint' else 'str', reuse=0)
        return [
            'if %s:' % xs,
            '    %s = %s.pop(%s)' % (out, xs, r.choice(['', '0', '-1'])),
            'else:',
            '    %s = %s' % (out, '0' if t == 'lint' else "''"),
        ]
    x = S.pick('int' if t == 'lint' else 'str') or (str(r.randint(0, 9)) if t == 'lint' else q(r.choice(WORDS)))
    return ['if %s in %s:' % (x, xs), '    %s.remove(%s)' % (xs, x)]


def s_list_query(S):
    xs = S.pick('lint')
    if xs is None:
        return None
    r = S.rng
    kind = r.random()
    out = S.bind('int')
    if kind < 0.4:
        return ['%s = %s' % (out, r.choice(['sum(%s)', 'len(%s)', 'max(%s, default=0)', 'min(%s, default=-1)']) % xs)]
    if kind < 0.6:
        x = S.pick('int') or str(r.randint(0, 5))
        return ['%s = %s.count(%s)' % (out, xs, x)]
    if kind < 0.8:
        x = S.pick('int') or str(r.randint(0, 5))
        return ['%s = %s.index(%s) if %s in %s else -1' % (out, xs, x, x, xs)]
    return ['%s = sum(1 for v in %s if v %s %d)' % (out, xs, r.choice(['>', '<', '==', '>=']), r.randint(0, 6))]


def s_list_comp(S):
    xs = S.pick('lint')
    if xs is None:
        return None
    r = S.rng
    expr = r.choice(['v * 2', 'v + 1', 'v * v', 'abs(v)', '-v', 'v % 3', 'v // 2', 'v - %d' % r.randint(1, 5)])
    cond = r.choice(['', ' if v % 2 == 0', ' if v > %d' % r.randint(0, 5), ' if v != %d' % r.randint(0, 5)])
    out = S.bind('lint')
    form = r.random()
    if form < 0.6:
        return ['%s = [%s for v in %s%s]' % (out, expr, xs, cond)]
    if form < 0.8:
        return ['%s = sorted(%s, key=lambda v: %s)' % (out, xs, r.choice(['-v', 'abs(v)', 'v % 3', '(v % 2, v)']))]
    return [
        '%s = list(%s)'
        % (out, r.choice(['map(abs, %s)', 'filter(None, %s)', 'reversed(%s)', 'set(%s)', 'dict.fromkeys(%s)']) % xs)
    ]


def s_list_slice(S):
    xs = S.pick('lint', 'lstr')
    if xs is None:
        return None
    r = S.rng
    out = S.bind(S.vars[xs])
    sl = r.choice(['[::-1]', '[1:]', '[:-1]', '[:%d]' % r.randint(1, 4), '[::2]', '[%d:]' % r.randint(1, 3)])
    if r.random() < 0.3:
        return ['%s = %s + %s%s' % (out, xs, xs, sl)]
    return ['%s = %s%s' % (out, xs, sl)]


def s_words_comp(S):
    ws = S.pick('lstr')
    if ws is None:
        return None
    r = S.rng
    kind = r.random()
    if kind < 0.4:
        out = S.bind('lstr')
        expr = r.choice(['w.upper()', 'w[::-1]', 'w.capitalize()', 'w[0]', 'w + w[-1]', 'w.strip()'])
        cond = r.choice(['', ' if len(w) > %d' % r.randint(1, 4), ' if w', " if w.startswith(%s)" % q(r.choice(CHARS))])
        return ['%s = [%s for w in %s%s]' % (out, expr, ws, cond)]
    if kind < 0.7:
        out = S.bind('lint')
        return [
            '%s = [%s for w in %s]' % (out, r.choice(['len(w)', 'w.count(%s)' % char(r), 'ord(w[0]) if w else 0']), ws)
        ]
    out = S.bind('lstr')
    return [
        '%s = sorted(%s, key=%s)'
        % (out, ws, r.choice(['len', 'str.lower', 'lambda w: (len(w), w)', 'lambda w: w[-1]']))
    ]


def s_dict_build(S):
    r = S.rng
    src = S.pick('lstr', 'str')
    if src is None:
        return None
    out = S.bind('dsi', reuse=0)
    kind = r.random()
    if kind < 0.5:
        name = 'w' if S.vars[src] == 'lstr' else 'c'
        return [
            '%s = {}' % out,
            'for %s in %s:' % (name, src),
            '    %s[%s] = %s.get(%s, 0) + 1' % (out, name, out, name),
        ]
    if kind < 0.8:
        if S.vars[src] == 'lstr':
            return ['%s = {w: len(w) for w in %s}' % (out, src)]
        return ['%s = {c: %s.count(c) for c in %s}' % (out, src, src)]
    return ['%s = dict.fromkeys(%s, 0)' % (out, src)]


def s_dict_update(S):
    d = S.pick('dsi')
    if d is None:
        return None
    r = S.rng
    k = S.pick('str') or q(r.choice(WORDS))
    v = S.pick('int') or str(r.randint(0, 9))
    form = r.choice(
        [
            '%s[%s] = %s' % (d, k, v),
            '%s[%s] = %s.get(%s, 0) + %s' % (d, k, d, k, v),
            '%s.setdefault(%s, %s)' % (d, k, v),
            '%s.update({%s: %s})' % (d, k, v),
            '%s.pop(%s, None)' % (d, k),
        ]
    )
    return [form]


def s_dict_query(S):
    d = S.pick('dsi')
    if d is None:
        return None
    r = S.rng
    kind = r.random()
    if kind < 0.3:
        out = S.bind('lstr')
        return [
            '%s = %s'
            % (out, r.choice(['list(%s)', 'sorted(%s)', 'sorted(%s, key=%s.get)' % ('%s', d), 'list(%s.keys())']) % d)
        ]
    if kind < 0.55:
        out = S.bind('lint')
        return [
            '%s = %s'
            % (out, r.choice(['list(%s.values())', 'sorted(%s.values())', '[v for v in %s.values() if v]']) % d)
        ]
    if kind < 0.8:
        out = S.bind('int')
        k = S.pick('str') or q(r.choice(WORDS))
        return [
            '%s = %s'
            % (
                out,
                r.choice(
                    ['%s.get(%s, 0)' % (d, k), 'sum(%s.values())' % d, 'len(%s)' % d, 'max(%s.values(), default=0)' % d]
                ),
            )
        ]
    out = S.bind('lstr')
    return ['%s = [k for k, v in sorted(%s.items(), key=lambda kv: (-kv[1], kv[0]))]' % (out, d)]


def s_for_acc(S):
    r = S.rng
    src = S.pick('str', 'lint', 'lstr')
    if src is None:
        return None
    t = S.vars[src]
    v = {'str': 'ch', 'lint': 'x', 'lstr': 'w'}[t]
    if v in S.vars:
        v = v + '2'
    if t == 'str':
        cond = r.choice(
            ['%s.isalpha()' % v, '%s in %s' % (v, q('aeiou')), '%s != %s' % (v, q(' ')), '%s.isupper()' % v]
        )
        acc = S.bind('str', reuse=0) if r.random() < 0.5 else S.bind('int', reuse=0)
        if S.vars[acc] == 'str':
            body = '%s += %s' % (acc, r.choice([v, '%s.upper()' % v, '%s * 2' % v]))
            init = "''"
        else:
            body = '%s += 1' % acc
            init = '0'
        return ['%s = %s' % (acc, init), 'for %s in %s:' % (v, src), '    if %s:' % cond, '        %s' % body]
    if t == 'lint':
        acc = S.bind('int', reuse=0)
        op = r.choice(
            [
                '%s += %s' % (acc, v),
                '%s = max(%s, %s)' % (acc, acc, v),
                '%s += %s * %s' % (acc, v, v),
                '%s -= %s' % (acc, v),
            ]
        )
        cond = r.choice(['', '%s > %d' % (v, r.randint(0, 5)), '%s %% 2 == 1' % v])
        if cond:
            return ['%s = 0' % acc, 'for %s in %s:' % (v, src), '    if %s:' % cond, '        %s' % op]
        return ['%s = 0' % acc, 'for %s in %s:' % (v, src), '    %s' % op]
    acc = S.bind('lstr', reuse=0)
    cond = r.choice(['len(%s) > %d' % (v, r.randint(2, 4)), '%s not in %s' % (v, acc), '%s.isalpha()' % v])
    return ['%s = []' % acc, 'for %s in %s:' % (v, src), '    if %s:' % cond, '        %s.append(%s)' % (acc, v)]


def s_enumerate(S):
    r = S.rng
    src = S.pick('lint', 'lstr', 'str')
    if src is None:
        return None
    out = S.bind('lint', reuse=0)
    v = 'x' if 'x' not in S.vars else 'e'
    cond = r.choice(['i %% 2 == 0', 'i > 0', 'i < %d' % r.randint(1, 4)])
    val = r.choice(['i', 'i * 2', 'len(%s)' % src])
    return [
        '%s = []' % out,
        'for i, %s in enumerate(%s):' % (v, src),
        '    if %s:' % cond,
        '        %s.append(%s)' % (out, val),
    ]


def s_zip(S):
    a = S.pick('lstr', 'str')
    b = S.pick('lint')
    if a is None or b is None:
        return None
    r = S.rng
    out = S.bind('dsi', reuse=0) if r.random() < 0.5 else None
    if out:
        return ['%s = dict(zip(%s, %s))' % (out, a, b)]
    out = S.bind('lint', reuse=0)
    return ['%s = [n * %s for n, _ in zip(%s, %s)]' % (out, r.randint(1, 3), b, a)]


def s_while(S):
    r = S.rng
    xs = S.pick('lint')
    s = S.pick('str')
    if xs is not None and r.random() < 0.5:
        out = S.bind('int', reuse=0)
        return ['%s = 0' % out, 'while %s and %s < %d:' % (xs, out, r.randint(2, 5)), '    %s += %s.pop()' % (out, xs)]
    if s is not None:
        return [
            'while %s and %s[-1] in %s:' % (s, s, q(''.join(r.sample(CHARS + ' ', 4)))),
            '    %s = %s[:-1]' % (s, s),
        ]
    return None


def s_int_arith(S):
    n = S.pick('int')
    if n is None:
        return None
    r = S.rng
    m = S.pick('int') or str(r.randint(1, 9))
    out = S.bind('int')
    form = r.choice(
        [
            '%s + %s',
            '%s * %s',
            '%s - %s',
            '(%s + %s) %% 7',
            'abs(%s - %s)',
            'max(%s, %s)',
            'min(%s, %s)',
            '%s // (abs(%s) + 1)',
        ]
    )
    return ['%s = %s' % (out, form % (n, m))]


def s_if(S):
    r = S.rng
    b = S.pick('bool')
    n = S.pick('int')
    s = S.pick('str')
    if b is not None and r.random() < 0.4:
        cond = b if r.random() < 0.6 else 'not ' + b
    elif n is not None:
        cond = '%s %s %d' % (n, r.choice(['>', '<', '==', '>=', '!=']), r.randint(0, 6))
    elif s is not None:
        cond = r.choice(['%s', 'len(%s) > 3', "%s.startswith('a')", 'not %s']) % s
    else:
        return None
    target = S.pick('str', 'int', 'lint')
    if target is None:
        return None
    t = S.vars[target]
    if t == 'str':
        a, b2 = '%s.upper()' % target, '%s + %s' % (target, q(r.choice('!?.')))
        return ['if %s:' % cond, '    %s = %s' % (target, a), 'else:', '    %s = %s' % (target, b2)]
    if t == 'int':
        return ['if %s:' % cond, '    %s += %d' % (target, r.randint(1, 5))]
    return ['if %s:' % cond, '    %s.append(%d)' % (target, r.randint(0, 9))]


def s_early_return(S):
    r = S.rng
    s = S.pick('str', 'lint', 'lstr', 'dsi')
    if s is None:
        return None
    return ['if not %s:' % s, '    return %s' % r.choice(['None', "''", '0', '[]', '-1', 'False'])]


SNIPPETS = [
    (s_str_method, 8),
    (s_str_query, 5),
    (s_str_split, 4),
    (s_str_join, 4),
    (s_str_slice, 4),
    (s_str_combine, 4),
    (s_str_partition, 1.5),
    (s_str_translate, 1),
    (s_list_method, 6),
    (s_list_remove, 3),
    (s_list_query, 5),
    (s_list_comp, 5),
    (s_list_slice, 3),
    (s_words_comp, 4),
    (s_dict_build, 4),
    (s_dict_update, 4),
    (s_dict_query, 4),
    (s_for_acc, 6),
    (s_enumerate, 2),
    (s_zip, 2),
    (s_while, 2),
    (s_int_arith, 3),
    (s_if, 4),
    (s_early_return, 1.5),
]
_TOTAL = sum(w for _, w in SNIPPETS)


def snippet(S):
    """One statement (a list of lines) over the scope, or None when none fits after a few tries."""
    for _ in range(8):
        x = S.rng.random() * _TOTAL
        for fn, w in SNIPPETS:
            x -= w
            if x <= 0:
                break
        lines = fn(S)
        if lines:
            return lines
    return None


def result_expr(S):
    """What the function returns: one of its values, or a small combination of them."""
    r = S.rng
    names = list(S.vars)
    recent = names[-3:]
    a = r.choice(recent)
    k = r.random()
    if k < 0.6 or len(names) < 2:
        return a
    b = r.choice([n for n in names if n != a])
    if k < 0.85:
        return '(%s, %s)' % (a, b)
    if S.vars[a] == S.vars[b] and S.vars[a] in ('str', 'int', 'lint', 'lstr'):
        return '%s + %s' % (a, b)
    return '[%s, %s]' % (a, b)
