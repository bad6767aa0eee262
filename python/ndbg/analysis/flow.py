"""The control-flow graph proper: statements and the line events that can follow them.

Owns: one code object's graph over its statements (`Graph`, `Node`: the lines a node's
events may be on, which of them may come first, which may repeat, which nodes may pass
without an event), its construction for the target's versions (`CFGBuilder`: loops,
with, try / except / finally, match, break / continue / return / raise routed through
the enclosing exits), and the walks that turn it into the JSON's successor sets
(`explore`, `entry_events`; the markers `RETURN` and `RAISE`). Imports `syntax` only
(and reads the version `Features` it is given); it knows nothing of names or calls.
"""

import ast

from .syntax import COMPOUND, COMPS, FUNCS, MATCH, TRYS, node_lines, stmt_parts, walk_local

RETURN = -1  # frame returns (or a generator suspends at a yield)
RAISE = -2  # an explicit raise leaves the frame
EXC_EXIT = -3  # an implicit exception leaves the frame (always possible; not listed)
MARKERS = {RETURN: 'return', RAISE: 'raise'}


class Node:
    __slots__ = ('id', 'lines', 'entry', 'loops', 'optional', 'succ', 'stmt', 'path')

    def __init__(self, nid, lines, optional=False, loops=(), stmt=None):
        self.id = nid
        self.lines = frozenset(lines)
        self.entry = self.lines  # lines the node's first event may be on
        self.loops = frozenset(loops)  # lines that may repeat their own event (inlined loops)
        self.optional = optional  # may pass without any line event
        self.succ = {}  # target id -> True when reached by a jump
        self.stmt = stmt
        self.path = None  # the exact order of its line events, where paths.py knows it


class Graph:
    """The control-flow graph of one code object, over statements."""

    def __init__(self, scope):
        self.scope = scope
        self.nodes = []
        self.entry = []  # [(node id, jump)]

    def add(self, lines, optional=False, loops=(), stmt=None):
        n = Node(len(self.nodes), lines, optional, loops, stmt)
        self.nodes.append(n)
        return n

    def edge(self, src, targets):
        node = self.nodes[src]
        for t, back in targets:
            node.succ[t] = node.succ.get(t, False) or back


def _chain(e):
    """Lines along the chain of first-evaluated sub-expressions of `e`: the line of
    the first instruction an expression runs is among them."""
    lines = set()
    while e is not None:
        if getattr(e, 'lineno', None) is not None:
            lines.add(e.lineno)
        nxt = None
        if isinstance(e, ast.Call):
            nxt = e.func
        elif isinstance(
            e,
            (
                ast.Attribute,
                ast.Subscript,
                ast.Starred,
                ast.Await,
                ast.NamedExpr,
                ast.Yield,
                ast.YieldFrom,
                ast.FormattedValue,
            ),
        ):
            nxt = e.value
        elif isinstance(e, ast.BinOp):
            nxt = e.left
        elif isinstance(e, ast.BoolOp):
            nxt = e.values[0]
        elif isinstance(e, ast.Compare):
            nxt = e.left
        elif isinstance(e, ast.UnaryOp):
            nxt = e.operand
        elif isinstance(e, ast.IfExp):
            nxt = e.test
        elif isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            nxt = e.elts[0] if e.elts else None
        elif isinstance(e, ast.Dict):
            if e.keys:
                nxt = e.keys[0] if e.keys[0] is not None else e.values[0]
        elif isinstance(e, ast.JoinedStr):
            nxt = e.values[0] if e.values else None
        elif isinstance(e, COMPS + (ast.GeneratorExp,)):
            nxt = e.generators[0].iter
        e = nxt
    return lines


def _first_lines(st):
    """Lines a statement's first event may be on (empty: any of its lines)."""
    if isinstance(st, FUNCS + (ast.ClassDef,)):
        return _chain(st.decorator_list[0]) if st.decorator_list else set()
    if isinstance(st, (ast.Assign, ast.Return, ast.Expr)) or (isinstance(st, ast.AnnAssign) and st.value is not None):
        return _chain(st.value) | {st.lineno} if st.value is not None else {st.lineno}
    if isinstance(st, ast.AugAssign):
        return _chain(st.target) | {st.lineno}
    if isinstance(st, (ast.If, ast.While, ast.Assert)):
        return _chain(st.test) | {st.lineno}
    if isinstance(st, (ast.For, ast.AsyncFor)):
        return _chain(st.iter) | {st.lineno}
    if isinstance(st, (ast.With, ast.AsyncWith)):
        return _chain(st.items[0].context_expr) | {st.lineno}
    if isinstance(st, ast.Raise) and st.exc is not None:
        return _chain(st.exc) | {st.lineno}
    if isinstance(st, ast.Delete):
        return _chain(st.targets[0]) | {st.lineno}
    if MATCH is not None and isinstance(st, MATCH):
        return _chain(st.subject) | {st.lineno}
    if isinstance(st, ast.stmt):
        return {st.lineno}
    return set()


def _tail_event_39(st):
    """Whether 3.9 may report a block-closing line event after `st` (the last statement
    of a block): when the code closing the block starts a line-table entry of its own,
    because the last statement compiled emits no code (`pass`, a constant, a branch
    removed as dead) or ends in a jump whose cleanup code carries other lines."""
    if isinstance(st, (ast.Pass, ast.Global, ast.Nonlocal, ast.Break, ast.Continue, ast.Return, ast.Raise)):
        return True
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
        return True
    if isinstance(st, (ast.If, ast.While)) and isinstance(st.test, ast.Constant):
        return True
    if isinstance(st, COMPOUND):
        blocks = [getattr(st, f, None) for f in ('body', 'orelse', 'finalbody')]
        blocks += [h.body for h in getattr(st, 'handlers', None) or []]
        blocks += [c.body for c in getattr(st, 'cases', None) or []]
        return any(_tail_event_39(b[-1]) for b in blocks if b)
    return False


def _jump(targets):
    """The same targets reached by a jump: an event on the same line may fire again."""
    return [(t, True) for t, _ in targets]


class _Layer:
    __slots__ = ('kind', 'a', 'b')

    def __init__(self, kind, a=None, b=None):
        self.kind, self.a, self.b = kind, a, b


class CFGBuilder:
    def __init__(self, features, scope, paths=None):
        self.v = features
        self.scope = scope
        self.paths = paths or {}  # paths.py: first line -> the statement's line events in order
        self.g = Graph(scope)
        self.layers = []
        self.handler_lines = []  # [(name, [node ids])] except-as handler bodies
        self.in_with = set()  # nodes inside a with body (3.9 calls __exit__ from them)

    # lines of a statement's own parts
    def lines_of(self, st, parts=None):
        inline = self.v.inline_comps != 'never'
        lines, loops = set(), set()
        if getattr(st, 'lineno', None) is not None:
            lines.add(st.lineno)
        branch = False
        for p in stmt_parts(st) if parts is None else parts:
            for n in walk_local(p, inline):
                node_lines(n, lines)
                if inline and isinstance(n, COMPS):
                    for m in ast.walk(n):
                        node_lines(m, loops)
                if isinstance(n, (ast.BoolOp, ast.IfExp)):
                    branch = True
        if branch and self.v.branch_repeat != 'never':
            loops |= lines  # 3.12 may report the line again where the branches join
        return lines, loops

    def node(self, st, lines=None, optional=False, parts=None):
        ls, loops = self.lines_of(st, parts)
        if lines is not None:
            ls = lines
        n = self.g.add(ls, optional, loops & set(ls), st)
        first = _first_lines(st) & n.lines
        if first:
            n.entry = frozenset(first)
        return n

    def route(self, kind, src, st=None, explicit=False):
        """Edges for a break / continue / return / exception leaving `src`, through the
        enclosing with-exits and finally blocks."""
        g = self.g
        curs = [src]

        def link(targets):
            for c in curs:
                g.edge(c, targets)

        for layer in reversed(self.layers):
            if layer.kind == 'with':
                exits = layer.b if kind == 'exc' else layer.a
                if exits:
                    link([(x, True) for x in exits])
                    curs = list(exits)
            elif layer.kind == 'finally':
                fin_entry, fx = layer.a, layer.b
                link(_jump(fin_entry))
                curs = [fx]
                if kind != 'exc' and st is not None and self.v.finally_revisit != 'never':
                    # 3.9 reports the jumping statement's line again after the finally block
                    rev = self.node(st, optional=True)
                    link([(rev.id, True)])
                    curs = [rev.id]
            elif layer.kind == 'handlers' and kind == 'exc':
                link(_jump(layer.a))
                return
            elif layer.kind == 'loop' and kind in ('break', 'continue'):
                link(_jump(layer.b if kind == 'break' else layer.a))
                return
        if kind == 'return':
            link([(RETURN, False)])
        elif kind == 'exc':
            link([(RAISE if explicit else EXC_EXIT, False)])

    def block(self, stmts, nxt):
        entry = nxt
        for i in range(len(stmts) - 1, -1, -1):
            entry = self.stmt(stmts[i], entry, last=i == len(stmts) - 1)
        return entry

    def may_raise(self, st):
        return not isinstance(st, (ast.Pass, ast.Break, ast.Continue, ast.Global, ast.Nonlocal))

    def has_yield(self, st):
        inline = self.v.inline_comps != 'never'
        for p in stmt_parts(st):
            for n in walk_local(p, inline):
                if isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await)):
                    return True
        return False

    def narrow(self, n, st):
        """A statement over several lines whose line events paths.py knows: those, in order."""
        path = self.paths.get(st.lineno)
        if path and not self.has_yield(st) and set(path) <= n.lines:
            n.path = path
            n.lines = frozenset(path)
            n.entry = frozenset(path[:1])
            n.loops = frozenset()

    def simple(self, st, nxt, optional=False):
        n = self.node(st, optional=optional)
        if not optional:
            self.narrow(n, st)
        self.g.edge(n.id, nxt)
        if self.may_raise(st):
            self.route('exc', n.id)
        if self.has_yield(st):
            self.g.edge(n.id, [(RETURN, False)])
        return n

    def stmt(self, st, nxt, last=False):
        if last and self.v.tail_events != 'never' and isinstance(st, COMPOUND) and _tail_event_39(st):
            # 3.9 attributes the instructions closing a block (POP_BLOCK, a loop's jump
            # back, the implicit return...) to the last line it compiled, and a jump out
            # of a compound statement ending the block lands there and reports that line
            lines = self.tail_lines([st])
            tail = self.g.add(lines, optional=True, loops=lines, stmt=st)
            self.g.edge(tail.id, _jump(nxt))
            nxt = [(tail.id, True)]
        return self._stmt(st, nxt)

    def _stmt(self, st, nxt):
        g = self.g
        v = self.v
        if isinstance(st, (ast.Global, ast.Nonlocal)):
            return nxt  # no bytecode, no event
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
            # a constant expression: compiled away in 3.9, a NOP with a line event since 3.10
            return [(self.simple(st, nxt, optional=v.const_expr_event != 'always').id, False)]
        if isinstance(st, ast.Pass):
            # a NOP that the optimizer drops when a jump lands on it (3.9-3.13)
            return [(self.simple(st, nxt, optional=True).id, False)]
        if isinstance(st, (ast.If,)):
            h = self.node(st, optional=isinstance(st.test, ast.Constant) and v.const_test_event != 'always')
            body = self.block(st.body, nxt)
            orelse = self.block(st.orelse, nxt) if st.orelse else nxt
            g.edge(h.id, body)
            g.edge(h.id, _jump(orelse))
            self.route('exc', h.id)
            if self.has_yield(st):
                g.edge(h.id, [(RETURN, False)])
            return [(h.id, False)]
        if isinstance(st, (ast.While,)):
            const = isinstance(st.test, ast.Constant)
            h = self.node(st, optional=const and v.const_test_event != 'always')
            after = self.block(st.orelse, nxt) if st.orelse else nxt
            if not (const and st.test.value):
                g.edge(h.id, _jump(after))
            self.layers.append(_Layer('loop', [(h.id, True)], nxt))
            body = self.block(st.body, [(h.id, True)])
            self.layers.pop()
            g.edge(h.id, body)
            self.route('exc', h.id)
            if self.has_yield(st):
                g.edge(h.id, [(RETURN, False)])
            return [(h.id, False)]
        if isinstance(st, (ast.For, ast.AsyncFor)):
            h = self.node(st)
            after = self.block(st.orelse, nxt) if st.orelse else nxt
            g.edge(h.id, _jump(after))
            self.layers.append(_Layer('loop', [(h.id, True)], nxt))
            body = self.block(st.body, [(h.id, True)])
            self.layers.pop()
            g.edge(h.id, body)
            self.route('exc', h.id)
            if isinstance(st, ast.AsyncFor) or self.has_yield(st):
                g.edge(h.id, [(RETURN, False)])
            return [(h.id, False)]
        if isinstance(st, (ast.With, ast.AsyncWith)):
            h = self.node(st)
            ex = None
            if v.with_exit_event != 'never':
                ex = self.node(st, optional=v.with_exit_event == 'maybe')
                if len(st.items) > 1:
                    ex.loops = ex.lines  # each item's exit reports the with line again
                g.edge(ex.id, nxt)
                self.route('exc', ex.id)
                if isinstance(st, ast.AsyncWith):
                    g.edge(ex.id, [(RETURN, False)])
            exc_exits = [ex.id] if ex is not None else []
            if v.with_exit_39 != 'never':
                # 3.9: no event on a normal exit (__exit__ runs from the body's last line
                # event), but an exception's exit reports the body's textually last line
                lines = self.tail_lines(st.body)
                ex39 = g.add(lines, optional=True, loops=lines, stmt=st)
                g.edge(ex39.id, _jump(nxt))
                self.route('exc', ex39.id)
                exc_exits.append(ex39.id)
            self.layers.append(_Layer('with', [ex.id] if ex is not None else [], exc_exits))
            start = len(g.nodes)
            body = self.block(st.body, [(ex.id, False)] if ex is not None else nxt)
            if v.with_exit_39 != 'never':
                self.in_with.update(range(start, len(g.nodes)))
            self.layers.pop()
            g.edge(h.id, body)
            self.route('exc', h.id)
            if isinstance(st, ast.AsyncWith) or self.has_yield(st):
                g.edge(h.id, [(RETURN, False)])
            return [(h.id, False)]
        if isinstance(st, TRYS):
            return self.try_stmt(st, nxt)
        if MATCH is not None and isinstance(st, MATCH):
            return self.match_stmt(st, nxt)
        if isinstance(st, ast.Return):
            n = self.node(st)
            self.narrow(n, st)
            if st.value is not None:
                self.route('exc', n.id)
                if self.has_yield(st):
                    g.edge(n.id, [(RETURN, False)])
            self.route('return', n.id, st)
            return [(n.id, False)]
        if isinstance(st, ast.Raise):
            n = self.node(st)
            self.route('exc', n.id, explicit=True)
            return [(n.id, False)]
        if isinstance(st, ast.Break):
            # 3.9 threads a conditional jump to a break / continue straight to its target
            n = self.node(st, optional=v.pass_optional)
            self.route('break', n.id, st)
            return [(n.id, False)]
        if isinstance(st, ast.Continue):
            n = self.node(st, optional=v.pass_optional)
            self.route('continue', n.id, st)
            return [(n.id, False)]
        return [(self.simple(st, nxt).id, False)]

    def try_stmt(self, st, nxt):
        g = self.g
        t = self.g.add([st.lineno], stmt=st)
        fin_entry = None
        if st.finalbody:
            fx = g.add([], optional=True)
            g.edge(fx.id, nxt)
            # 3.11: an exception leaving a finally block run for an exception reports
            # the block's last line first
            pushed = self.cleanup(st.finalbody, self.v.finally_cleanup_event, st)
            fin_entry = self.block(st.finalbody, [(fx.id, False)])
            if pushed:
                self.layers.pop()
            self.layers.append(_Layer('finally', fin_entry, fx.id))
            after = fin_entry
            if (
                self.v.tail_events != 'never'
                and (st.handlers or st.orelse)
                and any(_tail_event_39(b[-1]) for b in [st.body, st.orelse] + [h.body for h in st.handlers] if b)
            ):
                # 3.9: the POP_BLOCK before the finally carries the last line compiled
                lines = set()
                for block in [st.body, st.orelse] + [h.body for h in st.handlers]:
                    if block:
                        lines |= self.tail_lines(block)
                for h in st.handlers:
                    lines |= self.lines_of(h)[0]
                tail = g.add(lines, optional=True, loops=lines, stmt=st)
                g.edge(tail.id, _jump(fin_entry))
                after = [(tail.id, True)]
        else:
            after = nxt
        # handlers, last first: a handler that does not match passes to the next one
        nomatch = None
        handler_entries = []
        for h in reversed(st.handlers):
            hn = self.node(h, optional=h.type is None and self.v.bare_except_event != 'always')
            start = len(g.nodes)
            # 3.9: an exception leaving an `except ... as name:` body reports the
            # body's last line first (the implicit `del name`)
            pushed = h.name and self.cleanup(h.body, self.v.handler_cleanup_event, h)
            body = self.block(h.body, after)
            if pushed:
                self.layers.pop()
            if h.name:
                self.handler_lines.append((h.name, list(range(start, len(g.nodes)))))
            g.edge(hn.id, body)
            if nomatch is None:
                self.route('exc', hn.id)
            else:
                g.edge(hn.id, _jump(nomatch))
                self.route('exc', hn.id)
            nomatch = [(hn.id, False)]
            handler_entries.append(hn.id)
        orelse = self.block(st.orelse, after) if st.orelse else after
        if nomatch is not None:
            self.layers.append(_Layer('handlers', nomatch))
        body = self.block(st.body, orelse)
        if nomatch is not None:
            self.layers.pop()
        if st.finalbody:
            self.layers.pop()
        g.edge(t.id, body)
        return [(t.id, False)]

    def tail_lines(self, body):
        """Lines the last instructions compiled for `body` may carry: the last
        statement's own lines and, recursively, those of its blocks' tails (a loop's
        closing jump or test carries the loop's line, a with's exit the with's)."""
        st = body[-1]
        lines, _ = self.lines_of(st)
        if isinstance(st, FUNCS + (ast.ClassDef,)):
            return lines
        for field in ('body', 'orelse', 'finalbody'):
            block = getattr(st, field, None)
            if block:
                lines |= self.tail_lines(block)
        for h in getattr(st, 'handlers', None) or []:
            lines |= self.tail_lines(h.body) | self.lines_of(h)[0]
        for c in getattr(st, 'cases', None) or []:
            lines |= self.tail_lines(c.body)
        return lines

    def cleanup(self, body, feature, st):
        """Push a layer whose exceptions pass through an optional event on the last
        line of `body`; False when no target version has it."""
        if feature == 'never':
            return False
        lines = self.tail_lines(body)
        node = self.g.add(lines, optional=True, loops=lines, stmt=st)
        self.route('exc', node.id)
        self.layers.append(_Layer('with', [], [node.id]))
        return True

    def match_stmt(self, st, nxt):
        g = self.g
        h = self.node(st)
        self.route('exc', h.id)
        follow = nxt
        for case in reversed(st.cases):
            parts = [case.pattern] + ([case.guard] if case.guard is not None else [])
            lines, loops = self.lines_of(case.pattern, parts)
            c = g.add(lines, False, loops & lines, case)
            body = self.block(case.body, nxt)
            g.edge(c.id, body)
            g.edge(c.id, _jump(follow))
            self.route('exc', c.id)
            follow = [(c.id, False)]
        g.edge(h.id, follow)
        return [(h.id, False)]

    # code objects
    def build(self):
        s = self.scope
        node = s.node
        g = self.g
        ret = [(RETURN, False)]
        if s.kind == 'module':
            g.entry = self.block(node.body, ret)
        elif s.kind == 'function':
            body = list(node.body)
            doc = None
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                doc = body.pop(0)
            if body:
                g.entry = self.block(body, ret)
            else:
                # only a docstring: the implicit `return None` reports the docstring's
                # line (3.9) or the def line (3.10+)
                lines = set()
                if self.v.docstring_return_line != 'never':
                    lines.add(doc.lineno)
                if self.v.docstring_return_line != 'always':
                    lines.update((node.lineno, s.call_line))
                n = g.add(lines, stmt=doc)
                g.edge(n.id, ret)
                g.entry = [(n.id, False)]
        elif s.kind == 'class':
            head = g.add([s.call_line], stmt=node)
            body = self.block(node.body, ret)
            g.edge(head.id, body)
            g.entry = [(head.id, False)]
        elif s.kind == 'lambda':
            lines, loops = self.lines_of(node, [node.body])
            n = g.add(lines, False, loops & lines, node)
            g.edge(n.id, ret)
            g.entry = [(n.id, False)]
        else:  # comprehension or generator expression frame: one looping node
            lines = set()
            for m in ast.walk(node):
                node_lines(m, lines)
            n = g.add(lines, False, lines, node)
            g.edge(n.id, ret)
            g.entry = [(n.id, False)]
        return g


def explore(nodes):
    """{line: successor lines and markers} of one code object's graph."""
    result = {}
    for node in nodes:
        for line in node.lines:
            result.setdefault(line, set()).update(_next_events(nodes, node.id, line))
    return result


def _next_events(nodes, nid, line):
    """Lines of the next event after an event on `line` while executing node `nid`."""
    out = set()
    seen = set()
    # work items: (how, node id, line of the last event, jump)
    #   'in': executing the node
    #   'enter': entering the node (jump: by a jump, which may repeat the last line)
    stack = [('in', nid, line, False)]
    while stack:
        item = stack.pop()
        if item in seen:
            continue
        seen.add(item)
        how, cur, cl, jump = item
        if cur < 0:
            if cur in MARKERS:
                out.add(MARKERS[cur])
            continue
        node = nodes[cur]
        if how == 'in' and node.path is not None and cl in node.path:
            # a statement over several lines: its next line event, or after its last one the successors
            for k, l2 in enumerate(node.path):
                if l2 != cl:
                    continue
                if k + 1 < len(node.path):
                    out.add(node.path[k + 1])
                else:
                    for t, b in node.succ.items():
                        stack.append(('enter', t, cl, b))
        elif how == 'in':
            for l2 in node.lines:
                if l2 != cl or l2 in node.loops:
                    out.add(l2)
            for t, b in node.succ.items():
                stack.append(('enter', t, cl, b))
        else:
            for l2 in node.entry:
                if l2 != cl or jump:
                    out.add(l2)
            if cl in node.entry:
                # an event on the line of the previous event is suppressed (unless a
                # jump led here): the node runs on silently
                stack.append(('in', cur, cl, False))
            if node.optional or not node.lines:
                for t, b in node.succ.items():
                    stack.append(('enter', t, cl, b or jump))
    return out


def entry_events(g):
    """Lines of the first line event of a code object."""
    out = set()
    seen = set()
    stack = [t for t, _ in g.entry]
    while stack:
        t = stack.pop()
        if t in seen or t < 0:
            continue
        seen.add(t)
        node = g.nodes[t]
        out.update(node.entry)
        if node.optional or not node.lines:
            stack.extend(node.succ)
    return out
