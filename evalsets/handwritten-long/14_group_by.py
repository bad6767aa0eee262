from dataclasses import dataclass, field
from collections import deque


# --- from 15_brackets.py ---
def check_brackets(text):
    """Return None if balanced, otherwise the index of the first problem."""
    stack = []
    for i, ch in enumerate(text):
        if ch in "([{":
            stack.append((ch, i))
        elif ch in PAIRS:
            if not stack or stack[-1][0] != PAIRS[ch]:
                return i
            stack.pop()
    if stack:
        return stack[-1][1]
    return None


# --- from 16_fib_memo.py ---
def fib(n):
    if n in _cache:
        return _cache[n]
    result = fib(n - 1) + fib(n - 2)
    _cache[n] = result
    return result


def fib_iter(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


# --- from 17_gcd_lcm.py ---
def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)


def lcm(a, b):
    return abs(a * b) // gcd(a, b)


def lcm_many(*nums):
    result = 1
    for n in nums:
        result = lcm(result, n)
    return result


def simplify(num, den):
    g = gcd(num, den)
    return num // g, den // g


# --- from 18_sieve.py ---
def sieve(limit):
    is_prime = [True] * (limit + 1)
    is_prime[0] = is_prime[1] = False
    p = 2
    while p * p <= limit:
        if is_prime[p]:
            for multiple in range(p * p, limit + 1, p):
                is_prime[multiple] = False
        p += 1
    return [i for i, flag in enumerate(is_prime) if flag]


def twin_primes(primes):
    return [(a, b) for a, b in zip(primes, primes[1:]) if b - a == 2]


# --- from 19_table_format.py ---
def format_table(headers, rows):
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(str(cell)))
    sep = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    lines = [sep]
    lines.append("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |")
    lines.append(sep)
    for row in rows:
        cells = []
        for cell, w in zip(row, widths):
            text = str(cell)
            cells.append(text.rjust(w) if isinstance(cell, (int, float)) else text.ljust(w))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append(sep)
    return "\n".join(lines)


# --- from 20_records.py ---
@dataclass
class Book:
    title: str
    author: str
    year: int
    tags: list = field(default_factory=list)

    def age(self, current_year):
        return current_year - self.year


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0


# --- from 21_queue_sim.py ---
def simulate(arrivals):
    queue = deque(arrivals)
    clock = 0
    waits = []
    while queue:
        arrive, service = queue.popleft()
        if clock < arrive:
            clock = arrive          # lane was idle
        waits.append(clock - arrive)
        clock += service
    return waits, clock


# --- from 22_tokenizer.py ---
def tokenize(src):
    tokens = []
    i = 0
    while i < len(src):
        ch = src[i]
        if ch in " \t\n":
            i += 1
            continue
        if ch.isalpha() or ch == "_":
            start = i
            while i < len(src) and (src[i].isalnum() or src[i] == "_"):
                i += 1
            word = src[start:i]
            tokens.append(("KW" if word in KEYWORDS else "NAME", word))
        elif ch.isdigit():
            start = i
            while i < len(src) and src[i].isdigit():
                i += 1
            tokens.append(("NUM", src[start:i]))
        elif src.startswith("==", i):
            tokens.append(("OP", "=="))
            i += 2
        else:
            tokens.append(("OP", ch))
            i += 1
    return tokens


# --- from 23_pretty_print.py ---
def pretty(value, indent=0):
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        lines = ["{"]
        for i, (k, v) in enumerate(value.items()):
            comma = "," if i < len(value) - 1 else ""
            lines.append(f'{pad}  "{k}": {pretty(v, indent + 1)}{comma}')
        lines.append(pad + "}")
        return "\n".join(lines)
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return "[" + ", ".join(pretty(v) for v in value) + "]"
        inner = [pad + "  " + pretty(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + pad + "]"
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --- from 24_date_math.py ---
def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def month_length(year, month):
    if month == 2 and is_leap(year):
        return 29
    return DAYS_IN_MONTH[month - 1]


def add_days(year, month, day, n):
    day += n
    while day > month_length(year, month):
        day -= month_length(year, month)
        month += 1
        if month > 12:
            month = 1
            year += 1
    return year, month, day


def day_of_year(year, month, day):
    return sum(month_length(year, m) for m in range(1, month)) + day


# --- from 25_config_error.py ---
def parse_config(text):
    settings = {}
    for line in text.strip().splitlines():
        key, _, value = line.partition("=")
        value = value.strip()
        settings[key.strip()] = int(value) if value.isdigit() else value
    return settings


def connection_string(settings):
    return f"{settings['host']}:{settings['port']} (timeout {settings['timeout']})"


# --- from 26_safe_divide.py ---
def safe_ratio(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return float("inf") if a > 0 else 0.0


def parse_ints(values):
    good, bad = [], []
    for v in values:
        try:
            good.append(int(v))
        except ValueError:
            bad.append(v)
        finally:
            pass
    return good, bad


def average(values):
    try:
        result = sum(values) / len(values)
    except ZeroDivisionError:
        print("  (empty list, returning None)")
        return None
    else:
        return round(result, 3)


# --- from 27_generators.py ---
def countdown(n):
    while n > 0:
        yield n
        n -= 1


def chunks(seq, size):
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def running_total(numbers):
    total = 0
    for x in numbers:
        total += x
        yield total


def take(gen, n):
    out = []
    for item in gen:
        if len(out) == n:
            break
        out.append(item)
    return out


# --- from 28_comprehensions.py ---
def best_score(name):
    return max(scores[name])


from collections import defaultdict

employees = [
    ("Ana", "engineering", 5200),
    ("Ben", "sales", 3100),
    ("Cleo", "engineering", 6100),
    ("Dev", "support", 2800),
    ("Eli", "sales", 3900),
]


def group_by_dept(rows):
    groups = defaultdict(list)
    for name, dept, salary in rows:
        groups[dept].append((name, salary))
    return dict(groups)


def summarize(groups):
    summary = {}
    for dept, people in sorted(groups.items()):
        total = sum(s for _, s in people)
        summary[dept] = {"count": len(people), "avg": total / len(people)}
    return summary


groups = group_by_dept(employees)
for dept, stats in summarize(groups).items():
    print(f"{dept:<12}{stats['count']:>3}{stats['avg']:>10.1f}")
