"""Values of the program as text: reprs for stop events (safe against
broken or huge values) and fingerprints of plain values for checking that a
replay sees what the recorded run saw (never running program code)."""

from .shown import attributes, failed_repr, is_namespace, shows

PLAIN = (int, float, complex, bool, type(None), str, bytes)


def plain_repr(v, depth):
    """A repr of builtin values only (never calls program code), used to
    check that a replay sees the same state as the recorded run."""
    t = type(v)
    if t in PLAIN:
        r = repr(v)
        return r if len(r) <= 200 else r[:200] + '...%d' % len(r)
    if depth < 3 and (t is list or t is tuple) and len(v) <= 64:
        return '[' + ','.join(plain_repr(x, depth + 1) for x in v) + ']'
    if depth < 3 and t is dict and len(v) <= 64:
        return '{' + ','.join(plain_repr(k, depth + 1) + ':' + plain_repr(x, depth + 1) for k, x in v.items()) + '}'
    return '<' + t.__name__ + '>'


def fingerprint_locals(frame):
    items = []
    for k, v in list(frame.f_locals.items()):
        if type(k) is str and k[:2] != '__':  # dunders, pdb's own (3.13)
            items.append(k + '=' + plain_repr(v, 0))
    return '|'.join(items)


# ------------------------------------------------------------------ reprs
def safe_repr(v, limit):
    try:
        t = type(v)
        if t in (list, tuple) and len(v) > limit:
            r = repr(v[:limit])[:-1] + ', ...' + repr(v[:0])[-1:]
        elif t is str and len(v) > limit:
            r = repr(v[:limit]) + '...'
        elif t is dict and len(v) > limit:
            r = '{' + ', '.join('%r: %r' % kv for kv, _ in zip(v.items(), range(limit))) + ', ...}'
        else:
            r = repr(v)
    except Exception as e:  # a broken __repr__ must not break the debugger
        r = failed_repr(e)
    if len(r) > limit:
        r = r[:limit] + '...'
    return r


# What pdb itself adds to a frame's locals at a return or exception stop.
PDB_LOCALS = ('__return__', '__exception__')


def frame_locals(frame, is_module, limit, mapping=None):
    """The frame's locals as reprs, and the names among them that a trace state
    of the frame does not show (shown.py's rule, and what pdb added). A shown
    program object is followed by its attributes (`cart.items`), as in a trace."""
    # `mapping`: pdb's curframe_locals for the current frame. On Python <= 3.12
    # reading frame.f_locals again re-syncs that dict from the fast locals and
    # would silently undo an edit (`!x = 5`) made since the stop.
    out = {}
    hidden = []
    namespace = is_namespace(frame.f_code)
    for k, v in list((frame.f_locals if mapping is None else mapping).items()):
        if type(k) is not str:
            continue
        if (is_module and k[:2] == '__' and k[-2:] == '__') or k[:6] == '__pdb_':
            continue
        out[k] = safe_repr(v, limit)
        if k in PDB_LOCALS or not shows(k, v, namespace):
            hidden.append(k)
        else:
            for dotted, r in attributes(k, v, lambda x: safe_repr(x, limit)):
                out[dotted] = r
    return out, hidden
