"""Small programs that exercise the tracer and the actions (shared by tests)."""

PROGRAMS = {
    'calls_gen_exc': '''def g(x):
    y = x * 2
    return y

def f(n):
    total = 0
    for i in range(n):
        total += g(i)
    print("total", total)
    return total

def gen(k):
    for i in range(k):
        yield i * i

r = f(2)
s = [v for v in gen(2)]
try:
    1 / 0
except ZeroDivisionError as e:
    print("caught")
''',
    'recursion': '''def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fact(4), fib(4))
''',
    'exceptions': '''def check(v):
    if v < 0:
        raise ValueError("negative: %d" % v)
    return v

def middle(v):
    try:
        return check(v) + 1
    finally:
        print("done", v)

def run(items):
    good = []
    for v in items:
        try:
            good.append(middle(v))
        except ValueError as e:
            print(e)
    return good

print(run([3, -1, 2]))
''',
    'generator_next': '''def counter(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "end"

c = counter(3)
a = next(c)
b = next(c)
rest = list(c)
print(a, b, rest)
''',
    'lambda_sorted': '''words = ["pear", "fig", "apple"]
key = lambda w: (len(w), w)
out = sorted(words, key=key)
pairs = {w: len(w) for w in out}
print(out, pairs)
''',
    'methods': '''class Stack:
    def __init__(self):
        self.items = []

    def push(self, x):
        self.items.append(x)
        return len(self.items)

    def pop(self):
        return self.items.pop()

s = Stack()
s.push(1)
s.push(2)
print(s.pop())
''',
    'uncaught': '''def div(a, b):
    return a / b

def outer(x):
    y = div(x, 0)
    return y

print("start")
outer(5)
print("never")
''',
    'loops': '''total = 0
i = 0
while True:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    total += i
for j in range(3):
    pass
else:
    total -= 1
print(total)
''',
    'closure': '''def make_adder(k):
    def add(x):
        return x + k
    return add

add3 = make_adder(3)
vals = list(map(add3, [1, 2]))
print(vals)
''',
    'nested_gen': '''def inner():
    yield 1
    yield 2

def outer():
    yield from inner()
    yield 3

print(list(outer()))
''',
    'objects': '''class Item:
    def __init__(self, name, qty=1):
        self.name = name
        self.qty = qty

    def __repr__(self):
        return 'Item(%r, %r)' % (self.name, self.qty)

class Cart:
    def __init__(self, owner):
        self.owner = owner
        self.items = []
        self.last = None

    def add(self, name):
        item = Item(name)
        self.items.append(item)
        self.last = item
        return len(self.items)

cart = Cart('ann')
cart.add('pen')
cart.add('ink')
del cart.owner
print(cart.last.name)
''',
}
