"""The JSON assembly: `Analysis` runs the parts in order and writes the result.

Owns: the order of the passes (scopes, call graph, sharing, effects, one graph per
code object), the per-line merge of each node's successors, bindings and callees,
the function table, and the JSON's shape and format version (`FORMAT_VERSION`; the
shape is documented in docs/constraints.md, read by src/model/format/cfg.ts). Imports every
other file of the analysis; none imports it but cfg.py.
"""

import ast

from .alias import H
from .attrs import settable_attributes
from .calls import CallGraph
from .effects import frame_effects
from .flow import CFGBuilder, entry_events, explore
from .names import dynamic_names, frame_local_names, program_names
from .paths import line_paths
from .quiet import quiet_lines
from .reprs import default_repr_classes
from .scopes import ScopeBuilder, number_scopes, sharing
from .syntax import has_comp, walk_local_all
from .versions import Features, Target

# Of the JSON; src/model/format/cfg.ts reads this one only (CFG_FORMAT): raise both on a change, and
# regenerate test/golden/cfg/analysis.json, which both sides' tests check.
FORMAT_VERSION = 1


class Analysis:
    def __init__(self, source, target=None):
        self.target = target if isinstance(target, Target) else Target.parse(target)
        self.features = v = Features(self.target)
        self.source = source
        self.tree = ast.parse(source)
        sb = ScopeBuilder()
        sb.visit(self.tree)
        self.module = sb.module
        self.scope_of = sb.scope_of
        self.scopes = [s for s in sb.all if not (s.kind == 'comprehension' and v.comp_frames == 'never')]
        self.frames = [s for s in self.scopes if s.kind != 'module']
        number_scopes(self.module, self.scopes, self.frames)
        self.callgraph = CallGraph(sb, self.module, self.frames)
        self.shared, self.rebind = sharing(self.module, self.scopes)
        self.effects = frame_effects(self)
        self.graphs = {}
        self.handler_names = {}
        self.in_with = {}
        paths = line_paths(source, self.target, self.tree)
        for s in self.scopes:
            b = CFGBuilder(v, s, paths)
            self.graphs[s] = b.build()
            self.handler_names[s] = b.handler_lines
            self.in_with[s] = b.in_with

    def rebindable(self, s):
        """Names of `s`'s frame that code it calls may rebind."""
        return self.rebind[s]

    # per-node results
    def node_effects(self, s, node, in_with=False):
        """(binds, mutates, may_mutate, callees) of one graph node."""
        eff = self.effects[s]
        st = node.stmt
        rec = eff.records.get(id(st)) if st is not None else None
        if rec is None or (s.kind == 'class' and st is s.node):
            return set(), set(), set(), set()
        al = eff.al
        binds = set(rec.binds)
        if s.kind in ('module', 'class') and self.features.inline_comps != 'never' and has_comp(st):
            # 3.13 shows only the comprehension's variables in a namespace frame's
            # f_locals while an inlined comprehension runs (3.12.0-1 rewrite them)
            binds |= self.scope_names(s)
        mutates = al.shallow(rec.shallow) if rec.shallow else set()
        callees = set(rec.calls)
        if rec.iterates:
            callees |= self.callgraph.iter_set
        if rec.nontrivial:
            callees |= self.callgraph.implicit
        callees |= self.callgraph.dels
        if in_with:
            callees |= self.callgraph.implicit
        # comprehension and generator-expression frames created on this statement
        for sub in walk_local_all(st, s):
            sc = self.scope_of.get(id(sub))
            if sc is not None and sc in self.scopes and sc.kind in ('comprehension', 'genexpr') and sc is not s:
                callees.add(sc)
        may = set()
        impure = any(not f.pure for f in callees) or rec.any or self.callgraph.finalizers_impure
        # any line may drop the last reference to a suspended generator, whose close()
        # resumes it (its finally blocks run), or to an object with __del__
        callees |= self.callgraph.generators
        if impure:
            may = al.deep(rec.deep + [H]) | self.rebindable(s)
        elif rec.external and rec.deep:
            may = al.deep(rec.deep)
        if rec.yields:
            may |= al.deep([H]) | self.rebindable(s)
        if rec.any:
            may.add('*')
        return binds, mutates, may, callees

    def scope_names(self, s):
        names = set(s.defs) | s.assigned
        if s.kind == 'module':
            names -= {'__annotations__'}
        return {n for n in names if not n.startswith('__')}

    def first_body_line(self, s):
        node = s.node
        if s.kind == 'function':
            body = node.body
            if (
                len(body) > 1
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                return body[1].lineno
            if (
                len(body) == 1
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                return min(entry_events(self.graphs[s]))
            return body[0].lineno
        if s.kind == 'class':
            return s.call_line
        if s.kind == 'lambda':
            return node.body.lineno
        return node.lineno

    def function_entry(self, s):
        return {
            'name': s.key,
            'call_line': s.call_line,
            'def_line': s.def_line,
            'first_body_line': self.first_body_line(s),
        }

    def result(self):
        lines = {}
        frames = {}
        calls = {}
        binds = {}
        for s in self.scopes:
            g = self.graphs[s]
            succ = explore(g.nodes)
            frames[s.key] = {
                'lines': {str(l): _sorted(v) for l, v in sorted(succ.items())},
                'entry_lines': sorted(entry_events(g)),
            }
            for l, v in succ.items():
                lines.setdefault(l, set()).update(v)
            handler = {}
            for name, ids in self.handler_names[s]:
                for i in ids:
                    handler.setdefault(i, set()).add(name)
            for node in g.nodes:
                if not node.lines:
                    continue
                b, m, may, callees = self.node_effects(s, node, node.id in self.in_with[s])
                b |= handler.get(node.id, set())
                callees |= self.callgraph.dels | self.callgraph.generators
                for l in node.lines:
                    e = binds.setdefault(l, (set(), set(), set()))
                    e[0].update(b)
                    e[1].update(m)
                    e[2].update(may)
                    calls.setdefault(l, set()).update(callees)
        module_entry = sorted(entry_events(self.graphs[self.module]))
        functions = {}
        own_names = frame_local_names(self.source, dynamic=dynamic_names(self.tree))
        for s in self.frames:
            kind = s.kind
            if kind == 'function' and s.is_generator:
                kind = 'coroutine' if isinstance(s.node, ast.AsyncFunctionDef) else 'generator'
            info = {
                'qualname': s.qualname,
                'kind': kind,
                'def_line': s.def_line,
                'call_line': s.call_line,
                'first_body_line': self.first_body_line(s),
                'entry_lines': sorted(entry_events(self.graphs[s])),
                'last_line': s.last_line,
                'params': list(s.params),
            }
            if s.kind != 'class':
                names = own_names(s)
                if names is not None:
                    info['locals'] = names
            if kind == 'comprehension' and self.features.comp_frames == 'maybe':
                info['frame_only_before'] = '3.12'
            functions[s.key] = info
        all_lines = sorted(lines)
        return {
            'format': FORMAT_VERSION,
            'target': self.target.name(),
            'entry': module_entry[0] if module_entry else None,
            'entry_lines': module_entry,
            'lines': {str(l): _sorted(lines[l]) for l in all_lines},
            'calls': {
                str(l): [self.function_entry(f) for f in sorted(calls.get(l, ()), key=_scope_order)] for l in all_lines
            },
            'binds': {
                str(l): {
                    'binds': sorted(binds.get(l, ((), (), ()))[0]),
                    'mutates': sorted(binds.get(l, ((), (), ()))[1]),
                    'may_mutate_args': sorted(binds.get(l, ((), (), ()))[2]),
                }
                for l in all_lines
            },
            'functions': functions,
            'frames': frames,
            'quiet': quiet_lines(self.tree),
            'attributes': settable_attributes(self.tree),  # of the program's objects (attrs.py)
            'default_repr': default_repr_classes(self.tree),
            # statements over several lines whose line events come in one known order (paths.py)
            'paths': {
                str(n.stmt.lineno): list(n.path) for g in self.graphs.values() for n in g.nodes if n.path is not None
            },
            **dict(zip(('bound', 'hidden'), program_names(self.tree))),
        }


def _scope_order(s):
    return (s.call_line, s.key)


def _sorted(values):
    nums = sorted(v for v in values if isinstance(v, int))
    marks = sorted(v for v in values if not isinstance(v, int))
    return nums + marks
