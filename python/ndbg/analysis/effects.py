"""Effects of statements: which names a line binds, mutates in place, or may see
changed by the code it calls, and which functions are pure.

Owns: `Effects`, one pass over a scope's statements that records, per statement, the
names bound, the objects mutated (as alias classes, alias.py), what is handed to code
that may mutate it, which module functions it may call (from calls.py's
`resolve_call`), and whether it iterates, yields or may bind anything; and
`frame_effects`, the fixpoint that settles which functions are pure. Imports `syntax`,
`scopes`, `alias` and `calls`; the analysis it is given (result.py's `Analysis`)
provides the scopes, the call graph and the version features.
"""

import ast

from .alias import H, Alias
from .calls import (
    CONTAINER_BUILTINS,
    COPY_METHODS,
    ELEMENT_BUILTINS,
    ELEMENT_METHODS,
    ITERATING_METHODS,
    KNOWN_METHODS,
    MUTATING_BUILTINS,
    MUTATING_METHODS,
    VIEW_METHODS,
)
from .scopes import lookup
from .syntax import COMPS, FUNCS, MATCH, TRYS, stmt_parts


class _Record:
    __slots__ = ('binds', 'shallow', 'deep', 'calls', 'external', 'iterates', 'yields', 'nontrivial', 'any')

    def __init__(self):
        self.binds = set()
        self.shallow = []  # nodes mutated in place
        self.deep = []  # nodes handed to code that may mutate what they reach
        self.calls = set()  # module scopes the statement may call
        self.external = False  # calls code outside the module with arguments
        self.iterates = False
        self.yields = False
        self.nontrivial = False
        self.any = False  # may bind anything (star import, exec, locals() writes)


class Effects:
    """Names a statement binds and mutates, and what it may call, for one scope."""

    def __init__(self, an, scope):
        self.an = an
        self.s = scope
        self.al = Alias()
        self.env = {}
        self.records = {}
        self.rec = None
        self.inline = an.features.inline_comps != 'never' or scope.kind in ('comprehension', 'genexpr')

    # names and values
    def name_node(self, name):
        b = lookup(self.s, name, self.an.module)
        if b is self.s:
            self.al.find(('n', name))
            return ('n', name)
        if b is None:
            return None
        if b.kind in ('function', 'lambda', 'comprehension', 'genexpr') and self.s.kind != 'class':
            n = ('n', name)  # a free variable: in the frame's locals, shared with another frame
            self.al.union(n, H)
            return n
        return H

    def elem_vals(self, vals):
        """Values that may be elements of `vals`."""
        return [('is', self.al.elem(m)) if r == 'is' else ('is', m) for r, m in vals]

    def copy_vals(self, vals):
        """A new container holding the elements of `vals`."""
        return [('has', self.al.elem(m)) if r == 'is' else ('has', m) for r, m in vals]

    def has_vals(self, vals):
        return [('has', m) for _, m in vals]

    def val(self, e):
        al = self.al
        if isinstance(e, ast.Name):
            if e.id in self.env:
                return [('is', self.env[e.id])]
            n = self.name_node(e.id)
            return [('is', n)] if n is not None else []
        if isinstance(e, ast.Constant):
            return []
        if isinstance(e, (ast.JoinedStr, ast.FormattedValue, ast.Compare)):
            self.rec.nontrivial = True
            for c in ast.iter_child_nodes(e):
                if isinstance(c, ast.expr):
                    self.val(c)
            if isinstance(e, ast.Compare) and any(isinstance(o, (ast.In, ast.NotIn)) for o in e.ops):
                self.rec.iterates = True
            return []
        if isinstance(e, ast.Lambda):
            for d in e.args.defaults + [d for d in e.args.kw_defaults if d is not None]:
                self.val(d)
            return []
        if isinstance(e, ast.UnaryOp):
            self.rec.nontrivial = True
            v = self.val(e.operand)
            return v if self.an.callgraph.has_dunders and not isinstance(e.op, ast.Not) else []
        if isinstance(e, ast.BinOp):
            self.rec.nontrivial = True
            v = self.val(e.left) + self.val(e.right)
            return v if self.an.callgraph.has_dunders else self.copy_vals(v)
        if isinstance(e, ast.BoolOp):
            self.rec.nontrivial = True
            out = []
            for x in e.values:
                out += self.val(x)
            return out
        if isinstance(e, ast.IfExp):
            self.rec.nontrivial = True
            self.val(e.test)
            return self.val(e.body) + self.val(e.orelse)
        if isinstance(e, ast.NamedExpr):
            v = self.val(e.value)
            self.bind(e.target, v)
            return v
        if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            out = []
            for x in e.elts:
                if isinstance(x, ast.Starred):
                    self.rec.iterates = self.rec.nontrivial = True
                    out += self.copy_vals(self.val(x.value))
                else:
                    out += self.has_vals(self.val(x))
            return out
        if isinstance(e, ast.Dict):
            out = []
            for k, v in zip(e.keys, e.values):
                if k is None:
                    self.rec.nontrivial = True
                    out += self.copy_vals(self.val(v))
                else:
                    out += self.has_vals(self.val(k)) + self.has_vals(self.val(v))
            return out
        if isinstance(e, ast.Starred):
            self.rec.iterates = self.rec.nontrivial = True
            return self.val(e.value)
        if isinstance(e, ast.Subscript):
            self.rec.nontrivial = True
            base = self.val(e.value)
            self.val(e.slice)
            if isinstance(e.slice, ast.Slice):
                return self.copy_vals(base)
            return self.elem_vals(base)
        if isinstance(e, ast.Attribute):
            self.rec.nontrivial = True
            return self.elem_vals(self.val(e.value))
        if isinstance(e, ast.Call):
            return self.call(e)
        if isinstance(e, (ast.Yield, ast.YieldFrom, ast.Await)):
            self.rec.nontrivial = True
            self.rec.yields = True
            if e.value is not None:
                for _, m in self.val(e.value):
                    al.union(m, H)  # the caller gets it, and may change it while we wait
            if isinstance(e, ast.YieldFrom):
                self.rec.iterates = True
            return [('is', H)]
        if isinstance(e, COMPS + (ast.GeneratorExp,)):
            return self.comprehension(e)
        if isinstance(e, ast.Slice):
            for x in (e.lower, e.upper, e.step):
                if x is not None:
                    self.val(x)
            return []
        for c in ast.iter_child_nodes(e):
            if isinstance(c, ast.expr):
                self.val(c)
        return []

    def comprehension(self, e):
        self.rec.nontrivial = self.rec.iterates = True
        inline = self.inline and not isinstance(e, ast.GeneratorExp)
        saved = dict(self.env)
        for i, g in enumerate(e.generators):
            it = self.val(g.iter)
            for t in ast.walk(g.target):
                if isinstance(t, ast.Name):
                    node = ('n', t.id)
                    self.env[t.id] = node
                    self.al.connect(node, self.elem_vals(it))
                    if inline:
                        self.rec.binds.add(t.id)
            for c in g.ifs:
                self.val(c)
        out = []
        for part in ('elt', 'key', 'value'):
            if hasattr(e, part):
                out += self.has_vals(self.val(getattr(e, part)))
        self.env = saved
        return out

    def call(self, c):
        rec = self.rec
        al = self.al
        rec.nontrivial = True
        func = c.func
        recv = None
        if isinstance(func, ast.Attribute):
            recv = self.val(func.value)
        elif not isinstance(func, ast.Name):
            recv = self.val(func)
        args = []
        for a in c.args:
            if isinstance(a, ast.Starred):
                rec.iterates = True
                args += self.val(a.value)
            else:
                args += self.val(a)
        for k in c.keywords:
            if k.arg is None:
                rec.iterates = True
            args += self.val(k.value)
        kind, callees = self.an.callgraph.resolve_call(self.s, func)
        rec.calls |= callees
        if kind == 'iterating':
            rec.iterates = True
        name = func.id if isinstance(func, ast.Name) else (func.attr if isinstance(func, ast.Attribute) else None)
        if kind in ('scalar', 'iterating'):
            if name in MUTATING_BUILTINS and args:
                rec.shallow += [m for r, m in args[:1] if r == 'is']
            if name in CONTAINER_BUILTINS:
                return self.copy_vals(args)
            if name in ELEMENT_BUILTINS or name == 'sum':
                return self.elem_vals(args) + (self.copy_vals(args) if name == 'sum' else [])
            if name in ('getattr', 'vars'):
                return self.elem_vals(args)
            return []
        if kind == 'method':
            return self.builtin_method(name, recv or [], args)
        extra = []
        if isinstance(func, ast.Attribute) and name in KNOWN_METHODS:
            # a module method of that name, or the builtin type's one
            extra = self.builtin_method(name, recv or [], args)
        # module code or code we know nothing about
        given = [m for _, m in (recv or []) + args]
        impure = any(not f.pure for f in callees)
        if kind == 'unknown':
            rec.external = True
            impure = impure or self.an.callgraph.unknown_impure
        rec.deep += given
        result = al.anon()
        al.union(result, H)
        for m in given:
            al.union(result, m) if impure else al.contain(result, m)
        if impure:
            for m in given:
                al.union(m, H)
        elif kind == 'unknown':
            # outside code may store one argument into another
            for m in given[1:]:
                al.union(given[0], m)
        return [('is', result)] + extra

    def builtin_method(self, name, recv, args):
        rec = self.rec
        al = self.al
        if name in MUTATING_METHODS:
            rec.shallow += [m for r, m in recv if r == 'is']
            if args:
                a = al.anon()
                al.connect(a, args)
                for r, m in recv:
                    if r == 'is':
                        al.contain(m, a)
        if name in ITERATING_METHODS:
            rec.iterates = True
        if name in ELEMENT_METHODS:
            return self.elem_vals(recv) + args
        if name in VIEW_METHODS:
            return list(recv)
        if name in COPY_METHODS:
            return self.copy_vals(recv)
        return []

    def bind(self, t, vals):
        rec = self.rec
        al = self.al
        if isinstance(t, ast.Name):
            rec.binds.add(t.id)
            al.find(('n', t.id))
            if self.s.kind == 'class' or lookup(self.s, t.id, self.an.module) is self.s:
                al.connect(('n', t.id), vals)
            else:
                al.connect(('n', t.id), vals)
                al.union(('n', t.id), H)  # global or nonlocal
        elif isinstance(t, (ast.Tuple, ast.List)):
            rec.iterates = rec.nontrivial = True
            for x in t.elts:
                if isinstance(x, ast.Starred):
                    self.bind(x.value, self.copy_vals(vals))
                else:
                    self.bind(x, self.elem_vals(vals))
        elif isinstance(t, ast.Starred):
            self.bind(t.value, self.copy_vals(vals))
        elif isinstance(t, (ast.Attribute, ast.Subscript)):
            rec.nontrivial = True
            base = self.val(t.value)
            if isinstance(t, ast.Subscript):
                self.val(t.slice)
            rec.shallow += [m for r, m in base if r == 'is']
            a = al.anon()
            al.connect(a, vals)
            for r, m in base:
                if r == 'is':
                    al.contain(m, a)

    # statements
    def statement(self, st):
        rec = self.rec = _Record()
        self.records[id(st)] = rec
        al = self.al
        if isinstance(st, ast.Assign):
            v = self.val(st.value)
            for t in st.targets:
                self.bind(t, v)
        elif isinstance(st, ast.AugAssign):
            rec.nontrivial = True
            v = self.val(st.value)
            t = st.target
            if isinstance(t, ast.Name):
                cur = self.val(t)
                rec.binds.add(t.id)
                rec.shallow += [m for r, m in cur if r == 'is']  # `xs += ys` extends xs in place
                a = al.anon()
                al.connect(a, v)
                for r, m in cur:
                    if r == 'is':
                        al.contain(m, a)
                if lookup(self.s, t.id, self.an.module) is not self.s:
                    al.union(('n', t.id), H)
            else:
                self.bind(t, v)
        elif isinstance(st, ast.AnnAssign):
            if self.s.kind in ('module', 'class'):
                self.val(st.annotation)
                if isinstance(st.target, ast.Name):
                    rec.binds.add('__annotations__')
            if st.value is not None:
                self.bind(st.target, self.val(st.value))
            elif not isinstance(st.target, ast.Name):
                self.val(st.target.value)
        elif isinstance(st, ast.Delete):
            for t in st.targets:
                for x in t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]:
                    if isinstance(x, ast.Name):
                        rec.binds.add(x.id)
                    elif isinstance(x, (ast.Attribute, ast.Subscript)):
                        rec.nontrivial = True
                        rec.shallow += [m for r, m in self.val(x.value) if r == 'is']
                        if isinstance(x, ast.Subscript):
                            self.val(x.slice)
        elif isinstance(st, (ast.For, ast.AsyncFor)):
            rec.nontrivial = rec.iterates = True
            self.bind(st.target, self.elem_vals(self.val(st.iter)))
            if isinstance(st, ast.AsyncFor):
                rec.yields = True
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            rec.nontrivial = True
            for it in st.items:
                v = self.val(it.context_expr)
                if it.optional_vars is not None:
                    self.bind(it.optional_vars, v + [('is', H)])
            if isinstance(st, ast.AsyncWith):
                rec.yields = True
        elif isinstance(st, ast.ExceptHandler):
            if st.type is not None:
                self.val(st.type)
            if st.name:
                rec.binds.add(st.name)
                al.union(('n', st.name), H)
        elif isinstance(st, (ast.Import, ast.ImportFrom)):
            rec.nontrivial = True
            for a in st.names:
                if a.name == '*':
                    rec.any = True
                else:
                    name = a.asname or (a.name.split('.')[0] if isinstance(st, ast.Import) else a.name)
                    rec.binds.add(name)
                    al.union(('n', name), H)
        elif isinstance(st, FUNCS + (ast.ClassDef,)):
            rec.binds.add(st.name)
            if st.decorator_list or isinstance(st, ast.ClassDef):
                rec.nontrivial = True
            for p in stmt_parts(st):
                self.val(p)
            for d in st.decorator_list:
                kind, callees = self.an.callgraph.resolve_call(self.s, d)
                rec.calls |= callees
            if isinstance(st, ast.ClassDef):
                body = self.an.scope_of.get(id(st))
                if body is not None:
                    rec.calls.add(body)
        elif isinstance(st, (ast.If, ast.While, ast.Assert)):
            rec.nontrivial = True
            self.val(st.test)
            if isinstance(st, ast.Assert) and st.msg is not None:
                self.val(st.msg)
        elif MATCH is not None and isinstance(st, MATCH):
            rec.nontrivial = rec.iterates = True
            subject = self.val(st.subject)
            self.match_subject = subject
        elif isinstance(st, ast.Lambda):
            self.val(st.body)
        elif isinstance(st, COMPS + (ast.GeneratorExp,)):
            # a comprehension's own frame: its variables are its locals
            rec.nontrivial = rec.iterates = True
            saved = self.inline
            self.inline = True
            it = [('is', H)]
            for i, g in enumerate(st.generators):
                if i:
                    it = self.val(g.iter)
                self.bind(g.target, self.elem_vals(it))
                for c in g.ifs:
                    self.val(c)
            for part in ('elt', 'key', 'value'):
                if hasattr(st, part):
                    self.val(getattr(st, part))
            if isinstance(st, ast.GeneratorExp):
                rec.yields = True
            self.inline = saved
        else:
            for p in stmt_parts(st):
                if isinstance(p, ast.expr):
                    self.val(p)
        return rec

    def case(self, case, subject):
        rec = self.rec = _Record()
        self.records[id(case)] = rec
        rec.nontrivial = True
        vals = subject + self.elem_vals(subject)
        for n in ast.walk(case.pattern):
            name = getattr(n, 'name', None) if not isinstance(n, ast.MatchMapping) else n.rest
            if isinstance(n, (ast.MatchAs, ast.MatchStar)) and name:
                self.bind(ast.Name(id=name, ctx=ast.Store()), vals)
            elif isinstance(n, ast.MatchMapping) and n.rest:
                self.bind(ast.Name(id=n.rest, ctx=ast.Store()), self.copy_vals(subject))
            elif isinstance(n, ast.expr):
                self.val(n)
        if case.guard is not None:
            self.val(case.guard)

    def body(self, stmts):
        for st in stmts:
            self.statement(st)
            if isinstance(st, (ast.For, ast.AsyncFor, ast.While, ast.If)):
                self.body(st.body)
                self.body(st.orelse)
            elif isinstance(st, (ast.With, ast.AsyncWith)):
                self.body(st.body)
            elif isinstance(st, TRYS):
                self.body(st.body)
                for h in st.handlers:
                    self.statement(h)
                    self.body(h.body)
                self.body(st.orelse)
                self.body(st.finalbody)
            elif MATCH is not None and isinstance(st, MATCH):
                subject = self.match_subject
                for case in st.cases:
                    self.case(case, subject)
                    self.body(case.body)

    def run(self):
        s = self.s
        al = self.al
        al.find(H)
        for p in s.params:
            al.union(('n', p), H)
        # names shared with other frames: cells of nested functions; at module level,
        # globals that functions use
        for name in self.an.shared[s]:
            al.union(('n', name), H)
        if s.kind == 'module' or s.kind == 'class' or s.kind == 'function':
            self.body(s.node.body)
        else:
            self.statement(s.node)
        al.solve()
        return self

    def impure(self):
        """Whether running this code may change anything another frame can see."""
        s = self.s
        al = self.al
        if s.kind != 'module' and (any(s.globals & (s.assigned | set(s.defs))) or s.nonlocals):
            return True
        for rec in self.records.values():
            if rec.any:
                return True
            if rec.shallow and al.touches_h(rec.shallow):
                return True
            if any(not f.pure for f in rec.calls):
                return True
            if rec.external and (self.an.callgraph.unknown_impure or (rec.deep and al.touches_h(rec.deep, deep=True))):
                return True
        return False


def frame_effects(an):
    """{scope: Effects} of every scope, once purity is settled: a function is impure
    when running it may change what another frame can see, which depends on what it
    calls, so the effects are recomputed until no scope changes."""
    cg = an.callgraph
    cg.unknown_impure = False
    while True:
        effects = {s: Effects(an, s).run() for s in an.scopes}
        changed = False
        for s in an.frames:
            if s.pure and effects[s].impure():
                s.pure = False
                changed = True
        unknown_impure = any(not f.pure for f in cg.unknown_set)
        if unknown_impure != cg.unknown_impure:
            cg.unknown_impure = unknown_impure
            changed = True
        if not changed:
            return effects
