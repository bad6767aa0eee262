"""Test oracle for the neural engine: the true trace of a script and where every
debugger action leads from every state (ndbg.trace.tracer + ndbg.trace.tree: the semantics the
model is trained on). Tests use it as a perfect "model" to check that the neural
engine prints pdb's exact transcript for true frames. It RUNS the script: tests only.

    python3 test/neural/oracle.py SCRIPT  ->  JSON on stdout
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'python'))
from ndbg.trace.tracer import trace_program  # noqa: E402
from ndbg.trace.tree import Trace  # noqa: E402

ACTIONS = ('step_into', 'step_over', 'step_return', 'continue', 'inv_step_into', 'inv_step_over', 'inv_step_call')


def main():
    with open(sys.argv[1], encoding='utf-8') as f:
        source = f.read()
    result = trace_program(source)
    t = Trace(result['events'], result['exit'])
    lines = sorted({e['line'] for e in result['events']})
    targets = []
    for i in range(t.n):
        row = {a: t.target(i, a) for a in ACTIONS}
        row['breakpoint'] = {str(l): t.target(i, 'breakpoint', l) for l in lines}
        targets.append(row)
    json.dump(
        {'events': result['events'], 'exit': result['exit'], 'stack': [list(s) for s in t.stack], 'targets': targets},
        sys.stdout,
    )


if __name__ == '__main__':
    if os.environ.get('PYTHONHASHSEED') != '0':
        os.environ['PYTHONHASHSEED'] = '0'
        os.execv(sys.executable, [sys.executable] + sys.argv)
    main()
