"""State shared by the bridge's modules: the one debugging session of this
process (the event counter, what was recorded of the current run, the replay
in progress) and constants about the running Python."""

import bdb
import os
import pdb
import sys

PY313 = sys.version_info >= (3, 13)
# `continue` without breakpoints runs the program untraced, as pdb does; the
# stops after it (a breakpoint() call, post-mortem) are *anchored*: their indices
# count from a base of a multiple of BASE, standing for an event index that a
# replay finds (replay.py locate) before it goes back. Never a real index.
BASE = 1 << 40
# sys.gettrace as Python has it: the program is given replay.gettrace instead.
REAL_GETTRACE = sys.gettrace
RUN_CODE = bdb.Bdb.run.__code__
# Frames of the bridge's own code are never traced nor counted: they run
# inside the program's calls (print -> our write) and must stay invisible.
# The bridge's own code is this package, every file of it. (Paths as the
# modules' code objects have them: all are imported from this directory.)
_HERE = os.path.dirname(__file__)
OWN = frozenset(os.path.join(_HERE, f) for f in os.listdir(_HERE or '.') if f.endswith('.py'))
STDLIB = os.path.dirname(os.__file__)
# The bridge imports no `random` (pdb does not: a program's `import random` loads
# it, and `s` may step into the import). Replays restore its generator's state as
# the run began with it: taken at the run's start when the module is loaded, else
# when the program's first import of it returns (replay.py keep_random_state).
RANDOM_PY = os.path.join(STDLIB, 'random.py')
# Events are counted in the program's code only, not in the Python installation's
# (the standard library, frozen importlib, packages installed in it): library code
# runs differently in a replay than in the run (re's pattern cache, a finder made
# by the run's first import, enum's lookups), the program's own code does not.
_LIB_PREFIX = STDLIB + os.sep
LIBRARY = {}  # co_filename -> whether it is library code (library() fills it)


def library(fn):
    """Whether `fn` is library code, uncounted. pdb, bdb and cmd are not: the program's
    calls into them (breakpoint()) are counted, then taken back (replay.hidden)."""
    lib = LIBRARY.get(fn)
    if lib is None:
        lib = LIBRARY[fn] = (fn.startswith(_LIB_PREFIX) or fn.startswith('<frozen ')) and fn not in DEBUGGER_FILES
    return lib


# The debugger's own code, run inside the program by breakpoint() calls:
# its events are not counted (see replay.hidden).
DEBUGGER_FILES = frozenset(m.__file__ for m in (pdb, bdb, sys.modules['cmd']))
NO_HISTORY = 'No more reverse-execution history.'


class Plan:
    """What the next run of the program is for.
    mode: 'record' (replay to `target` recording history, then compute the
    real target), 'goto' (replay to `target`, stop there live), 'fresh'
    (an ordinary run; `message` is printed at its first stop)."""

    def __init__(self, mode, target=None, kind=None, level=0, pm_key=None, bps=None, message=None):
        self.mode, self.target, self.kind, self.level = mode, target, kind, level
        self.pm_key, self.bps, self.message = pm_key, bps, message


class Session:
    def __init__(self):
        self.n = 0  # trace events counted in this run
        self.ch = None
        self.pdb_out = None
        self.stdin = None
        self.with_locals = False
        self.repr_limit = 1000
        self.run_pdb = None  # the Pdb instance whose run() runs the program
        self.active_pdb = None  # the Pdb instance at the prompt (inspections)
        self.new_run_state()
        self.plan = None
        self.replay = None  # Plan of the replay in progress
        self.aborting = False
        self.message = None  # printed at the next stop
        self.last_kind = 'line'
        self.in_command = 0  # > 0 while pdb runs a command (not the program)
        self.hidden_depth = 0  # > 0 inside debugger code the program called
        self.hidden_n0 = 0  # the index the outermost such call gives back (replay.hidden)
        self.set_traces = 0  # set_trace() calls of the program in this run (Ctrl-C aside)
        self.edit_inputs = None  # lines read by the edit being recorded / replayed
        self.runs = 0  # ordinary runs of the program begun (replays aside)
        self.reported_bps = []  # the breakpoint table as last sent

    def new_run_state(self):
        self.first_stop = None
        self.base_frames = []  # frames alive at the first stop
        self.stops = {}  # n -> (kind, file, line, fingerprint)
        self.edits = []  # (n, 'exec'|'jump', payload, level, input lines)
        self.inputs = []  # (n, line) read by the program
        self.history = None
        self.untraced = False  # the program runs untraced (`continue`, no breakpoints)
        # (base, kind, k) per untraced stretch that ended in a stop: indices from base
        # on stand for that stop's event, unknown until a replay finds it; kind is
        # 'set_trace' (the run's k-th set_trace() call), 'pm' (the run's end, an
        # uncaught exception) or 'sigint' (Ctrl-C: a replay cannot find it)
        self.anchors = []
        # (start, end) per untraced stretch: the indices of the stops it began and
        # ended at (a replay's sys.gettrace() is None in between, as the run's was)
        self.stretches = []
        self.untraced_from = 0
        mod = stdlib_random()
        self.random_state = mod.getstate() if mod is not None else None
        self.modules = set(sys.modules)


def stdlib_random():
    """The standard library's `random` module where it is loaded (a program's own
    random.py, its code, is not it), else None."""
    mod = sys.modules.get('random')
    return mod if getattr(mod, '__file__', None) == RANDOM_PY else None


S = Session()


def canonic(filename):
    if filename == '<' + filename[1:-1] + '>':
        return filename
    return os.path.abspath(filename)


def in_program():
    # bdb.run() traces the program and stops tracing when it ends (as does
    # post-mortem); our counters keep a trace function set in between.
    if REAL_GETTRACE() is not None:
        return True
    if S.untraced:  # after `continue`: is bdb.run() still on the stack?
        f = sys._getframe(1)
        while f is not None and f.f_code is not RUN_CODE:
            f = f.f_back
        return f is not None
    return False
