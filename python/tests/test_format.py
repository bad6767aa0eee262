import dataclasses
import random

import pytest

from ndbg.trace import examples as E
from ndbg.trace import format as fmt
from ndbg.trace.format import State
from ndbg.trace.tracer import trace_program
from ndbg.trace.tree import Trace, sample_trajectories, segment_states

from golden import GOLDEN_WINDOW, check_or_write, golden_path, golden_tokenizer
from trace_programs import PROGRAMS


@pytest.fixture(scope='module')
def tok():
    return golden_tokenizer()


def program_states(name, seed=0):
    src = PROGRAMS[name]
    t = trace_program(src)
    tr = Trace(t['events'], t['exit'])
    segs = sample_trajectories(tr, random.Random(seed), src)
    return src, tr, segs, [segment_states(tr, s) for s in segs]


def test_numbered_context():
    assert fmt.number_lines('a = 1\n\nb = 2\n') == '1 a = 1\n2 \n3 b = 2\n'
    assert fmt.number_lines('x') == '1 x\n'
    items = fmt.encode_context('x = 1\n', 'in\n')
    assert fmt.render(items) == '<|bos|><|code|>1 x = 1\n<|stdin|>in\n'


def test_state_texts():
    st = State('line', 7, 'f', 1, (12,), {'a': '1', 'b': "'x=y'"}, stdout='hi\n')
    assert fmt.render(fmt.encode_state(st)) == "<|line|>7<|frame|>f 12<|var|>a=1<|var|>b='x=y'<|out|>hi\n<|end|>"
    nxt = State('line', 8, 'f', 1, (12,), {'a': '2', 'c': '[]'})
    assert fmt.render(fmt.encode_state(nxt, st, 'step_over')) == '<|line|>8<|var|>a=2<|var|>c=[]<|del|>b<|end|>'
    # a jump is complete even within the frame
    assert '<|frame|>' in fmt.render(fmt.encode_state(nxt, st, 'breakpoint'))
    ret = State('return', 9, 'f', 1, (12,), {'a': '2'}, retval='None')
    assert fmt.render(fmt.encode_state(ret, nxt, 'step_into')) == '<|return|>9<|del|>c<|retval|>None<|end|>'
    assert (
        fmt.render(fmt.encode_state(ret, nxt, 'step_return'))
        == '<|return|>9<|frame|>f 12<|var|>a=2<|retval|>None<|end|>'
    )
    ex = State('exit', exception='ValueError: x', exit='error', stdout='partial')
    assert fmt.render(fmt.encode_state(ex, ret, 'continue')) == '<|exit|>error<|exc|>ValueError: x<|out|>partial<|end|>'
    top = State('line', 1, '<module>', 0, (), {})
    assert fmt.render(fmt.encode_state(top)) == '<|line|>1<|frame|><module><|end|>'
    assert fmt.render(fmt.encode_action('breakpoint', 12)) == '<|breakpoint|>12'
    assert fmt.render(fmt.encode_action('inv_step_call')) == '<|inv_step_call|>'


def test_round_trip_all_programs():
    n = 0
    for name in sorted(PROGRAMS):
        for seed in range(5):
            _, _, _, states = program_states(name, seed)
            for first, steps in states:
                assert fmt.decode_state(fmt.encode_state(first)).key() == first.key()
                prev = first
                for action, arg, st in steps:
                    items = fmt.encode_state(st, prev, action)
                    assert fmt.decode_state(items, prev).key() == st.key()
                    # and through text rendering + tokens
                    prev = st
                    n += 1
    assert n > 1000


def test_round_trip_through_tokens(tok):
    for name in sorted(PROGRAMS):
        _, _, _, states = program_states(name)
        for first, steps in states:
            prev = first
            for action, arg, st in steps:
                ids = E.encode_state(tok, st, prev, action)
                got = E.decode_state(tok, ids, prev)
                assert got is not None and E.compare(got, st)['exact'], (st, got)
                prev = st


def test_weird_values_round_trip():
    before = State('line', 3, 'f', 2, (5, 9), {'s': "'a=b'"})
    weird = State(
        'line',
        4,
        'f',
        2,
        (5, 9),
        {'s': "'<|end|>'", 'u': "'\u00e9\\n'", 'e': "''", 'x': 'a' * 100 + '...'},
        stdout='<|var|>x=1\n\t',
    )
    for action in ('step_into', 'breakpoint'):
        assert fmt.decode_state(fmt.encode_state(weird, before, action), before).key() == weird.key()


@pytest.mark.parametrize(
    'bad',
    [
        [fmt.SPECIAL_ID['line'], '7'],  # no end
        [fmt.SPECIAL_ID['line'], 'x', fmt.END],  # bad line
        [fmt.SPECIAL_ID['step_into'], fmt.END],  # not an event
        [fmt.SPECIAL_ID['line'], '7', fmt.SPECIAL_ID['var'], 'noequals', fmt.END],
        [fmt.SPECIAL_ID['line'], '7', fmt.SPECIAL_ID['del'], 'missing', fmt.END],
        [fmt.SPECIAL_ID['return'], '7', fmt.SPECIAL_ID['frame'], 'f', fmt.END],  # return without retval
        [fmt.SPECIAL_ID['exit'], 'maybe', fmt.END],
        [fmt.SPECIAL_ID['line'], '7', fmt.SPECIAL_ID['frame'], 'f x', fmt.END],
    ],
)
def test_malformed(bad):
    before = State('line', 6, 'f', 0, (), {'a': '1'})
    with pytest.raises(fmt.Malformed):
        fmt.decode_state(bad, before)


def test_decode_state_ignores_after_end_and_returns_none(tok):
    st = State('line', 2, 'f', 1, (4,), {'a': '1'})
    ids = E.encode_state(tok, st) + [fmt.BOS, 999]
    assert E.decode_state(tok, ids).key() == st.key()
    assert E.decode_state(tok, [fmt.SPECIAL_ID['line']]) is None


def test_windows_layout(tok):
    src, tr, segs, states = program_states('exceptions')
    ctx = fmt.encode_context(src)
    wins = fmt.build_windows(tok, ctx, states, GOLDEN_WINDOW)
    ctx_ids = tok.encode_items(ctx)
    assert len(wins) > 1
    for w in wins:
        assert len(w.ids) == len(w.mask) <= GOLDEN_WINDOW
        assert w.ids[: len(ctx_ids)] == ctx_ids
        assert not any(w.mask[: len(ctx_ids)])
        # every target token is a state token right after an action
        for si, k, a0, s0, s1 in w.steps:
            assert w.ids[a0] in [fmt.SPECIAL_ID[a] for a in fmt.ACTIONS]
            assert all(w.mask[s0:s1]) and not any(w.mask[a0:s0]) and w.ids[s1 - 1] == fmt.END
    # at the training window, most tokens are targets
    wins = fmt.build_windows(tok, ctx, states, 1024)
    total = sum(len(w.ids) for w in wins)
    targets = sum(sum(w.mask) for w in wins)
    assert targets / total > 0.5
    # every step appears whole in some window
    seen = {(si, k) for w in wins for si, k, *_ in w.steps}
    assert seen == {(si, k) for si, (_, steps) in enumerate(states) for k in range(len(steps))}


def test_build_prompt_matches_windows(tok):
    src, tr, segs, states = program_states('calls_gen_exc')
    first, steps = states[0]
    for k in range(1, min(len(steps), 6)):
        action, arg, st = steps[k]
        prompt = E.build_prompt(tok, src, '', first, steps[:k], action, arg, window=4096)
        wins = fmt.build_windows(tok, fmt.encode_context(src), [(first, steps)], 4096)
        ((si, kk, a0, s0, s1),) = [x for x in wins[0].steps if x[1] == k]
        assert prompt == wins[0].ids[:s0]


def state_json(st):
    d = dataclasses.asdict(st)
    d['stack'] = list(d['stack'])
    return d


def golden_segments(name, tr, sampled):
    """The trajectories of the golden file (so that changes to sampling do not
    change it); sampled ones when it is being written."""
    import json
    import os
    from golden import REGEN

    path = golden_path('format', name + '.json')
    if REGEN or not os.path.exists(path):
        return sampled[:3]  # keeps the files small
    with open(path, encoding='utf-8') as f:
        data = json.load(f)
    segs = []
    for seg in data['segments']:
        steps = [(st['action'], st['arg'], st['target']) for st in seg['steps']]
        i = seg['start']
        for action, arg, j in steps:  # the actions still lead where they did
            assert tr.target(i, action, arg) == j, (name, i, action, arg)
            i = j
        segs.append({'start': seg['start'], 'policy': seg['policy'], 'steps': steps})
    return segs


@pytest.mark.parametrize('name', sorted(PROGRAMS))
def test_golden_format(tok, name):
    src, tr, segs, _ = program_states(name)
    segs = golden_segments(name, tr, segs)
    states = [segment_states(tr, s) for s in segs]
    ctx = fmt.encode_context(src)
    data = {
        'name': name,
        'source': src,
        'stdin': '',
        'window': GOLDEN_WINDOW,
        'context': {'text': fmt.render(ctx), 'ids': tok.encode_items(ctx)},
        'segments': [],
    }
    for seg, (first, steps) in zip(segs, states):
        items = fmt.encode_state(first)
        entry = {
            'start': seg['start'],
            'policy': seg['policy'],
            'initial': {'state': state_json(first), 'text': fmt.render(items), 'ids': tok.encode_items(items)},
            'steps': [],
        }
        prev = first
        for (action, arg, st), (_, _, j) in zip(steps, seg['steps']):
            a = fmt.encode_action(action, arg)
            s = fmt.encode_state(st, prev, action)
            entry['steps'].append(
                {
                    'action': action,
                    'arg': arg,
                    'target': j,
                    'diff': fmt.is_diff(action, prev, st),
                    'state': state_json(st),
                    'text': fmt.render(a + s),
                    'ids': tok.encode_items(a + s),
                }
            )
            prev = st
        data['segments'].append(entry)
    wins = fmt.build_windows(tok, ctx, states, GOLDEN_WINDOW)
    data['windows'] = [{'ids': w.ids, 'mask': w.mask} for w in wins]
    check_or_write(golden_path('format', name + '.json'), data)


def test_golden_constants():
    """The numbers both implementations must agree on (src/model/format/format.ts reads
    the same file in test/model/golden.test.ts)."""
    from ndbg.bridge import shown
    from ndbg.trace.tracer import REPR_LIMIT, REPR_MARKER

    assert fmt.FORMAT_VERSION == 2
    check_or_write(
        golden_path('constants.json'),
        {
            'format_version': fmt.FORMAT_VERSION,
            'repr_limit': REPR_LIMIT,
            'repr_marker': REPR_MARKER,
            'attr_depth': shown.ATTR_DEPTH,
            'attr_limit': shown.ATTR_LIMIT,
        },
    )


def test_objects_program_has_dotted_entries_in_place():
    _, tr, _, _ = program_states('objects')
    last = tr.events[-1]['locals']
    assert list(last) == [
        'cart',
        'cart.items',
        'cart.last',
        'cart.last.name',
        'cart.last.qty',
    ]
    add = [e['locals'] for e in tr.events if e['func'] == 'add' and e['event'] == 'return'][-1]
    assert list(add)[:4] == ['self', 'self.owner', 'self.items', 'self.last'] and add['self.last.name'] == "'ink'"
