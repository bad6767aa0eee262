"""Write test/model/fixtures/prompts.json: examples.build_prompt on the golden programs'
trajectories at several window sizes, for the TypeScript mirror (test/model/prompt.test.ts).

    /usr/bin/python3 test/model/gen_prompts.py
"""
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
sys.path.insert(0, os.path.join(ROOT, 'python'))

from ndbg.trace import examples as E  # noqa: E402
from ndbg.trace.format import State  # noqa: E402
from ndbg.trace.tokenizer import Tokenizer  # noqa: E402


def to_state(d):
    return State(
        d['event'],
        d['line'],
        d['func'],
        d['depth'],
        tuple(d['stack']),
        dict(d['locals']),
        d['retval'],
        d['exception'],
        d['stdout'],
        d['exit'],
    )


class _WholeContext:
    """format.ts buildPrompt packs the whole context (the predictor selects lines on
    its own, pinned by test/golden/context/): so do these cases."""

    def __init__(self, tokenizer, source, stdin, **kw):
        self.whole = E.encode_context(tokenizer, source, stdin)

    def ids(self, state):
        return self.whole


def main():
    E.ContextSelector = _WholeContext
    tok = Tokenizer.load(os.path.join(ROOT, 'test', 'golden', 'tokenizer.json'))
    cases = []
    for path in sorted(glob.glob(os.path.join(ROOT, 'test', 'golden', 'format', '*.json'))):
        g = json.load(open(path, encoding='utf-8'))
        for si, seg in enumerate(g['segments'][:2]):
            first = to_state(seg['initial']['state'])
            steps = [(x['action'], x['arg'], to_state(x['state'])) for x in seg['steps']]
            for k in range(0, len(steps), 4):
                for window, room in ((1024, 256), (200, 32)):
                    action, arg = ('breakpoint', 3) if k % 2 else ('step_over', None)
                    ids = E.build_prompt(
                        tok, g['source'], g['stdin'], first, steps[:k], action, arg, window=window, room=room
                    )
                    cases.append(
                        dict(
                            program=os.path.basename(path),
                            segment=si,
                            steps=k,
                            action=action,
                            arg=arg,
                            window=window,
                            room=room,
                            ids=ids,
                        )
                    )
    out = os.path.join(HERE, 'fixtures', 'prompts.json')
    with open(out, 'w') as f:
        f.write('[\n' + ',\n'.join(json.dumps(c) for c in cases) + '\n]\n')
    print('wrote %d cases to %s' % (len(cases), out))


if __name__ == '__main__':
    main()
