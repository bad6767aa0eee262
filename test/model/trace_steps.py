"""For the computed-steps differential test: the real states of a program, traced by
CPython (ndbg.trace.tracer, the trace format's own tracer), and where `s` and `n` lead
from each (ndbg.trace.tree, pdb's rules). Prints JSON: {"states": [...], "steps":
[[i, action, j], ...]}; state i is event i, the exit last."""

import json
import sys

from ndbg.trace.format import state_from_event
from ndbg.trace.tracer import ensure_hash_seed, trace_program
from ndbg.trace.tree import Trace


def state_json(trace, i, stdout):
    s = state_from_event(trace, i, stdout)
    return {
        'event': s.event,
        'line': s.line,
        'func': s.func,
        'stack': list(s.stack),
        # format 1's view: an instance's attributes (dotted entries) left out
        'locals': {k: v for k, v in s.locals.items() if '.' not in k},
        'retval': s.retval,
        'exception': s.exception,
        'stdout': s.stdout,
        'exit': s.exit,
    }


def main():
    with open(sys.argv[1], encoding='utf-8') as f:
        source = f.read()
    r = trace_program(source)
    trace = Trace(r['events'], r['exit'])
    states = [state_json(trace, i, '') for i in range(trace.n + 1)]
    steps = []
    for i in range(trace.n):
        for action in ('step_into', 'step_over'):
            j = trace.target(i, action)
            if j is not None and j > i:
                steps.append([i, action, j, trace.output_between(i, j)])
    json.dump({'states': states, 'steps': steps}, sys.stdout)


if __name__ == '__main__':
    ensure_hash_seed()
    main()
