from itertools import groupby


# --- from 50_poly_attr_error.py ---
class Poly:
    def __init__(self, coeffs):
        self.coeffs = coeffs  # coeffs[i] is the coefficient of x**i

    def __call__(self, x):
        result = 0
        for c in reversed(self.coeffs):
            result = result * x + c
        return result

    def derivative(self):
        return Poly([i * c for i, c in enumerate(self.coeffs)][1:])

    def __repr__(self):
        terms = [f"{c}x^{i}" for i, c in enumerate(self.coeffs) if c]
        return " + ".join(reversed(terms)) or "0"


# --- from 51_log_levels.py ---
def parse(line):
    date, time, level, message = line.split(maxsplit=3)
    return {"date": date, "time": time, "level": level, "msg": message}


def errors_per_day(entries):
    result = {}
    for date, group in groupby(entries, key=lambda e: e["date"]):
        result[date] = sum(1 for e in group if e["level"] == "ERROR")
    return result


# --- from 52_matmul.py ---
def matmul(a, b):
    n, m, p = len(a), len(b), len(b[0])
    if len(a[0]) != m:
        raise ValueError(f"shapes {n}x{len(a[0])} and {m}x{p} do not match")
    return [[sum(a[i][k] * b[k][j] for k in range(m)) for j in range(p)] for i in range(n)]


def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]


def mat_pow(m, e):
    result = identity(len(m))
    while e:
        if e & 1:
            result = matmul(result, m)
        m = matmul(m, m)
        e >>= 1
    return result


# --- from 53_histogram.py ---
def histogram(values, bins, lo, hi):
    counts = [0] * bins
    width = (hi - lo) / bins
    for v in values:
        idx = int((v - lo) / width)
        if idx == bins:          # v == hi goes in the last bin
            idx -= 1
        if 0 <= idx < bins:
            counts[idx] += 1
    return counts


def draw(counts, lo, width):
    for i, c in enumerate(counts):
        start = lo + i * width
        print(f"{start:5.1f}-{start + width:<5.1f}| {'#' * c}")


# --- from 54_email_cleanup.py ---
def clean(address):
    address = address.strip().lower()
    if address.count("@") != 1:
        return None
    user, domain = address.split("@")
    user = user.split("+", 1)[0]
    if not user or "." not in domain:
        return None
    return f"{user}@{domain}"


def dedupe(addresses):
    out = []
    for a in addresses:
        c = clean(a)
        if c and c not in out:
            out.append(c)
    return out


# --- from 55_permutations.py ---
def permutations(items):
    if len(items) <= 1:
        return [list(items)]
    result = []
    for i, first in enumerate(items):
        rest = items[:i] + items[i + 1:]
        for perm in permutations(rest):
            result.append([first] + perm)
    return result


def subsets(items):
    if not items:
        yield []
        return
    for sub in subsets(items[1:]):
        yield sub
        yield [items[0]] + sub


# --- from 01_word_counter.py ---
def normalize(word):
    # strip punctuation from both ends and lowercase
    return word.strip('.,;:!?"\'()').lower()


def count_words(text):
    counts = {}
    for raw in text.split():
        word = normalize(raw)
        if not word:
            continue
        counts[word] = counts.get(word, 0) + 1
    return counts


def top_words(counts, n):
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ranked[:n]


# --- from 02_inventory.py ---
class Item:
    def __init__(self, name, price, qty):
        self.name = name
        self.price = price
        self.qty = qty

    def __repr__(self):
        return f"Item({self.name!r}, {self.price}, {self.qty})"


class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, price, qty=1):
        if name in self.items:
            self.items[name].qty += qty
        else:
            self.items[name] = Item(name, price, qty)

    def remove(self, name, qty):
        item = self.items.get(name)
        if item is None or item.qty < qty:
            return False
        item.qty -= qty
        if item.qty == 0:
            del self.items[name]
        return True

    def total_value(self):
        return sum(i.price * i.qty for i in self.items.values())

    def __repr__(self):
        return f"Inventory({len(self.items)} items)"


# --- from 03_bank_account.py ---
class InsufficientFunds(Exception):
    pass


class BankAccount:
    """A very small account that keeps a history of transactions."""

    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.history = []

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("deposit", amount))
        return self.balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f"{self.owner} has only {self.balance}")
        self.balance -= amount
        self.history.append(("withdraw", amount))
        return self.balance

    def __repr__(self):
        return f"<BankAccount {self.owner}: {self.balance}>"


# --- from 04_expr_parser.py ---
def tokenize(s):
    tokens, i = [], 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            tokens.append(int(s[i:j]))
            i = j
        else:
            tokens.append(c)
            i += 1
    return tokens


def parse_expr(tokens, pos):
    value, pos = parse_term(tokens, pos)
    while pos < len(tokens) and tokens[pos] in ('+', '-'):
        op = tokens[pos]
        rhs, pos = parse_term(tokens, pos + 1)
        value = value + rhs if op == '+' else value - rhs
    return value, pos


def parse_term(tokens, pos):
    value, pos = parse_factor(tokens, pos)
    while pos < len(tokens) and tokens[pos] in ('*', '/'):
        op = tokens[pos]
        rhs, pos = parse_factor(tokens, pos + 1)
        value = value * rhs if op == '*' else value // rhs
    return value, pos


def parse_factor(tokens, pos):
    tok = tokens[pos]
    if tok == '(':
        value, pos = parse_expr(tokens, pos + 1)
        return value, pos + 1  # skip ')'
    if tok == '-':
        value, pos = parse_factor(tokens, pos + 1)
        return -value, pos
    return tok, pos + 1


def evaluate(s):
    value, _ = parse_expr(tokenize(s), 0)
    return value


# --- from 05_binary_search.py ---
def binary_search(items, target):
    lo, hi = 0, len(items) - 1
    steps = 0
    while lo <= hi:
        steps += 1
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid, steps
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, steps


import functools


def counted(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return func(*args, **kwargs)
    wrapper.calls = 0
    return wrapper


@counted
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


class Timer:
    """Context manager that counts 'ticks' instead of measuring real time."""

    def __init__(self, label):
        self.label = label
        self.ticks = 0

    def __enter__(self):
        print("start", self.label)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("end", self.label, "after", self.ticks, "ticks")
        return False

    def __repr__(self):
        return f"Timer({self.label!r}, ticks={self.ticks})"


with Timer("ackermann") as t:
    for args in [(1, 2), (2, 2)]:
        print(args, ackermann(*args))
        t.ticks += 1
print(ackermann.__name__, ackermann.calls)
