"""The pdb bridge: runs pdb's own main() with pdb.Pdb replaced by BridgePdb,
so every text pdb prints (restarts, post-mortem, sys.exit...) is pdb's own for
the running Python version, and reports to ndbg over one ordered channel.

What BridgePdb adds to pdb:
  * stop events (structured frames) and command results on the channel;
  * an absolute count of trace events in the program, kept even where pdb
    would stop tracing (`c` without breakpoints), so every stop has an index;
  * reverse execution by deterministic replay of the run up to an index
    (bridge_history computes the index; this file restarts and replays).
"""

import bdb
import gc
import os
import pdb
import random
import sys
import traceback

import bridge_channel
import bridge_history

PY313 = sys.version_info >= (3, 13)
# CPython 3.9 keeps a frame's stale line number when tracing stops (pdb shows
# it in post-mortem stacks). Counting on would correct it and break parity,
# so on 3.9 `continue` without breakpoints ends the run's history, as in pdb.
PY39 = sys.version_info < (3, 10)
_bdb_dispatch = bdb.Bdb.trace_dispatch
_RUN_CODE = bdb.Bdb.run.__code__
# Frames of the bridge's own files are never traced nor counted: they run
# inside the program's calls (print -> our write) and must stay invisible.
_OWN = frozenset(m.__file__ for m in (bridge_channel, bridge_history, sys.modules[__name__]))
_STDLIB = os.path.dirname(os.__file__)
# The debugger's own code, run inside the program by breakpoint() calls:
# its events are not counted (see _hidden).
_DEBUGGER_FILES = frozenset(m.__file__ for m in (pdb, bdb, sys.modules['cmd']))
NO_HISTORY = 'No more reverse-execution history.'


class _Plan:
    """What the next run of the program is for.
    mode: 'record' (replay to `target` recording history, then compute the
    real target), 'goto' (replay to `target`, stop there live), 'fresh'
    (an ordinary run; `message` is printed at its first stop)."""

    def __init__(self, mode, target=None, kind=None, level=0, pm_key=None,
                 bps=None, message=None):
        self.mode, self.target, self.kind, self.level = mode, target, kind, level
        self.pm_key, self.bps, self.message = pm_key, bps, message


class _Session:
    def __init__(self):
        self.n = 0                # trace events counted in this run
        self.ch = None
        self.pdb_out = None
        self.stdin = None
        self.with_locals = False
        self.repr_limit = 1000
        self.run_pdb = None       # the Pdb instance whose run() runs the program
        self.new_run_state()
        self.plan = None
        self.replay = None        # _Plan of the replay in progress
        self.aborting = False
        self.message = None       # printed at the next stop
        self.last_kind = 'line'
        self.in_command = 0       # > 0 while pdb runs a command (not the program)
        self.hidden_depth = 0     # > 0 inside debugger code the program called
        self.edit_inputs = None   # lines read by the edit being recorded / replayed

    def new_run_state(self):
        self.first_stop = None
        self.base_frames = []     # frames alive at the first stop
        self.stops = {}           # n -> (kind, file, line, fingerprint)
        self.edits = []           # (n, 'exec'|'jump', payload, level, input lines)
        self.inputs = []          # (n, line) read by the program
        self.history = None
        self.untraced = False     # 3.9: the program ran without tracing
        self.random_state = random.getstate()
        self.modules = set(sys.modules)


S = _Session()


# ---------------------------------------------------------------- tracing
def _count_local(frame, event, arg):
    S.n += 1
    # Not `return _count_local`: a SIGINT handled while this runs makes pdb
    # set_trace() and set this frame's f_trace to pdb's; keep that.
    return frame.f_trace


def _count_global(frame, event, arg):
    fn = frame.f_code.co_filename
    if fn in _OWN:
        return None
    if fn in _DEBUGGER_FILES:
        return _hidden(frame, _count_local, S.n)
    S.n += 1
    return _count_local


if PY313:  # 3.13 steps by instruction after set_trace: opcode events are not counted
    def _count_local(frame, event, arg):  # noqa: F811
        if event != 'opcode':
            S.n += 1
        return frame.f_trace


def _hidden(frame, inner, n0):
    """Debugger code the program calls (breakpoint() runs pdb.set_trace and
    Pdb.__init__): how many events it makes depends on the debugger's state
    (e.g. how many breakpoints exist), not on the program. Its events are
    counted as usual, then taken back when it returns, so indices stay the
    same whatever the debugger did. Rare, so the hot path stays as it is."""
    S.hidden_depth += 1

    def local(frame, event, arg):
        nonlocal inner
        if inner is not None:
            r = inner(frame, event, arg)
            if r is not local:  # _count_local hands back frame.f_trace, i.e. us
                inner = r
        if event == 'return':
            S.hidden_depth -= 1
            S.n = n0
            rp = S.replay
            if rp is not None and rp.history is not None:
                rp.history.truncate(n0)
        return local
    return local


def _replay_trace(frame, event, arg):
    if event == 'call':
        fn = frame.f_code.co_filename
        if fn in _OWN:
            return None
        if fn in _DEBUGGER_FILES:
            return _hidden(frame, _replay_trace, S.n)
    rp = S.replay
    if rp is None:  # a frame left over from a finished replay
        return S.run_pdb.trace_dispatch(frame, event, arg)
    if S.hidden_depth:  # inside debugger code: uncounted in the end (_hidden)
        S.n += 1
        return _replay_trace
    n = S.n = S.n + 1
    if rp.history is not None:
        rp.history.add(frame, event)
    if n >= rp.next_cp:
        return _replay_checkpoint(frame, event, arg)
    return _replay_trace


def _abort_replay():
    # Keep raising until the program is unwound (it may catch the first).
    S.aborting = True
    raise pdb.Restart


def _diverge(detail):
    S.plan = _Plan('fresh', message=(
        '*** Replay diverged from the recorded history (%s): the program is not '
        'deterministic, so that state cannot be shown. It was restarted.' % detail))
    _abort_replay()


def _replay_checkpoint(frame, event, arg):
    if S.aborting:
        raise pdb.Restart
    rp = S.replay
    n = S.n
    rp.advance_cp(n)
    rec = S.stops.get(n)
    if rec is not None:
        got = (event, _canonic(frame.f_code.co_filename), frame.f_lineno)
        if got != rec[:3]:
            _diverge('event %d was %s at %s:%d, now %s at %s:%d' % ((n,) + rec[:3] + got))
        if _fingerprint_locals(frame) != rec[3]:
            _diverge('the values of the locals at event %d differ' % n + (' [%r != %r]' % (_fingerprint_locals(frame), rec[3]) if os.environ.get('NDBG_DEBUG') else ''))
    if n == rp.target:
        if rp.mode == 'record':
            return _recorded(frame)
        return _go_live(frame, event, arg)
    for e in S.edits:
        if e[0] == n:
            _apply_edit(frame, e)
    return _replay_trace


def _recorded(frame):
    """End of a 'record' replay: history now covers the current index."""
    rp = S.replay
    h = rp.history
    h.finish()
    S.history = h
    target = _reverse_target(rp, h)
    if target is None:
        S.plan = _Plan('goto', rp.target, message=NO_HISTORY)
    else:
        S.plan = _Plan('goto', target)
    _abort_replay()


def _reverse_target(plan, h):
    c, first = plan.target, S.first_stop
    if plan.kind == 'step':
        return h.prev_line(c, first)
    if plan.kind == 'continue':
        bps = plan.bps  # file -> [(line, funcname or None)]

        def match(code, line, first_line):
            for bline, func in bps.get(_canonic(code.co_filename), ()):
                if func is None:
                    if line == bline:
                        return True
                elif code.co_name == func and (
                        line == bline or (first_line and code.co_firstlineno == bline)):
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


def _go_live(frame, event, arg):
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
    while f is not None and f.f_code is not _RUN_CODE:
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
    S.inputs = [i for i in S.inputs if i[0] < target]
    S.stops = {k: v for k, v in S.stops.items() if k < target}
    S.n -= 1  # counted again by p.trace_dispatch
    return p.trace_dispatch(frame, event, arg)


def _apply_edit(frame, edit):
    _, kind, payload, level, inputs = edit
    p = S.run_pdb
    if kind == 'jump':
        try:
            frame.f_lineno = payload
        except ValueError:
            _diverge('the jump to line %d failed' % payload)
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


# ------------------------------------------------------------ fingerprints
_PLAIN = (int, float, complex, bool, type(None), str, bytes)


def _fp(v, depth):
    """A repr of builtin values only (never calls program code), used to
    check that a replay sees the same state as the recorded run."""
    t = type(v)
    if t in _PLAIN:
        r = repr(v)
        return r if len(r) <= 200 else r[:200] + '...%d' % len(r)
    if depth < 3 and (t is list or t is tuple) and len(v) <= 64:
        return '[' + ','.join(_fp(x, depth + 1) for x in v) + ']'
    if depth < 3 and t is dict and len(v) <= 64:
        return '{' + ','.join(_fp(k, depth + 1) + ':' + _fp(x, depth + 1) for k, x in v.items()) + '}'
    return '<' + t.__name__ + '>'


def _fingerprint_locals(frame):
    items = []
    for k, v in list(frame.f_locals.items()):
        if type(k) is str and k[:2] != '__':  # dunders, pdb's own (3.13)
            items.append(k + '=' + _fp(v, 0))
    return '|'.join(items)


# ------------------------------------------------------------------ reprs
def _safe_repr(v, limit):
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
        try:
            r = '<repr failed: %s: %s>' % (type(e).__name__, e)
        except Exception:
            r = '<repr failed>'
    if len(r) > limit:
        r = r[:limit] + '...'
    return r


def _frame_locals(frame, is_module):
    out = {}
    limit = S.repr_limit
    for k, v in list(frame.f_locals.items()):
        if type(k) is not str:
            continue
        if (is_module and k[:2] == '__' and k[-2:] == '__') or k[:6] == '__pdb_':
            continue
        out[k] = _safe_repr(v, limit)
    return out


def _canonic(filename):
    if filename == '<' + filename[1:-1] + '>':
        return filename
    return os.path.abspath(filename)


_BDB_FILE = _canonic(bdb.__file__)


class BridgePdb(pdb.Pdb):
    def __init__(self, *args, **kwargs):
        # pdb reads commands from our reader and writes to our channel;
        # passing them makes pdb set use_rawinput = 0 (no readline).
        if len(args) < 2:
            kwargs.setdefault('stdin', S.cmd_reader)
        if len(args) < 3:
            kwargs.setdefault('stdout', S.pdb_out)
        super().__init__(*args, **kwargs)
        self._ndbg_pm = False
        self._ndbg_stop_pending = None
        self._ndbg_depth = 0
        self._ndbg_ok = True

    # ---- counting ------------------------------------------------------
    def trace_dispatch(self, frame, event, arg):
        # The hot path while pdb traces: count, then pdb's own dispatch.
        if event == 'call':
            fn = frame.f_code.co_filename
            if fn in _OWN:
                return None
            n0 = S.n
            S.n += 1
            r = _bdb_dispatch(self, frame, event, arg)
            # pdb does not trace this frame: keep counting its events.
            r = _count_local if r is None else r
            return _hidden(frame, r, n0) if fn in _DEBUGGER_FILES else r
        S.n += 1
        return _bdb_dispatch(self, frame, event, arg)

    if PY313:
        def trace_dispatch(self, frame, event, arg):  # noqa: F811
            if event == 'call':
                fn = frame.f_code.co_filename
                if fn in _OWN:
                    return None
                n0 = S.n
                S.n += 1
                r = _bdb_dispatch(self, frame, event, arg)
                r = _count_local if r is None else r
                return _hidden(frame, r, n0) if fn in _DEBUGGER_FILES else r
            if event != 'opcode':
                S.n += 1
            return _bdb_dispatch(self, frame, event, arg)

    def set_continue(self):
        in_program = _in_program()  # pdb's set_continue may settrace(None)
        super().set_continue()
        if not self.breaks and in_program and S.replay is None and PY39:
            S.untraced = True
        elif not self.breaks and in_program and S.replay is None:
            # pdb switched tracing off; keep counting events (cheaply) so
            # later stops and the post-mortem still have an index. pdb's
            # dispatch returns self.trace_dispatch: make that the counter.
            self.trace_dispatch = _count_local
            sys.settrace(_count_global)
            for f, _ in self.stack:
                if f is not self.botframe:
                    f.f_trace = _count_local

    def set_trace(self, frame=None):
        if frame is None:
            frame = sys._getframe().f_back
        while frame is not None and frame.f_code.co_filename in _OWN:
            frame = frame.f_back  # SIGINT arrived inside one of our counters
        sys.settrace(None)  # pdb's own set-up must not be counted
        if S.replay is not None:
            # A breakpoint() call while replaying: stopping is for later.
            sys.settrace(_replay_trace)
            return
        self.__dict__.pop('trace_dispatch', None)
        super().set_trace(frame)

    # ---- runs ----------------------------------------------------------
    # No override of run()/_run(): its frame would show in the tracebacks
    # and post-mortem stacks pdb prints. bdb.run() calls reset() first and
    # then sys.settrace(self.trace_dispatch), which is where a run begins.
    def reset(self):
        super().reset()
        if sys._getframe(1).f_code is _RUN_CODE:
            _begin_run(self)

    # ---- stops ---------------------------------------------------------
    def user_call(self, frame, argument_list):
        S.last_kind = 'call'
        return super().user_call(frame, argument_list)

    def user_line(self, frame):
        S.last_kind = 'line'
        return super().user_line(frame)

    def user_return(self, frame, return_value):
        S.last_kind = 'return'
        return super().user_return(frame, return_value)

    def user_exception(self, frame, exc_info):
        S.last_kind = 'exception'
        return super().user_exception(frame, exc_info)

    def setup(self, f, tb):
        if S.replay is not None or S.aborting:
            # A replay ended in an exception (diverged, or unwound by us):
            # no post-mortem; pdb.main goes on to the next run, muted.
            _replay_ended()
            return True
        self._ndbg_pm = f is None
        self._ndbg_stop_pending = True
        r = super().setup(f, tb)
        if self._ndbg_stop_pending:  # 3.13 defers rc lines: emit now
            self._ndbg_stop()
        return r

    def execRcLines(self):
        if self._ndbg_stop_pending:  # <= 3.12: rc lines run inside setup()
            self._ndbg_stop()
        return super().execRcLines()

    def _ndbg_stop(self):
        self._ndbg_stop_pending = False
        ch = S.ch
        ch.muted = False  # a 'fresh' plan's run stays muted up to here
        if S.message:
            msg, S.message = S.message, None
            self.message(msg)
        pm = self._ndbg_pm
        n = S.n
        kind = 'exception' if pm else S.last_kind
        bottom = self.stack[-1][0]
        if not pm and _in_program() and not S.hidden_depth and not S.untraced:
            if S.first_stop is None:
                S.first_stop = n
                S.base_frames = [f for f, _ in self.stack]
            S.stops[n] = (kind, _canonic(bottom.f_code.co_filename), self.stack[-1][1],
                          _fingerprint_locals(bottom))
        ch.send(self._ndbg_stop_event(kind, n, pm))

    def _ndbg_stop_event(self, kind, n, pm):
        frames = []
        for f, line in self.stack:
            fn = _canonic(f.f_code.co_filename)
            d = {'file': fn, 'line': line, 'func': f.f_code.co_name or '<lambda>'}
            if S.with_locals:
                internal = fn == _BDB_FILE or fn == '<string>'
                ch = S.ch
                ch.flush_text()
                ch.muted, muted = True, ch.muted  # a __repr__ may print
                try:
                    d['locals'] = {} if internal else _frame_locals(f, f.f_code.co_name == '<module>')
                finally:
                    ch.muted = muted
            frames.append(d)
        ev = {'t': 's', 'event': kind, 'n': n, 'frames': frames, 'selected': self.curindex}
        loc = self.curframe_locals
        if kind == 'return' and '__return__' in loc:
            ev['retval'] = _safe_repr(loc['__return__'], S.repr_limit)
        if kind == 'exception':
            exc = None
            if pm:
                exc = sys.exc_info()[1]
            elif '__exception__' in loc:
                exc = loc['__exception__'][1]
            if exc is not None:
                ev['exception'] = traceback.format_exception_only(type(exc), exc)[-1].strip()
        if pm:
            ev['pm'] = True
        return ev

    # ---- commands ------------------------------------------------------
    def error(self, msg):
        self._ndbg_ok = False
        super().error(msg)

    def onecmd(self, line):
        if line.startswith('\x00ndbg:reverse '):
            return self._ndbg_reverse(line[len('\x00ndbg:reverse '):].strip())
        self._ndbg_depth += 1
        S.in_command += 1
        if self._ndbg_depth == 1:
            self._ndbg_ok = True
            before = (self.curindex, len(S.edits))
        try:
            stop = super().onecmd(line)
        finally:
            self._ndbg_depth -= 1
            S.in_command -= 1
        if self._ndbg_depth == 0:
            self._ndbg_after(line, stop, before)
        return stop

    def _ndbg_after(self, line, stop, before):
        cmd, arg, _ = self.parseline(line)
        if cmd in ('j', 'jump') and self._ndbg_ok and not stop and _in_program() and not S.hidden_depth:
            try:
                S.edits.append((S.n, 'jump', int(arg), 0, ()))
                _edited()
            except ValueError:
                pass
        if stop:
            return
        S.ch.send({'t': 'r', 'c': line, 'ok': self._ndbg_ok})
        if self.stack and (self.curindex, len(S.edits)) != before:
            # The selected frame or the program's state changed: refresh.
            ev = self._ndbg_stop_event(S.last_kind, S.n, self._ndbg_pm)
            ev['refresh'] = True
            S.ch.send(ev)

    def default(self, line):
        if not (_in_program() and not self._ndbg_pm and self.stack) or S.hidden_depth:
            return super().default(line)
        # A statement run at the prompt may change the program's state: it is
        # replayed at this event (with the input lines it read, if any).
        level = len(self.stack) - 1 - self.curindex
        S.edit_inputs = inputs = []
        try:
            return super().default(line)
        finally:
            S.edit_inputs = None
            S.edits.append((S.n, 'exec', line, level, inputs))
            _edited()

    # ---- reverse execution ----------------------------------------------
    def _ndbg_reverse(self, kind):
        pm = self._ndbg_pm
        c = S.n  # after a run, S.n stays at its last event
        first = S.first_stop
        if kind not in ('step', 'next', 'continue', 'finish'):
            self.error('unknown reverse command %r' % kind)
            return None
        refusal = None
        if S.untraced:
            refusal = ('No reverse-execution history: on Python 3.9 the program runs untraced '
                       "after 'continue' without breakpoints. Set a breakpoint before continuing.")
        elif S.hidden_depth:
            refusal = ("Reverse execution is not available inside the debugger's own code "
                       "(here: a breakpoint() call). Step out of it first.")
        if refusal:
            self.error(refusal)
            S.ch.send({'t': 'r', 'c': 'reverse-' + kind, 'ok': False})
            return None
        if (not pm and not _in_program()) or first is None or c <= first or (
                kind == 'finish' and any(self.curframe is f for f in S.base_frames)):
            self.message(NO_HISTORY)
            S.ch.send({'t': 'r', 'c': 'reverse-' + kind, 'ok': True})
            return None
        level = len(self.stack) - 1 - self.curindex
        plan = _Plan('record', c, kind, level)
        if pm:
            plan.pm_key = bridge_history.code_key(self.stack[-1][0].f_code)
        if kind == 'continue':
            plan.bps = _breakpoint_locations()
        h = S.history
        if h is not None and len(h) >= c:
            target = _reverse_target(plan, h)
            if target is None:
                self.message(NO_HISTORY)
                S.ch.send({'t': 'r', 'c': 'reverse-' + kind, 'ok': True})
                return None
            plan = _Plan('goto', target)
        S.plan = plan
        S.ch.flush_text()
        S.ch.muted = True
        if pm:
            return 1  # leave post-mortem; pdb.main restarts the program
        raise pdb.Restart


def _edited():
    h = S.history
    if h is not None:
        h.truncate(S.n)


def _breakpoint_locations():
    locs = {}
    for bp in bdb.Breakpoint.bpbynumber:
        if bp is not None and bp.enabled:
            locs.setdefault(_canonic(bp.file), []).append((bp.line, bp.funcname or None))
    return locs


class _Replay:
    def __init__(self, plan):
        self.mode = plan.mode
        self.target = plan.target
        self.kind, self.level, self.pm_key, self.bps = plan.kind, plan.level, plan.pm_key, plan.bps
        self.history = bridge_history.History() if plan.mode == 'record' else None
        cps = set(S.stops) | set(e[0] for e in S.edits)
        self.cps = sorted(x for x in cps if x < self.target) + [self.target]
        self.i = 0
        self.next_cp = self.cps[0]
        self.input_i = 0
        self.message = plan.message

    def advance_cp(self, n):
        cps = self.cps
        while self.i < len(cps) and cps[self.i] <= n:
            self.i += 1
        self.next_cp = cps[self.i] if self.i < len(cps) else float('inf')


def _begin_run(p):
    _replay_ended()
    S.n = 0
    S.hidden_depth = 0
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
    # A replay: the same start state, as far as the process allows.
    for name in [m for m in sys.modules if m not in S.modules]:
        mod = sys.modules.get(name)
        f = getattr(mod, '__dict__', {}).get('__file__') or ''
        if f.endswith('.py') and not f.startswith(_STDLIB + os.sep) and 'packages' + os.sep not in f:
            del sys.modules[name]  # the program's own modules start afresh
    random.setstate(S.random_state)
    gc.collect()
    S.replay = _Replay(plan)
    if plan.mode == 'goto' and plan.message:
        S.message = plan.message
    p.trace_dispatch = _replay_trace  # bdb.run installs self.trace_dispatch


def _replay_ended():
    """A run is over while replaying: either we aborted it on purpose (the
    plan for the next run is set), or it ended before reaching its target."""
    rp = S.replay
    if rp is not None and not S.aborting:
        S.plan = _Plan('fresh', message=(
            '*** Replay diverged from the recorded history (the program ended before '
            'event %d): the program is not deterministic, so that state cannot be '
            'shown. It was restarted.' % rp.target))
    S.replay = None
    S.aborting = False


def _in_program():
    # bdb.run() traces the program and stops tracing when it ends (as does
    # post-mortem); our counters keep a trace function set in between.
    if sys.gettrace() is not None:
        return True
    if S.untraced:  # 3.9 after `continue`: is bdb.run() still on the stack?
        f = sys._getframe(1)
        while f is not None and f.f_code is not _RUN_CODE:
            f = f.f_back
        return f is not None
    return False


# ------------------------------------------------------------------ input
def _read_input():
    """The program (or a command at the prompt) reads a line of stdin."""
    rp = S.replay
    if S.in_command and rp is not None:  # an edit being replayed
        return S.edit_inputs.pop(0) if S.edit_inputs else ''
    if rp is not None:
        if rp.input_i < len(S.inputs):
            n, line = S.inputs[rp.input_i]
            rp.input_i += 1
            if n != S.n:
                _diverge('the program read input at event %d, recorded at %d' % (S.n, n))
            return line
        _diverge('the program read more input than recorded')
    ch = S.ch
    ch.send({'t': 'i'})
    tag, text = ch.read_message()
    line = text + '\n' if tag == 'L' else text if tag == 'P' else ''
    if S.in_command:
        if S.edit_inputs is not None:
            S.edit_inputs.append(line)
    elif _in_program():
        S.inputs.append((S.n, line))
    return line


def _read_command():
    """pdb reads a command line; the prompt it just wrote was held back."""
    ch = S.ch
    prompt = S.pdb_out.take_prompt()
    ch.send({'t': 'p', 'p': prompt or ''})
    tag, text = ch.read_message()
    if tag == 'L':
        return text + '\n'
    if tag == 'R':
        return '\x00ndbg:reverse ' + text + '\n'
    return ''


def _stdout_stream():
    return 'stdout' if _in_program() else 'debugger'


def _start_watchdog(fd):
    """Exit when ndbg goes away (its end of this pipe closes), even if the
    program is in an endless loop and never reads a command."""
    import _thread

    def watch():
        try:
            while os.read(fd, 1):
                pass
        except OSError:
            pass
        os._exit(1)
    _thread.start_new_thread(watch, ())


def main(argv):
    opts = {'fd-out': '3', 'fd-in': '4', 'locals': '0', 'watch': '', 'repr-limit': '1000'}
    i = 0
    while i < len(argv) and argv[i] != '--':
        k, _, v = argv[i].lstrip('-').partition('=')
        opts[k] = v
        i += 1
    pdb_args = argv[i + 1:]
    fd_out, fd_in = int(opts['fd-out']), int(opts['fd-in'])
    for fd in (fd_out, fd_in):
        os.set_inheritable(fd, False)  # not for the program's subprocesses
    if opts['watch']:
        os.set_inheritable(int(opts['watch']), False)
        _start_watchdog(int(opts['watch']))
    S.with_locals = opts['locals'] == '1'
    S.repr_limit = int(opts['repr-limit'])

    ch = S.ch = bridge_channel.Channel(fd_out, fd_in)
    real_out, real_err, real_in = sys.stdout, sys.stderr, sys.stdin
    S.pdb_out = bridge_channel.OutStream(ch, 'debugger', real_out, hold_prompts=True)
    S.cmd_reader = bridge_channel.CommandReader(_read_command)
    S.stdin = bridge_channel.InStream(ch, real_in, _read_input)
    sys.stdout = bridge_channel.OutStream(ch, 'stdout', real_out, stream_fn=_stdout_stream)
    sys.stderr = bridge_channel.OutStream(ch, 'stderr', real_err)
    sys.stdin = S.stdin
    ch.send({'t': 'h', 'v': 1, 'python': '%d.%d.%d' % sys.version_info[:3], 'pid': os.getpid()})

    pdb.Pdb = BridgePdb
    sys.argv[:] = ['pdb'] + pdb_args
    S.modules = set(sys.modules)
    try:
        pdb.main()
    finally:
        p = S.pdb_out.take_prompt()
        if p:
            ch.text('debugger', p)
        ch.flush_text()
        sys.stdout, sys.stderr, sys.stdin = real_out, real_err, real_in
