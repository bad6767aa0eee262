"""Classes of the program whose instances have object's default repr.

An instance of a class that defines no ``__repr__`` of its own (nor inherits one)
prints as ``<__main__.Cart object at 0x...>``; the trace format drops the address.
It can never print as ``Cart({...})``: a model that writes that for a local writes
a value no run has. The decoder refuses such a repr (src/model/decode/reprAuto.ts) for
the classes listed here, found from the syntax tree only (the program never runs).

A class counts when every definition of its name is a ``class`` statement with no
decorator (``@dataclass`` writes a repr) and no keyword (a metaclass may write
one), whose bases are ``object`` or such classes (``Exception``, ``namedtuple(...)``,
``list`` or an imported class bring a repr of their own), whose body defines no
``__repr__`` or ``__str__``, and whose name is bound by nothing else and spelled
in no string (``namedtuple('Cart', ...)`` and ``type('Cart', ...)`` make classes
of that name). A program that assigns a ``__repr__`` attribute, calls ``setattr``
or assigns ``__class__`` lists none.
"""

import ast

_OWN = frozenset(('__repr__', '__str__'))


def _defines_repr(body):
    for st in body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name in _OWN:
            return True
        if isinstance(st, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            if any(isinstance(t, ast.Name) and t.id in _OWN for t in targets):
                return True
        if isinstance(st, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
            inner = list(getattr(st, 'body', [])) + list(getattr(st, 'orelse', []))
            inner += list(getattr(st, 'finalbody', []))
            for h in getattr(st, 'handlers', []):
                inner += h.body
            if _defines_repr(inner):
                return True
    return False


def default_repr_classes(tree):
    """Names of the program's classes whose instances print object's repr, sorted."""
    classes = {}
    others = set()
    strings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            classes.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            others.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            others.add(node.name)
        elif isinstance(node, ast.alias):
            others.add((node.asname or node.name).split('.')[0])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.add(node.value)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            if node.attr in _OWN or node.attr == '__class__':
                return []
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == 'setattr':
            return []
    ok = {}

    def plain(name, seen=()):
        if name in ok:
            return ok[name]
        if name in seen or name not in classes or name in others or name in strings:
            return False
        result = True
        for c in classes[name]:
            if c.decorator_list or c.keywords or _defines_repr(c.body):
                result = False
                break
            for b in c.bases:
                if isinstance(b, ast.Name) and (b.id == 'object' or plain(b.id, seen + (name,))):
                    continue
                result = False
                break
        ok[name] = result
        return result

    return sorted(n for n in classes if plain(n))
