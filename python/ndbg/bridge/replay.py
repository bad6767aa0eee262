"""Counting trace events, and reverse execution by replay.

Every stop gets an index: the number of trace events (call, line, return,
exception) in the program's own code since the run began; the library's code
(state.py library) is not counted, since a replay runs it differently. The counters
here keep counting where pdb itself does not trace, except after `continue`
without breakpoints: then the program runs untraced, as under pdb, and the
next stop is anchored (state.py BASE) to what a replay can find again: the
run's k-th set_trace() call (breakpoint()) or its end (post-mortem). A reverse
command makes the next run of the program a replay (mode 'record': count and
record the history up to the current index, finding the anchors on the way
(locate), then compute the target with history.py; mode 'goto': count up to
the target and hand the program back to pdb there). Replays re-apply the
recorded stdin lines and edits, and check each recorded stop, so a program
that behaves differently is reported instead of shown in a state that never
happened.
"""

import bdb
import gc
import os
import pdb
import sys

from . import history
from .state import (
    DEBUGGER_FILES,
    LIBRARY,
    NO_HISTORY,
    OWN,
    PY313,
    BASE,
    REAL_GETTRACE,
    RUN_CODE,
    S,
    Plan,
    canonic,
    library,
    stdlib_random,
)
from .values import fingerprint_locals


def count_local(frame, event, arg):
    S.n += 1
    # Not `return count_local`: a SIGINT handled while this runs makes pdb
    # set_trace() and set this frame's f_trace to pdb's; keep that.
    return frame.f_trace


if PY313:  # 3.13 steps by instruction after set_trace: opcode events are not counted

    def count_local(frame, event, arg):  # noqa: F811
        if event != 'opcode':
            S.n += 1
        return frame.f_trace


def gettrace():
    """sys.gettrace as the program sees it (debugger.prepare installs it): in a
    replay, None in a stretch the run being replayed ran untraced after `continue`,
    as that run saw it."""
    t = REAL_GETTRACE()
    if S.replay is None or t is None:
        return t
    for start, end in S.stretches:
        if start <= S.n < end:
            return None
    # Elsewhere the replay's own function: a program that keeps it and sets it back
    # again keeps the replay counting (a program that shows it is told it diverged).
    return t


def hidden(frame, inner, n0):
    """Debugger code the program calls (breakpoint() runs pdb.set_trace and
    Pdb.__init__): how many events it makes depends on the debugger's state
    (e.g. how many breakpoints exist), not on the program. Its events are
    counted as usual, then taken back when it returns, so indices stay the
    same whatever the debugger did. Rare, so the hot path stays as it is."""
    if not S.hidden_depth:
        S.hidden_n0 = n0
    S.hidden_depth += 1

    def local(frame, event, arg):
        nonlocal inner
        if inner is not None:
            r = inner(frame, event, arg)
            if r is not local:  # count_local hands back frame.f_trace, i.e. us
                inner = r
        if event == 'return':
            S.hidden_depth -= 1
            S.n = n0
            rp = S.replay
            if rp is not None and rp.history is not None:
                rp.history.truncate(n0)
        return local

    return local


def keep_random_state(frame, inner):
    """`inner`, and in the `random` module's own code, run by the program's first
    import of it: when that code returns, the state its generator starts from is
    kept, the state a replay gives back (state.py RANDOM_PY)."""
    if frame.f_code.co_name != '<module>' or S.random_state is not None:
        return inner

    def local(frame, event, arg):
        nonlocal inner
        if inner is not None:
            r = inner(frame, event, arg)
            if r is not local:  # count_local hands back frame.f_trace, i.e. us
                inner = r
        if event == 'return' and S.random_state is None and 'getstate' in frame.f_globals:
            S.random_state = frame.f_globals['getstate']()
        return local

    return local


def replay_trace(frame, event, arg):
    if event == 'call':
        fn = frame.f_code.co_filename
        if fn in OWN:
            return None
        if fn in DEBUGGER_FILES:
            return hidden(frame, replay_trace, S.n)
        lib = LIBRARY.get(fn)
        if lib or (lib is None and library(fn)):  # not counted (state.py library)
            return None
    return replay_counted(frame, event, arg)


def replay_counted(frame, event, arg):
    rp = S.replay
    if rp is None:  # a frame left over from a finished replay
        return S.run_pdb.trace_dispatch(frame, event, arg)
    if S.hidden_depth:  # inside debugger code: uncounted in the end (hidden)
        S.n += 1
        return replay_trace
    n = S.n = S.n + 1
    if rp.history is not None:
        rp.history.add(frame, event)
    if n >= rp.next_cp:
        return replay_checkpoint(frame, event, arg)
    return replay_trace


def abort_replay():
    # Keep raising at every event until the program is unwound (it may catch
    # the first one): every event now goes through replay_checkpoint.
    S.aborting = True
    if S.replay is not None:
        S.replay.next_cp = 0
    raise pdb.Restart


def diverge(detail):
    S.plan = Plan(
        'fresh',
        message=(
            '*** Replay diverged from the recorded history (%s): the program is not '
            'deterministic, so that state cannot be shown. It was restarted.' % detail
        ),
    )
    abort_replay()


def replay_checkpoint(frame, event, arg):
    if S.aborting:
        raise pdb.Restart
    rp = S.replay
    n = S.n
    rp.advance_cp(n)
    rec = S.stops.get(n)
    if rec is not None:
        got = (event, canonic(frame.f_code.co_filename), frame.f_lineno)
        if got != rec[:3]:
            diverge('event %d was %s at %s:%d, now %s at %s:%d' % ((n,) + rec[:3] + got))
        if fingerprint_locals(frame) != rec[3]:
            diverge('the values of the locals at event %d differ' % n)
    if n == rp.target:
        if rp.mode == 'record':
            return recorded(frame)
        return go_live(frame, event, arg)
    for e in S.edits:
        if e[0] == n:
            apply_edit(frame, e)
    return replay_trace


def recorded(frame):
    """End of a 'record' replay: history now covers the current index."""
    rp = S.replay
    h = rp.history
    h.finish()
    S.history = h
    target = reverse_target(rp, h)
    if target is None:
        S.plan = Plan('goto', rp.target, message=NO_HISTORY)
    else:
        S.plan = Plan('goto', target)
    abort_replay()


def reverse_target(plan, h):
    c, first = plan.target, S.first_stop
    if plan.kind == 'step':
        return h.prev_line(c, first)
    if plan.kind == 'continue':
        bps = plan.bps  # file -> [(line, funcname or None)]

        def match(code, line, first_line):
            for bline, func in bps.get(canonic(code.co_filename), ()):
                if func is None:
                    if line == bline:
                        return True
                elif code.co_name == func and (line == bline or (first_line and code.co_firstlineno == bline)):
                    return True  # `b func`: its def line (<= 3.12) or first line
            return False

        return h.prev_breakpoint(c, first, match)
    if plan.pm_key is not None:
        bottom = h.last_exception_serial(plan.pm_key, c)
    else:
        bottom = h.sers[c]
    ser = h.ancestor(bottom, plan.level)
    if plan.kind == 'next':
        return h.prev_line_in(c, ser, first)
    return h.call_of(c, ser, first)  # finish


def go_live(frame, event, arg):
    """The replay reached its target: hand the program back to pdb, which
    stops right here, exactly as if it had stepped onto this event."""
    p = S.run_pdb
    target = S.replay.target
    S.replay = None
    S.ch.muted = False
    p.__dict__.pop('trace_dispatch', None)
    p._wait_for_mainpyfile = False
    p.quitting = False
    f = frame
    while f is not None and f.f_code is not RUN_CODE:
        f = f.f_back
    p.botframe = f
    p.set_step()
    f = frame.f_back
    while f is not None and f is not p.botframe:
        f.f_trace = p.trace_dispatch
        f = f.f_back
    sys.settrace(p.trace_dispatch)
    # The future after the target is abandoned: its edits, inputs and stops.
    S.edits = [e for e in S.edits if e[0] < target]
    S.inputs = [i for i in S.inputs if i[0] is not None and i[0] < target]
    S.stops = {k: v for k, v in S.stops.items() if k < target}
    S.stretches = [(a, min(b, target)) for a, b in S.stretches if a < target]  # traced from here on
    S.n -= 1  # counted again by p.trace_dispatch
    return p.trace_dispatch(frame, event, arg)


def apply_edit(frame, edit):
    _, kind, payload, level, inputs = edit
    p = S.run_pdb
    if kind == 'jump':
        try:
            frame.f_lineno = payload
        except ValueError:
            diverge('the jump to line %d failed' % payload)
        return
    for _ in range(level):
        frame = frame.f_back
    p.curframe = frame
    p.curframe_locals = frame.f_locals
    S.edit_inputs = list(inputs)
    S.in_command += 1
    try:
        pdb.Pdb.default(p, payload)
    finally:
        S.in_command -= 1
        S.edit_inputs = None


def edited():
    h = S.history
    if h is not None:
        h.truncate(S.n)


def breakpoint_locations():
    locs = {}
    for bp in bdb.Breakpoint.bpbynumber:
        if bp is not None and bp.enabled:
            locs.setdefault(canonic(bp.file), []).append((bp.line, bp.funcname or None))
    return locs


class Replay:
    def __init__(self, plan):
        self.mode = plan.mode
        self.target = plan.target
        self.kind, self.level, self.pm_key, self.bps = plan.kind, plan.level, plan.pm_key, plan.bps
        self.history = history.History() if plan.mode == 'record' else None
        # Anchors of this run not found yet (state.py anchors): the target and every
        # index from the first one's base on are unknown until it is found.
        self.unresolved = list(S.anchors)
        if self.unresolved:
            self.target = float('inf')
        self.rel_target = plan.target
        self.input_i = 0
        self.message = plan.message
        self.set_cps(0)

    def set_cps(self, after):
        """Checkpoints: the recorded stops and edits past index `after` that are known."""
        limit = self.unresolved[0][0] if self.unresolved else float('inf')
        cps = set(S.stops) | set(e[0] for e in S.edits)
        self.cps = sorted(x for x in cps if after < x < min(self.target, limit)) + [self.target]
        self.i = 0
        self.next_cp = self.cps[0]

    def advance_cp(self, n):
        cps = self.cps
        while self.i < len(cps) and cps[self.i] <= n:
            self.i += 1
        self.next_cp = cps[self.i] if self.i < len(cps) else float('inf')

    def found(self, at):
        """The first unresolved anchor is event index `at`: its indices become real."""
        base = self.unresolved.pop(0)[0]
        locate(base, at)
        if not self.unresolved:
            self.target = self.rel_target
        self.set_cps(at)


def locate(base, at):
    """Indices base + k (an anchored stretch) are at + k: in the stops, edits and
    inputs recorded, and in the plan being replayed."""

    def real(n):
        return at + (n - base) if n is not None and base <= n < base + BASE else n

    S.stops = {real(k): v for k, v in S.stops.items()}
    S.stretches = [(real(start), real(end)) for start, end in S.stretches]
    S.edits = [(real(e[0]),) + tuple(e[1:]) for e in S.edits]
    S.inputs = [(real(n), line) for n, line in S.inputs]
    S.anchors = [a for a in S.anchors if a[0] != base]
    rp = S.replay
    if rp is not None:
        rp.rel_target = real(rp.rel_target)
    S.history = None  # recorded before the indices were known


def replay_set_trace(frame):
    """A set_trace() call of the program (in `frame`) while replaying: the anchor of
    a stop after `continue` when it is the run's k-th. Its index is the one before
    the call (the debugger's own events are given back, see hidden)."""
    rp = S.replay
    if rp.unresolved and rp.unresolved[0][1] == 'set_trace' and rp.unresolved[0][2] == S.set_traces:
        at = S.hidden_n0 if S.hidden_depth else S.n
        rp.found(at)
        # 3.13 stops on the breakpoint() line (an opcode event, not counted): its index
        # is `at`, whose event has passed; what was done at that stop is done now
        for e in S.edits:
            if e[0] == at:
                apply_edit(frame, e)
        if rp.target <= at and rp.mode == 'record':
            # the target is that stop: the history up to it is complete
            rp.history.truncate(rp.target)
            sys.settrace(replay_trace)  # the abort raises at the program's next events
            recorded(None)


def begin_run(p):
    replay_ended()
    S.n = 0
    S.hidden_depth = 0
    S.set_traces = 0
    S.run_pdb = p
    S.stdin.reset_eof()
    plan, S.plan = S.plan, None
    p.__dict__.pop('trace_dispatch', None)
    if plan is None or plan.mode == 'fresh':
        if plan is not None:
            S.message = plan.message  # output stays muted up to the first stop
        gc.collect()
        S.new_run_state()
        return
    # A replay: the same start state, as far as the process allows. The library
    # stays loaded (its events are not counted), with the random generator's state
    # given back; the program's own modules start afresh.
    for name in [m for m in sys.modules if m not in S.modules]:
        mod = sys.modules.get(name)
        f = getattr(mod, '__dict__', {}).get('__file__') or ''
        if f.endswith('.py') and not library(f) and 'packages' + os.sep not in f:
            del sys.modules[name]
    mod = stdlib_random()
    if mod is not None and S.random_state is not None:
        mod.setstate(S.random_state)
    gc.collect()
    S.replay = Replay(plan)
    if plan.mode == 'goto' and plan.message:
        S.message = plan.message
    p.trace_dispatch = replay_trace  # bdb.run installs self.trace_dispatch


def replay_ended(uncaught=False):
    """A run is over while replaying: either we aborted it on purpose (the
    plan for the next run is set), or it ended before reaching its target,
    or (uncaught: in an exception) it reached its end, the post-mortem anchor."""
    rp = S.replay
    if rp is not None and not S.aborting and uncaught and all(a[1] == 'pm' for a in rp.unresolved):
        if rp.unresolved:
            rp.found(S.n)
        if rp.mode == 'record' and rp.target == S.n:
            S.replay = None
            S.aborting = False
            rp.history.finish()
            S.history = rp.history
            target = reverse_target(rp, rp.history)
            S.plan = Plan('goto', target) if target is not None else Plan('goto', S.n, message=NO_HISTORY)
            return
    if rp is not None and not S.aborting:
        where = 'event %d' % rp.target if rp.target != float('inf') else 'the stop after continue'
        S.plan = Plan(
            'fresh',
            message=(
                '*** Replay diverged from the recorded history (the program ended before '
                '%s): the program is not deterministic, so that state cannot be '
                'shown. It was restarted.' % where
            ),
        )
    S.replay = None
    S.aborting = False
