from dataclasses import dataclass, field

import torch

from ndbg.evaluate import Successors, baseline_states, greedy_decode, markdown, score
from ndbg.model import CONFIGS, GPT, ModelConfig


@dataclass
class State:                         # the fields ndbg.examples' State has
    event: str = 'line'
    line: int = 1
    func: str = 'f'
    depth: int = 1
    locals: dict = field(default_factory=dict)
    retval: str = None
    exception: str = None
    stdout: str = ''


SOURCE = '''def f(n):
    total = 0
    for i in range(n):
        total += i
    if total > 3:
        print(total)
    return total

f(4)
'''


def test_known_prediction_scores_right_and_wrong_one_wrong():
    before = State(line=4, locals={'n': '4', 'total': '0', 'i': '1'})
    after = State(line=3, locals={'n': '4', 'total': '1', 'i': '1'})
    ex = dict(action='step_over', before=before, after=after, source=SOURCE)
    wrong = State(line=3, locals={'n': '4', 'total': '2', 'i': '1'})
    right = score([ex], [after])['model']
    assert right['step_over']['exact'] == 100.0 and right['all']['changed_acc'] == 100.0
    bad = score([ex], [wrong])['model']['step_over']
    assert bad['exact'] == 0.0 and bad['line'] == 100.0 and bad['event'] == 100.0 and bad['locals'] == 0.0
    assert bad['changed_vars'] == 1 and bad['changed_right'] == 0
    assert score([ex], [None])['model']['all']['exact'] == 0.0      # unparsable
    res = score([ex, ex], [after, wrong])
    assert res['model']['all']['exact'] == 50.0 and res['model']['all']['n'] == 2
    # the loop body's only successor is the loop header: right line, locals unchanged
    assert res['cfg_successor']['all']['line'] == 100.0 and res['cfg_successor']['all']['exact'] == 0.0
    assert res['next_line']['all']['line'] == 0.0 and res['repeat']['all']['changed_right'] == 0
    assert 'step_over' in markdown(dict(scores=res))


def test_control_flow_successors():
    s = Successors(SOURCE)
    assert s.unique('line', 2) == ('line', 3)          # total = 0 -> for header
    assert s.unique('line', 3) is None                  # loop header: two ways
    assert s.unique('line', 4) == ('line', 3)           # end of loop body -> header
    assert s.unique('line', 6) == ('line', 7)           # end of if body -> after the if
    assert s.unique('line', 7) == ('return', 7)
    assert s.unique('call', 1) == ('line', 2)           # call event on the def line
    assert s.unique('line', 5) is None
    before = State(line=2, locals={'n': '4'})
    b = baseline_states(before, s)
    assert b['cfg_successor'].line == 3 and b['next_line'].line == 3 and b['repeat'] is before


def naive_greedy(model, prompt, stop, max_new):
    ids = list(prompt)
    out = []
    for _ in range(max_new):
        logits, _ = model(torch.tensor([ids]))
        t = int(logits[0, -1].argmax())
        out.append(t)
        ids.append(t)
        if t in stop:
            break
    return out


def test_batched_cached_greedy_equals_naive():
    torch.manual_seed(0)
    model = GPT(ModelConfig(vocab_size=50, **CONFIGS['tiny'])).eval()
    g = torch.Generator().manual_seed(1)
    prompts = [torch.randint(0, 50, (n,), generator=g).tolist() for n in (3, 9, 5, 12, 1)]
    stop = {7, 11}
    got = greedy_decode(model, prompts, stop, max_new=10, batch_size=3)
    with torch.no_grad():
        want = [naive_greedy(model, p, stop, 10) for p in prompts]
    assert got == want
