"""The program's code objects (scopes) and the names each one holds.

Owns: `Scope` (module, function, lambda, class body, comprehension: its parameters,
the names it binds, loads and declares global / nonlocal, its decorators), the walk
that builds them from the tree (`ScopeBuilder`), name resolution between them
(`lookup`), their line numbers and unique keys (`number_scopes`, the names of the
JSON's `functions` and `frames`), and the names frames share (`sharing`). Imports
only the standard library.
"""

import ast


class Scope:
    """A code object of the program: module, function, lambda, class body, comprehension."""

    def __init__(self, kind, node, parent, name):
        self.kind = kind  # module function lambda class comprehension genexpr
        self.node = node
        self.parent = parent
        self.name = name
        self.children = []
        self.params = []
        self.assigned = set()  # names bound other than by def/class
        self.defs = {}  # name -> [Scope] bound by def / class statements
        self.globals = set()
        self.nonlocals = set()
        self.loads = set()
        self.is_generator = False
        self.decorators = []
        self.star_import = False
        self.key = None
        self.pure = True
        if parent is not None:
            parent.children.append(self)

    def binds(self, name):
        if name in self.globals or name in self.nonlocals:
            return False
        return name in self.assigned or name in self.defs

    def function_scope(self):
        """The nearest scope that is not a comprehension (where a walrus binds)."""
        s = self
        while s.kind in ('comprehension', 'genexpr') and s.parent is not None:
            s = s.parent
        return s

    @property
    def qualname(self):
        names = []
        s = self
        while s is not None and s.kind != 'module':
            names.append(s.name)
            p = s.parent
            if p is not None and p.kind in ('function', 'lambda'):
                names.append('<locals>')
            s = p
        return '.'.join(reversed(names))


class ScopeBuilder(ast.NodeVisitor):
    def __init__(self):
        self.module = None
        self.stack = []
        self.all = []
        self.nonfunc_names = set()  # names loaded other than as the callee of a call
        self.nonfunc_attrs = set()  # attribute names loaded other than as a callee
        self.stored_attrs = set()
        self.uses_type_call = False
        self.call_funcs = set()  # id() of expressions in callee position
        self.scope_of = {}  # id(ast node) -> Scope it opens

    @property
    def cur(self):
        return self.stack[-1]

    def push(self, kind, node, name):
        s = Scope(kind, node, self.stack[-1] if self.stack else None, name)
        self.all.append(s)
        self.scope_of[id(node)] = s
        self.stack.append(s)
        return s

    def visit_Module(self, node):
        self.module = self.push('module', node, '<module>')
        for st in node.body:
            self.visit(st)
        self.stack.pop()

    def _args(self, args, scope):
        for a in getattr(args, 'posonlyargs', []) + args.args:
            scope.params.append(a.arg)
        if args.vararg:
            scope.params.append(args.vararg.arg)
        for a in args.kwonlyargs:
            scope.params.append(a.arg)
        if args.kwarg:
            scope.params.append(args.kwarg.arg)
        scope.assigned.update(scope.params)

    def _visit_arg_exprs(self, args, annotations=True):
        for d in args.defaults + [d for d in args.kw_defaults if d is not None]:
            self.visit(d)
        if annotations:
            for a in getattr(args, 'posonlyargs', []) + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
                if a is not None and a.annotation is not None:
                    self.visit(a.annotation)

    def visit_FunctionDef(self, node):
        for d in node.decorator_list:
            self.visit(d)
        self._visit_arg_exprs(node.args)
        if node.returns is not None:
            self.visit(node.returns)
        outer = self.cur
        s = self.push('function', node, node.name)
        s.decorators = list(node.decorator_list)
        outer.defs.setdefault(node.name, []).append(s)
        self._args(node.args, s)
        if isinstance(node, ast.AsyncFunctionDef):
            s.is_generator = True  # a coroutine suspends and resumes like a generator
        for st in node.body:
            self.visit(st)
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self._visit_arg_exprs(node.args, annotations=False)
        s = self.push('lambda', node, '<lambda>')
        self._args(node.args, s)
        self.visit(node.body)
        self.stack.pop()

    def visit_ClassDef(self, node):
        for d in node.decorator_list:
            self.visit(d)
        for b in node.bases:
            self.visit(b)
        for k in node.keywords:
            self.visit(k.value)
        outer = self.cur
        s = self.push('class', node, node.name)
        s.decorators = list(node.decorator_list)
        outer.defs.setdefault(node.name, []).append(s)
        for st in node.body:
            self.visit(st)
        self.stack.pop()

    def _comprehension(self, node, kind, name):
        gens = node.generators
        self.visit(gens[0].iter)
        s = self.push(kind, node, name)
        for i, g in enumerate(gens):
            self.visit(g.target)
            if i:
                self.visit(g.iter)
            for c in g.ifs:
                self.visit(c)
            if getattr(g, 'is_async', 0):
                s.is_generator = True
        for part in ('elt', 'key', 'value'):
            if hasattr(node, part):
                self.visit(getattr(node, part))
        self.stack.pop()

    def visit_ListComp(self, node):
        self._comprehension(node, 'comprehension', '<listcomp>')

    def visit_SetComp(self, node):
        self._comprehension(node, 'comprehension', '<setcomp>')

    def visit_DictComp(self, node):
        self._comprehension(node, 'comprehension', '<dictcomp>')

    def visit_GeneratorExp(self, node):
        self._comprehension(node, 'genexpr', '<genexpr>')

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            self.cur.loads.add(node.id)
            if id(node) not in self.call_funcs:
                self.nonfunc_names.add(node.id)
        else:
            self.cur.assigned.add(node.id)

    def visit_Attribute(self, node):
        if isinstance(node.ctx, ast.Load):
            if id(node) not in self.call_funcs:
                self.nonfunc_attrs.add(node.attr)
            if node.attr == '__class__':
                self.uses_type_call = True
        else:
            self.stored_attrs.add(node.attr)
        self.visit(node.value)

    def visit_Call(self, node):
        self.call_funcs.add(id(node.func))
        if isinstance(node.func, ast.Name) and node.func.id == 'type' and len(node.args) == 1:
            self.uses_type_call = True
        if isinstance(node.func, ast.Name) and node.func.id in ('getattr', 'vars', 'globals', 'locals', 'eval', 'exec'):
            self.uses_type_call = True  # dynamic attribute access: treat methods as reachable
        self.generic_visit(node)

    def visit_NamedExpr(self, node):
        self.visit(node.value)
        self.cur.function_scope().assigned.add(node.target.id)

    def visit_Global(self, node):
        self.cur.globals.update(node.names)

    def visit_Nonlocal(self, node):
        self.cur.nonlocals.update(node.names)

    def visit_Import(self, node):
        for a in node.names:
            self.cur.assigned.add((a.asname or a.name).split('.')[0])

    def visit_ImportFrom(self, node):
        for a in node.names:
            if a.name == '*':
                self.cur.star_import = True
            else:
                self.cur.assigned.add(a.asname or a.name)

    def visit_ExceptHandler(self, node):
        if node.name:
            self.cur.assigned.add(node.name)
        self.generic_visit(node)

    def visit_MatchAs(self, node):
        if node.name:
            self.cur.assigned.add(node.name)
        self.generic_visit(node)

    def visit_MatchStar(self, node):
        if node.name:
            self.cur.assigned.add(node.name)

    def visit_MatchMapping(self, node):
        if node.rest:
            self.cur.assigned.add(node.rest)
        self.generic_visit(node)

    def visit_Yield(self, node):
        self.cur.function_scope().is_generator = True
        self.generic_visit(node)

    visit_YieldFrom = visit_Yield
    visit_Await = visit_Yield


def lookup(scope, name, module):
    """The scope whose frame holds `name` as seen from `scope` (None: a builtin)."""
    s = scope
    if name in s.globals:
        return module if module.binds(name) else None
    if s.binds(name):
        return s
    p = s.parent
    while p is not None and p.kind != 'module':
        if p.kind != 'class':
            if name in p.globals:
                break
            if p.binds(name):
                return p
        p = p.parent
    return module if module.binds(name) else None


def number_scopes(module, scopes, frames):
    """Give each code object its lines (def_line, call_line: the first decorator's or
    the def's, last_line) and its key: its qualified name, with `@def_line` (and `#n`
    for several on one line) where the qualified name is not unique."""
    for s in scopes:
        node = s.node
        if s.kind == 'module':
            continue
        s.def_line = node.lineno
        s.call_line = min([d.lineno for d in s.decorators] + [node.lineno])
        s.last_line = getattr(node, 'end_lineno', node.lineno)
    by = {}
    for s in frames:
        by.setdefault(s.qualname, []).append(s)
    for q, group in by.items():
        if len(group) == 1:
            group[0].key = q
            continue
        seen = {}
        for s in group:
            k = '%s@%d' % (q, s.def_line)
            if k in seen:
                seen[k] += 1
                k = '%s#%d' % (k, seen[k])
            else:
                seen[k] = 1
            s.key = k
    module.key = '<module>'


def sharing(module, scopes):
    """({scope: names}, {scope: names}): the names each frame shares with other frames
    (`shared`), and the names of a frame that code it calls may rebind (`rebind`):
    globals assigned under a `global` declaration (module), cells and free variables
    (functions)."""
    shared = {s: set() for s in scopes}
    rebind = {s: set() for s in scopes}
    m = module
    for o in scopes:
        for name in o.loads | o.assigned | o.globals | o.nonlocals:
            b = lookup(o, name, m)
            if b is None or b is o or b not in shared:
                continue
            shared[b].add(name)
            if b is m:
                if name in o.globals and (name in o.assigned or name in o.defs):
                    rebind[m].add(name)
            elif b.kind != 'class' and o.kind != 'class':
                rebind[o].add(name)  # a free variable of o
                rebind[b].add(name)  # a cell of b
    return shared, rebind
