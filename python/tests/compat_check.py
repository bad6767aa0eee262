"""Check the tracer, the actions (against this Python's pdb) and the format on any
python3 without pytest:  python3.X python/tests/compat_check.py"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..'))
sys.path.insert(0, HERE)

from ndbg.trace import format as fmt  # noqa: E402
from ndbg.trace.tracer import trace_program  # noqa: E402
from ndbg.trace.tree import Trace, code_lines, sample_trajectories, segment_states  # noqa: E402
from pdb_driver import pdb_stops  # noqa: E402
from trace_programs import PROGRAMS  # noqa: E402


def as_stop(trace, j):
    if j >= trace.n:
        return ('exit',)
    e = trace.events[j]
    return (e['event'], e['line'], e['func'], e['depth'], e['locals'])


def s_chain(tr):
    """The events pdb's `s` stops at, from the first: [0, ...] (internal events skipped)."""
    chain = [0] if tr.n else []
    while chain and tr.target(chain[-1], 'step_into') < tr.n:
        chain.append(tr.target(chain[-1], 'step_into'))
    return chain


def main():
    problems = []
    for name in sorted(PROGRAMS):
        src = PROGRAMS[name]
        r = trace_program(src)
        tr = Trace(r['events'], r['exit'])
        chain = s_chain(tr)
        stops = pdb_stops(src, ['s'] * (len(chain) + 2))
        want = [as_stop(tr, j) for j in chain] + [('exit',)]
        if stops[: len(want)] != want:
            k = next((k for k, (a, b) in enumerate(zip(stops, want)) if a != b), min(len(stops), len(want)))
            problems.append(
                '%s: s differs at %d: pdb %r, trace %r'
                % (name, k, stops[k] if k < len(stops) else None, want[k] if k < len(want) else None)
            )
            continue
        for action, cmd in (('step_over', 'n'), ('step_return', 'r'), ('continue', 'c')):
            for p, i in enumerate(chain):
                got = pdb_stops(src, ['s'] * p + [cmd])[p + 1]
                if got != as_stop(tr, tr.target(i, action)):
                    problems.append(
                        '%s: %s at %d: pdb %r, tree %r' % (name, action, i, got, as_stop(tr, tr.target(i, action)))
                    )
                    break
        for p in range(0, len(chain), 4):
            i = chain[p]
            for line in code_lines(src):
                got = pdb_stops(src, ['s'] * p + ['b %d' % line])[p + 1]
                if got != as_stop(tr, tr.target(i, 'breakpoint', line)):
                    problems.append('%s: breakpoint %d at %d: pdb %r' % (name, line, i, got))
        for seg in sample_trajectories(tr, random.Random(0), src):
            first, steps = segment_states(tr, seg)
            assert fmt.decode_state(fmt.encode_state(first)).key() == first.key()
            prev = first
            for a, arg, st in steps:
                assert fmt.decode_state(fmt.encode_state(st, prev, a), prev).key() == st.key()
                prev = st
    print('python %s: %d programs, %d problems' % (sys.version.split()[0], len(PROGRAMS), len(problems)))
    for p in problems:
        print('  ' + p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
