"""The pdb bridge: runs pdb's own main() with pdb.Pdb replaced by BridgePdb,
so every text pdb prints (restarts, post-mortem, sys.exit...) is pdb's own for
the running Python version, and reports to ndbg over one ordered channel
(channel.py).

What BridgePdb adds to pdb:
  * stop events (structured frames), command results and outcomes, and
    bdb's breakpoint table as data on the channel; debugger text tagged as
    an error or a location where it is one, so no front end reads pdb's
    English to learn these;
  * an index for every stop (the count of the program's trace events so far), kept even
    where pdb stops tracing, and reverse execution by replay (replay.py).
"""

import bdb
import gc
import importlib.util
import os
import pdb
import sys
import traceback

from . import channel
from . import history
from . import inspection
from . import replay
from .state import (
    DEBUGGER_FILES,
    LIBRARY,
    NO_HISTORY,
    OWN,
    BASE,
    PY313,
    RANDOM_PY,
    RUN_CODE,
    S,
    Plan,
    canonic,
    in_program,
    library,
)
from .values import fingerprint_locals, frame_locals, safe_repr

bdb_dispatch = bdb.Bdb.trace_dispatch

_BDB_FILE = canonic(bdb.__file__)


def _mentioned(line):
    """The names a statement typed at the prompt uses (its code's names, nested code included)."""
    if line[:1] == '!':
        line = line[1:].strip()
    try:
        code = compile(line + '\n', '<stdin>', 'single')
    except Exception:
        return ()
    names, todo = set(), [code]
    while todo:
        c = todo.pop()
        names.update(c.co_names, c.co_varnames, c.co_freevars)
        todo.extend(k for k in c.co_consts if hasattr(k, 'co_names'))
    return names


class BridgePdb(pdb.Pdb):
    def __init__(self, *args, **kwargs):
        # pdb reads commands from our reader and writes to our channel;
        # passing them makes pdb set use_rawinput = 0 (no readline).
        if len(args) < 2:
            kwargs.setdefault('stdin', S.cmd_reader)
        if len(args) < 3:
            kwargs.setdefault('stdout', S.pdb_out)
        super().__init__(*args, **kwargs)
        if getattr(sys.modules.get('sitecustomize'), 'NDBG_BOOT', False):
            del sys.modules['sitecustomize']  # boot/: pdb's run has none
        self._ndbg_pm = False
        self._ndbg_stop_pending = None
        self._ndbg_depth = 0
        self._ndbg_ok = True
        self._ndbg_error = None  # the first error message of the command
        self._ndbg_edits = {}  # name -> repr bound by the command (`!x = 5`)
        self._ndbg_listing = False  # inside `where`: its entries are no location

    # ---- counting ------------------------------------------------------
    def _ndbg_call(self, frame, arg):
        """A call event: count it (in the program's code, state.py library), and
        keep counting in frames of the program pdb does not trace."""
        fn = frame.f_code.co_filename
        if fn in OWN:
            return None
        n0 = S.n
        lib = library(fn)
        if not lib:
            S.n += 1
        r = bdb_dispatch(self, frame, 'call', arg)
        if r is None:
            if frame.f_trace is not None:
                # CPython keeps a frame's own trace function when the call
                # event's returns None: a resumed generator or coroutine
                # stays pdb's (`until`, `next` over a yield stop in it).
                return None
            r = None if lib else replay.count_local
        if fn in DEBUGGER_FILES:
            return replay.hidden(frame, r, n0)
        return replay.keep_random_state(frame, r) if fn == RANDOM_PY else r

    def trace_dispatch(self, frame, event, arg):
        # The hot path while pdb traces: count, then pdb's own dispatch.
        if event == 'call':
            return self._ndbg_call(frame, arg)
        lib = LIBRARY.get(frame.f_code.co_filename)
        if not (lib or (lib is None and library(frame.f_code.co_filename))):
            S.n += 1
        return bdb_dispatch(self, frame, event, arg)

    if PY313:

        def trace_dispatch(self, frame, event, arg):  # noqa: F811
            if event == 'call':
                return self._ndbg_call(frame, arg)
            if event != 'opcode':
                lib = LIBRARY.get(frame.f_code.co_filename)
                if not (lib or (lib is None and library(frame.f_code.co_filename))):
                    S.n += 1
            return bdb_dispatch(self, frame, event, arg)

    def set_continue(self):
        was_running = in_program()  # pdb's set_continue may settrace(None)
        super().set_continue()
        if not self.breaks and was_running and S.replay is None:
            # pdb stopped tracing: the program runs at full speed, uncounted; the
            # next stop is anchored (set_trace, setup)
            S.untraced = True
            S.untraced_from = S.n
            if S.random_state is None and _stdlib_random():
                # The program's first `import random` may come now, untraced: the
                # state its generator starts from is taken here instead of when
                # that import returns (replay.keep_random_state).
                import random

                S.random_state = random.getstate()

    def set_step(self):
        # bdb (bpo-13183) restores tracing in the caller of a returning frame
        # only when that caller has no trace function; a frame we only count
        # in is one pdb left without: let bdb see it so.
        fr = self.frame_returning
        caller = fr.f_back if fr is not None else None
        if caller is not None and caller.f_trace is replay.count_local:
            caller.f_trace = None
        return super().set_step()

    if hasattr(bdb.Bdb, '_set_caller_tracefunc'):  # 3.13: also on return

        def _set_caller_tracefunc(self, current_frame):
            caller = current_frame.f_back
            if caller is not None and caller.f_trace is replay.count_local:
                caller.f_trace = None
            return super()._set_caller_tracefunc(current_frame)

    def set_trace(self, frame=None):
        if frame is None:
            frame = sys._getframe().f_back
        while frame is not None and frame.f_code.co_filename in OWN:
            frame = frame.f_back  # SIGINT arrived inside one of our counters
        sigint = sys._getframe(1).f_code.co_name == 'sigint_handler'
        if not sigint:
            S.set_traces += 1
        sys.settrace(None)  # pdb's own set-up must not be counted
        if S.replay is not None:
            # A breakpoint() call while replaying: stopping is for later.
            replay.replay_set_trace(frame)
            sys.settrace(replay.replay_trace)
            return
        if S.untraced:  # the stop after an untraced `continue`
            _anchor('sigint' if sigint else 'set_trace', S.set_traces)
        self.__dict__.pop('trace_dispatch', None)
        super().set_trace(frame)

    # ---- runs ----------------------------------------------------------
    # No override of run()/_run(): its frame would show in the tracebacks
    # and post-mortem stacks pdb prints. bdb.run() calls reset() first and
    # then sys.settrace(self.trace_dispatch), which is where a run begins.
    def reset(self):
        super().reset()
        if sys._getframe(1).f_code is RUN_CODE:
            replay.begin_run(self)
            if S.replay is None:  # an ordinary run, not a replay
                S.runs += 1
                if S.runs > 1:
                    S.ch.send({'t': 'n'})  # the program starts again

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

    def interaction(self, frame, tb_or_exc):
        if S.replay is not None or S.aborting:
            # A replay ended in an exception (diverged, or unwound by us, or at
            # its post-mortem anchor): no post-mortem; pdb.main goes on to the
            # next run, muted. (3.13's interaction() goes on after setup().)
            replay.replay_ended(uncaught=frame is None)
            return None
        return super().interaction(frame, tb_or_exc)

    def setup(self, f, tb):
        self._ndbg_pm = f is None
        if f is None and S.untraced and not in_program():  # the run's end, after an untraced `continue`
            _anchor('pm', None)
        if tb is not None:
            strip_own(sys.exc_info()[1])
            while tb is not None and tb.tb_frame.f_code.co_filename in OWN:
                tb = tb.tb_next
        self._ndbg_stop_pending = True
        S.active_pdb = self  # the instance whose prompt inspections answer at
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
        lib = library(bottom.f_code.co_filename)
        if not pm and in_program() and not S.hidden_depth and not S.untraced and not lib:
            if S.first_stop is None:
                S.first_stop = n
                S.base_frames = [f for f, _ in self.stack]
            S.stops[n] = (kind, canonic(bottom.f_code.co_filename), self.stack[-1][1], fingerprint_locals(bottom))
        self._ndbg_report_breakpoints()  # hits counted, a temporary one deleted
        ch.send(self._ndbg_stop_event(kind, n, pm))

    def _ndbg_stop_event(self, kind, n, pm):
        frames = []
        for f, line in self.stack:
            fn = canonic(f.f_code.co_filename)
            d = {'file': fn, 'line': line, 'func': f.f_code.co_name or '<lambda>'}
            if S.with_locals:
                internal = fn == _BDB_FILE or fn == '<string>'
                ch = S.ch
                ch.flush_text()
                ch.muted, muted = True, ch.muted  # a __repr__ may print
                try:
                    loc, hidden = (
                        ({}, ())
                        if internal
                        else frame_locals(
                            f,
                            f.f_code.co_name == '<module>',
                            S.repr_limit,
                            self.curframe_locals if f is self.curframe else None,
                        )
                    )
                    d['locals'] = loc
                    if hidden:
                        d['hidden'] = hidden  # not in a trace state of this frame (shown.py)
                finally:
                    ch.muted = muted
            frames.append(d)
        ev = {'t': 's', 'event': kind, 'frames': frames, 'selected': self.curindex}
        if n < BASE:  # an anchored index is not known yet (state.py BASE)
            ev['n'] = n
        loc = self.curframe_locals
        if kind == 'return' and '__return__' in loc:
            ev['retval'] = safe_repr(loc['__return__'], S.repr_limit)
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

    # ---- breakpoints ---------------------------------------------------
    def _ndbg_breakpoints(self):
        """bdb's table (Breakpoint.bpbynumber) as data, in number order."""
        table = []
        for bp in bdb.Breakpoint.bpbynumber:
            if bp is None:
                continue
            d = {
                'number': bp.number,
                'file': bp.file,
                'line': bp.line,
                'hits': bp.hits,
                'ignore': bp.ignore,
                'enabled': bool(bp.enabled),
                'temporary': bool(bp.temporary),
            }
            if bp.funcname:
                d['func'] = bp.funcname
            if bp.cond:
                d['condition'] = bp.cond
            if self.commands.get(bp.number):
                d['commands'] = list(self.commands[bp.number])
            table.append(d)
        return table

    def _ndbg_report_breakpoints(self):
        """Send the table when it differs from the one last sent."""
        table = self._ndbg_breakpoints()
        if table != S.reported_bps:
            S.reported_bps = table
            S.ch.send({'t': 'b', 'bps': table})

    # ---- text that is data ------------------------------------------------
    def _ndbg_tagged(self, kind, fn, *args, **kwargs):
        """Run fn with the debugger text it prints tagged as `kind`."""
        ch = S.ch
        before, ch.kind = ch.kind, kind
        try:
            return fn(*args, **kwargs)
        finally:
            ch.kind = before

    def print_stack_entry(self, *args, **kwargs):
        if self._ndbg_listing:
            return super().print_stack_entry(*args, **kwargs)
        return self._ndbg_tagged('location', super().print_stack_entry, *args, **kwargs)

    def print_stack_trace(self, *args, **kwargs):
        self._ndbg_listing = True  # `where`: a listing, not where the program is
        try:
            return super().print_stack_trace(*args, **kwargs)
        finally:
            self._ndbg_listing = False

    # ---- commands ------------------------------------------------------
    def error(self, msg):
        if self._ndbg_ok:
            self._ndbg_error = str(msg)
        self._ndbg_ok = False
        self._ndbg_tagged('error', super().error, msg)

    def _ndbg_outcome(self, line, resumed):
        """The command's outcome: ok or its first error, resumed, edits made."""
        ev = {'t': 'c', 'c': line, 'ok': self._ndbg_ok, 'res': bool(resumed)}
        if not self._ndbg_ok and self._ndbg_error is not None:
            ev['e'] = self._ndbg_error
        if self._ndbg_edits:
            ev['ed'] = self._ndbg_edits
        return ev

    def onecmd(self, line):
        if line.startswith('\x00ndbg:reverse '):
            return self._ndbg_reverse(line[len('\x00ndbg:reverse ') :].strip())
        self._ndbg_depth += 1
        S.in_command += 1
        if self._ndbg_depth == 1:
            self._ndbg_ok = True
            self._ndbg_error = None
            self._ndbg_edits = {}
            before = (self.curindex, len(S.edits))
        try:
            stop = super().onecmd(line)
        except pdb.Restart:  # run / restart
            if self._ndbg_depth == 1:
                S.ch.send(self._ndbg_outcome(line, True))
            raise
        finally:
            self._ndbg_depth -= 1
            S.in_command -= 1
        if self._ndbg_depth == 0:
            self._ndbg_after(line, stop, before)
        return stop

    def _ndbg_after(self, line, stop, before):
        cmd, arg, _ = self.parseline(line)
        if cmd in ('j', 'jump') and self._ndbg_ok and not stop and in_program() and not S.hidden_depth:
            try:
                S.edits.append((S.n, 'jump', int(arg), 0, ()))
                replay.edited()
            except ValueError:
                pass
        own = line.startswith('_pdbcmd')  # 3.13 queues its own: no one's command
        if not stop and not own:
            S.ch.send({'t': 'r', 'c': line, 'ok': self._ndbg_ok})
        self._ndbg_report_breakpoints()
        if not own:
            S.ch.send(self._ndbg_outcome(line, stop))
        if stop:
            return
        if self.stack and (self.curindex, len(S.edits)) != before:
            # The selected frame or the program's state changed: refresh.
            ev = self._ndbg_stop_event(S.last_kind, S.n, self._ndbg_pm)
            ev['refresh'] = True
            S.ch.send(ev)

    def default(self, line):
        # A statement run at the prompt: the names of the selected frame it
        # binds, or whose value it changes in place (`!xs[0] = 5`), are reported
        # with the command's outcome (as reprs: only when locals are reported at
        # all, line mode calls no __repr__).
        ns = self.curframe_locals if S.with_locals and getattr(self, 'curframe', None) is not None else None
        before = dict(ns) if ns is not None else None
        shown = self._ndbg_reprs(ns, _mentioned(line)) if ns is not None else None
        try:
            return self._ndbg_default(line)
        finally:
            if before is not None:
                self._ndbg_note_edits(ns, before, shown)

    def _ndbg_default(self, line):
        if not (in_program() and not self._ndbg_pm and self.stack) or S.hidden_depth:
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
            replay.edited()

    def _ndbg_reprs(self, ns, names):
        """The reprs of those of `names` that `ns` holds (muted: a __repr__ may print)."""
        ch = S.ch
        ch.flush_text()
        ch.muted, muted = True, ch.muted
        try:
            return {k: safe_repr(ns[k], S.repr_limit) for k in names if k in ns}
        finally:
            ch.muted = muted

    def _ndbg_note_edits(self, ns, before, shown):
        now = self._ndbg_reprs(ns, [k for k in list(ns) if type(k) is str])
        for k, r in now.items():
            if k not in before or before[k] is not ns[k] or shown.get(k, r) != r:
                self._ndbg_edits[k] = r

    # ---- reverse execution ----------------------------------------------
    def _ndbg_reverse(self, kind):
        pm = self._ndbg_pm
        c = S.n  # after a run, S.n stays at its last event
        first = S.first_stop
        name = 'reverse-' + kind
        self._ndbg_ok, self._ndbg_error, self._ndbg_edits = True, None, {}
        if kind not in ('step', 'next', 'continue', 'finish'):
            self.error('unknown reverse command %r' % kind)
            S.ch.send(self._ndbg_outcome(name, False))
            return None
        refusal = None
        if any(a[1] == 'sigint' for a in S.anchors):
            refusal = (
                "No reverse-execution history: the program ran untraced after 'continue' "
                'without breakpoints and was interrupted (Ctrl-C) at a point a replay cannot '
                'find. Set a breakpoint before continuing.'
            )
        elif S.untraced:
            refusal = (
                "No reverse-execution history: the program ran untraced after 'continue' "
                'without breakpoints and stopped at a point a replay cannot find. '
                'Set a breakpoint before continuing.'
            )
        elif S.hidden_depth:
            refusal = (
                "Reverse execution is not available inside the debugger's own code "
                "(here: a breakpoint() call). Step out of it first."
            )
        if refusal:
            self.error(refusal)
            S.ch.send({'t': 'r', 'c': name, 'ok': False})
            S.ch.send(self._ndbg_outcome(name, False))
            return None
        if (
            (not pm and not in_program())
            or first is None
            or c <= first
            or (kind == 'finish' and any(self.curframe is f for f in S.base_frames))
        ):
            self.message(NO_HISTORY)
            S.ch.send({'t': 'r', 'c': name, 'ok': True})
            S.ch.send(self._ndbg_outcome(name, False))
            return None
        level = len(self.stack) - 1 - self.curindex
        plan = Plan('record', c, kind, level)
        if pm:
            plan.pm_key = history.code_key(self.stack[-1][0].f_code)
        if kind == 'continue':
            plan.bps = replay.breakpoint_locations()
        h = S.history
        if h is not None and len(h) >= c:
            target = replay.reverse_target(plan, h)
            if target is None:
                self.message(NO_HISTORY)
                S.ch.send({'t': 'r', 'c': name, 'ok': True})
                S.ch.send(self._ndbg_outcome(name, False))
                return None
            plan = Plan('goto', target)
        S.plan = plan
        S.ch.send(self._ndbg_outcome(name, True))  # flushes text first
        S.ch.muted = True
        if pm:
            return 1  # leave post-mortem; pdb.main restarts the program
        raise pdb.Restart


# The program sees pdb's names, as under pdb: `<pdb.Pdb object at ...>` for the
# debugger, `Bdb.trace_dispatch` for its trace function (sys.gettrace()).
BridgePdb.__module__, BridgePdb.__name__, BridgePdb.__qualname__ = 'pdb', 'Pdb', 'Pdb'
BridgePdb.trace_dispatch.__qualname__ = 'Bdb.trace_dispatch'


def _anchor(kind, k):
    """The stop that ends an untraced stretch: its indices count from a new base
    (state.py anchors) until a replay finds where it is."""
    S.untraced = False
    S.hidden_depth = 0  # debugger code left while untraced was not seen returning
    S.n = base = BASE * (len(S.anchors) + 1)
    S.anchors.append((base, kind, k))
    S.stretches.append((S.untraced_from, base))


def _stdlib_random():
    """Whether `import random` would load the standard library's module (a program
    may have a random.py of its own, which is its code, not the library)."""
    try:
        spec = importlib.util.find_spec('random')
    except (ImportError, ValueError):
        return False
    return spec is not None and spec.origin == RANDOM_PY


# ------------------------------------------------------------- tracebacks
def strip_own(exc):
    """Take the bridge's frames (its counting trace function, which pdb's
    dispatch raises BdbQuit through) out of an exception's traceback, and of
    the exceptions it chains, in place: pdb prints and post-mortems the
    traceback it would have had under pdb."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename in OWN:
            tb = tb.tb_next
        if tb is not exc.__traceback__:
            exc.__traceback__ = tb
        while tb is not None:
            nxt = tb.tb_next
            while nxt is not None and nxt.tb_frame.f_code.co_filename in OWN:
                nxt = nxt.tb_next
            if nxt is not tb.tb_next:
                tb.tb_next = nxt
            tb = nxt
        exc = exc.__context__


class _TracebackView(type(traceback)):
    """pdb's `traceback` module, seen by pdb only (pdb.main prints the
    program's uncaught exception with it): the same functions, with the
    bridge's frames taken out of the traceback first."""

    def __init__(self):
        super().__init__('traceback')
        self.__dict__.update(
            (k, v) for k, v in vars(traceback).items() if k != '__name__' and k not in type(self).__dict__
        )

    def print_exc(self, *args, **kwargs):
        strip_own(sys.exc_info()[1])
        return traceback.print_exc(*args, **kwargs)

    def format_exc(self, *args, **kwargs):
        strip_own(sys.exc_info()[1])
        return traceback.format_exc(*args, **kwargs)

    def print_exception(self, exc, *args, **kwargs):
        strip_own(exc if isinstance(exc, BaseException) else sys.exc_info()[1])
        return traceback.print_exception(exc, *args, **kwargs)

    def format_exception(self, exc, *args, **kwargs):
        strip_own(exc if isinstance(exc, BaseException) else sys.exc_info()[1])
        return traceback.format_exception(exc, *args, **kwargs)


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
            if n is None:  # read while untraced: now its index is known
                S.inputs[rp.input_i - 1] = (S.n, line)
            elif n != S.n:
                replay.diverge('the program read input at event %d, recorded at %d' % (S.n, n))
            return line
        replay.diverge('the program read more input than recorded')
    ch = S.ch
    ch.send({'t': 'i'})
    tag, text = ch.read_message()
    while tag == 'I':  # not at a prompt: the program runs (it reads input)
        ch.send({'t': 'v', 'ok': False, 'e': 'the program is running (it waits for input)'})
        tag, text = ch.read_message()
    line = text + '\n' if tag == 'L' else text if tag == 'P' else ''
    if S.in_command:
        if S.edit_inputs is not None:
            S.edit_inputs.append(line)
    elif in_program():
        S.inputs.append((None if S.untraced else S.n, line))
    return line


def _read_command():
    """pdb reads a command line; the prompt it just wrote was held back."""
    ch = S.ch
    prompt = S.pdb_out.take_prompt()
    ch.send({'t': 'p', 'p': prompt or ''})
    tag, text = ch.read_message()
    while tag == 'I':  # an inspection, answered without a new prompt
        ch.send(_inspect(text))
        tag, text = ch.read_message()
    if tag == 'L':
        return text + '\n'
    if tag == 'R':
        return '\x00ndbg:reverse ' + text + '\n'
    return ''


def _inspect(text):
    """`I<kind>\t<frame>\t<start>\t<count>\t<expr>` (docs/json.md): evaluate
    or list children in a frame of the current stop, muted and uncounted."""
    p = S.active_pdb
    try:
        kind, frame, start, count, expr = text.split('\t', 4)
        frame, start, count = int(frame), int(start), int(count)
    except ValueError:
        return {'t': 'v', 'ok': False, 'e': 'malformed inspection request'}
    stack = getattr(p, 'stack', None) or []
    if frame < 0:
        frame = p.curindex
    if not 0 <= frame < len(stack):
        return {'t': 'v', 'ok': False, 'e': 'no frame %d at this stop' % frame}
    f = stack[frame][0]
    loc = p.curframe_locals if f is p.curframe else f.f_locals
    ch = S.ch
    ch.flush_text()
    ch.muted, muted = True, ch.muted  # what the expression prints is not shown
    S.in_command += 1
    try:
        return inspection.inspect(kind, expr, f.f_globals, loc, start, count, S.repr_limit)
    finally:
        S.in_command -= 1
        ch.muted = muted


def _stdout_stream():
    return 'stdout' if in_program() else 'debugger'


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


def _options(argv):
    opts = {'fd-out': '3', 'fd-in': '4', 'locals': '0', 'watch': '', 'repr-limit': '1000'}
    i = 0
    while i < len(argv) and argv[i] != '--':
        k, _, v = argv[i].lstrip('-').partition('=')
        opts[k] = v
        i += 1
    return opts, argv[i + 1 :]


def prepare(argv):
    """Set up the channel, the streams and pdb.Pdb = BridgePdb; pdb.main()
    is then called by whoever runs pdb (pdb's own __main__, see
    boot/sitecustomize.py). What is left at the end is done at exit."""
    opts, _ = _options(argv)
    fd_out, fd_in = int(opts['fd-out']), int(opts['fd-in'])
    for fd in (fd_out, fd_in):
        os.set_inheritable(fd, False)  # not for the program's subprocesses
    if opts['watch']:
        os.set_inheritable(int(opts['watch']), False)
        _start_watchdog(int(opts['watch']))
    S.with_locals = opts['locals'] == '1'
    S.repr_limit = int(opts['repr-limit'])

    ch = S.ch = channel.Channel(fd_out, fd_in)
    real = sys.stdout, sys.stderr, sys.stdin
    S.pdb_out = channel.OutStream(ch, 'debugger', real[0], hold_prompts=True)
    S.cmd_reader = channel.CommandReader(_read_command)
    S.stdin = channel.InStream(ch, real[2], _read_input)
    if opts.get('stdout') == 'block':
        sys.stdout = channel.block_stdout(ch, real[0], _stdout_stream)
    else:
        sys.stdout = channel.OutStream(ch, 'stdout', real[0], stream_fn=_stdout_stream)
    sys.stderr = channel.OutStream(ch, 'stderr', real[1])
    sys.stdin = S.stdin
    ch.send({'t': 'h', 'v': 1, 'python': '%d.%d.%d' % sys.version_info[:3], 'pid': os.getpid()})
    pdb.Pdb = BridgePdb
    sys.gettrace = replay.gettrace
    pdb.traceback = _TracebackView()
    S.modules = set(sys.modules)
    # What is loaded now (pdb, the bridge, site's modules) lives until the end:
    # out of the collector's way, each run's gc.collect() (replay.begin_run) and
    # the program's own collections only walk the program's objects.
    gc.freeze()
    return real


def finish(real):
    p = S.pdb_out.take_prompt()
    if p:
        S.ch.text('debugger', p)
    S.ch.flush_text()
    sys.stdout, sys.stderr, sys.stdin = real


def main(argv):
    """Started as the package directory (__main__.py): pdb's main() runs
    under the bridge's frames. ndbg starts `python3 -m pdb` instead."""
    real = prepare(argv)
    _, pdb_args = _options(argv)
    sys.argv[:] = ['pdb'] + pdb_args
    S.modules = set(sys.modules)
    try:
        pdb.main()
    finally:
        finish(real)
