"""Soundness of ndbg.analysis.cfg against real executions.

Every program below is traced with sys.settrace on the running interpreter; each
observed transition (line -> next line in the same frame, line -> return), each
call (caller line -> callee) and each changed local (after a line) must be allowed
by `analyze(source)`. Runs under pytest, or directly (`python3.9 test_cfg.py`) to
check another interpreter without pytest.
"""

import io
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from ndbg.analysis.cfg import analyze, precision  # noqa: E402

FILENAME = '<cfg-test>'
MAX_EVENTS = 20000
_ADDRESS = re.compile(r' at 0x[0-9a-fA-F]+')
_CO_OPTIMIZED = 0x1


# CPython 3.12.0-3.12.1: reading a module frame's f_locals while an inlined
# comprehension runs writes the comprehension variable into the module (a tracer
# changes the program). Namespace frames' locals are not read there.
_FLOCALS_BUG = sys.version_info[:3] in ((3, 12, 0), (3, 12, 1))


class _Stop(BaseException):
    pass


def _repr(v):
    try:
        r = repr(v)
    except BaseException:
        return '<repr error>'
    return _ADDRESS.sub('', r)


def trace(source, max_events=MAX_EVENTS):
    """Events of `source`'s own frames: dicts with event, frame (serial), code
    (co_name, co_firstlineno), line, locals (name -> repr), and for calls the
    caller's frame serial and line."""
    code = compile(source, FILENAME, 'exec')
    events = []
    serials = {}
    keep = []

    def serial(frame):
        s = serials.get(id(frame))
        if s is None:
            s = serials[id(frame)] = len(keep)
            keep.append(frame)
        return s

    def snapshot(frame):
        namespace = not (frame.f_code.co_flags & _CO_OPTIMIZED)
        if namespace and _FLOCALS_BUG:
            return None
        out = {}
        for k, v in list(frame.f_locals.items()):
            if not isinstance(k, str) or not k.isidentifier():
                continue
            if namespace and k.startswith('__'):
                continue
            out[k] = _repr(v)
        return out

    stopped = []

    def local(frame, event, arg):
        if stopped:
            return None  # the program is being unwound by _Stop: not its own behaviour
        if len(events) >= max_events:
            stopped.append(True)
            raise _Stop()
        e = {
            'event': event,
            'frame': serial(frame),
            'line': frame.f_lineno,
            'code': (frame.f_code.co_name, frame.f_code.co_firstlineno),
            'module': frame.f_code is code,
            'locals': snapshot(frame),
        }
        if event == 'return':
            e['ret_none'] = arg is None
        if event == 'call':
            back = frame.f_back
            while back is not None and back.f_code.co_filename != FILENAME:
                back = back.f_back
            if back is not None:
                e['caller'] = serial(back)
                e['caller_line'] = back.f_lineno
        events.append(e)
        return local

    def glob(frame, event, arg):
        if frame.f_code.co_filename != FILENAME:
            return None
        return local(frame, event, arg)

    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout = sys.stderr = io.StringIO()
    sys.stdin = io.StringIO('')
    sys.settrace(glob)
    try:
        exec(code, {'__name__': '__main__', '__file__': FILENAME})
    except _Stop:
        pass
    except BaseException:
        pass
    finally:
        sys.settrace(None)
        sys.stdout, sys.stderr, sys.stdin = saved
    return events


def check(source, result=None, events=None):
    """Violations of `result` (default: analyze(source)) observed in a run of `source`."""
    if result is None:
        result = analyze(source)
    if events is None:
        events = trace(source)
    lines = result['lines']
    calls = result['calls']
    binds = result['binds']
    funcs = result['functions']
    frames = result['frames']
    by_code = {}
    for key, f in funcs.items():
        by_code.setdefault((f['qualname'].split('.')[-1], f['call_line']), []).append(key)
    bad = []

    def key_of(e):
        if e['module']:
            return '<module>'
        keys = by_code.get(e['code'])
        return keys[0] if keys and len(keys) == 1 else (keys or [None])[0]

    last = {}  # frame -> last line event
    raised = {}  # frame -> it had an exception event (one may still be unwinding it)
    started = set()
    for e in events:
        fr = e['frame']
        ev = e['event']
        if ev == 'call':
            if e['module']:
                started.add(fr)
                continue
            key = key_of(e)
            if key is None:
                bad.append('call of unknown code %r' % (e['code'],))
                continue
            if fr not in started:
                started.add(fr)
                if e['line'] != funcs[key]['call_line']:
                    bad.append('call event of %s on line %d, expected %d' % (key, e['line'], funcs[key]['call_line']))
                if 'caller_line' in e:
                    cl = str(e['caller_line'])
                    names = [c['name'] for c in calls.get(cl, [])]
                    if key not in names:
                        bad.append('line %s calls %s, not in %s' % (cl, key, names))
            continue
        key = '<module>' if e['module'] else key_of(e)
        if ev == 'line':
            prev = last.get(fr)
            if prev is None:
                entry = result['entry_lines'] if e['module'] else funcs[key]['entry_lines']
                if e['line'] not in entry:
                    bad.append('%s starts on line %d, not in %s' % (key, e['line'], entry))
            else:
                pl, plocals = prev
                allowed = lines.get(str(pl), [])
                if e['line'] not in allowed:
                    bad.append('line %d -> %d (%s) not in %s' % (pl, e['line'], key, allowed))
                elif e['line'] not in frames[key]['lines'].get(str(pl), []):
                    bad.append('line %d -> %d not in frame %s' % (pl, e['line'], key))
                bad.extend(_changes(binds, pl, plocals, e['locals'], e['line']))
            last[fr] = (e['line'], e['locals'])
        elif ev == 'exception':
            raised[fr] = True
            prev = last.get(fr)
            if prev is not None:
                bad.extend(_changes(binds, prev[0], prev[1], e['locals'], 'exception'))
                last[fr] = (prev[0], e['locals'])
        elif ev == 'return':
            prev = last.get(fr)
            if prev is not None:
                pl, plocals = prev
                # an exception may leave the frame from any line (after with-exits,
                # finally blocks...): a None return after an exception event
                unwinding = raised.get(fr) and e.get('ret_none')
                if not unwinding and 'return' not in lines.get(str(pl), []):
                    bad.append('line %d -> return (%s) not in %s' % (pl, key, lines.get(str(pl))))
                bad.extend(_changes(binds, pl, plocals, e['locals'], 'return'))
                last[fr] = (pl, e['locals'])
    return bad


def _changes(binds, line, before, after, to):
    b = binds.get(str(line))
    if b is None:
        return ['line %d has no binds entry' % line]
    allowed = set(b['binds']) | set(b['mutates']) | set(b['may_mutate_args'])
    if '*' in allowed or before is None or after is None:
        return []
    changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
    extra = changed - allowed
    if extra:
        return ['line %d -> %s changed %s, allowed %s' % (line, to, sorted(extra), sorted(allowed))]
    return []


PROGRAMS = {}


def program(name):
    def add(src):
        PROGRAMS[name] = src
        return src

    return add


program('loops')(
    '''
def f(xs):
    total = 0
    for x in xs:
        if x < 0:
            continue
        if x > 100:
            break
        total += x
    else:
        total = -total
    i = 0
    while i < len(xs):
        i += 1
        if xs[i - 1] == 3:
            break
    else:
        i = -1
    while True:
        i += 1
        if i > 5:
            break
    for a in range(2):
        for b in range(3):
            if b == 1:
                continue
            total += a * b
    return total, i

print(f([1, 2, 3]))
print(f([1, -2, 500]))
print(f([]))
'''
)

program('closures')(
    '''
def make_counter(start):
    count = start
    def inc(by=1):
        nonlocal count
        count += by
        return count
    def get():
        return count
    return inc, get

inc, get = make_counter(10)
inc()
inc(5)
print(get())

def outer(xs):
    acc = []
    def add(v):
        acc.append(v * 2)
    for x in xs:
        add(x)
    return acc

print(outer([1, 2, 3]))
'''
)

program('recursion')(
    '''
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

def is_even(n):
    return True if n == 0 else is_odd(n - 1)

def is_odd(n):
    return False if n == 0 else is_even(n - 1)

print(fact(5), fib(6), is_even(7))
'''
)

program('try_finally')(
    '''
def div(a, b):
    try:
        r = a / b
    except ZeroDivisionError as e:
        print('zero', e)
        r = None
    except (TypeError, ValueError):
        r = 0
    else:
        r = r * 2
    finally:
        print('done')
    return r

def early(x):
    try:
        if x:
            return 'early'
        y = 1
    finally:
        x = 'cleanup'
    return y

def loop_finally(xs):
    out = []
    for x in xs:
        try:
            if x == 1:
                continue
            if x == 3:
                break
            out.append(x)
        finally:
            out.append('f')
    return out

def nested():
    try:
        try:
            raise KeyError('k')
        except ValueError:
            pass
        finally:
            print('inner')
    except KeyError:
        return 'caught'

def reraise():
    try:
        int('x')
    except ValueError:
        raise RuntimeError('bad')

div(1, 2); div(1, 0); div('a', 'b')
early(1); early(0)
print(loop_finally([0, 1, 2, 3, 4]))
nested()
try:
    reraise()
except RuntimeError as err:
    msg = str(err)
'''
)

program('with')(
    '''
class Ctx:
    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow
        self.log = []
    def __enter__(self):
        self.log.append('enter')
        return self
    def __exit__(self, et, ev, tb):
        self.log.append('exit')
        return self.swallow

def use(flag):
    with Ctx('a') as c:
        c.log.append('body')
        if flag:
            return c.log
    with Ctx('b', swallow=True) as d, Ctx('c') as e:
        raise ValueError('x')
    for i in range(3):
        with Ctx(str(i)):
            if i == 1:
                continue
            if i == 2:
                break
    return d.log

print(use(True))
print(use(False))
'''
)

program('generators')(
    '''
def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return 'done'

def chain(a, b):
    yield from count(a)
    x = yield 'mid'
    yield from count(b)

def squares(xs):
    for x in xs:
        yield x * x

total = 0
for v in count(3):
    total += v
g = chain(2, 1)
first = next(g)
rest = list(g)
gen = (x + 1 for x in range(4) if x % 2)
vals = list(gen)
sq = squares([1, 2, 3])
print(next(sq))
print(sum(sq))
acc = [v for v in count(2)]
def sender():
    got = []
    while True:
        v = yield len(got)
        if v is None:
            break
        got.append(v)
    return got
s = sender()
next(s)
s.send(5)
s.send(6)
try:
    s.send(None)
except StopIteration as stop:
    result = stop.value
'''
)

program('comprehensions')(
    '''
def f(words):
    lengths = [len(w) for w in words]
    upper = {w.upper() for w in words if w}
    index = {w: i for i, w in enumerate(words)}
    nested = [[c for c in w] for w in words]
    flat = [c for w in words for c in w if c != 'a']
    pairs = [(a, b) for a in range(3) for b in range(a)]
    total = sum(n * 2 for n in lengths)
    filtered = [y for x in lengths if (y := x * 3) > 3]
    return lengths, upper, index, nested, flat, pairs, total, filtered

print(f(['ab', 'c', '', 'abc']))
'''
)

program('lambdas')(
    '''
people = [('bob', 30), ('al', 25), ('cy', 35)]
by_age = sorted(people, key=lambda p: p[1])
names = list(map(lambda p: p[0].title(), people))
adults = list(filter(lambda p: p[1] > 26, people))
square = lambda x: x * x
print(square(4), (lambda a, b=2: a + b)(1))
oldest = max(people, key=lambda p: (p[1],
                                    p[0]))
ops = {'add': lambda a, b: a + b, 'mul': lambda a, b: a * b}
r = ops['add'](2, 3) + ops['mul'](2, 3)
'''
)

program('classes')(
    '''
class Shape:
    sides = 0
    def __init__(self, name):
        self.name = name
    def area(self):
        return 0
    def describe(self):
        return '%s with area %s' % (self.name, self.area())

class Rect(Shape):
    sides = 4
    def __init__(self, w, h):
        super().__init__('rect')
        self.w = w
        self.h = h
    def area(self):
        return self.w * self.h
    @property
    def perimeter(self):
        return 2 * (self.w + self.h)
    @staticmethod
    def unit():
        return Rect(1, 1)
    @classmethod
    def square(cls, s):
        return cls(s, s)

class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def __eq__(self, o):
        return self.x == o.x and self.y == o.y
    def __len__(self):
        return 2
    def __iter__(self):
        yield self.x
        yield self.y
    def __repr__(self):
        return 'Vec(%d, %d)' % (self.x, self.y)

shapes = [Shape('blob'), Rect(2, 3), Rect.unit(), Rect.square(2)]
for s in shapes:
    print(s.describe())
p = shapes[1].perimeter
v = Vec(1, 2) + Vec(3, 4)
same = v == Vec(4, 6)
n = len(v)
x, y = v
items = list(v)
'''
)

program('early_returns')(
    '''
def classify(n):
    if n < 0:
        return 'neg'
    elif n == 0:
        return 'zero'
    elif n < 10:
        return 'small'
    for d in range(2, n):
        if n % d == 0:
            return 'composite'
    return 'prime'

def find(xs, t):
    for i, x in enumerate(xs):
        if x == t:
            return i
    return -1

print([classify(k) for k in (-1, 0, 5, 12, 13)])
print(find([4, 5, 6], 5), find([], 1))
'''
)

program('multiline')(
    '''
def combine(a,
            b,
            c=3):
    return (a +
            b +
            c)

data = {
    'x': combine(1,
                 2),
    'y': [combine(i, i)
          for i in range(2)],
}
total = combine(
    data['x'],
    sum(data['y']),
)
text = ('abc'
        .upper()
        .replace('B', 'b'))
if (total > 3 and
        text):
    z = [1,
         2]
'''
)

program('decorators')(
    '''
import functools

def trace(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return fn(*args, **kwargs)
    wrapper.calls = 0
    return wrapper

def repeat(n):
    def deco(fn):
        def inner(*a):
            out = []
            for _ in range(n):
                out.append(fn(*a))
            return out
        return inner
    return deco

@trace
def add(a, b):
    return a + b

@repeat(2)
@trace
def hello(name):
    return 'hi ' + name

def register(cls):
    cls.registered = True
    return cls

@register
class Thing:
    pass

@functools.lru_cache(maxsize=None)
def cached(n):
    return n * 2

print(add(1, 2), hello('x'), Thing.registered, cached(3), cached(3))
'''
)

program('aliasing')(
    '''
def f(a, b):
    c = a
    c.append(1)
    d = [a, b]
    d[0].append(2)
    e = d[1]
    e.append(3)
    m = {'k': []}
    lst = m['k']
    lst.append(4)
    m['j'] = lst
    a += [5]
    t = (a, 1)
    t[0].append(6)
    copy = list(b)
    copy.append(7)
    s = a[:]
    s.append(8)
    return a, b, c, d, e, m, copy, s

x = [0]
print(f(x, [9]))
print(f(x, x))
grid = [[0] * 2 for _ in range(2)]
row = grid[0]
row[1] = 5
ref = grid
ref.append([7])
'''
)

program('globals')(
    '''
counter = 0
items = []

def bump():
    global counter
    counter += 1

def push(v):
    items.append(v)

def reset():
    global items
    items = []

bump(); bump()
push(3)
view = items
push(4)
reset()
push(5)
print(counter, items, view)
'''
)

program('strings')(
    '''
def f(text):
    words = text.split()
    out = ''
    counts = {}
    for w in words:
        w = w.strip('.,').lower()
        if not w:
            continue
        counts[w] = counts.get(w, 0) + 1
        out += w[::-1] + ' '
    best = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return out.strip(), best[:2]

print(f('The cat. The dog, the END'))
s = 'hello world'
idx = s.find('o')
parts = s.partition(' ')
caps = ''.join(ch.upper() if i % 2 else ch for i, ch in enumerate(s))
'''
)

program('exceptions_across_frames')(
    '''
def inner(x):
    if x > 1:
        raise ValueError('too big: %d' % x)
    return x

def middle(x):
    y = inner(x) * 2
    return y

def outer(xs):
    res = []
    for x in xs:
        try:
            res.append(middle(x))
        except ValueError as e:
            res.append(str(e))
            continue
        finally:
            res.append('|')
    return res

print(outer([0, 1, 2, 1]))
try:
    middle(5)
except Exception:
    pass
assert outer([]) == []
'''
)

program('iterator_class')(
    '''
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1

def consume():
    seen = []
    for v in Countdown(3):
        seen.append(v)
    a, b = Countdown(2)
    return seen, a, b, 2 in Countdown(3)

print(consume())
'''
)

program('dispatch')(
    '''
def on_add(stack):
    b, a = stack.pop(), stack.pop()
    stack.append(a + b)

def on_mul(stack):
    b, a = stack.pop(), stack.pop()
    stack.append(a * b)

HANDLERS = {'+': on_add, '*': on_mul}

def run(tokens):
    stack = []
    for tok in tokens:
        handler = HANDLERS.get(tok)
        if handler is not None:
            handler(stack)
        else:
            stack.append(int(tok))
    return stack[-1]

def apply(fn, *args, **kw):
    return fn(*args, **kw)

print(run('2 3 + 4 *'.split()))
print(apply(run, ['1', '2', '+']))
print(apply(max, 1, 5, key=lambda v: -v))
'''
)

program('args')(
    '''
def f(a, b=2, *rest, c=3, **kw):
    out = [a, b, c]
    out.extend(rest)
    for k in sorted(kw):
        out.append(kw[k])
    kw['z'] = 1
    return out

print(f(1))
print(f(1, 5, 6, 7, c=0, x=9, y=8))
first, *middle, last = f(0, 1, 2, 3)
d = {'a': 1}
print(f(**{'a': 4}), f(*[5, 6]))
'''
)

program('del_and_aug')(
    '''
def f(xs, d):
    xs[0] += 10
    d['k'] = d.get('k', 0) + 1
    d['k'] *= 3
    del xs[1]
    del d['k']
    tmp = 5
    del tmp
    n = len(xs)
    n -= 1
    n **= 2
    s = 'a'
    s *= 3
    return xs, d, n, s

print(f([1, 2, 3], {'k': 1}))
'''
)

program('single_line_compound')(
    '''
def f(n):
    out = []
    for i in range(n): out.append(i)
    while len(out) < 5: out.append(0)
    if n: out.append('n')
    else: out.append('zero')
    a = 1; b = 2; c = a + b
    try: x = 1 / n
    except ZeroDivisionError: x = 0
    with open(__file__) if False else Null() as q: pass
    return out, c, x

class Null:
    def __enter__(self): return self
    def __exit__(self, *a): return False

print(f(2), f(0))
'''
)

program('module_level')(
    '''
"""Module docstring."""
import math
from collections import Counter, deque
x: int = 3
y: list
if True:
    x += 1
while 1:
    x += 1
    if x > 6:
        break
10
...
assert x == 7, 'x'
class Plain:
    """Class doc."""
    a = 1
    b = a + 1
    def m(self):
        "Only a docstring."
c = Counter('abca')
q = deque([1, 2])
q.appendleft(0)
r = math.sqrt(16)
Plain().m()
'''
)

program('dataclass')(
    '''
from dataclasses import dataclass, field

@dataclass
class Item:
    name: str
    qty: int = 0
    tags: list = field(default_factory=list)
    def __post_init__(self):
        self.name = self.name.strip()
    def total(self, price):
        return self.qty * price

items = [Item(' a ', 2), Item('b', 1, ['x'])]
items[1].tags.append('y')
cost = sum(i.total(3) for i in items)
'''
)

program('heap_and_external')(
    '''
import heapq
import random

def topk(xs, k):
    h = []
    for x in xs:
        heapq.heappush(h, x)
        if len(h) > k:
            heapq.heappop(h)
    return sorted(h)

rng = random.Random(1)
data = [rng.randint(0, 50) for _ in range(8)]
rng.shuffle(data)
print(topk(data, 3))
'''
)

program('bool_short_circuit')(
    '''
calls = []
def t(v):
    calls.append(v)
    return v

r1 = t(0) and t(1)
r2 = t(0) or t(2)
r3 = t(1) if t(0) else t(3)
r4 = 1 < t(2) < 3
r5 = not t([])
r6 = all(t(v) for v in (1, 0, 1))
'''
)

program('nested_defs_in_loops')(
    '''
def make(n):
    fs = []
    for i in range(n):
        def f(x, i=i):
            return x + i
        fs.append(f)
    return [g(10) for g in fs]

def deep(n):
    def a():
        def b():
            def c():
                return n * 2
            return c()
        return b()
    return a()

print(make(3), deep(4))
'''
)

program('coroutine')(
    '''
async def add(a, b):
    return a + b

async def main():
    x = await add(1, 2)
    y = await add(x, 3)
    return y

coro = main()
try:
    coro.send(None)
except StopIteration as s:
    out = s.value
'''
)

program('while_else_and_pass')(
    '''
def search(xs, t):
    i = 0
    while i < len(xs):
        if xs[i] == t:
            break
        i += 1
    else:
        return None
    return i

def noop():
    pass

class Empty:
    pass

print(search([1, 2], 2), search([], 1), noop(), Empty())
'''
)

program('matrix')(
    '''
def transpose(m):
    return [list(r) for r in zip(*m)]

def mul(a, b):
    bt = transpose(b)
    return [[sum(x * y for x, y in zip(r, c)) for c in bt] for r in a]

m = [[1, 2], [3, 4]]
print(mul(m, m))
m[0][0] = 9
'''
)

program('state_machine')(
    '''
def parse(s):
    state = 'start'
    num = ''
    out = []
    for ch in s + ' ':
        if state == 'start':
            if ch.isdigit():
                num = ch
                state = 'num'
            elif ch == '-':
                out.append('minus')
        elif state == 'num':
            if ch.isdigit():
                num += ch
            else:
                out.append(int(num))
                state = 'start'
    return out

print(parse('12-3 45'))
'''
)

program('generator_close')(
    '''
def gen(log):
    try:
        yield 1
        yield 2
    finally:
        log.append('closed')

def plain():
    yield 1
    yield 2

log = []
for v in gen(log):
    break
g = plain()
next(g)
g = None

def first(it):
    for w in it:
        return w

x = first(gen(log))
h = gen(log)
next(h)
h.close()
'''
)

program('attributes')(
    '''
class Temp:
    def __init__(self):
        self._c = 0
        self.history = []
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        self.history.append(v)
        self._c = v
    def __getattr__(self, name):
        return name.upper()
    def __setitem__(self, k, v):
        self.history.append((k, v))

t = Temp()
t.c = 5
t.c += 1
u = t.c
w = t.missing
t['k'] = 1
log = t.history

class Registry:
    items = [n * 2 for n in range(3)]
    total = sum(items)
    class Inner:
        flag = True
'''
)

if sys.version_info >= (3, 10):
    program('match')(
        '''
def describe(x):
    match x:
        case 0 | 1:
            return 'bit'
        case [a, b, *rest]:
            return 'seq %s %s %d' % (a, b, len(rest))
        case {'k': v, **others}:
            return 'map %s' % v
        case str() as s if len(s) > 2:
            return 'long'
        case _:
            return 'other'

for v in (0, [1, 2, 3], {'k': 5, 'z': 1}, 'abcd', 'a', 2.5):
    print(describe(v))
'''
    )


# --- random control flow ----------------------------------------------------------------

_FUZZ_PRELUDE = """
class Ctx:
    def __init__(self, swallow):
        self.swallow = swallow
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return self.swallow

def helper(v, acc):
    acc.append(v)
    return v * 2

"""


class _Fuzz:
    """Random nested control flow: loops with break / continue / else, try / except /
    else / finally, with (swallowing or not), early return and raise, yield, single-line
    compound statements, comprehensions, conditional expressions, nested functions."""

    def __init__(self, rng, generator=False):
        self.rng = rng
        self.generator = generator
        self.loop_vars = 0

    def cond(self):
        r = self.rng
        return r.choice(
            [
                'n % 2 == 0',
                'n % 3 == 1',
                'len(acc) > 2',
                'n > 4',
                'acc and acc[-1] > 3',
                'n < 2 or n > 6',
                'not acc',
                'True',
                'n',
            ]
        )

    def simple(self, ind, in_loop):
        r = self.rng
        opts = [
            'acc.append(n)',
            'n += 1',
            'x = n * 2',
            'd[n % 3] = len(acc)',
            'helper(n, acc)',
            'y = [v for v in acc if v % 2]',
            's = n if acc else -n',
            'z = acc and acc[0]',
            'del acc[:1]',
            'acc.extend((n,\n' + ind + '           n + 1))',
            'n = helper(n, acc) % 7',
            't, u = divmod(n, 3)',
            'd.setdefault(n, []).append(n)',
            'pass',
        ]
        if in_loop:
            opts += ['if %s: break' % self.cond(), 'if %s: continue' % self.cond()]
        opts += ['if %s: return n' % self.cond(), 'if %s: raise ValueError(n)' % self.cond()]
        if self.generator:
            opts += ['yield n', 'got = yield len(acc)', 'yield from range(2)']
        return ind + r.choice(opts)

    def block(self, ind, depth, in_loop, n=None):
        r = self.rng
        out = []
        for _ in range(n or r.randint(1, 3)):
            if depth > 0 and r.random() < 0.45:
                out += self.compound(ind, depth - 1, in_loop)
            else:
                out.append(self.simple(ind, in_loop))
        return out

    def compound(self, ind, depth, in_loop):
        r = self.rng
        k = r.choice(['if', 'for', 'while', 'try', 'with', 'tryf'])
        i2 = ind + '    '
        out = []
        if k == 'if':
            out.append(ind + 'if %s:' % self.cond())
            out += self.block(i2, depth, in_loop)
            if r.random() < 0.5:
                out.append(ind + 'elif %s:' % self.cond())
                out += self.block(i2, depth, in_loop)
            if r.random() < 0.5:
                out.append(ind + 'else:')
                out += self.block(i2, depth, in_loop)
        elif k == 'for':
            self.loop_vars += 1
            out.append(ind + 'for i%d in range(%d):' % (self.loop_vars, r.randint(0, 3)))
            out += self.block(i2, depth, True)
            if r.random() < 0.3:
                out.append(ind + 'else:')
                out += self.block(i2, depth, in_loop)
        elif k == 'while':
            self.loop_vars += 1
            c = 'c%d' % self.loop_vars
            out.append(ind + '%s = 0' % c)
            out.append(ind + ('while %s < 3:' % c if r.random() < 0.7 else 'while True:'))
            out.append(i2 + '%s += 1' % c)
            out.append(i2 + 'if %s > 3: break' % c)
            out += self.block(i2, depth, True)
            if r.random() < 0.3:
                out.append(ind + 'else:')
                out += self.block(i2, depth, in_loop)
        elif k in ('try', 'tryf'):
            out.append(ind + 'try:')
            out += self.block(i2, depth, in_loop)
            handlers = r.randint(0 if k == 'tryf' else 1, 2)
            for h in range(handlers):
                out.append(
                    ind
                    + r.choice(
                        ['except ValueError as e%d:' % h, 'except (KeyError, IndexError):', 'except Exception:']
                        + (['except:'] if h == handlers - 1 else [])
                    )
                )
                out += self.block(i2, depth, in_loop)
            if handlers and r.random() < 0.3:
                out.append(ind + 'else:')
                out += self.block(i2, depth, in_loop)
            if k == 'tryf' or not handlers:
                out.append(ind + 'finally:')
                out += self.block(i2, depth, in_loop)
        else:
            out.append(ind + 'with Ctx(%s) as cm:' % r.choice(['True', 'False']))
            out += self.block(i2, depth, in_loop)
        return out

    def program(self):
        r = self.rng
        lines = [_FUZZ_PRELUDE.strip('\n'), '']
        lines.append('def f(n, acc):')
        lines.append('    d = {}')
        lines += self.block('    ', 3, False, n=r.randint(2, 5))
        lines.append('    return n')
        lines.append('')
        calls = ['f(%d, [%d])' % (r.randint(0, 8), r.randint(0, 5)) for _ in range(3)]
        for c in calls:
            if self.generator:
                c = 'list(%s)' % c
            lines.append('try:')
            lines.append('    %s' % c)
            lines.append('except Exception:')
            lines.append('    pass')
        return '\n'.join(lines) + '\n'


def random_program(seed):
    rng = random.Random(seed)
    return _Fuzz(rng, generator=rng.random() < 0.25).program()


# --- tests -------------------------------------------------------------------------------


def _check_all(target=None):
    failures = {}
    for name, src in PROGRAMS.items():
        bad = check(src, analyze(src, target))
        if bad:
            failures[name] = bad[:5]
    return failures


def test_programs_sound():
    failures = _check_all()
    assert not failures, failures


def test_programs_sound_all_versions_target():
    failures = _check_all('all')
    assert not failures, failures


def test_programs_exercise_tracing():
    # the programs run (no program dies on its first lines)
    for name, src in PROGRAMS.items():
        events = trace(src)
        assert sum(1 for e in events if e['event'] == 'line') > 5, name


def test_api_shape_and_example():
    src = 'def f(xs):\n    ys = []\n    for x in xs:\n        ys.append(x)\n    return ys\n\nr = f([1])\n'
    r = analyze(src)
    assert r['entry'] == 1
    assert r['lines']['1'] == [7]
    assert r['lines']['3'] == [4, 5]
    assert r['lines']['4'] == [3]
    assert r['lines']['5'] == ['return']
    assert r['lines']['7'] == ['return']
    assert [c['name'] for c in r['calls']['7']] == ['f']
    assert r['calls']['7'][0]['call_line'] == 1 and r['calls']['7'][0]['first_body_line'] == 2
    assert r['binds']['3']['binds'] == ['x']
    assert r['binds']['4'] == {'binds': [], 'mutates': ['ys'], 'may_mutate_args': []}
    assert r['binds']['7']['binds'] == ['r']
    assert r['functions']['f'] == {
        'qualname': 'f',
        'kind': 'function',
        'def_line': 1,
        'call_line': 1,
        'first_body_line': 2,
        'entry_lines': [2],
        'last_line': 5,
        'params': ['xs'],
        'locals': ['x', 'xs', 'ys'],
    }
    import json

    json.dumps(r)


def test_decorated_call_line_and_generator_yield():
    src = (
        'def deco(f):\n    return f\n\n@deco\ndef g(n):\n    yield n\n    yield n + 1\n\n' 'for v in g(1):\n    pass\n'
    )
    r = analyze(src)
    f = r['functions']['g']
    assert (f['call_line'], f['def_line'], f['first_body_line'], f['kind']) == (4, 5, 6, 'generator')
    assert set(r['lines']['6']) == {7, 'return'}
    assert set(r['lines']['7']) == {'return'}
    assert 'g' in [c['name'] for c in r['calls']['9']]


def test_never_executes(tmp_path):
    marker = tmp_path / 'touched'
    src = 'open(%r, "w").write("x")\nimport os\nos.remove(%r)\n' % (str(marker), str(marker))
    analyze(src)
    assert not marker.exists()


def test_cli(tmp_path):
    import json
    import subprocess

    p = tmp_path / 'prog.py'
    p.write_text('x = 1\nprint(x)\n')
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    out = subprocess.run(
        [sys.executable, '-m', 'ndbg.analysis.cfg', str(p)], cwd=here, capture_output=True, text=True, check=True
    ).stdout
    r = json.loads(out)
    assert r['lines'] == {'1': [2], '2': ['return']}
    # every output carries the format version src/model/format/cfg.ts checks, a syntax error's too
    from ndbg.analysis.cfg import FORMAT_VERSION

    assert r['format'] == FORMAT_VERSION
    p.write_text('def (:\n')
    bad = subprocess.run([sys.executable, '-m', 'ndbg.analysis.cfg', str(p)], cwd=here, capture_output=True, text=True)
    assert bad.returncode == 1
    err = json.loads(bad.stdout)
    assert set(err) == {'format', 'error'} and err['format'] == FORMAT_VERSION
    assert err['error'].startswith('SyntaxError: ')


def test_precision_stats():
    stats = [precision(analyze(src)) for src in PROGRAMS.values()]
    n = sum(s['lines'] for s in stats)
    mean = sum(s['mean_successors'] * s['lines'] for s in stats) / n
    single = sum(s['single_successor'] * s['lines'] for s in stats) / n
    assert 1.0 <= mean < 2.5
    assert single > 0.4


def test_random_control_flow_sound():
    failures = []
    for seed in range(60):
        src = random_program(seed)
        bad = check(src, analyze(src), trace(src, max_events=3000))
        if bad:
            failures.append((seed, bad[:3]))
    assert not failures, failures[:5]


def _generated_sources(n):
    try:
        from ndbg.gen.generator import generate
    except ImportError:
        return None
    out = []
    for seed in range(n):
        out.append(generate(random.Random(seed)).source)
    return out


def test_generated_programs_sound():
    import pytest

    sources = _generated_sources(200)
    if sources is None:
        pytest.skip('ndbg.gen.generator not available yet')
    failures = []
    for i, src in enumerate(sources):
        bad = check(src, analyze(src), trace(src, max_events=3000))
        if bad:
            failures.append((i, bad[:3]))
    assert not failures, failures[:5]


def _main():
    """Check another interpreter without pytest, and measure precision:
    python3.9 python/tests/test_cfg.py [--fuzz N] [--generated N] [--start S] [--target T]"""
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument('--fuzz', type=int, default=0, help='random control-flow programs')
    parser.add_argument('--generated', type=int, default=0, help='ndbg.gen.generator programs')
    parser.add_argument('--start', type=int, default=0, help='first seed')
    parser.add_argument('--target', default=None)
    args = parser.parse_args()
    version = '%d.%d' % sys.version_info[:2]
    sets = [('hand-written', list(PROGRAMS.values()))]
    if args.fuzz:
        sets.append(('fuzz', [random_program(i) for i in range(args.start, args.start + args.fuzz)]))
    if args.generated:
        sources = _generated_sources(args.generated + args.start)
        if sources is None:
            print('ndbg.gen.generator not available')
        else:
            sets.append(('generated', sources[args.start :]))
    failed = False
    for name, sources in sets:
        bad_programs = 0
        lines = successors = single = 0
        for i, src in enumerate(sources):
            result = analyze(src, args.target)
            bad = check(src, result, trace(src, max_events=3000))
            if bad:
                bad_programs += 1
                if bad_programs <= 5:
                    print('FAIL %s #%d' % (name, i + (args.start if name != 'hand-written' else 0)))
                    for b in bad[:3]:
                        print('   ', b)
            st = precision(result)
            lines += st['lines']
            successors += st['mean_successors'] * st['lines']
            single += st['single_successor'] * st['lines']
        failed = failed or bad_programs > 0
        print(
            '%s target=%s %s: %d programs, %d failed; %d lines, %.3f successors per line, %.1f%% with one'
            % (
                version,
                args.target or version,
                name,
                len(sources),
                bad_programs,
                lines,
                successors / max(lines, 1),
                100.0 * single / max(lines, 1),
            )
        )
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(_main())


def test_module_hidden_names():
    src = (
        'import os\nimport os.path as osp\nfrom math import pi\n'
        'def f(x):\n    return x\n@dec\ndef g(): pass\nclass C:\n    def m(self): pass\n'
        'def h(): pass\nh = 3\ndef k():\n    global C2\n    C2 = 1\nclass C2: pass\n'
    )
    # plain defs, classes and module imports are hidden; a decorated def, a rebound name,
    # a name a function may rebind and `from m import x` (a value, maybe) are not
    assert analyze(src)['hidden'] == ['C', 'f', 'k', 'os', 'osp']
    assert analyze('from m import *\ndef f(): pass\n')['hidden'] == []
    # the tracer agrees: none of them is ever in <module>'s locals
    src = 'import math\ndef f(x):\n    return x + 1\nclass P:\n    pass\ny = f(2)\nz = P()\n'
    hidden = set(analyze(src)['hidden'])
    assert hidden == {'math', 'f', 'P'}
    from ndbg.trace.tracer import trace_program

    shown = {n for e in trace_program(src)['events'] if e['func'] == '<module>' for n in e['locals']}
    assert shown == {'y', 'z'} and not shown & hidden


def test_bound_names():
    src = 'import os.path\nfrom m import a as b\ndef f(x, *ys, k=1, **kw):\n    global g\n    for i in ys:\n        print(len(i), self.attr)\n    try:\n        pass\n    except E as err:\n        del x\n    return [j for j in ys if (w := j)]\n'
    assert analyze(src)['bound'] == ['b', 'err', 'f', 'g', 'i', 'j', 'k', 'kw', 'os', 'w', 'x', 'ys']
    assert analyze('from os import *\n')['bound'] is None


def test_names_bound_out_of_sight():
    """Review findings: each program shows a name in some frame's locals; cfg must not
    exclude it (bound) nor hide it (module)."""
    from ndbg.trace.tracer import trace_program

    programs = [
        'class C:\n    def m(self):\n        return __class__\nC().m()\n',  # __class__ cell
        'class B:\n    pass\nclass C(B):\n    def m(self):\n        return super().m\nC().m()\n',
        'class M(type):\n    def __new__(m, *a):\n        return 5\nclass C(metaclass=M):\n    pass\nprint(C)\n',
        'class M(type):\n    def __new__(m, *a):\n        return 5\nclass A(metaclass=M):\n    pass\n',
        'globals()["x"] = 1\nprint(x)\n',
        'def f():\n    pass\nglobals()["f"] = 1\nprint(f)\n',
        'exec("y = 2")\nprint(y)\n',
        'class C:\n    def m(self):\n        __y = 1\n        return __y\nC().m()\n',  # mangled: _C__y
    ]
    for src in programs:
        r = analyze(src)
        bound = None if r['bound'] is None else set(r['bound'])
        for e in trace_program(src)['events']:
            for name in e['locals']:
                assert bound is None or name in bound, (src, name)
                if e['func'] == '<module>':
                    assert name not in r['hidden'], (src, name)


def test_frame_locals_are_the_frames_own_names():
    r = analyze(
        'def f(xs):\n    out = []\n    for x in xs:\n        out.append(g(x))\n    return out\n'
        'def g(v):\n    return v\nprint(f([1]))\n',
        '3.11',
    )
    assert r['functions']['f']['locals'] == ['out', 'x', 'xs']  # never the globals f, g
    assert r['functions']['g']['locals'] == ['v']
    assert 'locals' not in analyze('def f():\n    exec("a = 1")\n    return locals()\nf()\n', '3.11')['functions']['f']


def test_frame_locals_hold_every_name_a_trace_shows():
    """Soundness: every local of every traced function frame is in its scope's `locals`
    (free variables of closures, nonlocal, __class__, mangled names, comprehensions,
    generators, lambdas, nested classes' methods)."""
    from ndbg.trace.tracer import trace_program

    programs = [
        'def outer(n):\n    k = 2\n    def inner(m):\n        return m * k + n\n    return [inner(i) for i in range(n)]\nprint(outer(3))\n',
        'def counter():\n    c = 0\n    def inc():\n        nonlocal c\n        c += 1\n        return c\n    inc()\n    return inc()\nprint(counter())\n',
        'class B:\n    def m(self):\n        return 1\nclass C(B):\n    def m(self):\n        __y = 1\n        return super().m() + __y\nprint(C().m())\n',
        'def gen(n):\n    for i in range(n):\n        yield i * i\nprint(sum(gen(4)), (lambda q: q + 1)(2))\n',
        'def f(a, *args, key=None, **kw):\n    try:\n        return a / 0\n    except ZeroDivisionError as e:\n        msg = str(e)\n    return {k: v for k, v in kw.items()}, msg\nprint(f(1, 2, x=3))\n',
        'def deco(fn):\n    def wrap(*a):\n        return fn(*a) + 1\n    return wrap\n@deco\ndef h(x):\n    return x\nprint(h(1))\n',
    ]
    for src in programs:
        r = analyze(src, '3.11')
        funcs = r['functions']
        for e in trace_program(src)['events']:
            if e['func'] == '<module>' or not e['locals']:
                continue
            keys = [
                k
                for k, v in funcs.items()
                if v['qualname'].split('.')[-1] == e['func']
                and v['call_line'] <= e['line'] <= v['last_line']
                and v['kind'] != 'class'
            ]
            assert keys, (src, e)
            allowed = set().union(*(set(funcs[k].get('locals') or e['locals']) for k in keys))
            assert set(e['locals']) <= allowed, (src, e['func'], set(e['locals']) - allowed)


def test_command_line_without_argparse_reads_what_argparse_reads():
    """The engine's own arguments skip argparse (its import costs on every neural
    start); whatever else is given goes to argparse, which reads the same."""
    from ndbg.analysis.cfg import _parse_args, _quick_args

    for argv in (
        ['f.py'],
        ['f.py', '--target', '3.11'],
        ['--target', '3.9', 'f.py', '--pdb-facts'],
        ['--pdb-facts', 'f.py', '--target', 'all', '--target', '3.12'],
    ):
        assert vars(_quick_args(argv)) == vars(_parse_args(argv)), argv
    for argv in (
        [],
        ['--stats', 'f.py'],
        ['f.py', '--indent', '2'],
        ['--target=3.11', 'f.py'],
        ['--pdb', 'f.py'],
        ['a.py', 'b.py'],
        ['f.py', '--target'],
        ['-h'],
    ):
        assert _quick_args(argv) is None, argv
