"""Record the execution of a Python program, event by event.

`trace_program(source)` runs `source` as a module under `sys.settrace` and records
every call / line / return / exception event of the program's own frames (code
objects compiled from `source`; the standard library, builtins and other files are
not traced). Each event carries the frame's locals as cut `repr` strings, the return
value or exception, and the stdout written since the previous event. An instance of
a class the program defines is followed by its attributes as dotted pseudo-locals
(`cart.items`; the rule is ndbg.bridge.shown's, docs/format.md "Objects").

Standard library only; runs on python3 3.9 to 3.13. It executes the program in the
calling process; callers that run untrusted or many programs run it in a worker (see
`ndbg.data`) where a memory limit is set and the process can be killed.

Determinism: reprs of sets and dicts built from strings depend on the hash seed, so
callers run with PYTHONHASHSEED=0 (`ensure_hash_seed()` re-executes the interpreter
when needed). Object addresses (`<foo object at 0x7f..>`) are removed from reprs.
"""

import io
import re
import signal
import sys
import time

from ..bridge.shown import failed_repr, is_namespace, shown_locals  # the bridge's rule: --verify compares with it

FILENAME = '<ndbg>'
REPR_LIMIT = 100
REPR_MARKER = '...'
MAX_EVENTS = 2000
TIME_LIMIT = 2.0

_GENERATOR_FLAGS = 0x20 | 0x80 | 0x100 | 0x200  # generator, coroutine, iterable coroutine, async generator
# one rule with withoutAddresses in src/model/format/format.ts
_ADDRESS = re.compile(r' at 0x[0-9a-fA-F]+')


class Limit(BaseException):
    """Raised inside the traced program when a step or time limit is reached.

    A BaseException so that the program's own `except Exception:` does not catch it."""


def cut(text, limit=REPR_LIMIT):
    """Cut `text` to `limit` characters plus the marker. A cut string is exactly
    `limit + len(REPR_MARKER)` long and every uncut one is at most `limit` long, so
    whether a string was cut is decidable from its length alone."""
    if len(text) > limit:
        return text[:limit] + REPR_MARKER
    return text


def _prefix_repr(value, limit):
    # repr of a long list / tuple / dict is its first `limit` elements' repr: the
    # first `limit` characters agree, and both are longer than `limit`.
    t = type(value)
    if (t is list or t is tuple) and len(value) > limit:
        return repr(value[:limit])
    if t is dict and len(value) > limit:
        d = {}
        for k in value:
            d[k] = value[k]
            if len(d) >= limit:
                break
        return repr(d)
    return repr(value)


def safe_repr(value, limit=REPR_LIMIT):
    """The value's repr, without object addresses, cut at `limit` characters."""
    try:
        text = _prefix_repr(value, limit)
    except Exception as e:  # a failing __repr__, an int too large to print, ...
        text = failed_repr(e)
    if ' at 0x' in text:
        text = _ADDRESS.sub('', text)
    return cut(text, limit)


def exception_text(exc_type, exc_value, limit=REPR_LIMIT):
    """`Type: message`, or `Type` when the message is empty; cut like a repr."""
    try:
        message = str(exc_value)
    except Exception:
        message = ''
    name = getattr(exc_type, '__name__', str(exc_type))
    return cut('%s: %s' % (name, message) if message else name, limit)


class _Recorder:
    def __init__(self, code, out, max_events, repr_limit, deadline):
        self.code = code
        self.filename = code.co_filename
        self.out = out
        self.max_events = max_events
        self.repr_limit = repr_limit
        self.deadline = deadline
        self.events = []
        self.serial = {}  # id(frame) -> frame serial, while the frame lives
        self.keep = {}  # serial -> suspended generator frame (keeps its id unique)
        self.depth = {}  # serial -> depth
        self.next_serial = 0
        self.limit_hit = None
        self.use_alarm = False

    def global_trace(self, frame, event, arg):
        if frame.f_code.co_filename != self.filename:
            return None
        return self.local_trace(frame, event, arg)

    def _locals(self, frame):
        limit = self.repr_limit
        return shown_locals(list(frame.f_locals.items()), is_namespace(frame.f_code), lambda v: safe_repr(v, limit))

    def local_trace(self, frame, event, arg):
        if self.limit_hit:
            self.stop()
        fid = id(frame)
        if event == 'call':
            serial = self.serial.get(fid)
            if serial is None:
                serial = self.next_serial
                self.next_serial += 1
                self.serial[fid] = serial
            # depth: number of the program's frames below this one
            depth = 0
            back = frame.f_back
            while back is not None:
                bs = self.serial.get(id(back))
                if bs is not None and bs in self.depth:
                    depth = self.depth[bs] + 1
                    break
                back = back.f_back
            self.depth[serial] = depth
            if frame.f_code is self.code:
                return self.local_trace  # the module's own call event is not recorded
        else:
            serial = self.serial.get(fid)
            if serial is None:  # a frame whose call we missed (cannot happen with settrace from the start)
                return self.local_trace
        code = frame.f_code
        generator = bool(code.co_flags & _GENERATOR_FLAGS)
        record = {
            'event': event,
            'line': frame.f_lineno,
            'func': code.co_name,
            'depth': self.depth[serial],
            'frame': serial,
            'locals': self._locals(frame),
        }
        if generator:
            record['gen'] = True
        if event == 'return':
            record['retval'] = safe_repr(arg, self.repr_limit)
            if generator:
                self.keep[serial] = frame
            else:
                self.serial.pop(fid, None)
        elif event == 'exception':
            record['exception'] = exception_text(arg[0], arg[1], self.repr_limit)
            if generator and arg[0] is StopIteration and arg[2] is None:
                # an "internal StopIteration" (a `yield from` subgenerator finishing, on
                # 3.9 and 3.12+): pdb's `s` does not stop here, `n` / `r` may
                record['internal'] = True
        out = self.out
        if out.tell():
            record['out'] = out.getvalue()
            out.seek(0)
            out.truncate(0)
        self.events.append(record)
        if len(self.events) >= self.max_events:
            self.limit_hit = 'steps'
        elif self.deadline is not None and len(self.events) % 64 == 0 and time.monotonic() > self.deadline:
            self.limit_hit = 'time'
        if self.limit_hit:
            self.stop()
        return self.local_trace

    def stop(self):
        # CPython turns tracing off when the trace function raises, and a bare
        # `except:` in the program may swallow this Limit: keep interrupting the
        # program from SIGALRM every few milliseconds until it has ended.
        if self.use_alarm:
            signal.setitimer(signal.ITIMER_REAL, _RETRY)
        raise Limit(self.limit_hit)


_RETRY = 0.002
_active = None  # the recorder of the running trace_program, for the SIGALRM handler


def _on_alarm(signum, frame):
    rec = _active
    if rec is None:
        return
    if not rec.limit_hit:
        rec.limit_hit = 'time'
    signal.setitimer(signal.ITIMER_REAL, _RETRY)
    # raise only inside the program's own code, never in the tracer or the stdlib
    if frame is not None and frame.f_code.co_filename == rec.filename:
        raise Limit(rec.limit_hit)


class _Output(io.StringIO):
    def isatty(self):
        return False


def trace_program(
    source, stdin='', *, max_events=MAX_EVENTS, time_limit=TIME_LIMIT, repr_limit=REPR_LIMIT, filename=FILENAME
):
    """Run `source` as `__main__` and record its events.

    Returns {'events': [...], 'exit': {'kind': 'normal'|'error'|'never', 'exception',
    'reason', 'out'}}. Each event: {'event', 'line', 'func', 'depth', 'frame',
    'locals', ['retval'], ['exception'], ['out'], ['gen']}; see docs/format.md.
    'never' means a step or time limit was reached: the program is taken not to
    terminate. A program that does not compile is an error with no events.
    """
    exit_info = {'kind': 'normal', 'exception': None, 'reason': None}
    try:
        code = compile(source, filename, 'exec')
    except (SyntaxError, ValueError) as e:
        exit_info.update(kind='error', exception=exception_text(type(e), e, repr_limit), reason='compile')
        return {'events': [], 'exit': exit_info}

    out = _Output()
    saved = sys.stdin, sys.stdout, sys.stderr, sys.gettrace(), sys.getrecursionlimit()
    deadline = time.monotonic() + time_limit if time_limit else None
    recorder = _Recorder(code, out, max_events, repr_limit, deadline)
    global _active
    use_alarm = bool(time_limit) and hasattr(signal, 'setitimer')
    if use_alarm:
        try:
            old_handler = signal.signal(signal.SIGALRM, _on_alarm)
        except ValueError:  # not the main thread: the tracer's deadline checks only
            use_alarm = False
    recorder.use_alarm = use_alarm
    if use_alarm:
        _active = recorder
        signal.setitimer(signal.ITIMER_REAL, time_limit)
    globals_ = {'__name__': '__main__', '__builtins__': __builtins__, '__file__': filename}
    try:
        sys.stdin = io.StringIO(stdin)
        sys.stdout = out
        sys.stderr = io.StringIO()
        sys.settrace(recorder.global_trace)
        try:
            exec(code, globals_)
        finally:
            sys.settrace(saved[3])
    except Limit as e:
        exit_info.update(kind='never', reason=str(e.args[0]) if e.args else 'time')
    except SystemExit as e:
        if e.code not in (None, 0):
            exit_info.update(kind='error', exception=exception_text(SystemExit, e, repr_limit), reason='exit')
    except MemoryError as e:
        exit_info.update(kind='error', exception=exception_text(MemoryError, e, repr_limit), reason='memory')
    except BaseException as e:
        exit_info.update(kind='error', exception=exception_text(type(e), e, repr_limit), reason='exception')
    finally:
        if use_alarm:
            _active = None  # first: a pending SIGALRM now does nothing
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old_handler)
        sys.stdin, sys.stdout, sys.stderr = saved[0], saved[1], saved[2]
        sys.setrecursionlimit(saved[4])
    if recorder.limit_hit and exit_info['kind'] != 'never':
        # the program caught our Limit (a bare `except:`) and then failed or ended
        exit_info.update(kind='never', exception=None, reason=recorder.limit_hit)
    exit_info['out'] = out.getvalue()
    return {'events': recorder.events, 'exit': exit_info}


def trace_call(source, call, stdin='', **kw):
    """Trace a function call: `source` defines the function, `call` is an expression
    such as `f([1, 2], 3)`, evaluated at module level after the source."""
    return trace_program(source.rstrip('\n') + '\n' + call + '\n', stdin, **kw)


def ensure_hash_seed(module=None):
    """Re-execute the interpreter with PYTHONHASHSEED=0 unless it already is.
    `module`: the -m module name, for Pythons without sys.orig_argv (3.9)."""
    import os

    if os.environ.get('PYTHONHASHSEED') == '0':
        return
    os.environ['PYTHONHASHSEED'] = '0'
    argv = getattr(sys, 'orig_argv', None)
    if not argv:
        argv = [sys.executable] + (['-m', module] + sys.argv[1:] if module else sys.argv)
    os.execv(sys.executable, [sys.executable] + list(argv[1:]))


def main(argv=None):
    import argparse
    import json

    parser = argparse.ArgumentParser(
        prog='python -m ndbg.trace.tracer', description='Trace a Python program; print the trace as JSON.'
    )
    parser.add_argument('script')
    parser.add_argument('--stdin', default='', help='text given to the program on stdin')
    parser.add_argument('--max-events', type=int, default=MAX_EVENTS)
    parser.add_argument('--time-limit', type=float, default=TIME_LIMIT)
    args = parser.parse_args(argv)
    with open(args.script, encoding='utf-8') as f:
        source = f.read()
    result = trace_program(source, args.stdin, max_events=args.max_events, time_limit=args.time_limit)
    json.dump(result, sys.stdout, indent=1)
    sys.stdout.write('\n')


if __name__ == '__main__':
    ensure_hash_seed('ndbg.trace.tracer')
    main()
