import string


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


# --- from 06_merge_sort.py ---
def merge(left, right):
    out = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out


def merge_sort(xs):
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    return merge(merge_sort(xs[:mid]), merge_sort(xs[mid:]))


# --- from 07_insertion_sort.py ---
def insertion_sort(arr):
    """Sort arr in place and return the number of shifts made."""
    shifts = 0
    for i in range(1, len(arr)):
        key = arr[i]
        j = i - 1
        while j >= 0 and arr[j] > key:
            arr[j + 1] = arr[j]
            j -= 1
            shifts += 1
        arr[j + 1] = key
    return shifts


# --- from 08_rle.py ---
def rle_encode(s):
    if not s:
        return ""
    parts = []
    prev, run = s[0], 1
    for ch in s[1:]:
        if ch == prev:
            run += 1
        else:
            parts.append(f"{run}{prev}")
            prev, run = ch, 1
    parts.append(f"{run}{prev}")
    return "".join(parts)


def rle_decode(code):
    out = []
    num = ""
    for ch in code:
        if ch.isdigit():
            num += ch
        else:
            out.append(ch * int(num))
            num = ""
    return "".join(out)


# --- from 09_caesar.py ---
def shift_char(c, k):
    if c.lower() not in ALPHA:
        return c
    idx = (ALPHA.index(c.lower()) + k) % 26
    out = ALPHA[idx]
    return out.upper() if c.isupper() else out


def caesar(text, k):
    return "".join(shift_char(c, k) for c in text)


# --- from 10_roman.py ---
def to_roman(n):
    result = ""
    for value, sym in NUMERALS:
        while n >= value:
            result += sym
            n -= value
    return result


def from_roman(s):
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for i, ch in enumerate(s):
        v = values[ch]
        if i + 1 < len(s) and values[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total


# --- from 11_traffic_light.py ---
def step(state, event):
    return TRANSITIONS.get((state, event), state)


def run(events, start="red"):
    state = start
    trace = [state]
    for ev in events:
        state = step(state, ev)
        trace.append(state)
    return trace


# --- from 12_transpose.py ---
def transpose(matrix):
    if not matrix:
        return []
    rows, cols = len(matrix), len(matrix[0])
    result = [[None] * rows for _ in range(cols)]
    for r in range(rows):
        for c in range(cols):
            result[c][r] = matrix[r][c]
    return result


def show(matrix):
    for row in matrix:
        print(" ".join(str(x).rjust(3) for x in row))


# --- from 13_flatten.py ---
def flatten(nested):
    """Flatten arbitrarily nested lists and tuples into one list."""
    flat = []
    for item in nested:
        if isinstance(item, (list, tuple)):
            flat.extend(flatten(item))
        else:
            flat.append(item)
    return flat


def depth(nested):
    if not isinstance(nested, (list, tuple)):
        return 0
    if not nested:
        return 1
    return 1 + max(depth(x) for x in nested)


# Count words in a paragraph and show the most common ones.

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


text = """The quick brown fox jumps over the lazy dog. The dog sleeps;
the fox runs away. A fox is quick, a dog is lazy!"""

counts = count_words(text)
print("distinct words:", len(counts))
for word, n in top_words(counts, 4):
    print(f"{word:>6} {n}")
