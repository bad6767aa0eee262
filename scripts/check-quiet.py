#!/usr/bin/env python3
"""Soundness of cfg.py's quiet lines against traced programs: the event after a line event at
a quiet line never carries output. Usage: scripts/check-quiet.py DATA_DIR [SHARDS] (a built
dataset: DIR/<split>/traces-*.jsonl.gz). Prints the counts docs/constraints.md quotes."""
import ast, glob, gzip, json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'python'))
from ndbg.analysis.quiet import quiet_lines

progs = steps = quiet_steps = bad = outs = 0
with_quiet = 0
for path in sorted(glob.glob(sys.argv[1] + '/*/traces-*.jsonl.gz'))[: int(sys.argv[2]) if len(sys.argv) > 2 else None]:
    with gzip.open(path, 'rt') as f:
        for l in f:
            r = json.loads(l)
            try:
                q = set(quiet_lines(ast.parse(r['source'])))
            except SyntaxError:
                continue
            progs += 1
            with_quiet += bool(q)
            ev = r['events']
            for a, b in zip(ev, ev[1:] + [None]):
                if a['event'] != 'line':
                    continue
                steps += 1
                out = (b or {}).get('out', '') if b is not None else r['exit'].get('out', '')
                if out:
                    outs += 1
                if a['line'] in q and a['func'] is not None:
                    quiet_steps += 1
                    if out:
                        bad += 1
                        if bad <= 5:
                            print('UNSOUND', r['id'], 'line', a['line'], repr(out[:60]))
                            print('\n'.join('%3d %s' % (i + 1, t) for i, t in enumerate(r['source'].split('\n'))))
print(
    f'programs {progs} (with a quiet line: {with_quiet}); line steps {steps}, with output {outs}; at quiet lines {quiet_steps}, with output {bad}'
)
