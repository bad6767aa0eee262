"""Drive CPython's real pdb (in process) and record where it stops.

`pdb_stops(source, commands)` runs `source` under pdb.Pdb, answers each stop with the
next command ('s', 'n', 'r', 'c', 'b LINE' then 'c'), and returns the stops as
(event, line, func, depth, locals) tuples, with 'exit' when the program ended
before the next stop. Locals go through the tracer's repr and its rule of which
locals show, program objects' attributes included (ndbg.bridge.shown) so that they compare with trace events; pdb's own
'__return__' / '__exception__' are dropped.
"""

import contextlib
import io
import linecache
import pdb
import sys

from ndbg.bridge.shown import is_namespace, shown_locals
from ndbg.bridge.values import PDB_LOCALS
from ndbg.trace.tracer import FILENAME, safe_repr


class _Quit(BaseException):
    pass


class _Driver(pdb.Pdb):
    def __init__(self, commands):
        super().__init__(stdout=io.StringIO(), nosigint=True, readrc=False)
        self.commands = list(commands)
        self.stops = []
        self._event = None

    def user_call(self, frame, args):
        self._event = 'call'
        super().user_call(frame, args)

    def user_line(self, frame):
        self._event = 'line'
        super().user_line(frame)

    def user_return(self, frame, value):
        self._event = 'return'
        super().user_return(frame, value)

    def user_exception(self, frame, exc_info):
        self._event = 'exception'
        super().user_exception(frame, exc_info)

    def interaction(self, frame, tb):
        if frame.f_code.co_filename != FILENAME:
            self.stops.append(('exit',))
            raise _Quit
        depth = 0
        back = frame.f_back
        while back is not None:
            if back.f_code.co_filename == FILENAME:
                depth += 1
            back = back.f_back
        items = [(k, v) for k, v in list(frame.f_locals.items()) if k not in PDB_LOCALS]
        loc = shown_locals(items, is_namespace(frame.f_code), safe_repr)
        self.stops.append((self._event, frame.f_lineno, frame.f_code.co_name, depth, loc))
        if not self.commands:
            raise _Quit
        cmd = self.commands.pop(0)
        if cmd == 's':
            self.set_step()
        elif cmd == 'n':
            self.set_next(frame)
        elif cmd == 'r':
            self.set_return(frame)
        elif cmd == 'c':
            self.set_continue()
        elif cmd.startswith('b '):
            err = self.set_break(FILENAME, int(cmd[2:]))
            assert not err, err
            self.set_continue()
        else:
            raise ValueError(cmd)


def pdb_stops(source, commands):
    lines = source.splitlines(True)
    linecache.cache[FILENAME] = (len(source), None, lines, FILENAME)
    d = _Driver(commands)
    d.mainpyfile = d.canonic(FILENAME)
    d._wait_for_mainpyfile = True
    code = compile(source, FILENAME, 'exec')
    out = io.StringIO()
    saved_trace = sys.gettrace()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            d.run(code, {'__name__': '__main__', '__builtins__': __builtins__})
    except _Quit:
        pass
    except Exception:
        pass  # the program's own uncaught exception: it ended
    finally:
        sys.settrace(saved_trace)
        d.clear_all_breaks()
    if len(d.stops) < len(commands) + 1 and (not d.stops or d.stops[-1] != ('exit',)):
        d.stops.append(('exit',))
    return d.stops
