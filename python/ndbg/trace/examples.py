"""Evaluation examples from the dataset's traces, exactly as the training windows.

    tok = load_tokenizer(DIR)
    for record in load_traces(DIR, 'test'):
        for ex in iter_examples(record, tok, random.Random(0), window=1024):
            ex.prompt_ids   # code context + a complete state + history + the action
            ex.target_ids   # the state the model must write, through <|end|>
            ex.before, ex.after   # States
    decode_state(tok, generated_ids, ex.before)  # -> State, or None when malformed
    compare(pred, gold)  # -> {'event': bool, 'line': ..., 'locals': ..., ...}

`encode_context`, `encode_state`, `encode_action` and `build_prompt` are what the
neural engine (TypeScript) mirrors to build prompts at inference time.
"""

import glob
import gzip
import json
import os
from dataclasses import dataclass
from typing import List, Optional

from . import format as fmt
from .context import ContextSelector, context_budget
from .format import State
from .tokenizer import Tokenizer
from .tree import Trace, sample_trajectories, segment_states

DEFAULT_WINDOW = 1024

__all__ = [
    'State',
    'Example',
    'load_tokenizer',
    'load_traces',
    'iter_examples',
    'decode_state',
    'compare',
    'COMPONENTS',
    'encode_context',
    'encode_state',
    'encode_action',
    'build_prompt',
]


@dataclass
class Example:
    prompt_ids: List[int]
    target_ids: List[int]
    action: str
    before: State
    after: State
    arg: Optional[int] = None  # breakpoint line
    program: Optional[str] = None  # record id


def load_tokenizer(data_dir):
    return Tokenizer.load(os.path.join(data_dir, 'tokenizer.json'))


def load_meta(data_dir):
    with open(os.path.join(data_dir, 'meta.json')) as f:
        return json.load(f)


def load_traces(data_dir, split):
    """Trace records of a split, shard by shard, in order."""
    for path in sorted(glob.glob(os.path.join(data_dir, split, 'traces-*.jsonl.gz'))):
        with gzip.open(path, 'rt', encoding='utf-8') as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)


def record_states(record, rng=None):
    """[(initial State, [(action, arg, State)])] of a record: its stored trajectories
    (rng None) or freshly sampled ones."""
    trace = Trace(record['events'], record['exit'])
    if rng is None:
        segments = [
            {'start': s['start'], 'policy': s.get('policy'), 'steps': [tuple(x) for x in s['steps']]}
            for s in record.get('segments', [])
        ]
    else:
        segments = sample_trajectories(trace, rng, record['source'])
    return [segment_states(trace, s) for s in segments]


def iter_examples(record, tokenizer, rng=None, window=None):
    """Every whole (action, state) pair of the record's windows as an Example."""
    window = window or DEFAULT_WINDOW
    states = record_states(record, rng)
    context = fmt.encode_context(record['source'], record.get('stdin', ''))
    # the stored trajectories fill exactly record['windows'] training windows
    limit = record.get('windows') if rng is None and window == record.get('window', window) else None
    selector = None
    if record.get('context_budget'):  # a program longer than the window (docs/format.md, "Context selection")
        budget = record['context_budget'] if window == record.get('window', window) else context_budget(window)
        selector = ContextSelector(tokenizer, record['source'], record.get('stdin', ''), budget=budget)
    windows = fmt.build_windows(tokenizer, context, states, window, max_windows=limit, selector=selector)
    for w in windows:
        for si, k, a0, s0, s1 in w.steps:
            first, steps = states[si]
            before = first if k == 0 else steps[k - 1][2]
            action, arg, after = steps[k]
            yield Example(w.ids[:s0], w.ids[s0:s1], action, before, after, arg, record.get('id'))


def decode_state(tokenizer, ids, before=None):
    """Generated ids (through <|end|>; anything after it is ignored) -> State, or None."""
    ids = list(ids)
    if fmt.END in ids:
        ids = ids[: ids.index(fmt.END) + 1]
    try:
        return fmt.decode_state(tokenizer.decode_items(ids), before)
    except (fmt.Malformed, UnicodeDecodeError):
        return None


COMPONENTS = ('event', 'line', 'frame', 'locals', 'retval', 'stdout')


def compare(pred, gold):
    """Per-component correctness of a predicted state (None: all wrong), plus 'exact'."""
    if pred is None:
        out = {c: False for c in COMPONENTS}
        out['exact'] = False
        return out
    out = {
        'event': pred.event == gold.event and pred.exit == gold.exit,
        'line': pred.line == gold.line,
        'frame': (pred.func, pred.depth, tuple(pred.stack)) == (gold.func, gold.depth, tuple(gold.stack)),
        'locals': pred.locals == gold.locals,
        'retval': pred.retval == gold.retval and pred.exception == gold.exception,
        'stdout': pred.stdout == gold.stdout,
    }
    out['exact'] = all(out.values())
    return out


# --- prompts, as the neural engine builds them ----------------------------------


def encode_context(tokenizer, source, stdin=''):
    return tokenizer.encode_items(fmt.encode_context(source, stdin))


def encode_state(tokenizer, state, before=None, action=None):
    """A state's ids: a diff against `before` when the format says so, else complete."""
    return tokenizer.encode_items(fmt.encode_state(state, before, action))


def encode_action(tokenizer, action, line=None):
    return tokenizer.encode_items(fmt.encode_action(action, line))


ACTION_ALLOWANCE = 8  # tokens an action may take (predictor.ts's ACTION_ALLOWANCE)


def build_prompt(tokenizer, source, stdin, first, steps, action, arg=None, window=None, room=256, defs=None):
    """Prompt ids for the next `action` after a history: `first` (the initial State) and
    `steps` [(action, arg, State)]. As in training windows: context, a complete state,
    then pairs; when the history does not fit (leaving `room` tokens for the answer),
    it restarts from a later state written complete. A context too long for the window
    is the selection for the last state (docs/format.md, "Context selection"; `defs`:
    context.defs_of the program's analysis, computed when not given)."""
    window = window or DEFAULT_WINDOW
    ctx = encode_context(tokenizer, source, stdin)
    tail = encode_action(tokenizer, action, arg)
    states = [first] + [s for _, _, s in steps]
    room_for_ctx = max(
        window - room - ACTION_ALLOWANCE - len(encode_state(tokenizer, states[-1])), (window - room) // 2
    )
    if len(ctx) > room_for_ctx:
        selector = ContextSelector(
            tokenizer, source, stdin, budget=min(room_for_ctx, context_budget(window)), defs=defs
        )
        ctx = selector.ids(states[-1])
    pairs = []
    for k, (a, b, s) in enumerate(steps):
        pairs.append(encode_action(tokenizer, a, b) + encode_state(tokenizer, s, states[k], a))
    # start from the earliest state whose suffix fits
    budget = window - room - len(ctx) - len(tail)
    start = len(states) - 1
    while start > 0:
        cand = len(encode_state(tokenizer, states[start - 1]))
        total = cand + sum(len(p) for p in pairs[start - 1 :])
        if total > budget:
            break
        start -= 1
    ids = ctx + encode_state(tokenizer, states[start])
    for p in pairs[start:]:
        ids += p
    return ids + tail
