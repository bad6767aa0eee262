from collections import OrderedDict
import heapq


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


# --- from 29_slugify.py ---
def slugify(title):
    cleaned = "".join(c if c.isalnum() or c == " " else " " for c in title.lower())
    return "-".join(cleaned.split())


def title_case(s):
    small = ("a", "an", "the", "of", "and", "in")
    words = s.strip().lower().split()
    out = [w if (i > 0 and w in small) else w.capitalize() for i, w in enumerate(words)]
    return " ".join(out)


def initials(name):
    return ".".join(part[0].upper() for part in name.replace("-", " ").split()) + "."


# --- from 30_collatz.py ---
def collatz_length(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def longest_under(limit):
    best_n, best_len = 1, 0
    n = 1
    while n < limit:
        length = collatz_length(n)
        if length > best_len:
            best_n, best_len = n, length
        n += 1
    return best_n, best_len


# --- from 31_tree_sum.py ---
def tree_sum(node):
    return node["value"] + sum(tree_sum(c) for c in node["children"])


def height(node):
    if not node["children"]:
        return 1
    return 1 + max(height(c) for c in node["children"])


def leaves(node):
    if not node["children"]:
        return [node["value"]]
    result = []
    for child in node["children"]:
        result += leaves(child)
    return result


def paths(node, prefix=()):
    here = prefix + (node["value"],)
    if not node["children"]:
        yield here
    for child in node["children"]:
        yield from paths(child, here)


# --- from 32_bst.py ---
class Node:
    def __init__(self, key):
        self.key = key
        self.left = None
        self.right = None

    def __repr__(self):
        return f"Node({self.key})"


def insert(root, key):
    if root is None:
        return Node(key)
    if key < root.key:
        root.left = insert(root.left, key)
    elif key > root.key:
        root.right = insert(root.right, key)
    return root


def inorder(root):
    return inorder(root.left) + [root.key] + inorder(root.right) if root else []


def contains(root, key):
    while root is not None:
        if key == root.key:
            return True
        root = root.left if key < root.key else root.right
    return False


# --- from 33_anagrams.py ---
def signature(word):
    return "".join(sorted(word.lower()))


def group_anagrams(words):
    groups = {}
    for w in words:
        groups.setdefault(signature(w), []).append(w)
    return [sorted(g) for g in groups.values() if len(g) > 1]


def is_palindrome(phrase):
    letters = [c.lower() for c in phrase if c.isalpha()]
    return letters == letters[::-1]


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


config = {"name": "demo", "debug": False, "ports": [80, 443],
          "users": [{"id": 1, "tags": []}, {"id": 2, "nick": None}], "meta": {}}
print(pretty(config))
