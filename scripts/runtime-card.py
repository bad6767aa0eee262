#!/usr/bin/env python3
"""What a model's card and its users are told of how often it is right, from
`ndbg eval traces --out X.jsonl` summaries (X.summary.json).

Card tables: exact next state per action for each (model, decoding) column, the
components, frame latency, and the reliability of value confidence.

    scripts/runtime-card.py "generated split" runs/eval/v2-corpus.summary.json runs/eval/v1-corpus.summary.json

Each summary is one model on one data set; the first one's reliability table is shown.

The figure users see (the neural engine's notice, the TUI's status bar, `--json`'s
`engine` event, DAP, MCP): exact next state on the programs people wrote
(evalsets/handwritten, evalsets/long, evalsets/classes), written to MODEL_DIR/measured.json:

    scripts/runtime-card.py measured models/v8          # runs the evaluations it lacks
    scripts/runtime-card.py measured models/v8 --run    # runs them all again

It reads MODEL_DIR/runtime/NAME-hand, NAME-long and NAME-classes.summary.json, and runs
`node bin/ndbg.js eval traces` for those that are missing (needs `npm run build`).
Standard library only."""

import datetime
import json
import os
import subprocess
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


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The sets of programs people wrote that the figure users see is measured on:
# (evalsets/ directory, summary file suffix, states per program).
MEASURED_SETS = (('handwritten', 'hand', 4), ('long', 'long', 16), ('classes', 'classes', 4))


def git(*args):
    r = subprocess.run(['git', '-C', ROOT, *args], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else ''


def programs_of(name):
    """The evaluation set's programs: how many, and their shortest and longest line counts."""
    d = os.path.join(ROOT, 'evalsets', name)
    sizes = []
    for f in sorted(os.listdir(d)):
        if f.endswith('.py'):
            with open(os.path.join(d, f)) as fh:
                sizes.append(sum(1 for _ in fh))
    return len(sizes), [min(sizes), max(sizes)]


def run_eval(model_dir, name, per_record, out):
    cmd = ['node', os.path.join(ROOT, 'bin', 'ndbg.js'), 'eval', 'traces', '--constrain', 'on', '--quiet']
    cmd += ['--model', model_dir, '--set', name, '--per-record', str(per_record), '--out', out]
    print('$ ' + ' '.join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, stdout=sys.stderr)
    os.remove(out)  # the per-state lines; the summary beside it is what is kept


def measured(model_dir, rerun):
    """Writes MODEL_DIR/measured.json from the runtime summaries, running the evaluations it lacks."""
    model_dir = os.path.abspath(model_dir)
    model = os.path.basename(model_dir)
    runtime = os.path.join(model_dir, 'runtime')
    os.makedirs(runtime, exist_ok=True)
    sets = []
    for name, suffix, per_record in MEASURED_SETS:
        summary = os.path.join(runtime, f'{model}-{suffix}.summary.json')
        when = None
        if rerun or not os.path.exists(summary):
            run_eval(model_dir, name, per_record, os.path.join(runtime, f'{model}-{suffix}.jsonl'))
            when = (
                datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
                git('rev-parse', '--short', 'HEAD'),
            )
        else:
            # measured earlier: the date and commit that brought the summary in
            logged = git('log', '-1', '--format=%as %h', '--', summary).split()
            when = tuple(logged) if len(logged) == 2 else (None, None)
        with open(summary) as f:
            s = json.load(f)
        c = s['constrained']
        programs, lines = programs_of(name)
        sets.append(
            {
                'set': f'evalsets/{name}',
                'programs': programs,
                'lines': lines,
                'perRecord': s['perRecord'],
                'states': c['examples'],
                'exact': c['exact'],
                'byAction': c['byAction'],
                'summary': os.path.relpath(summary, model_dir),
                'date': when[0],
                'commit': when[1],
            }
        )
    dates = sorted(x['date'] for x in sets if x['date'])
    out = {
        'what': 'next states predicted exactly by what ndbg runs (constrained decoding, computed steps) '
        'on programs people wrote, never on generated ones',
        'model': model,
        'programs': sum(x['programs'] for x in sets),
        'states': sum(x['states'] for x in sets),
        'exact': sum(x['exact'] for x in sets),
        'date': (dates[0] if dates[0] == dates[-1] else f'{dates[0]} to {dates[-1]}') if dates else None,
        'sets': sets,
        'command': f'scripts/runtime-card.py measured {os.path.relpath(model_dir, ROOT)}',
    }
    path = os.path.join(model_dir, 'measured.json')
    with open(path, 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')
    print(f'{path}: {pct(out["exact"], out["states"])}% of {out["states"]} states of {out["programs"]} programs')
    return 0


def main(argv):
    if argv and argv[0] == 'measured':
        rest = [a for a in argv[1:] if a != '--run']
        if len(rest) != 1:
            print(__doc__, file=sys.stderr)
            return 2
        return measured(rest[0], '--run' in argv[1:])
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
