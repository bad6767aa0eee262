#!/usr/bin/env python3
"""How often `c` to a breakpoint stops exactly where and as the real run does, on
the neural engine: for each program of a directory, three breakpoints (a third and
two thirds through its statements, and its last one), each in a session of its own
(`b L`, `c` under `--verify --json`), the stop's `verify.exact` counted.

    python3 scripts/verify-continue.py DIR [step|rollout]

`step` (the default jump) or `rollout` (`--jump rollout`). The programs run (that is
what --verify compares with): use it on code you trust. docs/accuracy.md has the figures.
"""
import json
import os
import subprocess
import sys

NDBG = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'bin', 'ndbg.js')

d = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else 'step'
tot = ok = 0
for f in sorted(os.listdir(d)):
    if not f.endswith('.py'):
        continue
    path = os.path.join(d, f)
    lines = open(path).read().split('\n')
    # breakpoints: lines inside functions (indented statements) spread over the file, and the last top-level line
    cand = [
        i + 1
        for i, l in enumerate(lines)
        if l.strip()
        and not l.strip().startswith(
            ('#', 'def ', 'class ', '@', '"""', "'''", 'else', 'elif', 'except', 'finally', 'try', ')', ']', '}')
        )
    ]
    if not cand:
        continue
    picks = sorted(set([cand[len(cand) // 3], cand[2 * len(cand) // 3], cand[-1]]))
    for L in picks:
        cmds = f'b {L}\nc\nq\n'
        args = ['node', NDBG, '--verify', '--json'] + (['--jump', 'rollout'] if mode == 'rollout' else []) + [path]
        try:
            out = subprocess.run(args, input=cmds, capture_output=True, text=True, timeout=60).stdout
        except subprocess.TimeoutExpired:
            continue
        stops = [json.loads(x) for x in out.split('\n') if x.startswith('{') and '"stop"' in x]
        if len(stops) < 2:
            continue
        v = stops[1].get('verify', {})
        if 'exact' not in v:
            continue
        tot += 1
        ok += bool(v['exact'])
print(mode, d, f'{ok}/{tot}', f'{100*ok/max(tot,1):.1f}%')
