"""Which locals a frame shows in a trace state: one rule for the tracer, which
writes the model's training data (ndbg.trace.tracer), and for the bridge, whose
real frames `--verify` compares the model's predictions with (src/engine/
verify.ts reads the bridge's answer and keeps no rule of its own).

A function's frame shows its locals. A namespace (a module or class body, whose
code is not CO_OPTIMIZED) shows only the data it binds: no names starting
with `__` (dunders and private names), no modules, functions, builtins or
classes (what import, def and class bind). A name that is not an identifier
(`.0`, a comprehension's iterator) never shows.

The program's objects (format version 2, docs/format.md "Objects"): right after
a shown local whose value is an instance of a class the program defines, the
state shows its attributes as dotted pseudo-locals `NAME.ATTR`, nested ones as
`NAME.ATTR.SUB` (`attributes`). A repr alone (`<__main__.Cart object>`) tells
neither the model nor ndbg's evaluator what the object holds.

Standard library only, like all of the bridge; the tracer imports it from here.
Reading attributes runs none of the program's code (no getattr: the instance's
`__dict__` and slot descriptors are read directly); only the reprs do, as for
any local.
"""

import sys


def failed_repr(error):
    """What a frame shows for a value whose repr raised `error` (a failing
    `__repr__`, an int beyond the digit limit): the exception's type and text, as
    the python engine shows it and ndbg's evaluator writes it (src/pyval/repr.ts,
    `failedRepr`)."""
    try:
        return '<repr failed: %s: %s>' % (type(error).__name__, error)
    except Exception:  # an exception whose own str() fails
        return '<repr failed: %s>' % type(error).__name__


_CO_OPTIMIZED = 0x1
_HIDDEN_IN_NAMESPACES = ('module', 'function', 'builtin_function_or_method')

# The module the program runs as (tracer and pdb both run it as __main__): its
# classes are "the program's". Instances of library classes keep their repr only.
PROGRAM_MODULE = '__main__'
# Attributes of instances nested at most this deep (`a.b.c` is depth 3); a
# deeper instance shows its repr only. Pinned in src/model/format/format.ts (ATTR_DEPTH).
ATTR_DEPTH = 3
# At most this many dotted entries per local, all depths together, chosen
# breadth first (every direct attribute before any nested one) so that a deep
# chain cannot crowd out the object's own fields. Pinned in format.ts (ATTR_LIMIT).
ATTR_LIMIT = 12


def is_namespace(code):
    """A module or class body (its locals are a dict, not a function's fast locals)."""
    return not (code.co_flags & _CO_OPTIMIZED)


def shows(name, value, namespace):
    """Whether a trace state of the frame shows the local `name` bound to `value`."""
    if not isinstance(name, str) or not name.isidentifier():
        return False
    if namespace:
        if name.startswith('__'):
            return False
        t = type(value)  # isinstance() would read value.__class__: program code
        if t.__name__ in _HIDDEN_IN_NAMESPACES or issubclass(t, type):
            return False
    return True


def is_program_object(value):
    """Whether `value` is an instance of a class defined by the program (not a
    class itself, not a member of an enum, whose repr already says its value)."""
    t = type(value)  # never value.__class__, which the program may define
    try:
        if getattr(t, '__module__', None) != PROGRAM_MODULE:
            return False
    except Exception:
        return False
    if issubclass(t, type):
        return False
    enum = sys.modules.get('enum')  # not loaded: no value is an enum member
    return not (enum is not None and issubclass(t, enum.Enum))


def _slot_names(cls):
    slots = cls.__dict__.get('__slots__')
    if slots is None:
        return ()
    if isinstance(slots, str):
        slots = (slots,)
    names = []
    for s in list(slots):
        if not isinstance(s, str) or s in ('__dict__', '__weakref__'):
            continue
        if s.startswith('__') and not s.endswith('__'):  # private: stored mangled
            s = '_%s%s' % (cls.__name__.lstrip('_'), s)
        names.append(s)
    return names


def object_attributes(value):
    """[(name, value)] of an instance's own attributes: its `__dict__` in insertion
    order, then its slots that are set (base classes first, in declaration order).
    Names that are not identifiers or start with `__` are left out."""
    out = []
    try:
        d = object.__getattribute__(value, '__dict__')
    except Exception:  # no __dict__ (slots only)
        d = None
    if type(d) is dict:
        for k, v in list(d.items()):
            if type(k) is str and k.isidentifier() and not k.startswith('__'):
                out.append((k, v))
    seen = {k for k, _ in out}
    try:
        mro = type(value).__mro__
        for cls in reversed(mro):
            for s in _slot_names(cls):
                desc = cls.__dict__.get(s)
                if type(desc).__name__ != 'member_descriptor' or s in seen or not s.isidentifier():
                    continue
                try:
                    v = desc.__get__(value, type(value))
                except AttributeError:  # declared, not set
                    continue
                seen.add(s)
                out.append((s, v))
    except Exception:
        pass
    return out


def attributes(name, value, repr_of):
    """The dotted pseudo-locals that follow the local `name` bound to `value`:
    [(`name.attr`, repr_of(attribute))], nested instances' attributes right after
    their own entry (`name.attr.sub`), at most ATTR_LIMIT entries chosen breadth
    first, to a depth of ATTR_DEPTH. [] unless `value` is a program object."""
    if not is_program_object(value):
        return []
    chosen = []  # (path of attribute positions, dotted name, value)
    level = [((), name, value)]
    depth = 0
    while level and depth < ATTR_DEPTH and len(chosen) < ATTR_LIMIT:
        depth += 1
        below = []
        for path, prefix, obj in level:
            for k, (attr, v) in enumerate(object_attributes(obj)):
                if len(chosen) >= ATTR_LIMIT:
                    break
                entry = (path + (k,), prefix + '.' + attr, v)
                chosen.append(entry)
                if depth < ATTR_DEPTH and is_program_object(v):
                    below.append(entry)
        level = below
    chosen.sort(key=lambda e: e[0])  # each object's attributes right after it
    return [(dotted, repr_of(v)) for _, dotted, v in chosen]


def shown_locals(items, namespace, repr_of):
    """{name: repr} of what a trace state of the frame shows, from the frame's
    (name, value) pairs in frame order: the shown locals, each followed by its
    attributes when it is a program object."""
    out = {}
    for name, value in items:
        if shows(name, value, namespace):
            out[name] = repr_of(value)
            for dotted, r in attributes(name, value, repr_of):
                out[dotted] = r
    return out
