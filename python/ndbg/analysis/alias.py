"""May-alias and containment between the objects a frame's names refer to.

Owns: `Alias` (flow-insensitive union-find classes, with an "elements" class per class)
and `H`, the class of every object the frame did not create itself. The effects
(effects.py) put names into classes; this file answers which names' reprs a mutation
may change. Imports nothing.
"""

H = 'H'  # every object the frame did not create itself: arguments, globals, call results


class Alias:
    """Flow-insensitive may-alias classes, with one "elements" class per class.

    Names in one class may refer to the same object (or to objects related in any
    way). `elem(x)` is the class of every object that x's object may (transitively)
    contain: putting y into x unites y with elem(x). Mutating an object changes the
    repr of its class and of every class that contains it."""

    def __init__(self):
        self.parent = {}
        self.elems = {}  # node -> its elements node
        self.n_anon = 0

    def find(self, x):
        parent = self.parent
        if x not in parent:
            parent[x] = x
            return x
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if rb == H:
                ra, rb = rb, ra
            self.parent[rb] = ra

    def anon(self):
        self.n_anon += 1
        return ('a', self.n_anon)

    def elem(self, x):
        if x == H:
            return H
        e = self.elems.get(x)
        if e is None:
            e = self.elems[x] = ('e', x)
            self.find(e)
        return e

    def contain(self, a, b):
        self.union(self.elem(a), b)

    def connect(self, node, vals):
        for rel, m in vals:
            if rel == 'is':
                self.union(node, m)
            else:
                self.contain(node, m)

    def solve(self):
        # congruence: objects that may be the same have elements that may be the same;
        # a class holding elements of itself (or H) is its own elements class
        while True:
            changed = False
            first = {}
            for x, e in list(self.elems.items()):
                r = self.find(x)
                if r in first:
                    if self.find(first[r]) != self.find(e):
                        self.union(first[r], e)
                        changed = True
                else:
                    first[r] = e
            if not changed:
                break
        up, down = {}, {}
        for x, e in self.elems.items():
            rx, re_ = self.find(x), self.find(e)
            if rx != re_:
                up.setdefault(re_, set()).add(rx)
                down.setdefault(rx, set()).add(re_)
        self.up, self.down = up, down
        self.members = {}
        for x in self.parent:
            if isinstance(x, tuple) and x[0] == 'n':
                self.members.setdefault(self.find(x), set()).add(x[1])

    def _reach(self, starts, graph):
        seen = set(starts)
        stack = list(seen)
        while stack:
            x = stack.pop()
            for y in graph.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        return seen

    def shallow(self, nodes):
        """Names whose repr may change when the objects of `nodes` are mutated."""
        return self._names(self._reach({self.find(n) for n in nodes}, self.up))

    def deep(self, nodes):
        """Names whose repr may change when anything reachable from `nodes` is mutated."""
        inside = self._reach({self.find(n) for n in nodes}, self.down)
        return self._names(self._reach(inside, self.up))

    def _names(self, reps):
        out = set()
        for r in reps:
            out.update(self.members.get(r, ()))
        return out

    def touches_h(self, nodes, deep=False):
        starts = {self.find(n) for n in nodes}
        if deep:
            starts = self._reach(starts, self.down)
        return self.find(H) in self._reach(starts, self.up)
