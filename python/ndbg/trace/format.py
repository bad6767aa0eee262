"""The trace format: code context, states and actions as tokens (docs/format.md).

A serialized piece is a list of *items*: an `int` is a special token id, a `str` is
text (encoded by the tokenizer's byte-level BPE, never able to produce a special id).
`render(items)` gives the printable form with specials written `<|name|>`.

Standard library only. What runs while debugging is its TypeScript twin,
src/model/format/format.ts; golden files keep the two equal.
"""

import ast
from dataclasses import dataclass, field
from typing import Dict, Optional, Tuple

from ..bridge.shown import ATTR_DEPTH, ATTR_LIMIT  # noqa: F401 (the objects rule's caps, pinned by golden files)

# 2: the program's objects' attributes as dotted pseudo-locals (docs/format.md, "Objects")
FORMAT_VERSION = 2

# Ids 0..len(SPECIALS)-1. Appending is compatible; reordering is a format change.
SPECIALS = (
    'pad',
    'bos',
    'code',
    'stdin',
    'call',
    'line',
    'return',
    'exception',
    'exit',
    'frame',
    'var',
    'del',
    'retval',
    'exc',
    'out',
    'end',
    'step_into',
    'step_over',
    'step_return',
    'breakpoint',
    'continue',
    'inv_step_into',
    'inv_step_over',
    'inv_step_call',
)
NUM_SPECIAL_SLOTS = 32  # specials occupy ids 0..31; unused slots are reserved
SPECIAL_ID = {name: i for i, name in enumerate(SPECIALS)}
PAD = SPECIAL_ID['pad']
BOS = SPECIAL_ID['bos']
END = SPECIAL_ID['end']
EVENTS = ('call', 'line', 'return', 'exception', 'exit')
ACTIONS = (
    'step_into',
    'step_over',
    'step_return',
    'breakpoint',
    'continue',
    'inv_step_into',
    'inv_step_over',
    'inv_step_call',
)
EXIT_KINDS = ('normal', 'error', 'never')
DIFF_ACTIONS = ('step_into', 'step_over')


def special_name(i):
    return SPECIALS[i] if i < len(SPECIALS) else 'reserved_%d' % i


@dataclass
class State:
    """One stop of the debugger: an event of the trace, or the program's exit."""

    event: str  # call | line | return | exception | exit
    line: Optional[int] = None  # source line (None for exit)
    func: Optional[str] = None  # the frame's function (code object) name, '<module>' at top level
    depth: int = 0  # number of program frames below this one (module = 0)
    stack: Tuple[int, ...] = ()  # lines of the frames below, outermost first
    locals: Dict[str, str] = field(default_factory=dict)  # name -> cut repr, in frame order
    retval: Optional[str] = None  # return events
    exception: Optional[str] = None  # exception events; exit 'error'
    stdout: str = ''  # written since the previous state of the trajectory
    exit: Optional[str] = None  # exit: normal | error | never

    def key(self):
        """Everything a prediction must get right (locals order included)."""
        return (
            self.event,
            self.line,
            self.func,
            self.depth,
            tuple(self.stack),
            tuple(self.locals.items()),
            self.retval,
            self.exception,
            self.stdout,
            self.exit,
        )


def state_from_event(trace, i, stdout=''):
    """The State of event i of a `tree.Trace` (i == trace.n: the exit)."""
    if i >= trace.n:
        x = trace.exit
        return State(
            'exit',
            exception=x.get('exception') if x.get('kind') == 'error' else None,
            stdout=stdout,
            exit=x.get('kind', 'normal'),
        )
    e = trace.events[i]
    return State(
        e['event'],
        e['line'],
        e['func'],
        e['depth'],
        tuple(trace.stack[i]),
        dict(e['locals']),
        e.get('retval'),
        e.get('exception'),
        stdout,
    )


# --- encoding -------------------------------------------------------------------


def number_lines(source):
    """The code context text: every source line prefixed by its number and a space."""
    lines = source.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    return ''.join('%d %s\n' % (k, text) for k, text in enumerate(lines, 1))


def encode_context(source, stdin=''):
    """<|bos|><|code|>numbered source[<|stdin|>stdin]"""
    items = [BOS, SPECIAL_ID['code'], number_lines(source)]
    if stdin:
        items += [SPECIAL_ID['stdin'], stdin]
    return items


def is_diff(action, before, after):
    """Whether `after`, reached from `before` by `action`, is written as a diff.

    Only a step within one frame: step_into / step_over from a line, call or
    exception event to a line, exception or return event of the same frame (same
    depth, function and stack). Everything else (call events, the caller's state
    after a return, frame changes, jumps, inverse actions, the exit, the start of a
    window) is complete."""
    return (
        before is not None
        and action in DIFF_ACTIONS
        and before.event in ('line', 'call', 'exception')
        and after.event in ('line', 'exception', 'return')
        and after.depth == before.depth
        and after.func == before.func
        and tuple(after.stack) == tuple(before.stack)
    )  # a generator resumed elsewhere


def encode_state(state, before=None, action=None):
    """Items of `state`; a diff against `before` when `is_diff(action, before, state)`."""
    S = SPECIAL_ID
    items = [S[state.event]]
    if state.event == 'exit':
        items.append(state.exit or 'normal')
    else:
        items.append(str(state.line))
        if is_diff(action, before, state):
            old = before.locals
            for name, value in state.locals.items():
                if old.get(name) != value:
                    items += [S['var'], '%s=%s' % (name, value)]
            for name in old:
                if name not in state.locals:
                    items += [S['del'], name]
        else:
            items += [S['frame'], ' '.join([state.func or '?'] + [str(x) for x in state.stack])]
            for name, value in state.locals.items():
                items += [S['var'], '%s=%s' % (name, value)]
    if state.retval is not None and state.event == 'return':
        items += [S['retval'], state.retval]
    if state.exception is not None:
        items += [S['exc'], state.exception]
    if state.stdout:
        items += [S['out'], state.stdout]
    items.append(END)
    return items


def encode_action(action, line=None):
    items = [SPECIAL_ID[action]]
    if action == 'breakpoint':
        items.append(str(line))
    return items


def render(items):
    """Printable text: specials as <|name|>."""
    return ''.join('<|%s|>' % special_name(x) if isinstance(x, int) else x for x in items)


# --- decoding -------------------------------------------------------------------


class Malformed(ValueError):
    pass


def decode_state(items, before=None):
    """Parse items of one state (through <|end|>) back into a State.

    `before` is the previous state (needed for diffs). Raises Malformed."""
    S = SPECIAL_ID
    items = list(items)
    if items and items[-1] == END:
        items.pop()
    else:
        raise Malformed('state does not end with <|end|>')
    # merge adjacent text items
    merged = []
    for x in items:
        if isinstance(x, str) and merged and isinstance(merged[-1], str):
            merged[-1] += x
        else:
            merged.append(x)
    items = merged
    if not items or not isinstance(items[0], int) or special_name(items[0]) not in EVENTS:
        raise Malformed('state does not start with an event')
    event = special_name(items[0])
    pos = 1

    def text():
        nonlocal pos
        if pos < len(items) and isinstance(items[pos], str):
            pos += 1
            return items[pos - 1]
        return ''

    st = State(event)
    if event == 'exit':
        kind = text()
        if kind not in EXIT_KINDS:
            raise Malformed('bad exit kind %r' % kind)
        st.exit = kind
        st.depth = 0
    else:
        digits = text()
        if not digits.isdigit() or not digits.isascii():
            raise Malformed('bad line number %r' % digits)
        st.line = int(digits)
        if pos < len(items) and items[pos] == S['frame']:
            pos += 1
            frame_text = text()
            func, _, stack_text = frame_text.partition(' ')
            if not func:
                raise Malformed('frame without function name')
            try:
                st.stack = tuple(int(x) for x in stack_text.split(' ')) if stack_text else ()
            except ValueError:
                raise Malformed('bad stack %r' % stack_text)
            if stack_text and ' '.join(str(x) for x in st.stack) != stack_text:
                raise Malformed('bad stack %r' % stack_text)
            st.func = func
            st.depth = len(st.stack)
            locals_ = {}
        else:
            if before is None or before.event == 'exit':
                raise Malformed('a diff state needs a previous state')
            st.stack, st.depth = tuple(before.stack), before.depth
            locals_ = dict(before.locals)
            st.func = before.func
        while pos < len(items) and items[pos] in (S['var'], S['del']):
            kind = items[pos]
            pos += 1
            body = text()
            if kind == S['var']:
                name, eq, value = body.partition('=')
                if not eq or not is_local_name(name):
                    raise Malformed('bad variable %r' % body)
                locals_ = place(locals_, name, value)
            else:
                if body not in locals_:
                    raise Malformed('deleting unknown %r' % body)
                del locals_[body]
        st.locals = locals_
    if pos < len(items) and items[pos] == S['retval']:
        if event != 'return':
            raise Malformed('retval outside a return event')
        pos += 1
        st.retval = text()
    if pos < len(items) and items[pos] == S['exc']:
        pos += 1
        st.exception = text()
    if pos < len(items) and items[pos] == S['out']:
        pos += 1
        st.stdout = text()
        if not st.stdout:
            raise Malformed('empty output')
    if pos != len(items):
        raise Malformed('unexpected %r' % (items[pos],))
    if event == 'return' and st.retval is None:
        raise Malformed('return without retval')
    if event == 'exception' and st.exception is None:
        raise Malformed('exception without exc')
    return st


def is_local_name(name):
    """A local's name (an identifier) or an attribute's dotted pseudo-local (`a.b.c`)."""
    return all(part.isidentifier() for part in name.split('.'))


def place(locals_, name, value):
    """`locals_` with `name` set to `value`. A new attribute entry `P.attr` goes
    right after the last entry of P's group (P itself or `P.…`), where the tracer
    writes it: a diff lists only what changed, and a new attribute of `self` is
    not the frame's last local. Anything else new goes last, as before."""
    if name in locals_ or '.' not in name:
        locals_[name] = value
        return locals_
    parent = name.rpartition('.')[0]
    keys = list(locals_)
    at = None
    for i, k in enumerate(keys):
        if k == parent or k.startswith(parent + '.'):
            at = i
    if at is None or at == len(keys) - 1:
        locals_[name] = value
        return locals_
    items = list(locals_.items())
    items.insert(at + 1, (name, value))
    return dict(items)


def func_of_lines(source):
    """line -> name of the innermost function (or '<module>') containing it.
    A function's own span includes its decorators, so a call event's line maps to it."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    n = source.count('\n') + 1
    result = {k: '<module>' for k in range(1, n + 1)}

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                start = min([child.lineno] + [d.lineno for d in getattr(child, 'decorator_list', [])])
                name = getattr(child, 'name', '<lambda>')
                for k in range(start, (child.end_lineno or child.lineno) + 1):
                    result[k] = name
            visit(child)

    visit(tree)
    return result


# --- windows --------------------------------------------------------------------


@dataclass
class Window:
    ids: list  # token ids, at most the window length (not padded)
    mask: list  # 1 = loss target
    steps: list  # (segment index, step index, action start, state start, state end) of whole steps


class WindowPacker:
    """Packs a program's trajectories into windows (docs/format.md, "Windows").

    Each window is the code context, a complete state (the state the next step
    starts from), then (action, state) pairs; a segment's initial state that follows
    an exit or another segment is written complete without an action, and is not a
    target. A pair that does not fit is cut at the window's end and repeated whole in
    the next window. `windows` holds the finished windows; `finish()` closes the last."""

    def __init__(self, tokenizer, context_items, window, selector=None):
        self.tok = tokenizer
        self.ctx = tokenizer.encode_items(context_items)
        self.window = window
        # a context.ContextSelector for a program longer than the window ("Context
        # selection"): each window's context is chosen for the state it opens with
        self.selector = selector if selector is not None and not selector.fits else None
        self.windows = []
        self.failed = False  # the context plus one complete state does not fit
        self.cur = None  # (ids, mask, steps)
        self.segments = 0
        self._complete = {}

    def complete(self, state):
        key = id(state)
        if key not in self._complete:
            self._complete[key] = (state, self.tok.encode_items(encode_state(state)))
        return self._complete[key][1]

    def _open(self, state):
        ctx = self.ctx if self.selector is None else self.selector.ids(state)
        head = ctx + self.complete(state)
        if len(head) >= self.window:
            self.failed = True
            self.cur = None
            return False
        self.cur = (list(head), [0] * len(head), [])
        return True

    def _flush(self):
        if self.cur is not None:
            ids, mask, steps = self.cur
            if steps or any(mask):
                self.windows.append(Window(ids[: self.window], mask[: self.window], steps))
        self.cur = None

    def add(self, first, steps):
        """Add one segment: its initial State and [(action, arg, State)]."""
        if self.failed:
            return False
        si = self.segments
        self.segments += 1
        W = self.window
        if self.cur is None:
            if not self._open(first):
                return False
        else:
            unit = self.complete(first)
            if len(self.cur[0]) + len(unit) > W:
                self._flush()
                if not self._open(first):
                    return False
            else:
                self.cur[0].extend(unit)
                self.cur[1].extend([0] * len(unit))
        prev = first
        for k, (action, arg, state) in enumerate(steps):
            a = self.tok.encode_items(encode_action(action, arg))
            t = self.tok.encode_items(encode_state(state, prev, action))
            ids, mask, done = self.cur
            if len(ids) + len(a) + len(t) > W:
                room = W - len(ids)
                if room > len(a):  # a cut pair still teaches its first tokens
                    ids.extend((a + t)[:room])
                    mask.extend(([0] * len(a) + [1] * len(t))[:room])
                self._flush()
                if not self._open(prev):
                    return False
                ids, mask, done = self.cur
            start = len(ids)
            ids.extend(a + t)
            mask.extend([0] * len(a) + [1] * len(t))
            if len(ids) <= W:
                done.append((si, k, start, start + len(a), len(ids)))
            prev = state
        return True

    def room(self):
        """Free tokens in the window being filled (None when there is none)."""
        return None if self.cur is None else self.window - len(self.cur[0])

    def finish(self):
        self._flush()
        return self.windows


def build_windows(tokenizer, context_items, segments, window, max_windows=None, selector=None):
    """Windows of `segments` [(initial State, [(action, arg, State)])]; the first
    `max_windows` when given. [] when the context plus one complete state cannot fit.
    `selector`: a context.ContextSelector, for contexts chosen per window."""
    packer = WindowPacker(tokenizer, context_items, window, selector)
    for first, steps in segments:
        if not packer.add(first, steps):
            break
        if max_windows is not None and len(packer.windows) >= max_windows:
            break
    if packer.failed and not packer.windows:
        return []
    windows = packer.finish()
    return windows[:max_windows] if max_windows is not None else windows
