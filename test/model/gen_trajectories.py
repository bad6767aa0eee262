"""Trajectories of real executions, for checking the runtime's constraints against
reality (test/model/soundness.test.ts): the test programs of python/tests plus
programs of the generator, traced and sampled exactly as the dataset builder does.

    /usr/bin/python3 test/model/gen_trajectories.py --programs 40 --out FILE.json

Output: [{"name", "source", "stdin", "cfg", "segments": [{"initial": {"state": STATE},
"steps": [{"action", "arg", "state"}]}]}], states as docs/format.md's State, cfg as
`python -m ndbg.analysis.cfg --target 3.11` prints it.
"""
import argparse
import dataclasses
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
sys.path.insert(0, os.path.join(ROOT, 'python'))
sys.path.insert(0, os.path.join(ROOT, 'python', 'tests'))

from ndbg.analysis.cfg import analyze  # noqa: E402
from ndbg.trace.tracer import trace_program  # noqa: E402
from ndbg.trace.tree import Trace, sample_trajectories, segment_states  # noqa: E402


def state_json(s):
    d = dataclasses.asdict(s)
    d['stack'] = list(d['stack'])
    d.pop('depth', None)
    return d


def record(name, source, stdin, rng):
    t = trace_program(source, stdin)
    tr = Trace(t['events'], t['exit'])
    segs = []
    for seg in sample_trajectories(tr, rng, source, max_steps=96):
        first, steps = segment_states(tr, seg)
        segs.append(
            {
                'initial': {'state': state_json(first)},
                'steps': [{'action': a, 'arg': arg, 'state': state_json(st)} for a, arg, st in steps],
            }
        )
    try:
        cfg = analyze(source, '3.11')
    except SyntaxError as e:
        cfg = {'error': 'SyntaxError: %s' % e}
    return {'name': name, 'source': source, 'stdin': stdin, 'segments': segs, 'cfg': cfg}


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--programs', type=int, default=40)
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--out', required=True)
    a = p.parse_args()
    rng = random.Random(a.seed)
    out = []
    try:
        from trace_programs import PROGRAMS
    except ImportError:
        PROGRAMS = {}
    for name in sorted(PROGRAMS):
        out.append(record(name, PROGRAMS[name], '', rng))
    try:
        from ndbg.gen.generator import generate
    except ImportError:
        generate = None
    if generate:
        for k in range(a.programs):
            seed = a.seed * 1000003 + k
            try:
                prog = generate(random.Random(seed))
            except Exception as e:  # the generator's own bug: not what this checks
                print('generator failed on seed %d: %r' % (seed, e), file=sys.stderr)
                continue
            out.append(record('generated-%d' % k, prog.source, getattr(prog, 'stdin', '') or '', rng))
    tmp = a.out + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        json.dump(out, f)
    os.replace(tmp, a.out)


if __name__ == '__main__':
    main()
