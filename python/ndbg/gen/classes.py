"""Class-based scripts as people write them: a class (sometimes a dataclass, a subclass
using super(), a property, a __repr__) whose methods keep dicts, lists and counters on
self, then module code that builds an instance, calls its methods with literals,
keeps their results and prints them; sometimes a method raises and the caller
catches it. Written from the typed statements of typed.py over `self.` attributes.

    from ndbg.gen.classes import class_script
    src = class_script(random.Random(3))      # None when no clean program came out

Each candidate is run (ndbg.gen.check) and kept only when it ends normally.
"""

from .check import ends_normally
from .typed import Scope, WORDS, lit_value, q, snippet

DOMAINS = [
    ('Cart', 'items', 'add', 'remove', 'total'),
    ('Inventory', 'stock', 'restock', 'take', 'value'),
    ('Library', 'books', 'lend', 'give_back', 'count'),
    ('Scoreboard', 'scores', 'record', 'drop', 'best'),
    ('Tracker', 'counts', 'hit', 'reset', 'summary'),
    ('Account', 'ledger', 'deposit', 'withdraw', 'balance'),
    ('Registry', 'entries', 'register', 'unregister', 'size'),
    ('Playlist', 'songs', 'push', 'skip', 'length'),
]


class _W:
    def __init__(self):
        self.lines = []

    def add(self, indent, text):
        self.lines.append('    ' * indent + text)

    def block(self, indent, lines):
        for ln in lines:
            self.add(indent, ln)


def _method_body(rng, attrs, params, extra=2):
    """1-`extra` typed statements over self's attributes and the parameters."""
    S = Scope(rng)
    for a, t in attrs.items():
        S.vars['self.' + a] = t
    for p, t in params:
        S.vars[p] = t
    out = []
    for _ in range(rng.randint(0, extra)):
        lines = snippet(S)
        if lines is None:
            break
        if any('return' in ln for ln in lines):
            continue
        # a statement that rebinds self.X to a new type would break later methods
        if any(ln.startswith('self.') and ' = ' in ln.split('(')[0] for ln in lines):
            continue
        out += lines
    return out


def _class(rng, w):
    cls, store, add, remove, total = rng.choice(DOMAINS)
    pair = rng.random() < 0.4  # values are (qty, price) tuples, as in a cart
    use_log = rng.random() < 0.6
    use_count = rng.random() < 0.5
    dataclass = rng.random() < 0.15 and not pair
    custom_repr = rng.random() < 0.3
    prop = rng.random() < 0.35
    raising = rng.random() < 0.35
    subclass = rng.random() < 0.2
    attrs = {store: 'dsi'}
    if use_log:
        attrs['log'] = 'lstr'
    if use_count:
        attrs['n_ops'] = 'int'
    name_attr = rng.random() < 0.5
    if dataclass:
        w.add(0, 'from dataclasses import dataclass, field')
        w.add(0, '')
        w.add(0, '')
        w.add(0, '@dataclass')
        w.add(0, 'class %s:' % cls)
        if name_attr:
            w.add(1, 'name: str = %s' % q(rng.choice(WORDS)))
        w.add(1, '%s: dict = field(default_factory=dict)' % store)
        if use_log:
            w.add(1, 'log: list = field(default_factory=list)')
        if use_count:
            w.add(1, 'n_ops: int = 0')
    else:
        w.add(0, 'class %s:' % cls)
        if rng.random() < 0.3:
            w.add(1, 'limit = %d' % rng.randint(5, 50))
        w.add(1, 'def __init__(self%s):' % (', name' if name_attr else ''))
        if name_attr:
            w.add(2, 'self.name = name')
        w.add(2, 'self.%s = {}' % store)
        if use_log:
            w.add(2, 'self.log = []')
        if use_count:
            w.add(2, 'self.n_ops = 0')
    w.add(0, '')
    # the mutator
    key, qty, price = 'name', 'qty', 'price'
    if pair:
        w.add(1, 'def %s(self, %s, %s, %s=1.0):' % (add, key, qty, price))
    else:
        w.add(1, 'def %s(self, %s, %s=1):' % (add, key, qty))
    if raising:
        w.add(2, 'if %s <= 0:' % qty)
        w.add(3, 'raise ValueError(f"bad quantity for {%s}: {%s}")' % (key, qty))
    if pair:
        w.add(2, 'old, _ = self.%s.get(%s, (0, %s))' % (store, key, price))
        w.add(2, 'self.%s[%s] = (old + %s, %s)' % (store, key, qty, price))
    else:
        w.add(2, 'self.%s[%s] = self.%s.get(%s, 0) + %s' % (store, key, store, key, qty))
    if use_log:
        w.add(2, 'self.log.append(%s)' % key)
    if use_count:
        w.add(2, 'self.n_ops += 1')
    if not pair:
        w.block(2, _method_body(rng, attrs, [(key, 'str'), (qty, 'int')], extra=1))
    w.add(0, '')
    # the remover
    w.add(1, 'def %s(self, %s):' % (remove, key))
    kind = rng.random()
    if kind < 0.4:
        w.add(2, 'if %s not in self.%s:' % (key, store))
        w.add(3, 'return False')
        w.add(2, 'del self.%s[%s]' % (store, key))
        w.add(2, 'return True')
    elif kind < 0.7:
        w.add(2, 'return self.%s.pop(%s, None)' % (store, key))
    else:
        w.add(2, 'if %s in self.%s:' % (key, store))
        w.add(3, 'del self.%s[%s]' % (store, key))
        if use_log:
            w.add(3, 'self.log.remove(%s) if %s in self.log else None' % (key, key))
    w.add(0, '')
    # the query
    w.add(1, 'def %s(self):' % total)
    if pair:
        w.add(2, 'return sum(q * p for q, p in self.%s.values())' % store)
    else:
        form = rng.choice(
            [
                'return sum(self.%s.values())' % store,
                'return max(self.%s, key=self.%s.get) if self.%s else None' % (store, store, store),
                'return sorted(self.%s.items(), key=lambda kv: -kv[1])' % store,
                'return len(self.%s)' % store,
            ]
        )
        body = _method_body(rng, attrs, [], extra=1)
        w.block(2, body)
        w.add(2, form)
    if prop:
        w.add(0, '')
        w.add(1, '@property')
        w.add(1, 'def size(self):')
        w.add(2, 'return len(self.%s)' % store)
    if custom_repr and not dataclass:
        w.add(0, '')
        w.add(1, 'def __repr__(self):')
        w.add(2, 'return f"%s({len(self.%s)} entries)"' % (cls, store))
    if rng.random() < 0.25:
        w.add(0, '')
        w.add(1, 'def __len__(self):')
        w.add(2, 'return len(self.%s)' % store)
    info = {
        'cls': cls,
        'store': store,
        'add': add,
        'remove': remove,
        'total': total,
        'pair': pair,
        'raising': raising,
        'prop': prop,
        'name_attr': name_attr,
        'dataclass': dataclass,
    }
    if subclass:
        sub = 'Special' + cls
        w.add(0, '')
        w.add(0, '')
        w.add(0, 'class %s(%s):' % (sub, cls))
        if pair:
            w.add(1, 'def %s(self, %s, %s, %s=1.0):' % (add, key, qty, price))
            w.add(2, 'super().%s(%s, %s * 2, %s)' % (add, key, qty, price))
        else:
            w.add(1, 'def %s(self, %s, %s=1):' % (add, key, qty))
            w.add(2, 'super().%s(%s.upper(), %s)' % (add, key, qty))
        info['cls'] = sub
    return info


def _usage(rng, w, info):
    cls = info['cls']
    obj = rng.choice(['cart', 'obj', 'inv', 'box', 'c', 'tracker', 'store'])
    if info['name_attr']:
        w.add(0, '%s = %s(%s)' % (obj, cls, q(rng.choice(WORDS))))
    else:
        w.add(0, '%s = %s()' % (obj, cls))
    keys = rng.sample(WORDS, 4)
    for i in range(rng.randint(2, 5)):
        k = q(rng.choice(keys))
        n = rng.randint(1, 6)
        if info['pair']:
            call = '%s.%s(%s, %d, %s)' % (obj, info['add'], k, n, rng.choice(['0.5', '1.25', '2.0', '3.5', '0.75']))
        else:
            call = '%s.%s(%s, %d)' % (obj, info['add'], k, n)
        w.add(0, call)
    if info['raising'] and rng.random() < 0.7:
        w.add(0, 'try:')
        if info['pair']:
            w.add(1, '%s.%s(%s, %d, 1.0)' % (obj, info['add'], q(keys[0]), -rng.randint(0, 2)))
        else:
            w.add(1, '%s.%s(%s, %d)' % (obj, info['add'], q(keys[0]), -rng.randint(0, 2)))
        w.add(0, 'except ValueError as e:')
        w.add(1, 'print("error:", e)')
    if rng.random() < 0.6:
        r = rng.choice(['removed', 'gone', 'r'])
        w.add(0, '%s = %s.%s(%s)' % (r, obj, info['remove'], q(rng.choice(keys))))
    t = rng.choice(['t', 'total', 'result', 'value', 'res'])
    w.add(0, '%s = %s.%s()' % (t, obj, info['total']))
    if info['pair']:
        w.add(0, 'print(f"total: {%s:.2f}")' % t)
    else:
        w.add(0, 'print(%s)' % t if rng.random() < 0.5 else 'print(f"%s: {%s}")' % (info['total'], t))
    if info['prop'] and rng.random() < 0.6:
        w.add(0, 'print(%s.size)' % obj)
    if rng.random() < 0.3:
        w.add(0, 'print(%s.%s)' % (obj, info['store']))


def _helper(rng, w):
    """Sometimes a plain function beside the class, which the module code also calls."""
    S = Scope(rng)
    S.vars['data'] = 'dsi'
    S.used.add('data')
    body = []
    for _ in range(rng.randint(1, 3)):
        lines = snippet(S)
        if lines and not any('return' in ln for ln in lines):
            body += lines
    names = [n for n in S.vars if n != 'data']
    ret = names[-1] if names else 'data'
    w.add(0, 'def report(data):')
    w.block(1, body)
    w.add(1, 'return %s' % ret)


def class_script(rng, tries=12):
    for _ in range(tries):
        w = _W()
        info = _class(rng, w)
        w.add(0, '')
        w.add(0, '')
        helper = rng.random() < 0.3
        if helper:
            _helper(rng, w)
            w.add(0, '')
            w.add(0, '')
        _usage(rng, w, info)
        if helper:
            w.add(0, 'print(report(%s))' % lit_value(rng, 'dsi'))
        src = '\n'.join(ln if ln.strip() else '' for ln in w.lines) + '\n'
        if ends_normally(src, max_steps=600):
            return src
    return None
