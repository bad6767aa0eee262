"""Long programs: several generated programs composed into one script of 150-450 lines.

    from ndbg.gen.long import long_program
    prog = long_program(random.Random(7), generate)

Real scripts are longer than the model's window, and the functions their module-level
code calls are defined far above it. The
generator writes programs of 10-80 lines, so on its own it never shows the model a
program whose context has to be selected (docs/format.md, "Context selection"). This
composes such programs from generated ones, in the shape of evalsets/long:

- one *main* program, whose module-level code runs last;
- the definitions (top-level `def` and `class`) of several *donor* programs, each kept
  whole and in its own order, shuffled with the main program's definitions, so that
  a call from the module-level code lands anywhere from a few to hundreds of lines up;
- the module-level code of up to two donors before the main program's (live donors:
  their functions run too); the other donors' definitions are never called.

Donors never raise, loop forever or read stdin, and a donor is used only when none of
the names it defines appears in the program so far (no definition shadows another).
The composed program is real Python: the builder traces it like any other.
"""

import ast

__all__ = ['long_program', 'split_program']

MIN_LINES = 150
MAX_LINES = 450
MAX_DONORS = 24


def split_program(source):
    """(definitions, module code, defined names, all names) of a program, or None when it
    does not parse. definitions: the source text of each top-level def/class (with its
    decorators); module code: the text of the other top-level statements, in order."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    lines = source.splitlines()
    defs, code, defined = [], [], set()
    for node in tree.body:
        start = min([node.lineno] + [d.lineno for d in getattr(node, 'decorator_list', [])])
        text = '\n'.join(lines[start - 1 : node.end_lineno])
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defs.append(text)
            defined.add(node.name)
        else:
            code.append(text)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    names |= {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}
    return defs, code, defined, names


def _donor_ok(prog):
    return prog.kind == 'function' and not (prog.features & {'uncaught', 'infinite', 'input', 'stdin'})


def long_program(rng, generate, min_lines=None, max_lines=None):
    """A Program (generator.Program's shape) of about min_lines..max_lines lines; the main
    program's kind, stdin and features, plus 'long'."""
    lo = min_lines or MIN_LINES
    hi = max_lines or MAX_LINES
    target = rng.randint(lo, hi)
    while True:
        main = generate(rng)
        parts = split_program(main.source)
        if parts is not None and parts[1]:
            break
    main_defs, main_code, taken, used = parts
    used = set(used)
    blocks = [main_defs] if main_defs else []
    live = []
    n_lines = main.source.count('\n')
    n_live = rng.choice((0, 1, 1, 2))
    for _ in range(MAX_DONORS):
        if n_lines >= target:
            break
        donor = generate(rng)
        if not _donor_ok(donor):
            continue
        parts = split_program(donor.source)
        if parts is None or not parts[0]:
            continue
        defs, code, defined, names = parts
        if defined & used:
            continue
        size = sum(d.count('\n') + 2 for d in defs)
        if n_lines + size > hi:
            continue
        blocks.append(defs)
        used |= defined | names
        n_lines += size
        if len(live) < n_live and code:
            live.append(code)
            n_lines += sum(c.count('\n') + 1 for c in code)
    rng.shuffle(blocks)
    out = []
    for defs in blocks:
        for d in defs:
            out.append(d)
            out.append('')
            out.append('')
    for code in live + [main_code]:
        out.extend(code)
        out.append('')
    source = '\n'.join(out).rstrip('\n') + '\n'
    return type(main)(source, main.kind, main.stdin, set(main.features) | {'long'})
