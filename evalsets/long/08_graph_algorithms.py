"""Graph algorithms written out by hand: traversal, shortest paths,
components, topological order, minimum spanning tree, cycle detection.

Graphs are adjacency dicts: {node: {neighbour: weight, ...}, ...}.  Ties are
broken by node name everywhere so the output never depends on dict order.
"""

import heapq
from collections import deque

# ---------------------------------------------------------------------------
# Construction
# ---------------------------------------------------------------------------


def make_graph(edges, directed=False):
    graph = {}
    for u, v, w in edges:
        graph.setdefault(u, {})[v] = w
        graph.setdefault(v, {})
        if not directed:
            graph[v][u] = w
    return graph


def nodes(graph):
    return sorted(graph)


def neighbours(graph, node):
    return sorted(graph[node])


def edge_list(graph, directed=False):
    out = []
    for u in nodes(graph):
        for v in neighbours(graph, u):
            if directed or u < v:
                out.append((u, v, graph[u][v]))
    return out


def degree_table(graph):
    return {n: len(graph[n]) for n in nodes(graph)}


# ---------------------------------------------------------------------------
# Traversal
# ---------------------------------------------------------------------------


def bfs(graph, start):
    order = []
    seen = [start]
    queue = deque([start])
    while queue:
        node = queue.popleft()
        order.append(node)
        for nb in neighbours(graph, node):
            if nb not in seen:
                seen.append(nb)
                queue.append(nb)
    return order


def dfs(graph, start, visited=None):
    if visited is None:
        visited = []
    visited.append(start)
    for nb in neighbours(graph, start):
        if nb not in visited:
            dfs(graph, nb, visited)
    return visited


def dfs_iterative(graph, start):
    order, stack = [], [start]
    while stack:
        node = stack.pop()
        if node in order:
            continue
        order.append(node)
        # push in reverse so the smallest neighbour is visited first
        for nb in reversed(neighbours(graph, node)):
            if nb not in order:
                stack.append(nb)
    return order


def bfs_levels(graph, start):
    levels = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nb in neighbours(graph, node):
            if nb not in levels:
                levels[nb] = levels[node] + 1
                queue.append(nb)
    return levels


def shortest_hops(graph, start, goal):
    parent = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            break
        for nb in neighbours(graph, node):
            if nb not in parent:
                parent[nb] = node
                queue.append(nb)
    if goal not in parent:
        return None
    path = []
    node = goal
    while node is not None:
        path.append(node)
        node = parent[node]
    return path[::-1]


# ---------------------------------------------------------------------------
# Weighted shortest paths
# ---------------------------------------------------------------------------


def dijkstra(graph, source):
    dist = {source: 0}
    prev = {source: None}
    heap = [(0, source)]
    done = []
    while heap:
        d, node = heapq.heappop(heap)
        if node in done:
            continue
        done.append(node)
        for nb in neighbours(graph, node):
            nd = d + graph[node][nb]
            if nb not in dist or nd < dist[nb]:
                dist[nb] = nd
                prev[nb] = node
                heapq.heappush(heap, (nd, nb))
    return dist, prev


def path_to(prev, target):
    if target not in prev:
        return None
    path = []
    while target is not None:
        path.append(target)
        target = prev[target]
    return path[::-1]


def bellman_ford(graph, source):
    """Handles negative edges; returns None if a negative cycle is reachable."""
    dist = {n: float("inf") for n in nodes(graph)}
    dist[source] = 0
    edges = edge_list(graph, directed=True)
    for _ in range(len(dist) - 1):
        changed = False
        for u, v, w in edges:
            if dist[u] + w < dist[v]:
                dist[v] = dist[u] + w
                changed = True
        if not changed:
            break
    for u, v, w in edges:
        if dist[u] + w < dist[v]:
            return None
    return dist


def floyd_warshall(graph):
    ns = nodes(graph)
    inf = float("inf")
    dist = {u: {v: (0 if u == v else graph[u].get(v, inf)) for v in ns} for u in ns}
    for k in ns:
        for i in ns:
            for j in ns:
                if dist[i][k] + dist[k][j] < dist[i][j]:
                    dist[i][j] = dist[i][k] + dist[k][j]
    return dist


# ---------------------------------------------------------------------------
# Structure
# ---------------------------------------------------------------------------


def connected_components(graph):
    seen = []
    components = []
    for n in nodes(graph):
        if n not in seen:
            comp = bfs(graph, n)
            seen.extend(comp)
            components.append(sorted(comp))
    return components


def topological_sort(graph):
    """Kahn's algorithm; raises ValueError on a cycle."""
    indegree = {n: 0 for n in nodes(graph)}
    for u in graph:
        for v in graph[u]:
            indegree[v] += 1
    ready = sorted(n for n, d in indegree.items() if d == 0)
    order = []
    while ready:
        node = ready.pop(0)
        order.append(node)
        for nb in neighbours(graph, node):
            indegree[nb] -= 1
            if indegree[nb] == 0:
                ready.append(nb)
                ready.sort()
    if len(order) != len(indegree):
        raise ValueError("graph has a cycle")
    return order


def has_cycle_directed(graph):
    WHITE, GREY, BLACK = 0, 1, 2
    colour = {n: WHITE for n in graph}

    def visit(node):
        colour[node] = GREY
        for nb in neighbours(graph, node):
            if colour[nb] == GREY:
                return True
            if colour[nb] == WHITE and visit(nb):
                return True
        colour[node] = BLACK
        return False

    return any(colour[n] == WHITE and visit(n) for n in nodes(graph))


class DisjointSet:
    def __init__(self, items):
        self.parent = {i: i for i in items}
        self.rank = {i: 0 for i in items}

    def find(self, x):
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.rank[ra] < self.rank[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        if self.rank[ra] == self.rank[rb]:
            self.rank[ra] += 1
        return True

    def __repr__(self):
        return f"DisjointSet({len(self.parent)} items)"


def kruskal(graph):
    ds = DisjointSet(nodes(graph))
    tree, total = [], 0
    for u, v, w in sorted(edge_list(graph), key=lambda e: (e[2], e[0], e[1])):
        if ds.union(u, v):
            tree.append((u, v, w))
            total += w
    return tree, total


def is_bipartite(graph):
    side = {}
    for start in nodes(graph):
        if start in side:
            continue
        side[start] = 0
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for nb in neighbours(graph, node):
                if nb not in side:
                    side[nb] = 1 - side[node]
                    queue.append(nb)
                elif side[nb] == side[node]:
                    return False
    return True


# ---------------------------------------------------------------------------
# Demo: a small road network, a build dependency graph, a currency graph
# ---------------------------------------------------------------------------

ROADS = [
    ("Avon", "Bree", 7), ("Avon", "Corr", 9), ("Avon", "Fenn", 14),
    ("Bree", "Corr", 10), ("Bree", "Dunn", 15), ("Corr", "Dunn", 11),
    ("Corr", "Fenn", 2), ("Dunn", "Elm", 6), ("Elm", "Fenn", 9),
    ("Gale", "Holt", 3),
]

BUILD = [
    ("parse", "ast", 1), ("lexer", "parse", 1), ("ast", "typecheck", 1),
    ("ast", "codegen", 1), ("typecheck", "codegen", 1), ("codegen", "link", 1),
    ("runtime", "link", 1),
]

roads = make_graph(ROADS)
print("degrees:", degree_table(roads))
print("bfs:", bfs(roads, "Avon"))
print("dfs:", dfs(roads, "Avon"))
print("dfs (stack):", dfs_iterative(roads, "Avon"))
print("levels:", bfs_levels(roads, "Avon"))
print("fewest hops Avon->Elm:", shortest_hops(roads, "Avon", "Elm"))
print("fewest hops Avon->Holt:", shortest_hops(roads, "Avon", "Holt"))

dist, prev = dijkstra(roads, "Avon")
for town in ("Dunn", "Elm", "Fenn", "Holt"):
    print(f"  Avon->{town}: {dist.get(town)} via {path_to(prev, town)}")
fw = floyd_warshall(roads)
print("floyd Bree->Fenn:", fw["Bree"]["Fenn"], "Gale->Avon:", fw["Gale"]["Avon"])
print("components:", connected_components(roads))
print("mst:", kruskal(roads))
print("bipartite roads?", is_bipartite(roads))

build = make_graph(BUILD, directed=True)
print("build order:", topological_sort(build))
print("cycle?", has_cycle_directed(build))
build["link"]["lexer"] = 1
print("cycle after adding link->lexer?", has_cycle_directed(build))
try:
    topological_sort(build)
except ValueError as exc:
    print("topological sort failed:", exc)

rates = make_graph([("a", "b", 4), ("b", "c", -2), ("a", "c", 5), ("c", "d", 3)], directed=True)
print("bellman-ford:", bellman_ford(rates, "a"))
rates["d"]["b"] = -2
print("with negative cycle:", bellman_ford(rates, "a"))
square = make_graph([(1, 2, 1), (2, 3, 1), (3, 4, 1), (4, 1, 1)])
print("square bipartite?", is_bipartite(square), edge_list(square))
