class Graph:
    def __init__(self):
        self.adj = {}

    def add_edge(self, a, b):
        self.adj.setdefault(a, []).append(b)
        self.adj.setdefault(b, []).append(a)

    def bfs(self, start):
        order = [start]
        seen = [start]
        i = 0
        while i < len(order):
            for nxt in self.adj.get(order[i], []):
                if nxt not in seen:
                    seen.append(nxt)
                    order.append(nxt)
            i += 1
        return order


g = Graph()
for a, b in [("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("d", "e")]:
    g.add_edge(a, b)
print(g.bfs("a"))
print(len(g.adj["d"]))
