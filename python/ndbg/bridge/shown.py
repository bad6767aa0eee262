"""Which locals a frame shows in a trace state: one rule for the tracer, which
writes the model's training data (ndbg.trace.tracer), and for the bridge, whose
real frames `--verify` compares the model's predictions with (src/engine/
verify.ts reads the bridge's answer and keeps no rule of its own).

A function's frame shows its locals. A namespace (a module or class body, whose
code is not CO_OPTIMIZED) shows only the data it binds: no names starting
with `__` (dunders and private names), no modules, functions, builtins or
classes (what import, def and class bind). A name that is not an identifier
(`.0`, a comprehension's iterator) never shows.

Standard library only, like all of the bridge; the tracer imports it from here.
"""

_CO_OPTIMIZED = 0x1
_HIDDEN_IN_NAMESPACES = ('module', 'function', 'builtin_function_or_method')


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
        if type(value).__name__ in _HIDDEN_IN_NAMESPACES or isinstance(value, type):
            return False
    return True
