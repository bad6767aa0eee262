"""Golden files under test/golden/ that pin the format and the tokenizer for the
TypeScript side. `NDBG_REGEN_GOLDEN=1 python -m pytest python/tests/test_format.py
python/tests/test_tokenizer.py` rewrites them; otherwise the tests compare."""

import json
import os
import random

from ndbg.trace import format as fmt
from ndbg.trace.tokenizer import Tokenizer
from ndbg.trace.tracer import trace_program
from ndbg.trace.tree import Trace, sample_trajectories, segment_states

from trace_programs import PROGRAMS

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
GOLDEN = os.path.join(ROOT, 'test', 'golden')
REGEN = os.environ.get('NDBG_REGEN_GOLDEN') == '1'
GOLDEN_WINDOW = 256

TOKENIZER_CASES = [
    '',
    'a',
    '0',
    '12345',
    'x=1',
    'def f(n):\n',
    '    return n + 1\n',
    '        if x:\n',
    "'hello world'",
    '[1, 2, 3]',
    "{'a': 1, 'b': [2.5, -3e-05]}",
    'tab\there',
    '  \n  \n',
    'caf\u00e9 \u00fc\u00f1\u00ee\u00e7\u00f8d\u00e9',
    '\u65e5\u672c\u8a9e',
    'emoji \U0001F600!',
    '<|end|>',
    '\\n \\t \\\\',
    'a  b   c    d',
    ' leading',
    'trailing ',
    '\x00\x01\x7f',
    '\r\n',
    '1 def f(n):\n2     return n\n3 print(f(4))\n',
    "name='ab' n=3",
    'ValueError: negative: -1',
]


def golden_path(*parts):
    return os.path.join(GOLDEN, *parts)


def corpus_texts():
    texts = []
    for name in sorted(PROGRAMS):
        src = PROGRAMS[name]
        t = trace_program(src)
        tr = Trace(t['events'], t['exit'])
        rng = random.Random(0)
        for first, steps in [segment_states(tr, s) for s in sample_trajectories(tr, rng, src)]:
            texts += [x for x in fmt.encode_context(src) if isinstance(x, str)]
            texts += [x for x in fmt.encode_state(first) if isinstance(x, str)]
            prev = first
            for a, arg, st in steps:
                texts += [x for x in fmt.encode_action(a, arg) + fmt.encode_state(st, prev, a) if isinstance(x, str)]
                prev = st
    return texts


def golden_tokenizer():
    """The small tokenizer the golden ids use (trained on the test programs; pinned)."""
    path = golden_path('tokenizer.json')
    if not os.path.exists(path):  # delete it to retrain (then regenerate all golden ids)
        tok = Tokenizer.train(corpus_texts(), 700)
        os.makedirs(GOLDEN, exist_ok=True)
        tok.save(path)
    return Tokenizer.load(path)


def check_or_write(path, data):
    # one entry per line: readable diffs, small files
    if isinstance(data, list):
        text = '[\n' + ',\n'.join(json.dumps(x, ensure_ascii=False) for x in data) + '\n]\n'
    else:
        text = (
            '{\n'
            + ',\n'.join('%s: %s' % (json.dumps(k), json.dumps(v, ensure_ascii=False)) for k, v in data.items())
            + '\n}\n'
        )
    if REGEN or not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        return
    with open(path, encoding='utf-8') as f:
        expected = f.read()
    assert json.loads(text) == json.loads(expected), 'golden file %s differs (NDBG_REGEN_GOLDEN=1 to rewrite)' % path
