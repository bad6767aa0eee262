from collections import OrderedDict
import heapq
import csv
import io
import functools
from itertools import groupby


# --- from 39_lru_cache.py ---
class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.data = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key):
        if key not in self.data:
            self.misses += 1
            return None
        self.hits += 1
        self.data.move_to_end(key)
        return self.data[key]

    def put(self, key, value):
        self.data[key] = value
        self.data.move_to_end(key)
        if len(self.data) > self.capacity:
            evicted, _ = self.data.popitem(last=False)
            return evicted
        return None

    def __repr__(self):
        return f"LRUCache({list(self.data.items())})"


# --- from 40_task_heap.py ---
def schedule(tasks):
    """tasks: (priority, name) pairs; lower number runs first."""
    heap = []
    for order, (prio, name) in enumerate(tasks):
        heapq.heappush(heap, (prio, order, name))
    done = []
    while heap:
        prio, _, name = heapq.heappop(heap)
        done.append(f"{name}(p{prio})")
    return done


def k_smallest(nums, k):
    return heapq.nsmallest(k, nums)


# --- from 41_merge_intervals.py ---
def merge_intervals(intervals):
    merged = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged


def total_covered(intervals):
    return sum(end - start for start, end in merge_intervals(intervals))


# --- from 42_word_wrap.py ---
def wrap(text, width):
    lines, current = [], ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def justify(line, width):
    words = line.split()
    if len(words) == 1:
        return line.ljust(width)
    gaps = len(words) - 1
    spaces = width - sum(len(w) for w in words)
    out = ""
    for i, w in enumerate(words[:-1]):
        out += w + " " * (spaces // gaps + (1 if i < spaces % gaps else 0))
    return out + words[-1]


# --- from 43_csv_report.py ---
def load(text):
    reader = csv.DictReader(io.StringIO(text))
    rows = []
    for row in reader:
        row["units"] = int(row["units"])
        row["price"] = float(row["price"])
        rows.append(row)
    return rows


def revenue_by(rows, key):
    totals = {}
    for r in rows:
        totals[r[key]] = totals.get(r[key], 0) + r["units"] * r["price"]
    return dict(sorted(totals.items()))


# --- from 44_hanoi.py ---
def hanoi(n, source, target, spare, moves):
    if n == 0:
        return
    hanoi(n - 1, source, spare, target, moves)
    moves.append((n, source, target))
    hanoi(n - 1, spare, target, source, moves)


def solve(n):
    moves = []
    hanoi(n, "A", "C", "B", moves)
    return moves


# --- from 45_pascal.py ---
def pascal(rows):
    triangle = [[1]]
    for _ in range(rows - 1):
        prev = triangle[-1]
        row = [1] + [prev[i] + prev[i + 1] for i in range(len(prev) - 1)] + [1]
        triangle.append(row)
    return triangle


def render(triangle):
    width = len(" ".join(map(str, triangle[-1])))
    return "\n".join(" ".join(map(str, row)).center(width) for row in triangle)


# --- from 46_change_making.py ---
def min_coins(amount, coins):
    """Dynamic programming: fewest coins that sum to amount, or -1."""
    INF = amount + 1
    best = [0] + [INF] * amount
    for value in range(1, amount + 1):
        for c in coins:
            if c <= value and best[value - c] + 1 < best[value]:
                best[value] = best[value - c] + 1
    return best[amount] if best[amount] != INF else -1


def greedy_coins(amount, coins):
    used = {}
    for c in sorted(coins, reverse=True):
        used[c], amount = divmod(amount, c)
    return {c: n for c, n in used.items() if n}, amount


# --- from 47_averages_error.py ---
def mean(values):
    return sum(values) / len(values)


def report(data):
    for teacher in sorted(data):
        sizes = data[teacher]
        print(f"{teacher}: {len(sizes)} classes, mean size {mean(sizes):.1f}")


# --- from 48_linked_list.py ---
class ListNode:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next

    def __repr__(self):
        return f"ListNode({self.value})"


def from_list(values):
    head = None
    for v in reversed(values):
        head = ListNode(v, head)
    return head


def to_list(head):
    out = []
    while head:
        out.append(head.value)
        head = head.next
    return out


def reverse(head):
    prev = None
    while head:
        head.next, prev, head = prev, head, head.next
    return prev


def middle(head):
    slow = fast = head
    while fast and fast.next:
        slow, fast = slow.next, fast.next.next
    return slow


# --- from 49_call_counter.py ---
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


def letter_grade(score):
    if score >= 90:
        return "A"
    elif score >= 80:
        return "B"
    elif score >= 70:
        return "C"
    elif score >= 60:
        return "D"
    return "F"


def read_students(count):
    students = []
    for _ in range(count):
        name, *marks = input().split()
        students.append((name, [int(m) for m in marks]))
    return students


n = int(input())
students = read_students(n)
for name, marks in students:
    avg = sum(marks) / len(marks)
    print(f"{name:<8} {avg:6.2f} {letter_grade(avg)}")
best = max(students, key=lambda s: sum(s[1]) / len(s[1]))
print("top student:", best[0])
