"""The attribute names a program's code can set on its objects, for the constraint
that a state's dotted entries (`cart.items`, docs/format.md "Objects") name only
attributes the program can have set: src/model/decode/attrNames.ts reads them from
cfg.py's `attributes`.

An attribute is settable when the program assigns it (`obj.attr = …`, augmented,
annotated, `for` / `with` / walrus... any assignment target `X.attr`, at any
depth: `a.b.c = 1` sets `c`), calls `setattr(x, 'attr', …)` with a literal
name, or declares it in a class body (a name bound there: a dataclass field, a
class-level default, a `__slots__` entry). Private names (`__x`) are also
mangled with every class that could define them. None when the program may set
attributes by names not in its text (`setattr` with a computed name, a
`__dict__` or `vars()`, or a class deriving from a library class, whose own
`__init__` may set any): then any identifier may be one.

Standard library only (it ships with the analysis).
"""

import ast
import builtins

# Bases that set no instance attributes of their own (builtin types and
# exceptions count too): typing and abc helpers, enums (never expanded).
_INERT_BASES = frozenset(
    ('ABC', 'Generic', 'NamedTuple', 'TypedDict', 'Protocol', 'Enum', 'IntEnum', 'Flag', 'IntFlag')
)


def _inert_base(base, classes):
    if isinstance(base, ast.Subscript):  # Generic[T]
        base = base.value
    if isinstance(base, ast.Attribute):  # abc.ABC, typing.Generic
        return base.attr in _INERT_BASES
    if not isinstance(base, ast.Name):
        return False
    name = base.id
    return name in classes or name in _INERT_BASES or isinstance(getattr(builtins, name, None), type)


def _targets(node):
    if isinstance(node, (ast.Assign,)):
        return node.targets
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
        return [node.target]
    if isinstance(node, ast.withitem) and node.optional_vars is not None:
        return [node.optional_vars]
    return []


def _attribute_targets(target):
    """The `.attr` names an assignment target sets (through tuples, lists, starred)."""
    if isinstance(target, ast.Attribute):
        yield target.attr
    elif isinstance(target, (ast.Tuple, ast.List)):
        for t in target.elts:
            yield from _attribute_targets(t)
    elif isinstance(target, ast.Starred):
        yield from _attribute_targets(target.value)


def _class_body_names(cls):
    for st in cls.body:
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            yield st.target.id
        elif isinstance(st, ast.Assign):
            for t in st.targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        yield n.id
                if isinstance(t, ast.Name) and t.id == '__slots__':
                    for n in ast.walk(st.value):
                        if isinstance(n, ast.Constant) and isinstance(n.value, str):
                            yield n.value


def settable_attributes(tree):
    """Sorted attribute names the program can set, or None (any may be)."""
    names = set()
    classes = [n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    for node in ast.walk(tree):
        for t in _targets(node):
            names.update(_attribute_targets(t))
        if isinstance(node, ast.ClassDef):
            if not all(_inert_base(b, classes) for b in node.bases):
                return None
            names.update(_class_body_names(node))
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
            f = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            if f in ('setattr', '__setattr__'):
                if (
                    len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant)
                    and isinstance(node.args[1].value, str)
                ):
                    names.add(node.args[1].value)
                else:
                    return None
            elif f == 'vars':
                return None
        if isinstance(node, ast.Attribute) and node.attr == '__dict__':
            return None
    for name in list(names):
        if name.startswith('__') and not name.endswith('__'):
            names.update('_%s%s' % (c.lstrip('_'), name) for c in classes)
    return sorted(n for n in names if n.isidentifier() and not n.startswith('__'))
