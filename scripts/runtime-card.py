#!/usr/bin/env python3
"""Markdown tables for a model card from `ndbg eval traces --out X.jsonl` summaries
(X.summary.json): exact next state per action for each (model, decoding) column, the
components, frame latency, and the reliability of value confidence.

    scripts/runtime-card.py "generated split" runs/eval/v2-corpus.summary.json runs/eval/v1-corpus.summary.json

Each summary is one model on one data set; the first one's reliability table is shown.
Standard library only."""

import json
import sys


def pct(a, b):
    return f'{100 * a / b:.1f}' if b else '-'


def table(title, summaries):
    cols = []
    for s in summaries:
        for mode in ('constrained', 'unconstrained'):
            if mode in s:
                cols.append((f'{s["model"]} {mode}', s[mode]))
    actions = sorted({a for _, t in cols for a in t['byAction']})
    out = [
        f'### {title}',
        '',
        f'`{summaries[0]["data"]}`, split `{summaries[0]["split"]}`, '
        f'{summaries[0]["perRecord"] or "all"} states per program.',
        '',
    ]
    out.append('| action | n | ' + ' | '.join(c for c, _ in cols) + ' |')
    out.append('|---|---:|' + '---:|' * len(cols))
    for a in actions:
        n = cols[0][1]['byAction'].get(a, {}).get('n', 0)
        out.append(
            f'| {a} | {n} | '
            + ' | '.join(
                pct(t['byAction'].get(a, {}).get('exact', 0), t['byAction'].get(a, {}).get('n', 0)) for _, t in cols
            )
            + ' |'
        )
    out.append(
        f'| all | {cols[0][1]["examples"]} | ' + ' | '.join(pct(t['exact'], t['examples']) for _, t in cols) + ' |'
    )
    out += ['', '| component | ' + ' | '.join(c for c, _ in cols) + ' |', '|---|' + '---:|' * len(cols)]
    for c in cols[0][1]['components']:  # the eval's own component names, in its order
        out.append(f'| {c} | ' + ' | '.join(pct(t['components'][c], t['examples']) for _, t in cols) + ' |')
    out.append('| median ms per frame | ' + ' | '.join(f'{t["medianMs"]:.0f}' for _, t in cols) + ' |')
    out.append('| value confidence ECE (%) | ' + ' | '.join(f'{100 * t["ece"]:.1f}' for _, t in cols) + ' |')
    name, t = cols[0]
    out += [
        '',
        f'Reliability of per-value confidence, {name}:',
        '',
        '| confidence | values | mean confidence | right |',
        '|---|---:|---:|---:|',
    ]
    for k, b in enumerate(t['calibration']):
        if b['n']:
            out.append(
                f'| {k / 10:.1f}-{(k + 1) / 10:.1f} | {b["n"]} | {pct(b["confSum"], b["n"])} | {pct(b["correct"], b["n"])} |'
            )
    return '\n'.join(out) + '\n'


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    title, paths = argv[0], argv[1:]
    summaries = []
    for p in paths:
        with open(p) as f:
            summaries.append(json.load(f))
    sys.stdout.write(table(title, summaries))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
