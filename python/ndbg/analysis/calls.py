"""Calls and the call graph: which functions of the module a call may enter.

Owns: what the analysis knows of builtins and of builtin types' methods (which
mutate, iterate, return their arguments' elements), and `CallGraph`: the module's
methods by name, the functions that can be entered from anywhere (escaping: stored,
passed, decorated; implicit: dunders and properties; generators; `__del__`; generators
that run code when closed), and `resolve_call`, the callees of one call expression.
Whether those callees are pure is settled by the effects (effects.py), which set each
scope's `pure` and `CallGraph.unknown_impure`. Imports `syntax` and `scopes`.
"""

import ast

from .scopes import lookup
from .syntax import TRYS, decorator_name, is_dunder, walk_scope

# --- knowledge about builtins -------------------------------------------------------

# Builtins whose result is unrelated to their arguments' identity and that neither
# iterate their arguments nor call user callables (they may call dunder methods and
# properties, which the analysis accounts for separately).
SCALAR_BUILTINS = frozenset(
    '''
    len str repr ascii int float complex bool abs round hash id ord chr hex oct bin
    isinstance issubclass callable format divmod pow type print input open range
    hasattr getattr setattr delattr slice object super globals locals vars dir
'''.split()
)
# Builtins that consume an iterable (may resume generators, call lazily stored callables).
ITERATING_BUILTINS = frozenset(
    '''
    list tuple set frozenset dict sorted reversed enumerate zip map filter sum min max
    any all iter next bytes bytearray memoryview
'''.split()
)
# Of those, the ones whose result holds elements of their arguments.
CONTAINER_BUILTINS = frozenset('list tuple set frozenset dict sorted reversed enumerate zip map filter iter'.split())
ELEMENT_BUILTINS = frozenset('min max next'.split())
MUTATING_BUILTINS = frozenset('setattr delattr'.split())
KNOWN_BUILTINS = (
    SCALAR_BUILTINS
    | ITERATING_BUILTINS
    | frozenset(
        '''
    exec eval compile breakpoint staticmethod classmethod property __import__ help
    memoryview
'''.split()
    )
)

# Methods of builtin types: the ones that mutate their receiver...
MUTATING_METHODS = frozenset(
    '''
    append extend insert pop remove clear sort reverse update setdefault add discard
    popitem difference_update intersection_update symmetric_difference_update
    appendleft extendleft popleft rotate write writelines truncate seek
'''.split()
)
# ... the ones that leave it alone and return something new or a scalar ...
PURE_METHODS = frozenset(
    '''
    count index find rfind rindex startswith endswith isdigit isalpha isalnum isspace
    islower isupper istitle isnumeric isdecimal isidentifier isprintable isascii upper
    lower strip lstrip rstrip split rsplit splitlines join replace format format_map
    capitalize title swapcase casefold center ljust rjust zfill partition rpartition
    expandtabs encode decode translate maketrans removeprefix removesuffix union
    intersection difference symmetric_difference issubset issuperset isdisjoint
    bit_length bit_count to_bytes from_bytes as_integer_ratio is_integer conjugate
    hex fromkeys read readline readlines tell most_common elements total
'''.split()
)
# ... the ones that return (a view of) the receiver's contents ...
ELEMENT_METHODS = frozenset('get pop popitem setdefault popleft'.split())
VIEW_METHODS = frozenset('keys values items'.split())
COPY_METHODS = frozenset('copy'.split())
# Builtin methods that consume an argument iterable.
ITERATING_METHODS = frozenset(
    '''
    extend join update union intersection difference symmetric_difference issubset
    issuperset isdisjoint difference_update intersection_update
    symmetric_difference_update extendleft writelines fromkeys sort
'''.split()
)
KNOWN_METHODS = MUTATING_METHODS | PURE_METHODS | ELEMENT_METHODS | VIEW_METHODS | COPY_METHODS

NOT_IMPLICIT = frozenset(('__init__', '__new__', '__post_init__'))
TRIVIAL_DECORATORS = frozenset(('staticmethod', 'classmethod'))
PROPERTY_DECORATORS = frozenset(('property', 'cached_property', 'setter', 'getter', 'deleter'))
CONSTRUCTORS = ('__new__', '__init__', '__post_init__')


class CallGraph:
    """Who may be called from where, for one program's scopes."""

    def __init__(self, sb, module, frames):
        self.sb = sb
        self.module = module
        self.frames = frames
        self.unknown_impure = False  # whether code the module cannot see may be impure
        self._classify()

    def _classify(self):
        sb = self.sb
        self.methods = {}
        escaping, implicit, generators, dels = set(), set(), set(), set()
        self.has_dunders = False
        for s in self.frames:
            if s.kind == 'lambda':
                escaping.add(s)
            if s.kind == 'genexpr' or (s.kind == 'function' and s.is_generator):
                generators.add(s)
            if s.kind != 'function':
                continue
            is_method = s.parent.kind == 'class'
            decos = [decorator_name(d) for d in s.decorators]
            nontrivial = [d for d in decos if d not in TRIVIAL_DECORATORS]
            if any(d in PROPERTY_DECORATORS for d in decos):
                implicit.add(s)
            elif nontrivial:
                escaping.add(s)
            if is_method:
                self.methods.setdefault(s.name, []).append(s)
                if s.name in sb.nonfunc_attrs or s.name in sb.nonfunc_names:
                    escaping.add(s)
                if is_dunder(s.name) and s.name not in NOT_IMPLICIT:
                    implicit.add(s)
                    if s.name not in ('__repr__', '__str__'):
                        self.has_dunders = True
                if s.name == '__del__':
                    dels.add(s)
            elif s.name in sb.nonfunc_names:
                escaping.add(s)
        for s in self.frames:
            if s.kind == 'class' and (s.name in sb.nonfunc_names or sb.uses_type_call):
                escaping |= self.constructors(s)
        self.escaping, self.implicit, self.generators, self.dels = escaping, implicit, generators, dels
        # generators that run code when closed: a yield inside try or with
        self.closers = {
            g
            for g in generators
            if g.kind != 'genexpr' and any(isinstance(n, TRYS + (ast.With, ast.AsyncWith)) for n in walk_scope(g.node))
        }
        self.unknown_set = frozenset(escaping | implicit | generators)
        self.iter_set = frozenset(generators | escaping | implicit)

    def constructors(self, cls, seen=None):
        seen = seen or set()
        if cls in seen:
            return set()
        seen.add(cls)
        out = set()
        for name in CONSTRUCTORS:
            out.update(d for d in cls.defs.get(name, []) if d.kind == 'function')
        for b in cls.node.bases:
            if isinstance(b, ast.Name):
                owner = lookup(cls.parent, b.id, self.module)
                if owner is not None:
                    for d in owner.defs.get(b.id, []):
                        if d.kind == 'class':
                            out |= self.constructors(d, seen)
            else:
                out |= set(f for name in CONSTRUCTORS for f in self.methods.get(name, []))
        return out

    def resolve_call(self, scope, func):
        """(kind, module scopes) for a call of `func` from `scope`; kind is one of
        scalar / iterating (builtins), method (a builtin type's method), module, unknown."""
        if isinstance(func, ast.Name):
            name = func.id
            owner = lookup(scope, name, self.module)
            if owner is None:
                if name in SCALAR_BUILTINS and not self.module.star_import:
                    return 'scalar', frozenset()
                if name in ITERATING_BUILTINS and not self.module.star_import:
                    return 'iterating', self.iter_set
                return 'unknown', self.unknown_set
            out = set()
            unknown = name in owner.assigned
            for d in owner.defs.get(name, []):
                if d.kind == 'class':
                    out |= self.constructors(d)
                    out |= self.implicit
                elif d.kind == 'function':
                    out.add(d)
                    if any(decorator_name(x) not in TRIVIAL_DECORATORS for x in d.decorators):
                        unknown = True
            if unknown:
                return 'unknown', frozenset(out) | self.unknown_set
            return 'module', frozenset(out)
        if isinstance(func, ast.Attribute):
            name = func.attr
            methods = self.methods.get(name, [])
            if methods:
                out = frozenset(methods)
                if name in self.sb.stored_attrs:
                    return 'unknown', out | self.unknown_set
                return 'module', out
            if name in KNOWN_METHODS and name not in self.sb.stored_attrs:
                if name in ITERATING_METHODS:
                    return 'method', self.iter_set
                return 'method', frozenset()
            return 'unknown', self.unknown_set
        return 'unknown', self.unknown_set

    @property
    def finalizers_impure(self):
        return any(not f.pure for f in self.dels | self.closers)
