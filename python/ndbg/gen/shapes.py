"""Shapes that real code has and the rest of the grammar makes rarely:
method chains over str/list/dict, grouping with `d.get(k, []) + [x]`, a class
whose methods update its attributes, and recursion over nested data called
with literal arguments at module level.

    st_chain, st_group_get          idioms (drawn from idioms.FUNCTION and idioms.SCRIPT)
    record_class_program(g)         a class with attribute updates and code that uses it
    nested_program(g)               a recursive function over nested lists or a dict tree,
                                    called with literals: print(f([1, [2, 3]])), r = f(...)
"""

from .core import Var, STR, LINT, LSTR, DSL, DSI

# ---------------------------------------------------------------------------
# Idioms


def st_chain(F):
    """A chain of methods whose value is one expression: `s.strip().lower().split(',')`,
    `'-'.join(sorted(set(words)))`, `' '.join(w.capitalize() for w in s.split())`."""
    rng = F.rng
    w = F.w
    q = F.lit
    opts = []
    s = F.pick((STR,), lambda v: v.hi <= 60)
    ws = F.pick((LSTR,), lambda v: v.hi <= 10)
    if s is not None:
        opts += ['split', 'split', 'sorted_set', 'capwords', 'initials', 'slug']
    if ws is not None:
        opts += ['join_sorted', 'join_sorted', 'clean_list', 'join_upper']
    if not opts or not F.can(2):
        return False
    kind = rng.choice(opts)
    F.spend(2)
    if kind == 'split':
        sep = rng.choice((',', ' ', ';', '-', None))
        pre = rng.choice(
            (
                '.strip().lower()',
                '.lower().strip()',
                '.strip()',
                '.upper().strip()',
                '.strip().replace(%s, %s)' % (q('  '), q(' ')),
            )
        )
        name = F.fresh(['parts', 'fields', 'tokens', 'pieces', 'words'])
        feats = ['str.split'] + ['str.' + m for m in ('strip', 'lower', 'upper', 'replace') if '.%s(' % m in pre]
        F.feat(*feats)
        if sep is None:
            w('%s = %s%s.split()' % (name, s.name, pre))
            F.add(Var(name, LSTR, 0, max(1, s.hi // 2 + 1), 1, max(1, s.hi), flav='word'))
        else:
            w('%s = %s%s.split(%s)' % (name, s.name, pre, q(sep)))
            F.add(Var(name, LSTR, 1, s.hi + 1, 0, max(1, s.hi), flav='word'))
        return True
    if kind == 'sorted_set':
        sep = rng.choice(('-', ' ', ',', '|'))
        name = F.fresh(['key', 'signature', 'vocab', 'unique_words'])
        F.feat('str.join', 'sorted', 'set', 'str.split', 'str.lower')
        w('%s = %s.join(sorted(set(%s.lower().split())))' % (name, q(sep), s.name))
        F.add(Var(name, STR, 0, s.hi, flav='text'))
        return True
    if kind == 'capwords':
        name = F.fresh(['title', 'heading', 'pretty', 'label'])
        m = rng.choice(('capitalize', 'title', 'upper', 'lower'))
        F.feat('str.join', 'str.split', 'str.' + m, 'genexp')
        x = F.fresh(['w', 'word', 'part'])
        w('%s = %s.join(%s.%s() for %s in %s.split())' % (name, q(' '), x, m, x, s.name))
        F.add(Var(name, STR, 0, s.hi, flav='text'))
        return True
    if kind == 'initials':
        name = F.fresh(['initials', 'abbrev', 'acronym'])
        x = F.fresh(['w', 'word', 'part'])
        F.feat('str.join', 'str.split', 'str.upper', 'genexp')
        w('%s = %s.join(%s[0].upper() for %s in %s.split())' % (name, q(''), x, x, s.name))
        F.add(Var(name, STR, 0, s.hi // 2 + 1, flav='word'))
        return True
    if kind == 'slug':
        name = F.fresh(['slug', 'ident', 'handle'])
        F.feat('str.strip', 'str.lower', 'str.replace')
        w('%s = %s.strip().lower().replace(%s, %s)' % (name, s.name, q(' '), q(rng.choice(('-', '_')))))
        F.add(Var(name, STR, 0, s.hi, flav='word'))
        return True
    if kind == 'join_sorted':
        sep = rng.choice(('-', ', ', ' ', '/'))
        name = F.fresh(['joined', 'summary', 'listing', 'line'])
        F.feat('str.join', 'sorted', 'set')
        w('%s = %s.join(sorted(set(%s)))' % (name, q(sep), ws.name))
        F.add(Var(name, STR, 0, ws.hi * (ws.ehi + len(sep)), flav='text'))
        return True
    if kind == 'clean_list':
        name = F.fresh(['cleaned', 'normalized', 'kept'])
        x = F.fresh(['w', 'item', 'word'])
        F.feat('str.strip', 'str.lower', 'listcomp', 'if')
        w('%s = [%s.strip().lower() for %s in %s if %s.strip()]' % (name, x, x, ws.name, x))
        F.add(Var(name, LSTR, 0, ws.hi, 1, max(1, ws.ehi), flav='word'))
        return True
    name = F.fresh(['shout', 'line', 'banner'])
    x = F.fresh(['w', 'item', 'word'])
    F.feat('str.join', 'str.upper', 'genexp')
    w('%s = %s.join(%s.upper() for %s in %s)' % (name, q(rng.choice((', ', ' ', '+'))), x, x, ws.name))
    F.add(Var(name, STR, 0, ws.hi * (ws.ehi + 2), flav='text'))
    return True


def st_group_get(F):
    """Grouping into a dict of lists with `d.get(k, []) + [x]` in an accumulating loop."""
    rng = F.rng
    w = F.w
    q = F.lit
    if F.loop_depth:
        return False
    src = F.pick((LSTR, LINT), lambda v: v.hi <= 10)
    if src is None or not F.can(3 * src.hi + 2):
        return False
    F.spend(3 * src.hi + 2)
    name = F.fresh(['groups', 'buckets', 'by_key', 'bins'])
    x = F.fresh(['w', 'item', 'word'] if src.t == LSTR else ['n', 'x', 'value'])
    k = F.fresh(['key', 'k', 'label'])
    if src.t == LSTR:
        key = rng.choice(('%s[:1]' % x, '%s[-1:]' % x, '%s[:1].upper()' % x, 'str(len(%s))' % x))
        if '.upper' in key:
            F.feat('str.upper')
        if 'len(' in key:
            F.feat('len', 'str')
    else:
        cut = rng.randint(max(src.elo, 0), max(src.elo, src.ehi, 1))
        key = rng.choice(
            (
                "'even' if %s %% 2 == 0 else 'odd'" % x,
                "'big' if %s > %d else 'small'" % (x, cut),
                "'neg' if %s < 0 else 'pos'" % x,
            )
        )
        F.feat('ternary')
    F.feat('for', 'dict.get', 'slice' if '[' in key else 'for')
    w('%s = {}' % name)
    w('for %s in %s:' % (x, src.name))
    w('    %s = %s' % (k, key))
    w('    %s[%s] = %s.get(%s, []) + [%s]' % (name, k, name, k, x))
    F.add(Var(name, DSL, 0, src.hi, 1, max(1, src.hi)))
    if rng.random() < 0.5:
        sizes = F.fresh(['sizes', 'counts', 'tally'])
        F.feat('dictcomp', 'len', 'dict.items', 'unpack')
        w('%s = {%s: len(v) for %s, v in %s.items()}' % (sizes, k, k, name))
        F.spend(src.hi)
        F.add(Var(sizes, DSI, 0, src.hi, 1, max(1, src.hi)))
    return True


# ---------------------------------------------------------------------------
# A class whose methods update its attributes

CLASS_NAMES = ['Tracker', 'Wallet', 'Scoreboard', 'Meter', 'Ledger', 'Player', 'Budget', 'Gauge']
INV_NAMES = ['Inventory', 'Pantry', 'Cart', 'Warehouse', 'Shelf', 'Stock']


def record_class_program(g):
    rng = g.rng
    q = lambda v: _lit(v, g.q)
    if rng.random() < 0.55:
        return _tracker(g, rng, q)
    return _inventory(g, rng, q)


def _lit(v, quote):
    from .core import lit

    return lit(v, quote)


def _tracker(g, rng, q):
    cls = rng.choice(CLASS_NAMES)
    total = rng.choice(('total', 'points', 'balance', 'level', 'score'))
    log = rng.choice(('history', 'log', 'events', 'changes'))
    add = rng.choice(('add', 'gain', 'deposit', 'record'))
    sub = rng.choice(('remove', 'spend', 'lose', 'withdraw'))
    lines = [
        'class %s:' % cls,
        '    def __init__(self, name, start=0):',
        '        self.name = name',
        '        self.%s = start' % total,
        '        self.%s = []' % log,
        '',
        '    def %s(self, amount):' % add,
        '        self.%s += amount' % total,
        '        self.%s.append(amount)' % log,
        '        return self.%s' % total,
        '',
        '    def %s(self, amount):' % sub,
        '        if amount > self.%s:' % total,
        '            amount = self.%s' % total,
        '        self.%s -= amount' % total,
        '        self.%s.append(-amount)' % log,
        '        return amount',
    ]
    feats = {
        'class',
        'method',
        '__init__',
        '__repr__',
        'augassign',
        'list.append',
        'if',
        'print',
        'function',
        'module_call',
        'default_arg',
        'fstring',
        'type',
    }
    extra = rng.sample(['average', 'biggest', 'reset', 'recent'], rng.randint(1, 2))
    for e in extra:
        lines.append('')
        if e == 'average':
            lines += [
                '    def average(self):',
                '        if not self.%s:' % log,
                '            return 0',
                '        return sum(self.%s) / len(self.%s)' % (log, log),
            ]
            feats.update(('sum', 'len'))
        elif e == 'biggest':
            lines += [
                '    def biggest(self):',
                '        best = 0',
                '        for change in self.%s:' % log,
                '            if change > best:',
                '                best = change',
                '        return best',
            ]
            feats.add('for')
        elif e == 'reset':
            lines += [
                '    def reset(self):',
                '        old = self.%s' % total,
                '        self.%s = 0' % total,
                '        self.%s.clear()' % log,
                '        return old',
            ]
            feats.add('list.clear')
        else:
            lines += ['    def recent(self, n):', '        return self.%s[-n:]' % log]
            feats.add('slice')
    lines += [
        '',
        '    def __repr__(self):',
        "        return f%s" % q('{type(self).__name__}({self.name!r}, {self.%s})' % total),
    ]
    obj = rng.choice(('t', 'acct', 'me', 'p', 'item', 'box'))
    use = [
        '%s = %s(%s, %d)' % (obj, cls, q(rng.choice(('ann', 'bob', 'cy', 'dee', 'main', 'north'))), rng.randint(0, 20))
    ]
    for _ in range(rng.randint(3, 6)):
        r = rng.random()
        m = add if r < 0.5 else sub if r < 0.8 else rng.choice(extra)
        if m in (add, sub):
            call = '%s.%s(%d)' % (obj, m, rng.randint(1, 15))
        elif m == 'recent':
            call = '%s.recent(%d)' % (obj, rng.randint(1, 3))
        else:
            call = '%s.%s()' % (obj, m)
        form = rng.random()
        if form < 0.4:
            use.append('print(%s)' % call)
        elif form < 0.7:
            res = rng.choice(('result', 'got', 'value', 'r'))
            use.append('%s = %s' % (res, call))
            use.append('print(%s, %s.%s)' % (res, obj, total))
        else:
            use.append(call)
    use.append(
        rng.choice(('print(%s)' % obj, 'print(%s.%s, %s.%s)' % (obj, total, obj, log), 'print(%s.%s)' % (obj, log)))
    )
    g.feats.update(feats)
    return '\n'.join(lines + ['', ''] + use) + '\n'


def _inventory(g, rng, q):
    cls = rng.choice(INV_NAMES)
    attr = rng.choice(('items', 'counts', 'stock', 'contents'))
    put = rng.choice(('put', 'add', 'store', 'stock_up'))
    take = rng.choice(('take', 'use', 'remove', 'draw'))
    goods = rng.sample(['apples', 'pears', 'nails', 'rice', 'tea', 'soap', 'pens', 'eggs'], 4)
    lines = [
        'class %s:' % cls,
        '    def __init__(self):',
        '        self.%s = {}' % attr,
        '        self.moves = 0',
        '',
        '    def %s(self, name, qty=1):' % put,
        '        self.%s[name] = self.%s.get(name, 0) + qty' % (attr, attr),
        '        self.moves += 1',
        '',
        '    def %s(self, name, qty=1):' % take,
        '        have = self.%s.get(name, 0)' % attr,
        '        if qty > have:',
        '            return False',
        '        self.%s[name] = have - qty' % attr,
        '        if self.%s[name] == 0:' % attr,
        '            del self.%s[name]' % attr,
        '        self.moves += 1',
        '        return True',
        '',
        '    def total(self):',
        '        return sum(self.%s.values())' % attr,
        '',
        '    def names(self):',
        '        return sorted(self.%s)' % attr,
        '',
        '    def __repr__(self):',
        "        return f%s" % q('%s({self.%s})' % (cls, attr)),
    ]
    feats = {
        'class',
        'method',
        '__init__',
        '__repr__',
        'augassign',
        'dict.get',
        'dict.values',
        'sum',
        'sorted',
        'del',
        'if',
        'print',
        'function',
        'module_call',
        'default_arg',
        'fstring',
    }
    obj = rng.choice(('inv', 'store', 'cart', 'shelf'))
    use = ['%s = %s()' % (obj, cls)]
    for _ in range(rng.randint(4, 7)):
        r = rng.random()
        good = rng.choice(goods)
        if r < 0.5:
            use.append(
                '%s.%s(%s, %d)' % (obj, put, q(good), rng.randint(1, 6))
                if rng.random() < 0.8
                else '%s.%s(%s)' % (obj, put, q(good))
            )
        elif r < 0.8:
            call = '%s.%s(%s, %d)' % (obj, take, q(good), rng.randint(1, 4))
            use.append('print(%s)' % call if rng.random() < 0.6 else 'ok = %s' % call)
        elif r < 0.9:
            use.append('print(%s.total())' % obj)
        else:
            use.append('print(%s.names())' % obj)
    use.append(
        rng.choice(
            (
                'print(%s)' % obj,
                'print(%s.%s, %s.moves)' % (obj, attr, obj),
                'print(%s.total(), %s.names())' % (obj, obj),
            )
        )
    )
    g.feats.update(feats)
    return '\n'.join(lines + ['', ''] + use) + '\n'


# ---------------------------------------------------------------------------
# Recursion over nested data, called with literals


def _nested(rng, depth=0, budget=None):
    budget = budget if budget is not None else [rng.randint(3, 8)]
    out = []
    for _ in range(rng.randint(0 if depth else 1, 3)):
        if budget[0] <= 0:
            break
        if depth < 2 and rng.random() < 0.35:
            out.append(_nested(rng, depth + 1, budget))
        else:
            out.append(rng.randint(-3, 12))
            budget[0] -= 1
    return out


NESTED = {
    'nested_sum': [
        'def {f}({p}):',
        '    total = 0',
        '    for {x} in {p}:',
        '        if isinstance({x}, list):',
        '            total += {f}({x})',
        '        else:',
        '            total += {x}',
        '    return total',
    ],
    'count_leaves': [
        'def {f}({p}):',
        '    count = 0',
        '    for {x} in {p}:',
        '        if isinstance({x}, list):',
        '            count += {f}({x})',
        '        else:',
        '            count += 1',
        '    return count',
    ],
    'depth': [
        'def {f}({p}):',
        '    deepest = 0',
        '    for {x} in {p}:',
        '        if isinstance({x}, list):',
        '            deepest = max(deepest, {f}({x}))',
        '    return deepest + 1',
    ],
    'flatten': [
        'def {f}({p}):',
        '    out = []',
        '    for {x} in {p}:',
        '        if isinstance({x}, list):',
        '            out.extend({f}({x}))',
        '        else:',
        '            out.append({x})',
        '    return out',
    ],
    'scale': [
        'def {f}({p}, factor):',
        '    return [{f}({x}, factor) if isinstance({x}, list) else {x} * factor for {x} in {p}]',
    ],
    'biggest': [
        'def {f}({p}):',
        '    best = None',
        '    for {x} in {p}:',
        '        value = {f}({x}) if isinstance({x}, list) else {x}',
        '        if value is not None and (best is None or value > best):',
        '            best = value',
        '    return best',
    ],
}
NESTED_NAMES = {
    'nested_sum': ['nested_sum', 'deep_sum', 'total_of'],
    'count_leaves': ['count_leaves', 'leaf_count', 'size_of'],
    'depth': ['depth', 'max_depth', 'nesting'],
    'flatten': ['flatten', 'unnest', 'flat'],
    'scale': ['scale', 'deep_scale', 'multiply_all'],
    'biggest': ['biggest', 'deep_max', 'largest'],
}
NESTED_FEATS = {
    'nested_sum': ('augassign', 'for', 'if', 'else'),
    'count_leaves': ('augassign', 'for', 'if', 'else'),
    'depth': ('max', 'for', 'if'),
    'flatten': ('list.extend', 'list.append', 'for', 'if', 'else'),
    'scale': ('listcomp', 'ternary'),
    'biggest': ('ternary', 'for', 'if'),
}


def nested_program(g):
    rng = g.rng
    q = lambda v: _lit(v, g.q)
    if rng.random() < 0.3:
        return _tree_program(g, rng, q)
    kind = rng.choice(sorted(NESTED))
    f = rng.choice(NESTED_NAMES[kind])
    p = rng.choice(('items', 'data', 'nested', 'tree', 'values'))
    x = rng.choice(('item', 'x', 'part', 'node'))
    lines = [t.format(f=f, p=p, x=x) for t in NESTED[kind]]
    g.feats.update(('recursion', 'isinstance', 'function', 'module_call', 'print') + NESTED_FEATS[kind])
    extra = ', %d' % rng.randint(-2, 4) if kind == 'scale' else ''
    use = []
    for _ in range(rng.choice((2, 3, 3, 4))):
        arg = q(_nested(rng))
        r = rng.random()
        if r < 0.5:
            use.append('print(%s(%s%s))' % (f, arg, extra))
        else:
            res = rng.choice(('result', 'out', 'value', 'got'))
            use.append('%s = %s(%s%s)' % (res, f, arg, extra))
            use.append('print(%s)' % res)
    return '\n'.join(lines + ['', ''] + use) + '\n'


def _tree(rng):
    names = rng.sample(['root', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'docs', 'src', 'lib', 'bin'], rng.randint(3, 7))
    tree = {names[0]: []}
    for n in names[1:]:
        parent = rng.choice([k for k in tree])
        tree[parent].append(n)
        tree[n] = []
    if rng.random() < 0.5:
        tree = {k: v for k, v in tree.items() if v}  # leaves left out: read with .get(node, [])
    return names[0], tree


def _tree_program(g, rng, q):
    kind = rng.choice(('count', 'height', 'walk'))
    f = {
        'count': rng.choice(('count_nodes', 'subtree_size')),
        'height': rng.choice(('height', 'tree_depth')),
        'walk': rng.choice(('walk', 'preorder', 'visit')),
    }[kind]
    if kind == 'count':
        lines = [
            'def %s(tree, node):' % f,
            '    total = 1',
            '    for child in tree.get(node, []):',
            '        total += %s(tree, child)' % f,
            '    return total',
        ]
        feats = ('augassign', 'for')
    elif kind == 'height':
        lines = [
            'def %s(tree, node):' % f,
            '    children = tree.get(node, [])',
            '    if not children:',
            '        return 0',
            '    return 1 + max(%s(tree, child) for child in children)' % f,
        ]
        feats = ('max', 'genexp', 'if')
    else:
        lines = [
            'def %s(tree, node, depth=0):' % f,
            '    order = [%s * depth + node]' % q('  '),
            '    for child in tree.get(node, []):',
            '        order += %s(tree, child, depth + 1)' % f,
            '    return order',
        ]
        feats = ('augassign', 'for', 'default_arg')
    g.feats.update(('recursion', 'dict.get', 'function', 'module_call', 'print') + feats)
    use = []
    for k in range(rng.choice((1, 2, 2))):
        root, tree = _tree(rng)
        tname = rng.choice(('tree', 'graph', 'children', 'dirs')) if k == 0 else 'other'
        use.append('%s = %s' % (tname, q(tree)))
        node = root if rng.random() < 0.7 else rng.choice(sorted(tree))
        if rng.random() < 0.5:
            use.append('print(%s(%s, %s))' % (f, tname, q(node)))
        else:
            use.append('result = %s(%s, %s)' % (f, tname, q(node)))
            use.append('print(result)')
    return '\n'.join(lines + ['', ''] + use) + '\n'
