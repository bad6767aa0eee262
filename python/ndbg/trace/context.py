"""Context selection: which source lines a script longer than the window shows the model.

The rule is specified in docs/format.md ("Context selection") and implemented twice:
here (training windows, `examples.build_prompt`) and in src/model/format/contextSelect.ts (the
runtime); test/golden/context/*.json keep the two equal.

    defs = defs_of(cfg.analyze(source, target='3.11'))   # or analyze_defs(source)
    select_lines(lines, costs, defs, focus, stack, budget)  # -> sorted line numbers
    ContextSelector(tokenizer, source, stdin, budget).ids(state)  # -> context token ids
"""

import re

from . import format as fmt

# A context longer than this fraction of the window is selected, down to this size (the
# data builder's --max-context: training windows stay mostly states).
CONTEXT_FRACTION = 0.5
# cfg.py's function kinds that are definitions (lambdas and comprehensions live on their
# enclosing definition's lines).
DEF_KINDS = ('function', 'generator', 'coroutine', 'class')
CONSTRUCTORS = ('__init__', '__new__', '__post_init__')
IDENT = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
CFG_TARGET = '3.11'  # as the runtime's DEFAULT_CFG_TARGET


def context_budget(window, fraction=CONTEXT_FRACTION):
    return int(window * fraction)


def defs_of(cfg_result):
    """The definitions of a cfg.analyze result: [{name, kind, call_line, def_line, last_line}]
    sorted by (call_line, -last_line); `name` is the code name (the qualname's last part)."""
    out = []
    for f in (cfg_result or {}).get('functions', {}).values():
        if f['kind'] not in DEF_KINDS:
            continue
        out.append(
            {
                'name': f['qualname'].rsplit('.', 1)[-1],
                'kind': f['kind'],
                'call_line': f['call_line'],
                'def_line': f['def_line'],
                'last_line': f['last_line'],
            }
        )
    return _sorted(out)


def analyze_defs(source):
    """defs_of the control-flow analysis of `source`; [] when it cannot be analyzed."""
    from ..analysis import cfg

    try:
        r = cfg.analyze(source, target=CFG_TARGET)
    except Exception:  # noqa: BLE001 - a program the analysis cannot read is shown by distance only
        return []
    if r.get('error'):
        return []
    return defs_of(r)


def _near(lines, focus):
    return sorted(lines, key=lambda k: (abs(k - focus), k))


def _sorted(defs):
    return sorted(defs, key=lambda d: (d['call_line'], -d['last_line'], d['def_line'], d['name']))


def owners(defs, n):
    """[None] + for each line 1..n the index (in `defs`, sorted) of the innermost definition
    holding it, or None (the module's own lines). Definitions are nested or disjoint."""
    owner = [None] * (n + 1)
    for i, d in enumerate(defs):
        for k in range(max(d['call_line'], 1), min(d['last_line'], n) + 1):
            owner[k] = i
    return owner


def select_lines(lines, costs, defs, focus, stack, budget):
    """The line numbers (sorted) shown for a state at `focus` (None: line 1) with callers
    at `stack` (outermost first), within `budget` tokens of numbered lines. `costs[k-1]`
    is the token count of line k written as `k text\\n`. See docs/format.md."""
    n = len(lines)
    if n == 0:
        return []
    f = min(max(focus or 1, 1), n)
    defs = _sorted(defs)
    # parent: the innermost other definition around a definition
    parent = [None] * len(defs)
    for i, d in enumerate(defs):
        for j in range(i - 1, -1, -1):
            p = defs[j]
            if p['call_line'] <= d['call_line'] and d['last_line'] <= p['last_line']:
                parent[i] = j
                break
    owner = owners(defs, n)
    chosen = set()
    used = [0]

    def code(k):  # not blank, not a comment
        t = lines[k - 1].strip(' \t\r\f\v')
        return bool(t) and not t.startswith('#')

    def cost(ks):
        return sum(costs[k - 1] for k in ks if k not in chosen)

    def add(ks):  # all or nothing
        ks = [k for k in ks if 1 <= k <= n]
        c = cost(ks)
        if used[0] + c > budget:
            return False
        chosen.update(ks)
        used[0] += c
        return True

    def fill(ks):  # in order, up to the first line that does not fit
        for k in ks:
            if k in chosen:
                continue
            if used[0] + costs[k - 1] > budget:
                return
            chosen.add(k)
            used[0] += costs[k - 1]

    def span(i):
        return range(defs[i]['call_line'], defs[i]['last_line'] + 1)

    def header(i):
        return range(defs[i]['call_line'], defs[i]['def_line'] + 1)

    def ancestors(i):  # the headers of the definitions around i, innermost first
        ks = []
        j = parent[i]
        while j is not None:
            ks += header(j)
            j = parent[j]
        return ks

    def with_ancestors(ks, i):  # ks with the headers around definition i, else ks alone
        return add(list(ks) + ancestors(i)) or add(ks)

    def whole(i):
        if defs[i]['kind'] == 'class':  # a class called: its own lines and constructors
            ks = [k for k in span(i) if owner[k] == i and code(k)]
            for j, d in enumerate(defs):
                if parent[j] == i and d['name'] in CONSTRUCTORS:
                    ks += list(span(j))
            return with_ancestors(ks, i)
        return with_ancestors(span(i), i)

    def scope_lines(i, at):
        """The lines of definition i after its header (None: the module's own lines), from
        `at` on, then before it."""
        if i is None:
            ks = [k for k in range(1, n + 1) if owner[k] is None]
        else:
            ks = list(range(defs[i]['def_line'] + 1, defs[i]['last_line'] + 1))
        return [k for k in ks if k >= at] + [k for k in ks if k < at]

    by_name = {}
    for j, d in enumerate(defs):
        by_name.setdefault(d['name'], []).append(j)

    def callees(i, at):
        seen = set()
        for k in scope_lines(i, at):
            for name in IDENT.findall(lines[k - 1]):
                if name in seen:
                    continue
                seen.add(name)
                for j in by_name.get(name, ()):
                    if j != i:
                        whole(j)

    module_code = [k for k in range(1, n + 1) if owner[k] is None and code(k)]

    # 1. the focus line; 2. its definition, whole, else its header and lines by distance;
    # at module level, the module's code lines nearest it, up to a quarter of the budget
    chosen.add(f)
    used[0] += costs[f - 1]
    d0 = owner[f]
    if d0 is not None:
        if not with_ancestors(span(d0), d0):
            with_ancestors(header(d0), d0)
            fill(_near(span(d0), f))
    else:
        for k in _near(module_code, f):
            if k not in chosen:
                if used[0] + costs[k - 1] > budget // 4:
                    break
                chosen.add(k)
                used[0] += costs[k - 1]
    # 3. the callers' definitions, innermost first (else their header and the call line)
    callers = [s for s in reversed(stack or []) if 1 <= s <= n]
    for s in callers:
        i = owner[s]
        if i is None:
            add([s])
        elif not with_ancestors(span(i), i):
            with_ancestors(list(header(i)) + [s], i)
    # 4. what the focus code and then the callers' code may call, by name
    callees(d0, f)
    for s in callers:
        callees(owner[s], s)
    # 5. the module's own code lines, by distance; 6. every other line, by distance
    fill(_near(module_code, f))
    fill(_near(range(1, n + 1), f))
    return sorted(chosen)


class ContextSelector:
    """Context ids for a program: the whole numbered source when it fits `budget`
    tokens, else the lines `select_lines` chooses for a state (cached per focus and stack)."""

    def __init__(self, tokenizer, source, stdin='', budget=None, window=1024, defs=None):
        self.tok = tokenizer
        self.source = source
        self.stdin = stdin or ''
        self.budget = context_budget(window) if budget is None else budget
        self.full = tokenizer.encode_items(fmt.encode_context(source, self.stdin))
        self.lines = source.split('\n')
        if self.lines and self.lines[-1] == '':
            self.lines.pop()
        self._defs = defs
        self._line_ids = None
        self._tail = None
        self._cache = {}

    @property
    def fits(self):
        return len(self.full) <= self.budget

    @property
    def defs(self):
        if self._defs is None:
            self._defs = analyze_defs(self.source)
        return self._defs

    def _prepare(self):
        if self._line_ids is None:
            self._line_ids = [self.tok.encode('%d %s\n' % (k, t)) for k, t in enumerate(self.lines, 1)]
            self._tail = [fmt.SPECIAL_ID['stdin']] + self.tok.encode(self.stdin) if self.stdin else []

    def select(self, focus, stack=()):
        """The selected line numbers for a state at `focus` with callers `stack`."""
        self._prepare()
        key = (focus, tuple(stack or ()))
        if key not in self._cache:
            if len(self._cache) > 4096:
                self._cache.clear()
            room = self.budget - 2 - len(self._tail)
            self._cache[key] = select_lines(
                self.lines, [len(x) for x in self._line_ids], self.defs, focus, list(stack or ()), room
            )
        return self._cache[key]

    def ids(self, state=None):
        """Context ids for a window or prompt that starts at `state` (a format.State)."""
        if self.fits:
            return self.full
        focus = None if state is None else state.line
        stack = () if state is None else state.stack
        ids = [fmt.BOS, fmt.SPECIAL_ID['code']]
        for k in self.select(focus, stack):
            ids += self._line_ids[k - 1]
        return ids + self._tail
