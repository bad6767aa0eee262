import torch

from ndbg.learn.evaluate import Successors, baseline_states, decode_examples, greedy_decode, markdown, score
from ndbg.trace.format import State
from ndbg.learn.model import CONFIGS, GPT, ModelConfig

SOURCE = '''def f(n):
    total = 0
    for i in range(n):
        total += i
    if total > 3:
        print(total)
    return total

f(4)
'''


def st(line, **local):
    return State('line', line, 'f', 1, (9,), dict(local))


def test_known_prediction_scores_right_and_wrong_one_wrong():
    before = st(4, n='4', total='0', i='1')
    after = st(3, n='4', total='1', i='1')
    ex = dict(action='step_over', before=before, after=after, source=SOURCE)
    wrong = st(3, n='4', total='2', i='1')
    right = score([ex], [after])['model']
    assert right['step_over']['exact'] == 100.0 and right['all']['changed_acc'] == 100.0
    assert right['all']['changed_state_exact'] == 100.0
    bad = score([ex], [wrong])['model']['step_over']
    assert bad['exact'] == 0.0 and bad['line'] == 100.0 and bad['event'] == 100.0 and bad['locals'] == 0.0
    assert bad['changed_vars'] == 1 and bad['changed_right'] == 0 and bad['changed_state_exact'] == 0.0
    assert score([ex], [None])['model']['all']['exact'] == 0.0  # unparsable
    res = score([ex, ex], [after, wrong])
    assert res['model']['all']['exact'] == 50.0 and res['model']['all']['n'] == 2
    # the loop body's only successor is the loop header: right line, locals unchanged
    assert res['cfg_successor']['all']['line'] == 100.0 and res['cfg_successor']['all']['exact'] == 0.0
    assert res['next_line']['all']['line'] == 0.0 and res['repeat']['all']['changed_right'] == 0
    # a state where nothing changes: the baselines can be exactly right
    same = dict(action='step_over', before=st(2, n='4'), after=st(3, n='4'), source=SOURCE)
    res = score([same], [None])
    assert res['cfg_successor']['all']['exact'] == 100.0 and res['next_line']['all']['exact'] == 100.0
    assert res['repeat']['all']['exact'] == 0.0 and res['model']['all']['exact'] == 0.0
    assert res['model']['all']['changed_state_exact'] is None  # no variable changes here
    md = markdown(dict(scores=score([ex, ex], [after, wrong])))
    assert '| step_over | 100.0 (100.0) | 100.0 (100.0) |' in md  # event, line: model (best baseline)
    assert '| step_over | 2 | 50.0 | 1 / 2 |' in md  # exact on changed states


def test_control_flow_successors():
    s = Successors(SOURCE)
    assert s.unique('line', 2) == ('line', 3)  # total = 0 -> for header
    assert s.unique('line', 3) is None  # loop header: two ways
    assert s.unique('line', 4) == ('line', 3)  # end of loop body -> header
    assert s.unique('line', 6) == ('line', 7)  # end of if body -> after the if
    assert s.unique('line', 7) == ('return', 7)
    assert s.unique('call', 1) == ('line', 2)  # call event on the def line
    assert s.unique('line', 5) is None
    before = st(2, n='4')
    b = baseline_states(before, s)
    assert b['cfg_successor'].line == 3 and b['next_line'].line == 3 and b['repeat'] is before
    assert baseline_states(State('exit', exit='normal'), s)['next_line'] is None


def naive_greedy(model, prompt, stop, max_new):
    ids = list(prompt)
    out = []
    with torch.no_grad():
        for _ in range(max_new):
            logits, _ = model(torch.tensor([ids]))
            t = int(logits[0, -1].argmax())
            out.append(t)
            ids.append(t)
            if t in stop:
                break
    return out


def tiny_model():
    torch.manual_seed(0)
    return GPT(ModelConfig(vocab_size=50, **CONFIGS['tiny'])).eval()


def test_batched_cached_greedy_equals_naive():
    model = tiny_model()
    g = torch.Generator().manual_seed(1)
    prompts = [torch.randint(0, 50, (n,), generator=g).tolist() for n in (3, 9, 5, 12, 1)]
    got = greedy_decode(model, prompts, {7, 11}, max_new=10, batch_size=3)
    assert got == [naive_greedy(model, p, {7, 11}, 10) for p in prompts]


def test_shared_window_decoding_equals_naive_greedy():
    """Examples that share a window (each prompt extends the previous prompt + target),
    some whose target the model reproduces exactly, most where it diverges."""
    model = tiny_model()
    end = 7
    g = torch.Generator().manual_seed(2)
    examples = []
    for w in range(3):  # three windows of different lengths
        seq = torch.randint(8, 50, (4 + w,), generator=g).tolist()
        for k in range(3 + w):
            prompt = seq + [torch.randint(8, 50, (1,), generator=g).item()]
            if k == 1:  # a target the model itself would write
                target = naive_greedy(model, prompt, {end}, 6)
            else:
                target = torch.randint(8, 50, (2 + k,), generator=g).tolist() + [end]
            examples.append(dict(prompt_ids=prompt, target_ids=target))
            seq = prompt + target
    got = decode_examples(model, examples, end, max_new=6, batch_size=2)
    want = [naive_greedy(model, ex['prompt_ids'], {end}, 6) for ex in examples]
    assert got == want
    assert any(g == ex['target_ids'] for g, ex in zip(got, examples))
