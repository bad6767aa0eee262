"""Programs made of real code: pure-Python functions of the standard library,
called with generated arguments.

The function's source, the same-module helpers and constants it needs, and the
imports it needs are read from the running interpreter's standard library at
generation time (nothing of the standard library is copied into this
repository). They are put into the program's own text, so the trace runs
through the function's lines in the program's frames:

    from ndbg.gen.stdlib import stdlib_program, available
    src, feats = stdlib_program(g)        # g: program.G; None when nothing fits

The closure of a function is computed from its code objects (every LOAD_GLOBAL
and LOAD_NAME): a name defined at the top of the module by a plain `def` or
`class` is taken from the module's source (the pure-Python version, even where
a C accelerator replaces it at import, as in bisect and heapq); a module object
becomes `import x`; an object importable from another module becomes
`from m import x`; an int, float, str, bytes, bool, None, or a tuple, list,
dict or frozenset of them (up to a size), and a compiled pattern or its bound
method become assignments. A function whose closure needs anything else, or
whose program does not parse on the Python 3.9 grammar, is left out.
Everything is cached per process; each function's closure is built on first use.
"""

import ast
import builtins
import dis
import importlib
import inspect
import io
import re
import textwrap
import tokenize
import types

__all__ = ['CURATED', 'stdlib_program', 'available', 'closure']

MAX_CONST = 1500  # characters of one constant's literal
MAX_SOURCE = 9000  # characters of a function's definitions, docstrings and comments left out
# Programs longer than this (characters, definitions and calls) are not drawn: the
# dataset builder skips a program whose code takes more than half of a training
# window (1024 tokens, about 0.6 tokens per character here). Raise it with the window.
MAX_CHARS = 860


# ---------------------------------------------------------------------------
# Literal arguments (their text is the program's; values are small)

WORDS = [
    'apple',
    'kiwi',
    'plum',
    'fig',
    'lemon',
    'pear',
    'mango',
    'grape',
    'date',
    'lime',
    'red',
    'blue',
    'green',
    'cat',
    'dog',
    'owl',
    'sun',
    'moon',
    'star',
    'tree',
]


def _ints(rng, lo=0, hi=30, n=(0, 7)):
    return [rng.randint(lo, hi) for _ in range(rng.randint(*n))]


def _sorted_ints(rng):
    return sorted(_ints(rng, 0, 20, (0, 8)))


def _heap(rng):
    import heapq

    h = _ints(rng, 0, 40, (0, 7))
    heapq.heapify(h)
    return h


def _text(rng, words=(2, 6)):
    return ' '.join(rng.choice(WORDS) for _ in range(rng.randint(*words)))


def _path(rng, absolute=None):
    parts = [
        rng.choice(('usr', 'home', 'src', 'lib', 'data', 'tmp', 'docs', 'a', 'b', '..', '.'))
        for _ in range(rng.randint(0, 4))
    ]
    if rng.random() < 0.6:
        parts.append(
            rng.choice(('notes.txt', 'main.py', 'archive.tar.gz', 'img.png', 'README', '.bashrc', 'run.sh', 'x.y.z'))
        )
    s = '/'.join(parts)
    if rng.random() < 0.2:
        s = s.replace('/', '//', 1)
    if absolute or (absolute is None and rng.random() < 0.5):
        s = '/' + s
    if rng.random() < 0.15:
        s += '/'
    return s


def _unit(rng):
    return round(rng.random(), rng.choice((1, 2, 2, 3)))


def _rgb(rng):
    return (_unit(rng), _unit(rng), _unit(rng))


def _year(rng):
    return rng.choice((rng.randint(1890, 2100), rng.choice((1900, 2000, 2024, 2023, 1996, 2100))))


def _indented(rng):
    pad = ' ' * rng.choice((2, 4, 4, 8))
    lines = []
    for _ in range(rng.randint(1, 4)):
        extra = ' ' * rng.choice((0, 0, 2, 4))
        lines.append('' if rng.random() < 0.15 else pad + extra + _text(rng, (1, 3)))
    return '\n'.join(lines) + ('\n' if rng.random() < 0.7 else '')


def _shell_word(rng):
    return rng.choice(
        (
            'hello',
            'two words',
            "it's",
            'a&b',
            '',
            '$HOME',
            'file.txt',
            '-v',
            'x*y',
            'semi;colon',
            'tab\there',
            'ok_name',
            '"quoted"',
        )
    )


def _pattern(rng):
    return rng.choice(
        (
            '*.py',
            'data_??.csv',
            '[abc]*',
            '[!x]y',
            'file[0-9].txt',
            '*',
            'a?b*c',
            '[a-z]*.md',
            'literal',
            '**/*.txt',
            '[]]x',
            '*.[ch]',
        )
    )


def _html_text(rng):
    return rng.choice(
        (
            'a < b',
            'Tom & Jerry',
            '"quoted"',
            "it's",
            '<b>bold</b>',
            'x > y & y > z',
            'plain text',
            '5 > 3 < 4',
            '<a href="x">link</a>',
        )
    )


def _ascii_text(rng):
    return rng.choice(
        (
            'hello',
            'caf\u00e9',
            'tab\tnew\nline',
            'quote"here',
            'back\\slash',
            'na\u00efve',
            'plain',
            '\u00fcber \u20ac5',
            'a/b',
            'x\x01y',
        )
    )


def _bytes(rng):
    return bytes(rng.choice(b'abcdefxyz=+/ 09\x00\xff') for _ in range(rng.randint(0, 8)))


# Each entry: (module, function, args(rng) -> tuple of argument values, flags).
# flags: 'mutates' (the first argument is changed in place: name it and print it),
# 'gen' (a generator: wrap the call in list()), 'bad' plus a bad-args function
# (a call that raises inside the function, for the 'uncaught' share).


def _bisect_args(rng):
    a = _sorted_ints(rng)
    x = rng.choice(a) if a and rng.random() < 0.5 else rng.randint(-2, 22)
    if a and rng.random() < 0.25:
        lo = rng.randint(0, len(a))
        return (a, x, lo)
    return (a, x)


def _heap_push_args(rng):
    return (_heap(rng), rng.randint(0, 40))


def _heap_nonempty(rng):
    h = _heap(rng)
    return (h or [rng.randint(0, 9)],)


def _heap_nonempty_item(rng):
    h = _heap(rng)
    return (h or [rng.randint(0, 9)], rng.randint(0, 40))


def _siftdown_args(rng):
    h = _heap(rng) + [rng.randint(0, 40)]
    return (h, 0, len(h) - 1)


def _siftup_args(rng):
    h = _heap(rng) or [1]
    h[0] = rng.randint(0, 45)
    return (h, 0)


def _nsmallest_args(rng):
    return (rng.randint(0, 5), _ints(rng, -10, 40, (0, 9)))


def _merge_args(rng):
    return tuple(sorted(_ints(rng, 0, 20, (0, 5))) for _ in range(rng.choice((2, 2, 3))))


def _capwords_args(rng):
    s = _text(rng)
    s = ''.join(c.upper() if rng.random() < 0.1 else c for c in s)
    if rng.random() < 0.3:
        s = '  ' + s.replace(' ', '  ', 1) + ' '
    return (s, rng.choice(('-', ','))) if rng.random() < 0.2 else (s,)


def _indent_args(rng):
    return (_indented(rng).replace('    ', '', 1) or 'line\n', rng.choice(('> ', '  ', '# ', '- ')))


def _mean_args(rng):
    return (_ints(rng, -5, 30, (1, 7)),)


def _median_args(rng):
    return (_ints(rng, 0, 30, (1, 7)),)


def _ymd(rng):
    return (_year(rng), rng.randint(1, 12), rng.randint(1, 28))


def _ordinal(rng):
    return (rng.randint(1, 800000),)


def _nonneg(rng):
    return (rng.choice((0, 1, 2, 8, 12, 24, 40, 96, 255, 256, 1024, rng.randint(1, 5000))), rng.choice((8, 16, 32)))


def _index_args(rng):
    a = _ints(rng, 0, 5, (1, 7))
    return (a, rng.choice(a))


CURATED = [
    ('bisect', 'bisect_left', _bisect_args, ()),
    ('bisect', 'bisect_right', _bisect_args, ()),
    ('bisect', 'insort_left', _bisect_args, ('mutates',)),
    ('bisect', 'insort_right', _bisect_args, ('mutates',)),
    ('heapq', 'heappush', _heap_push_args, ('mutates',)),
    ('heapq', 'heappop', _heap_nonempty, ('mutates', 'bad')),
    ('heapq', 'heapify', lambda rng: (_ints(rng, 0, 40, (0, 8)),), ('mutates',)),
    ('heapq', 'heapreplace', _heap_nonempty_item, ('mutates', 'bad')),
    ('heapq', 'heappushpop', _heap_push_args, ('mutates',)),
    ('heapq', '_siftdown', _siftdown_args, ('mutates',)),
    ('heapq', '_siftup', _siftup_args, ('mutates',)),
    ('heapq', 'nsmallest', _nsmallest_args, ()),
    ('heapq', 'nlargest', _nsmallest_args, ()),
    ('heapq', 'merge', _merge_args, ('gen',)),
    ('textwrap', 'dedent', lambda rng: (_indented(rng),), ()),
    ('textwrap', 'indent', _indent_args, ()),
    ('colorsys', 'rgb_to_hsv', lambda rng: _rgb(rng), ()),
    ('colorsys', 'hsv_to_rgb', lambda rng: _rgb(rng), ()),
    ('colorsys', 'rgb_to_hls', lambda rng: _rgb(rng), ()),
    ('colorsys', 'hls_to_rgb', lambda rng: _rgb(rng), ()),
    ('colorsys', 'rgb_to_yiq', lambda rng: _rgb(rng), ()),
    ('string', 'capwords', _capwords_args, ()),
    ('fnmatch', 'translate', lambda rng: (_pattern(rng),), ()),
    ('shlex', 'quote', lambda rng: (_shell_word(rng),), ()),
    ('shlex', 'join', lambda rng: ([_shell_word(rng) for _ in range(rng.randint(1, 3))],), ()),
    ('calendar', 'isleap', lambda rng: (_year(rng),), ()),
    ('calendar', 'leapdays', lambda rng: tuple(sorted((_year(rng), _year(rng)))), ()),
    ('calendar', 'monthrange', lambda rng: (_year(rng), rng.randint(1, 12)), ('bad',)),
    ('calendar', 'weekday', _ymd, ()),
    ('html', 'escape', lambda rng: (_html_text(rng),) if rng.random() < 0.7 else (_html_text(rng), False), ()),
    ('posixpath', 'join', lambda rng: tuple(_path(rng) for _ in range(rng.choice((2, 2, 3)))), ()),
    ('posixpath', 'split', lambda rng: (_path(rng),), ()),
    ('posixpath', 'basename', lambda rng: (_path(rng),), ()),
    ('posixpath', 'dirname', lambda rng: (_path(rng),), ()),
    ('posixpath', 'normpath', lambda rng: (_path(rng),), ()),
    ('posixpath', 'isabs', lambda rng: (_path(rng),), ()),
    ('genericpath', 'commonprefix', lambda rng: ([_path(rng, True) for _ in range(rng.randint(1, 3))],), ()),
    ('genericpath', '_splitext', lambda rng: (_path(rng), '/', None, '.'), ()),
    ('statistics', 'median', _median_args, ('bad',)),
    ('statistics', 'median_low', _median_args, ('bad',)),
    ('statistics', 'median_high', _median_args, ('bad',)),
    ('statistics', 'mean', _mean_args, ('bad',)),
    ('datetime', '_is_leap', lambda rng: (_year(rng),), ()),
    ('datetime', '_days_before_year', lambda rng: (_year(rng),), ()),
    ('datetime', '_days_in_month', lambda rng: (_year(rng), rng.randint(1, 12)), ()),
    ('difflib', '_format_range_unified', lambda rng: tuple(sorted((rng.randint(0, 30), rng.randint(0, 30)))), ()),
    ('difflib', '_format_range_context', lambda rng: tuple(sorted((rng.randint(0, 30), rng.randint(0, 30)))), ()),
    ('difflib', 'IS_CHARACTER_JUNK', lambda rng: (rng.choice((' ', 'x', '\t', '\n', '#', '')),), ()),
    ('json.encoder', 'py_encode_basestring', lambda rng: (_ascii_text(rng),), ()),
    ('json.encoder', 'py_encode_basestring_ascii', lambda rng: (_ascii_text(rng),), ()),
    ('operator', 'countOf', lambda rng: (_ints(rng, 0, 4, (0, 8)), rng.randint(0, 4)), ()),
    ('operator', 'indexOf', _index_args, ('bad',)),
    ('quopri', 'unhex', lambda rng: (rng.choice((b'ff', b'0A', b'3d', b'7f', b'c3', b'A9', b'20', b'1')),), ()),
    ('quopri', 'quote', lambda rng: (bytes([rng.randint(0, 255)]),), ()),
    ('ipaddress', '_count_righthand_zero_bits', _nonneg, ()),
]

# Arguments that make the call raise inside the function (for 'uncaught').
BAD = {
    'heappop': lambda rng: ([],),
    'heapreplace': lambda rng: ([], rng.randint(0, 9)),
    'monthrange': lambda rng: (_year(rng), rng.choice((0, 13, 14))),
    'median': lambda rng: ([],),
    'median_low': lambda rng: ([],),
    'median_high': lambda rng: ([],),
    'mean': lambda rng: ([],),
    'indexOf': lambda rng: (_ints(rng, 0, 5, (0, 4)), rng.choice((6, 7, 9))),
}


# ---------------------------------------------------------------------------
# Closures: what a function needs, read from the module's source

MODULE_NAMES = ('__name__', '__module__', '__qualname__', '__doc__')
_MODULES = {}  # module name -> (module, {top-level name: ast node}, source lines) or None
_CLOSURES = {}  # (module, name) -> closure dict or None


def _module(modname):
    if modname not in _MODULES:
        entry = None
        try:
            mod = importlib.import_module(modname)
            src = inspect.getsource(mod)
            tree = ast.parse(src)
            defs = {}
            rank = {}
            assigns = {}

            def take(node, r):
                if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                    if node.name in rank and rank[node.name] <= r:
                        return
                    ok = not node.decorator_list and not isinstance(node, ast.AsyncFunctionDef)
                    defs[node.name] = node if ok else None
                    rank[node.name] = r
                elif (
                    isinstance(node, ast.Assign)
                    and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)
                    and r == 0
                ):
                    assigns[node.targets[0].id] = node.value

            # a def at the top, else the pure-Python one of `try: from _c import f / except ImportError: def f`
            for node in tree.body:
                take(node, 0)
                if isinstance(node, ast.Try):
                    for h in node.handlers:
                        for sub in h.body:
                            take(sub, 1)
                    for sub in node.body + node.orelse:
                        take(sub, 2)
                elif isinstance(node, ast.If):
                    for sub in node.body + node.orelse:
                        take(sub, 2)
            # a constant the module deletes after use is read from its one assignment
            stores, mutated = {}, set()
            for node in tree.body:
                if not isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                    for t in ast.walk(node):
                        if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store):
                            stores[t.id] = stores.get(t.id, 0) + 1
                        elif (
                            isinstance(t, (ast.Attribute, ast.Subscript))
                            and isinstance(t.value, ast.Name)
                            and (isinstance(t, ast.Attribute) or not isinstance(t.ctx, ast.Load))
                        ):
                            mutated.add(t.value.id)
            defs['__assigns__'] = {k: v for k, v in assigns.items() if stores.get(k) == 1 and k not in mutated}
            entry = (mod, defs, src.splitlines())
        except (ImportError, OSError, TypeError, SyntaxError):
            entry = None
        _MODULES[modname] = entry
    return _MODULES[modname]


def _loaded_names(code):
    names = []
    for ins in dis.get_instructions(code):
        if ins.opname in ('LOAD_GLOBAL', 'LOAD_NAME') and ins.argval not in names:
            names.append(ins.argval)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            for n in _loaded_names(c):
                if n not in names:
                    names.append(n)
    return names


def _bound_names(tree):
    """Names a class body or module snippet binds itself (so they are not globals)."""
    out = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            for sub in node.body:
                for t in ast.walk(sub):
                    if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store):
                        out.add(t.id)
                if isinstance(sub, (ast.FunctionDef, ast.ClassDef)):
                    out.add(sub.name)
    return out


def _const_literal(v, depth=0):
    """Source text of a constant value, or None. Sets are written sorted (same text whatever the hash seed)."""
    if depth > 3:
        return None
    if v is None or isinstance(v, (bool, int, float, str, bytes)):
        if isinstance(v, float) and v != v:
            return None
        r = repr(v)
        return r if not r.startswith('inf') and 'inf' != r.lstrip('-') else None
    if isinstance(v, (tuple, list)):
        parts = [_const_literal(x, depth + 1) for x in v]
        if None in parts:
            return None
        if isinstance(v, tuple):
            return '(%s)' % (parts[0] + ',' if len(parts) == 1 else ', '.join(parts))
        return '[%s]' % ', '.join(parts)
    if isinstance(v, dict):
        parts = []
        for k, x in v.items():
            a, b = _const_literal(k, depth + 1), _const_literal(x, depth + 1)
            if a is None or b is None:
                return None
            parts.append('%s: %s' % (a, b))
        return '{%s}' % ', '.join(parts)
    if isinstance(v, frozenset):
        try:
            items = sorted(v)
        except TypeError:
            return None
        parts = [_const_literal(x, depth + 1) for x in items]
        if None in parts:
            return None
        return 'frozenset({%s})' % ', '.join(parts) if parts else 'frozenset()'
    return None


def _importable(v):
    """(module, name) such that `from module import name` gives v, or None."""
    mod = getattr(v, '__module__', None)
    name = getattr(v, '__qualname__', None) or getattr(v, '__name__', None)
    if not isinstance(mod, str) or not isinstance(name, str) or '.' in name:
        return None
    if mod == 'builtins':
        return None
    # a C accelerator's function: its public module exports it
    for cand in (mod.lstrip('_'), mod) if mod.startswith('_') else (mod,):
        try:
            m = importlib.import_module(cand)
        except ImportError:
            continue
        if getattr(m, name, None) is v:
            return cand, name
    return None


def _node_source(lines, node):
    start = node.lineno - 1
    return textwrap.dedent('\n'.join(lines[start : node.end_lineno]))


def closure(modname, name):
    """{'imports': [...], 'consts': [(name, text)], 'defs': [(lineno, source)]} for modname.name, or None."""
    key = (modname, name)
    if key in _CLOSURES:
        return _CLOSURES[key]
    result = _closure(modname, name)
    _CLOSURES[key] = result
    return result


def _closure(modname, name):
    entry = _module(modname)
    if entry is None:
        return None
    mod, defs, lines = entry
    if defs.get(name) is None or not isinstance(defs[name], ast.FunctionDef):
        return None
    imports = []
    consts = []
    taken = {}
    todo = [name]
    seen = set()
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        seen.add(n)
        node = defs.get(n)
        src = _node_source(lines, node)
        try:
            code = compile(src, '<%s.%s>' % (modname, n), 'exec')
        except SyntaxError:
            return None
        taken[n] = (node.lineno, src)
        local = _bound_names(ast.parse(src)) | {n}
        for g in _loaded_names(code):
            if g in seen or g in local:
                continue
            if g in defs:
                if defs[g] is None:
                    return None
                todo.append(g)
                continue
            if g in MODULE_NAMES:
                seen.add(g)
                continue
            if g not in vars(mod) and g in defs['__assigns__']:
                try:
                    text = _const_literal(ast.literal_eval(defs['__assigns__'][g]))
                except ValueError:
                    text = None
                if text is None or len(text) > MAX_CONST:
                    return None
                consts.append((g, text))
                seen.add(g)
                continue
            if g in vars(mod):
                v = vars(mod)[g]
                if isinstance(v, types.ModuleType):
                    line = 'import %s' % v.__name__ if v.__name__ == g else 'import %s as %s' % (v.__name__, g)
                    if '.' in v.__name__ and v.__name__ != g:
                        line = 'import %s as %s' % (v.__name__, g)
                    imports.append(line)
                    seen.add(g)
                    continue
                if isinstance(v, re.Pattern) or (isinstance(getattr(v, '__self__', None), re.Pattern)):
                    pat = v if isinstance(v, re.Pattern) else v.__self__
                    text = 're.compile(%r, %d)' % (
                        pat.pattern,
                        pat.flags & ~re.UNICODE if isinstance(pat.pattern, str) else pat.flags,
                    )
                    if not isinstance(v, re.Pattern):
                        text += '.' + v.__name__
                    if 'import re' not in imports:
                        imports.append('import re')
                    consts.append((g, text))
                    seen.add(g)
                    continue
                text = _const_literal(v)
                if text is not None:
                    if len(text) > MAX_CONST:
                        return None
                    consts.append((g, text))
                    seen.add(g)
                    continue
                if getattr(builtins, g, None) is v:
                    seen.add(g)
                    continue
                imp = _importable(v)
                if imp is None:
                    return None
                imports.append('from %s import %s' % imp if imp[1] == g else 'from %s import %s as %s' % (imp + (g,)))
                seen.add(g)
                continue
            if hasattr(builtins, g):
                seen.add(g)
                continue
            return None
    ordered = [src for _, src in sorted(taken.values())]
    # constants may read each other's names only through literals: none do
    out = {'imports': imports, 'consts': consts, 'defs': ordered, 'name': name}
    body = _definitions(out)
    if len(body) > MAX_SOURCE:
        return None
    try:
        ast.parse(body, feature_version=(3, 9))
        compile(body, '<check>', 'exec')
    except SyntaxError:
        return None
    return out


def _definitions(cl):
    out = []
    if cl['imports']:
        out += sorted(set(cl['imports']))
        out.append('')
    for n, text in cl['consts']:
        out.append('%s = %s' % (n, text))
    if cl['consts']:
        out.append('')
    for d in cl['defs']:
        out += [d, '', '']
    return '\n'.join(out).rstrip('\n') + '\n'


def _strip_docstrings(src):
    """A def's source without its docstring (shorter programs; the code is unchanged)."""
    lines = src.split('\n')
    tree = ast.parse(src)
    cut = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
                and len(node.body) > 1
            ):
                end = first.end_lineno
                if end < len(lines) and not lines[end].strip():
                    end += 1
                cut.append((first.lineno - 1, end))
            elif (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                indent = lines[first.lineno - 1][: len(lines[first.lineno - 1]) - len(lines[first.lineno - 1].lstrip())]
                cut.append((first.lineno - 1, first.end_lineno, indent + 'pass'))
    for c in sorted(cut, reverse=True):
        lines[c[0] : c[1]] = [c[2]] if len(c) == 3 else []
    return '\n'.join(lines)


def _strip_comments(src):
    """A def's source without its comments (lines that held only a comment are dropped)."""
    lines = src.split('\n')
    cut = {}
    try:
        for t in tokenize.generate_tokens(io.StringIO(src).readline):
            if t.type == tokenize.COMMENT:
                cut[t.start[0] - 1] = t.start[1]
    except (tokenize.TokenError, IndentationError):
        return src
    out = []
    for k, line in enumerate(lines):
        if k in cut:
            kept = line[: cut[k]].rstrip()
            if not kept:
                continue
            line = kept
        out.append(line)
    return '\n'.join(out)


def _short(src):
    return _strip_comments(_strip_docstrings(src))


_SIZES = {}
_VARIANTS = {}


def _variant(cl, level):
    """The definitions' text: 0 as in the stdlib, 1 without comments, 2 without docstrings too."""
    key = (id(cl), level)
    if key not in _VARIANTS:
        strip = (lambda d: d, _strip_comments, _short)[level]
        _VARIANTS[key] = _definitions(dict(cl, defs=[strip(d) for d in cl['defs']]))
    return _VARIANTS[key]


def _size(entry):
    """Characters of the entry's definitions without docstrings and comments (None: unavailable)."""
    key = (entry[0], entry[1])
    if key not in _SIZES:
        cl = closure(entry[0], entry[1])
        _SIZES[key] = None if cl is None else len(_definitions(dict(cl, defs=[_short(d) for d in cl['defs']])))
    return _SIZES[key]


_AVAILABLE = None


def available():
    """The curated entries whose closure this interpreter can build (builds them all)."""
    global _AVAILABLE
    if _AVAILABLE is None:
        _AVAILABLE = [e for e in CURATED if closure(e[0], e[1]) is not None]
    return _AVAILABLE


def drawable(max_chars=None):
    """The available entries short enough for programs of at most max_chars (default MAX_CHARS)."""
    limit = MAX_CHARS if max_chars is None else max_chars
    return [e for e in CURATED if _size(e) is not None and _size(e) + CALLS_CHARS <= limit]


CALLS_CHARS = 140  # what the module-level calls add, about


# ---------------------------------------------------------------------------
# Programs

RESULT_NAMES = ['result', 'out', 'value', 'answer', 'res', 'got']
ARG_NAMES = {
    list: ['items', 'data', 'values', 'heap', 'seq', 'nums'],
    str: ['text', 's', 'word', 'path', 'line'],
    bytes: ['data', 'raw', 'payload'],
}


def _lit(v):
    return _const_literal(v)


def stdlib_program(g, fault=None, max_chars=None):
    """(source, features) of one program calling a curated stdlib function, or None."""
    rng = g.rng
    pool = drawable(max_chars)
    if not pool:
        return None
    entry = rng.choice(pool)
    modname, name, argfn, flags = entry
    if fault == 'uncaught' and name not in BAD:
        return None
    cl = closure(modname, name)
    limit = MAX_CHARS if max_chars is None else max_chars
    # comments and docstrings kept where the program stays short enough, else left out
    r = rng.random()
    level = 0
    if r < 0.6 or len(_variant(cl, 0)) + CALLS_CHARS > limit:
        level = 1
        if r < 0.3 or len(_variant(cl, 1)) + CALLS_CHARS > limit:
            level = 2
    head = _variant(cl, level)
    n_calls = rng.choice((2, 3, 3, 4))
    calls = [argfn(rng) for _ in range(n_calls)]
    if fault == 'uncaught':
        calls = calls[: rng.choice((1, 2))] + [BAD[name](rng)]
    lines = []
    used = set()
    feats = {'stdlib', 'stdlib:' + modname, 'stdlib:%s.%s' % (modname, name), 'function', 'module_call', 'print'}
    loop_ok = 'mutates' not in flags and len(calls) >= 2 and fault is None and len(set(map(len, calls))) == 1
    if loop_ok and rng.random() < 0.2:
        cases = '[%s]' % ', '.join(_lit(c) if len(c) > 1 else _lit(c[0]) for c in calls)
        var = rng.choice(('case', 'args', 'example')) if len(calls[0]) > 1 else rng.choice(('case', 'x', 'arg'))
        call = '%s(*%s)' % (name, var) if len(calls[0]) > 1 else '%s(%s)' % (name, var)
        if 'gen' in flags:
            call = 'list(%s)' % call
        lines.append('for %s in %s:' % (var, cases))
        lines.append('    print(%s)' % call)
        feats.add('for')
        if len(calls[0]) > 1:
            feats.add('star_args')
    else:
        for args in calls:
            if 'mutates' in flags:
                v = _fresh(rng, ARG_NAMES[list], used)
                lines.append('%s = %s' % (v, _lit(args[0])))
                rest = ''.join(', ' + _lit(a) for a in args[1:])
                call = '%s(%s%s)' % (name, v, rest)
                r = rng.random()
                if r < 0.5:
                    lines.append(call)
                    lines.append('print(%s)' % v)
                else:
                    res = _fresh(rng, RESULT_NAMES, used)
                    lines.append('%s = %s' % (res, call))
                    lines.append('print(%s, %s)' % (res, v) if rng.random() < 0.7 else 'print(%s)' % v)
                continue
            call = '%s(%s)' % (name, ', '.join(_lit(a) for a in args))
            if 'gen' in flags:
                call = 'list(%s)' % call
            r = rng.random()
            if r < 0.45:
                lines.append('print(%s)' % call)
            elif r < 0.8:
                res = _fresh(rng, RESULT_NAMES, used)
                lines.append('%s = %s' % (res, call))
                lines.append(
                    'print(%s)' % res
                    if rng.random() < 0.6
                    else 'print(%r, %s)' % (name, res)
                    if rng.random() < 0.5
                    else 'print(repr(%s))' % res
                )
                if 'repr(' in lines[-1]:
                    feats.add('repr')
            else:
                res = _fresh(rng, RESULT_NAMES, used)
                lines.append('%s = %s' % (res, call))
    if not any(line.lstrip().startswith('print(') for line in lines):
        res = lines[-1].split(' = ', 1)[0]
        lines.append('print(%s)' % res)
    if fault == 'uncaught':
        feats.add('uncaught')
    src = head.rstrip('\n') + '\n\n\n' + '\n'.join(lines) + '\n'
    return src, feats


def _fresh(rng, pool, used):
    for _ in range(6):
        n = rng.choice(pool)
        if n not in used:
            used.add(n)
            return n
    k = 2
    while '%s%d' % (pool[0], k) in used:
        k += 1
    used.add('%s%d' % (pool[0], k))
    return '%s%d' % (pool[0], k)
