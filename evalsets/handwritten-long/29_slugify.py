from collections import OrderedDict
import heapq
import csv
import io


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


headline = "  the LORD of the rings: Return of the King!  "
print(title_case(headline))
print(slugify(headline))
print(initials("jean-luc picard"))
print("  padded  ".strip().center(12, "*").replace("*", "-"))
