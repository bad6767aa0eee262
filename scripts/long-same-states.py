#!/usr/bin/env python3
"""The traces of a hand-written data set moved into the long versions of its programs,
so that the same states are measured short and long (a script of 300 lines or more
should debug about as well as the same code short).

    cd python && python -m ndbg.data build --programs-dir ../evalsets/handwritten --split-all test \\
        --tokenizer ../models/v7/tokenizer.json --out ../data/handwritten --workers 1
    python3 scripts/make-long-evalset.py && python3 scripts/long-same-states.py data/handwritten data/evalsets/handwritten-long data/handwritten-long-same
    node bin/ndbg.js eval traces --model models/v7 --data data/handwritten --split test --per-record 4 --constrain on
    node bin/ndbg.js eval traces --model models/v7 --data data/handwritten-long-same --split test --per-record 4 --constrain on

Each record of DATA (built from evalsets/handwritten) gets the source of the program of
the same name in LONG (scripts/make-long-evalset.py: the program whole and last, after
the imports and definitions of others) and every event's line moved down by the lines
in front of it. The debugger steps are the same steps, so `ndbg eval traces` picks the
same states, each with the long source around it. What the long file runs first (its
imports and `def` lines at the module level) is left out of the trace: those steps are
not the program's, and they bind only names a state hides. Standard library only.
"""

import gzip
import json
import os
import shutil
import sys


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    data, long_dir, out = argv
    src = os.path.join(data, 'test', 'traces-00000.jsonl.gz')
    with gzip.open(src, 'rt', encoding='utf-8') as f:
        records = [json.loads(line) for line in f]
    moved = []
    for r in records:
        name = os.path.basename(r['name'])
        with open(os.path.join(long_dir, name), encoding='utf-8') as f:
            long_source = f.read()
        if not long_source.endswith(r['source']):
            raise SystemExit(f'{name}: the long program does not end with the short one')
        shift = long_source[: -len(r['source'])].count('\n')
        for e in r['events']:
            if e.get('line') is not None:
                e['line'] += shift
        r['source'] = long_source
        r['name'] = os.path.join(long_dir, name)
        r['windows'] = 0  # no token windows: `ndbg eval traces` reads the records only
        moved.append(r)
    os.makedirs(os.path.join(out, 'test'), exist_ok=True)
    for f in ('meta.json', 'tokenizer.json'):
        shutil.copy(os.path.join(data, f), os.path.join(out, f))
    with gzip.open(os.path.join(out, 'test', 'traces-00000.jsonl.gz'), 'wt', encoding='utf-8') as f:
        for r in moved:
            f.write(json.dumps(r) + '\n')
    print(f'{len(moved)} records moved into {long_dir}: {out}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
