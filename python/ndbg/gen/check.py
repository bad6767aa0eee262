"""Run a generated program in-process with a bound on executed lines.

For the generator's own tests and its CLI. The real tracer lives elsewhere;
this only answers: does the program end, how, and after how many lines.
"""

import builtins
import io
import sys
import time


class StepLimit(BaseException):
    """Raised from the trace function; a BaseException so `except Exception` can't eat it."""


def run_program(source, stdin='', max_steps=20000, max_seconds=2.0, filename='<gen>'):
    """Execute source as __main__. Returns a dict:

    status: 'ok' | 'error' | 'limit'; exc: exception type name or None;
    steps: line events in the program's own frames; stdout: what it printed;
    calls: call events (frames entered, the module's own included); depth: deepest call stack.
    """
    code = compile(source, filename, 'exec')
    counts = {'steps': 0, 'calls': 0, 'depth': 0, 'maxdepth': 0}
    deadline = time.perf_counter() + max_seconds

    def local(frame, event, arg):
        if event == 'line':
            counts['steps'] += 1
            if counts['steps'] > max_steps or (counts['steps'] & 1023) == 0 and time.perf_counter() > deadline:
                raise StepLimit()
        elif event == 'return':
            counts['depth'] -= 1
        return local

    def glob(frame, event, arg):
        if frame.f_code.co_filename != filename:
            return None
        counts['calls'] += 1
        counts['depth'] += 1
        if counts['depth'] > counts['maxdepth']:
            counts['maxdepth'] = counts['depth']
        return local

    out = io.StringIO()
    old_in, old_out = sys.stdin, sys.stdout
    ns = {'__name__': '__main__', '__builtins__': builtins}
    status, exc = 'ok', None
    sys.stdin, sys.stdout = io.StringIO(stdin), out
    sys.settrace(glob)
    try:
        exec(code, ns)
    except StepLimit:
        status = 'limit'
    except Exception as e:  # the program's own uncaught exception
        status, exc = 'error', type(e).__name__
    finally:
        sys.settrace(None)
        sys.stdin, sys.stdout = old_in, old_out
    return {
        'status': status,
        'exc': exc,
        'steps': counts['steps'],
        'stdout': out.getvalue(),
        'calls': counts['calls'],
        'depth': counts['maxdepth'],
    }


def ends_normally(source, max_steps, max_seconds=0.5):
    """Whether source compiles and runs to a normal end within max_steps lines: the
    test a generated shape passes before it is kept."""
    try:
        return run_program(source, max_steps=max_steps, max_seconds=max_seconds)['status'] == 'ok'
    except SyntaxError:
        return False
