"""Evaluate a model on held-out traces, as the paper does, beside trivial baselines.

    python -m ndbg.evaluate --model runs/NAME/ckpt.pt|models/NAME --data DIR --split test [--limit N]

For every example (a prompt ending in a debugger action, and the state it leads to;
ndbg.trace.examples, exactly as in the training windows) the model decodes greedily with a
key/value cache until <|end|>; the decoded tokens are parsed back into a state
(examples.decode_state) and compared with the true one (examples.compare):

- exact match per action (step_into, step_over, step_return, breakpoint, continue,
  inv_step_into, inv_step_over, inv_step_call);
- per component: event (incl. exit kind), line, frame (function, depth, stack),
  locals, retval/exception, stdout;
- changed variables: over states in the same frame where some variable changed,
  the number of changed variables predicted exactly / the total (that is where small
  models fail; every "no change" baseline scores 0 there by construction).

The baselines predict from the state before the action, on the same examples:
- next_line: the next line of the file, locals unchanged;
- cfg_successor: where the static control flow of the source (ndbg.analysis.cfg, from the ast)
  gives the state exactly one successor event in its frame, that one, locals unchanged;
  else no prediction (scored wrong; its coverage is reported);
- repeat: the previous state repeated.

Writes --out/eval.json and --out/eval.md (tables for models/<name>/card.md).
"""

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from dataclasses import replace

import torch

from ..trace.format import ACTIONS
from .model import GPT, KVCache, ModelConfig

BASELINES = ('next_line', 'cfg_successor', 'repeat')
SLACK = 64  # decoding stops this many tokens past the true state's length


# ---------------------------------------------------------------- model


def load_model(spec, device='cpu'):
    """A checkpoint (runs/NAME/ckpt.pt) or an exported model (models/NAME) ->
    (model in eval mode, description dict with data meta, training summary, tokenizer path)."""
    if os.path.isdir(spec) or spec.endswith('.onnx'):
        from .export import load_onnx_weights

        cfg, sd, info = load_onnx_weights(spec)
        root = spec if os.path.isdir(spec) else os.path.dirname(spec)
        desc = dict(
            kind='onnx',
            path=spec,
            meta=info.get('data_meta', {}),
            training=info.get('training', {}),
            tokenizer=os.path.join(root, 'tokenizer.json'),
            num_params=info.get('num_params'),
        )
    else:
        from .export import training_summary
        from .checkpoint import torch_load

        ck = torch_load(spec)
        cfg, sd = ModelConfig.from_dict(ck['config']), ck['model']
        desc = dict(
            kind='checkpoint',
            path=spec,
            meta=ck.get('data_meta', {}),
            training=training_summary(ck),
            tokenizer=None,
            num_params=ck.get('num_params'),
        )
    model = GPT(cfg)
    model.load_state_dict(sd)
    model.to(device).eval()
    desc['config'] = cfg.to_dict()
    desc['num_params'] = desc['num_params'] or model.num_params()
    return model, desc


@torch.no_grad()
def greedy_decode(model, prompts, stop_ids, max_new, batch_size=32, max_len=None, device='cpu'):
    """Greedy continuation of each prompt (lists of ids) until a token in stop_ids
    (included in the result) or max_new tokens. Prompts are batched by length,
    left-padded (key_mask hides the pads; rotary positions are relative, so padding does
    not change the result), prefilled once and then decoded one token per step from the
    key/value cache."""
    stop_ids = set(stop_ids)
    order = sorted(range(len(prompts)), key=lambda i: len(prompts[i]))
    results = [None] * len(prompts)
    for b in range(0, len(order), batch_size):
        idx = order[b : b + batch_size]
        batch = [list(prompts[i]) for i in idx]
        width = max(len(p) for p in batch)
        n_new = max_new if max_len is None else max(0, min(max_new, max_len - width))
        ids = torch.zeros(len(batch), width, dtype=torch.long)
        key_mask = torch.zeros(len(batch), width, dtype=torch.bool)
        for r, p in enumerate(batch):
            ids[r, width - len(p) :] = torch.tensor(p, dtype=torch.long)
            key_mask[r, width - len(p) :] = True
        ids, key_mask = ids.to(device), key_mask.to(device)
        key_mask = torch.cat([key_mask, torch.ones(len(batch), n_new, dtype=torch.bool, device=device)], 1)
        out = [[] for _ in batch]
        done = [False] * len(batch)
        cache = KVCache.empty(model.cfg, len(batch), width + n_new, device)
        logits, cache = model(ids, cache, key_mask=key_mask[:, :width])
        for _ in range(n_new):
            nxt = logits[:, -1].argmax(-1)
            for r, t in enumerate(nxt.tolist()):
                if not done[r]:
                    out[r].append(t)
                    done[r] = t in stop_ids
            if all(done):
                break
            logits, cache = model(nxt[:, None], cache, key_mask=key_mask[:, : cache.length + 1])
        for r, i in enumerate(idx):
            results[i] = out[r]
    return results


# ---------------------------------------------------------------- shared-prefix decoding


def window_groups(examples):
    """Consecutive examples of one training window share their prompt: each prompt is the
    previous prompt + target + the next action. -> [(full_ids, [example index])], where
    every example's prompt + target is a prefix of full_ids."""
    groups = []
    for i, ex in enumerate(examples):
        seq = list(ex['prompt_ids']) + list(ex['target_ids'])
        if groups:
            full, members = groups[-1]
            if len(seq) >= len(full) and seq[: len(full)] == full:
                groups[-1] = (seq, members + [i])
                continue
        groups.append((seq, [i]))
    return groups


@torch.no_grad()
def decode_examples(model, examples, end_id, max_new, batch_size=16, device='cpu', progress=None):
    """Greedy decoding with a key/value cache for every example, computed cheaply and
    exactly: one forward over a whole window gives, for every example in it, the logits
    of teacher forcing its target. Where every argmax equals the target, greedy decoding
    writes exactly the target. Otherwise it agrees up to the first mismatch; from there
    we keep decoding one token per step from the window's cached keys/values (cut to
    that prefix), the pending rows batched with a padded past and per-row positions.
    A row stops at end_id, at max_new tokens, or 64 tokens past its true target's length
    (it is wrong by then; without <|end|> it counts as unparsable), which bounds the
    cost of an untrained model that never writes <|end|>.
    Returns the generated ids per example."""
    groups = window_groups(examples)
    groups_sorted = sorted(range(len(groups)), key=lambda g: len(groups[g][0]))
    results = [None] * len(examples)
    pending = []  # (example index, generated so far, K/V prefix [L, 2, H, P, D])
    done_groups = 0
    for b in range(0, len(groups_sorted), batch_size):
        gidx = groups_sorted[b : b + batch_size]
        width = max(len(groups[g][0]) for g in gidx)
        ids = torch.zeros(len(gidx), width, dtype=torch.long)
        for r, g in enumerate(gidx):  # right padding: causal, so pads change nothing before them
            ids[r, : len(groups[g][0])] = torch.tensor(groups[g][0])
        logits, present = model(ids.to(device))
        argmax = logits.argmax(-1).cpu()
        for r, g in enumerate(gidx):
            for i in groups[g][1]:
                ex = examples[i]
                s0, tgt = len(ex['prompt_ids']), list(ex['target_ids'])
                tf = argmax[r, s0 - 1 : s0 - 1 + len(tgt)].tolist()
                j = next((k for k in range(len(tgt)) if tf[k] != tgt[k]), None)
                if j is None:
                    results[i] = tgt
                    continue
                gen = tgt[:j] + [tf[j]]
                cap = min(max_new, len(tgt) + SLACK)
                if tf[j] == end_id or len(gen) >= cap:
                    results[i] = gen
                else:  # K/V of prompt + target[:j]; the next input is gen[-1] at position s0 + j
                    pending.append((i, gen, present[:, :, r, :, : s0 + j].clone(), cap))
        done_groups += len(gidx)
        if progress:
            progress(f'windows {done_groups}/{len(groups)}, {len(pending)} examples to decode further')
        # keep memory bounded: decode pending rows as they accumulate
        if len(pending) >= 4 * batch_size or b + batch_size >= len(groups_sorted):
            _continue_greedy(model, pending, results, end_id, max_new, 4 * batch_size, device)
            pending = []
    return results


def _continue_greedy(model, pending, results, end_id, max_new, batch_size, device):
    pending = sorted(pending, key=lambda p: p[2].shape[3])
    for b in range(0, len(pending), batch_size):
        rows = pending[b : b + batch_size]
        lens = [p[2].shape[3] for p in rows]
        P = max(lens)
        n_new = max(cap - len(g) for _, g, _, cap in rows)
        cache = KVCache.empty(model.cfg, len(rows), P + n_new, device, rows[0][2].dtype)
        cache.length = P
        key_mask = torch.zeros(len(rows), P + n_new, dtype=torch.bool, device=device)
        for r, (_, _, kv, _) in enumerate(rows):  # right-aligned: new tokens follow every row's keys
            cache.buf[:, :, r, :, P - lens[r] : P] = kv
            key_mask[r, P - lens[r] :] = True
        gens = [list(g) for _, g, _, _ in rows]
        caps = [cap for _, _, _, cap in rows]
        pos = torch.tensor(lens, dtype=torch.long, device=device)  # rotary position of the next input
        active = [len(g) < c for g, c in zip(gens, caps)]
        nxt = torch.tensor([g[-1] for g in gens], dtype=torch.long, device=device)
        while any(active):
            logits, cache = model(nxt[:, None], cache, key_mask=key_mask[:, : cache.length + 1], positions=pos[:, None])
            nxt = logits[:, -1].argmax(-1)
            pos = pos + 1
            for r, t in enumerate(nxt.tolist()):
                if active[r]:
                    gens[r].append(t)
                    active[r] = t != end_id and len(gens[r]) < caps[r]
        for (i, _, _, _), g in zip(rows, gens):
            results[i] = g


# ---------------------------------------------------------------- states


def compare(pred, gold):
    from ..trace.examples import compare as cmp

    return cmp(pred, gold)


def components():
    from ..trace.examples import COMPONENTS

    return COMPONENTS


def changed_vars(before, after):
    """Names whose value differs (or which appeared) between two states of one frame;
    None when the action leaves the frame (a call, a return to the caller, the exit)."""
    if before is None or after is None or after.event == 'exit' or before.event == 'exit':
        return None
    if (before.func, before.depth, tuple(before.stack)) != (after.func, after.depth, tuple(after.stack)):
        return None
    b, a = before.locals or {}, after.locals or {}
    return sorted(k for k, v in a.items() if b.get(k, object()) != v)


def changed_correct(pred, after, names):
    p = (pred.locals or {}) if pred is not None else {}
    return sum(1 for k in names if k in p and p[k] == after.locals[k])


# ---------------------------------------------------------------- baselines


class Successors:
    """The static control-flow successors of a program's lines, from ndbg.analysis.cfg (the
    project's sound CFG analysis, which knows CPython's line-event quirks per version).
    unique(event, line) -> ('line', L) or ('return', line) where the state after
    `event` at `line` has exactly one possible next event in the same frame, else None."""

    def __init__(self, source, target=None):
        from ..analysis.cfg import analyze

        try:
            r = analyze(source, target)
        except Exception:  # unparsable source, an unsupported target: no predictions
            r = {'lines': {}, 'functions': {}}
        self.lines = {int(k): v for k, v in r['lines'].items()}
        self.entry = {}
        for f in r['functions'].values():
            for key in (f.get('def_line'), f.get('call_line')):
                if key is not None:
                    self.entry[key] = f.get('entry_lines', [])

    def unique(self, event, line):
        if event == 'call':
            nxt = self.entry.get(line, [])
        elif event == 'line':
            nxt = self.lines.get(line, [])
        else:
            return None
        if len(nxt) != 1 or nxt[0] == 'raise':
            return None
        return ('return', line) if nxt[0] == 'return' else ('line', nxt[0])


def baseline_states(before, succ):
    """The baselines' predictions of the next state, from the state before the action."""
    plain = dict(retval=None, exception=None, stdout='', exit=None)
    out = {'repeat': before, 'next_line': None, 'cfg_successor': None}
    if before.line is None:  # the exit: no line to go on from
        return out
    out['next_line'] = replace(before, event='line', line=before.line + 1, **plain)
    nxt = succ.unique(before.event, before.line) if succ is not None else None
    if nxt is not None:
        out['cfg_successor'] = replace(before, event=nxt[0], line=nxt[1], **plain)
    return out


# ---------------------------------------------------------------- scoring


class Tally:
    def __init__(self):
        self.n = 0
        self.comp = defaultdict(int)
        self.changed_states = 0
        self.changed_total = 0
        self.changed_right = 0
        self.changed_exact = 0  # whole next state right, on the states where some variable changes
        self.covered = 0  # cfg_successor: states where it predicts at all

    def add(self, pred, before, after):
        self.n += 1
        self.covered += pred is not None
        right = compare(pred, after)
        for c, ok in right.items():
            self.comp[c] += ok
        names = changed_vars(before, after)
        if names:
            self.changed_states += 1
            self.changed_exact += right['exact']
            self.changed_total += len(names)
            self.changed_right += changed_correct(pred, after, names)

    def summary(self):
        pct = (lambda k: round(100.0 * k / self.n, 2)) if self.n else (lambda k: None)
        return dict(
            n=self.n,
            exact=pct(self.comp['exact']),
            **{c: pct(self.comp[c]) for c in components()},
            coverage=pct(self.covered),
            changed_states=self.changed_states,
            changed_vars=self.changed_total,
            changed_right=self.changed_right,
            changed_state_exact=(
                round(100.0 * self.changed_exact / self.changed_states, 2) if self.changed_states else None
            ),
            changed_acc=(round(100.0 * self.changed_right / self.changed_total, 2) if self.changed_total else None),
        )


def score(examples, predictions, target=None):
    """examples: dicts with action, before, after, source; predictions: decoded states
    (None where unparsable); target: the Python version that traced them ('3.11').
    -> {predictor: {action|'all': summary}}."""
    tallies = defaultdict(lambda: defaultdict(Tally))
    succ_cache = {}
    for ex, pred in zip(examples, predictions):
        src = ex.get('source')
        if src not in succ_cache:
            succ_cache[src] = Successors(src, target) if src else None
        preds = dict(model=pred, **baseline_states(ex['before'], succ_cache[src]))
        for who, p in preds.items():
            for key in (ex['action'], 'all'):
                tallies[who][key].add(p, ex['before'], ex['after'])
    return {who: {k: t.summary() for k, t in by.items()} for who, by in tallies.items()}


def markdown(results, header=''):
    """Tables for the model card: exact match per action, components, changed variables."""
    s = results['scores']
    keys = [a for a in ACTIONS if a in s.get('model', {})] + ['all']
    pct = lambda v: '-' if v is None else f'{v:.1f}'
    lines = [header] if header else []
    lines += [
        'Next-state exact match (%), greedy decoding; baselines on the same states.',
        '',
        '| action | n | model | next line | only successor (coverage) | repeat |',
        '|---|---:|---:|---:|---:|---:|',
    ]
    for a in keys:
        m, nl, cf, rp = (s[w].get(a, {}) for w in ('model', 'next_line', 'cfg_successor', 'repeat'))
        lines.append(
            f'| {a} | {m.get("n", 0)} | {pct(m.get("exact"))} | {pct(nl.get("exact"))} | '
            f'{pct(cf.get("exact"))} ({pct(cf.get("coverage"))}) | {pct(rp.get("exact"))} |'
        )
    comps = components()
    lines += [
        '',
        'Model per action and component (%), and in brackets the best of the three baselines on the '
        'same states; changed variables: right / total.',
        '',
        '| action | ' + ' | '.join(comps) + ' | changed vars |',
        '|---|' + '---:|' * (len(comps) + 1),
    ]
    for a in keys:
        m = s['model'].get(a, {})
        cv = f'{m.get("changed_right", 0)} / {m.get("changed_vars", 0)}'
        cells = []
        for c in comps:
            best = [s[w].get(a, {}).get(c) for w in BASELINES if w in s]
            best = max((b for b in best if b is not None), default=None)
            cells.append(f'{pct(m.get(c))} ({pct(best)})')
        lines.append(f'| {a} | ' + ' | '.join(cells) + f' | {cv} |')
    lines += [
        '',
        'Per component, all actions (%).',
        '',
        '| component | model | next line | only successor | repeat |',
        '|---|---:|---:|---:|---:|',
    ]
    for c in components():
        lines.append('| ' + c + ' | ' + ' | '.join(pct(s[w]['all'].get(c)) for w in ('model',) + BASELINES) + ' |')
    m = s['model']['all']
    lines += [
        '',
        f'Changed variables (states in the same frame where some variable changed: '
        f'{m["changed_states"]}): model got {m["changed_right"]} of {m["changed_vars"]} right '
        f'({pct(m["changed_acc"])}%); the baselines predict no change and get 0.',
        '',
        'Exact next state on the states where some variable changes, per action (the baselines copy '
        'the previous locals, so they score 0 on these states by construction):',
        '',
        '| action | states | model exact (%) | changed variables right |',
        '|---|---:|---:|---:|',
    ]
    for a in keys:
        r = s['model'].get(a, {})
        if r.get('changed_states'):
            lines.append(
                f'| {a} | {r["changed_states"]} | {pct(r.get("changed_state_exact"))} | '
                f'{r["changed_right"]} / {r["changed_vars"]} |'
            )
    lines.append('')
    return '\n'.join(lines)


def write_card(model_dir):
    """models/NAME/card.md from its config.json (model, data, training, export check) and
    eval.json / eval.md (written by this module). The lead edits the prose around it."""
    with open(os.path.join(model_dir, 'config.json')) as f:
        info = json.load(f)
    ev_md = ''
    if os.path.exists(os.path.join(model_dir, 'eval.md')):
        with open(os.path.join(model_dir, 'eval.md')) as f:
            ev_md = f.read()
    t, meta, onnx_info = info.get('training', {}), info.get('data_meta', {}), info.get('onnx', {})
    progs = meta.get('programs', {})
    splits = meta.get('splits', {})
    chk = info.get('onnx_check', {})
    name = os.path.basename(os.path.normpath(model_dir))
    fmt_n = lambda v: f'{v:,}' if isinstance(v, int) else str(v)
    lines = [
        f'# ndbg model `{name}`',
        '',
        f'- Model: decoder-only transformer, {info.get("num_params", 0) / 1e6:.2f}M parameters '
        f'({info["model"]["n_layer"]} layers, d_model {info["model"]["d_model"]}, {info["model"]["n_head"]} heads, '
        f'vocabulary {info["vocab_size"]}, window {info.get("window")}); rotary positions, tied embeddings.',
        f'- Data: {fmt_n(progs.get("programs"))} generated programs (format version {info.get("format_version")}); '
        + ', '.join(
            f'{k}: {fmt_n(v.get("programs"))} programs / {fmt_n(v.get("tokens"))} tokens' for k, v in splits.items()
        )
        + '. Split by program; no public benchmark used.',
        f'- Training: {fmt_n(t.get("tokens"))} tokens seen ({fmt_n(t.get("target_tokens"))} loss targets), '
        f'{fmt_n(t.get("steps"))} steps, {t.get("seconds", 0) / 60:.1f} minutes on {"; ".join(t.get("hardware", []))}; '
        f'final validation loss {t.get("val_loss")}.'
        + (
            f' Started from {t["started_from"]}: {fmt_n(t.get("total_tokens"))} tokens and '
            f'{t.get("total_seconds", 0) / 60:.1f} minutes in all.'
            if t.get('started_from')
            else ''
        ),
        f'- ONNX: opset {onnx_info.get("opset")}, weights {onnx_info.get("weights")}, {onnx_info.get("bytes", 0) / 2**20:.1f} MiB'
        + (f' in {len(onnx_info["parts"]["parts"])} parts' if onnx_info.get('parts') else '')
        + (
            f'; onnxruntime-node vs PyTorch max abs logit diff {chk["max_abs_diff"]:.1e} (tolerance {chk["tolerance"]})'
            if chk
            else '; not checked against onnxruntime-node yet (`python -m ndbg.export --check`)'
        )
        + '.',
        '',
        '## Accuracy',
        '',
        ev_md,
    ]
    with open(os.path.join(model_dir, 'card.md'), 'w') as f:
        f.write('\n'.join(lines))
    return os.path.join(model_dir, 'card.md')


# ---------------------------------------------------------------- data (the format's side)


def load_examples(data_dir, split, limit=None, per_action=None, seed=None, window=None):
    """Held-out examples through ndbg.trace.examples (the data builder's API), in the windows
    the builder stored (seed None) or freshly sampled trajectories (seed given):
    -> (examples [dict(prompt_ids, target_ids, action, before, after, source)], tokenizer)."""
    import random
    from ..trace import examples as E

    tok = E.load_tokenizer(data_dir)
    window = window or E.load_meta(data_dir).get('window')
    rng = None if seed is None else random.Random(seed)
    out, per = [], defaultdict(int)
    for rec in E.load_traces(data_dir, split):
        for ex in E.iter_examples(rec, tok, rng, window):
            if per_action and per[ex.action] >= per_action:
                continue
            per[ex.action] += 1
            out.append(
                dict(
                    prompt_ids=list(ex.prompt_ids),
                    target_ids=list(ex.target_ids),
                    action=ex.action,
                    before=ex.before,
                    after=ex.after,
                    source=rec.get('source'),
                )
            )
            if limit and len(out) >= limit:
                return out, tok
    return out, tok


def traced_by(data_dir):
    """'3.11': the Python version whose tracer recorded the data (line events differ
    between versions), or None (the running one)."""
    try:
        with open(os.path.join(data_dir, 'meta.json')) as f:
            version = json.load(f).get('config', {}).get('python')
        return '.'.join(version.split('.')[:2]) if version else None
    except (OSError, ValueError, AttributeError):
        return None


def decode_predictions(tok, examples, generated):
    from ..trace import examples as E

    preds = []
    for ex, ids in zip(examples, generated):
        try:
            preds.append(E.decode_state(tok, ids, ex['before']))
        except Exception:
            preds.append(None)
    return preds


# ---------------------------------------------------------------- main


def evaluate(model, examples, decode, end_id, batch_size=16, device='cpu', max_new=None, progress=True, target=None):
    """Decode every example greedily and score it. decode(examples, generated_ids) -> states."""
    t0 = time.time()
    longest = max(len(ex['target_ids']) for ex in examples)
    max_new = max_new or 2 * longest + 16

    def show(msg):
        if progress:
            sys.stderr.write(f'\r{msg} ({time.time() - t0:.0f}s)\x1b[K')

    gen = decode_examples(model, examples, end_id, max_new, batch_size, device, show)
    if progress:
        sys.stderr.write('\n')
    preds = decode(examples, gen)
    return dict(
        scores=score(examples, preds, target),
        n=len(examples),
        token_exact=sum(g == ex['target_ids'] for g, ex in zip(gen, examples)),
        unparsable=sum(p is None for p in preds),
        seconds=round(time.time() - t0, 1),
        end_id=end_id,
        max_new=max_new,
    )


def main(argv=None):
    p = argparse.ArgumentParser(prog='python -m ndbg.evaluate', description=__doc__.split('\n\n')[0])
    p.add_argument('--model', required=True, help='runs/NAME/ckpt.pt or models/NAME')
    p.add_argument('--data', required=True)
    p.add_argument('--split', default='test')
    p.add_argument('--limit', type=int, help='at most this many examples (the first ones, in file order)')
    p.add_argument('--per-action', type=int, help='at most this many examples of each action')
    p.add_argument('--batch-size', type=int, default=16, help='windows per forward')
    p.add_argument('--threads', type=int, default=0)
    p.add_argument('--device', default='auto', choices=['auto', 'cpu', 'cuda'])
    p.add_argument(
        '--seed',
        type=int,
        help='sample fresh trajectories with this seed ' '(default: the ones the builder stored with the split)',
    )
    p.add_argument('--out', help='dir for eval.json / eval.md (default: next to the model)')
    p.add_argument('--card', action='store_true', help='also write card.md (--model must be an exported model dir)')
    a = p.parse_args(argv)
    torch.set_num_threads(a.threads or os.cpu_count() or 1)
    device = 'cuda' if a.device != 'cpu' and torch.cuda.is_available() else 'cpu'
    model, desc = load_model(a.model, device)
    examples, tok = load_examples(a.data, a.split, a.limit, a.per_action, a.seed)
    if not examples:
        raise SystemExit(f'no examples in {a.data}/{a.split}')
    from ..trace.format import END

    res = evaluate(
        model,
        examples,
        lambda exs, gen: decode_predictions(tok, exs, gen),
        END,
        a.batch_size,
        device,
        target=traced_by(a.data),
    )
    res.update(
        model=dict(path=a.model, num_params=desc['num_params'], config=desc['config'], training=desc['training']),
        data=dict(
            dir=os.path.abspath(a.data),
            split=a.split,
            limit=a.limit,
            per_action=a.per_action,
            seed=a.seed,
            format_version=desc['meta'].get('format_version'),
        ),
    )
    out = a.out or (a.model if os.path.isdir(a.model) else os.path.dirname(a.model))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'eval.json'), 'w') as f:
        json.dump(res, f, indent=1, default=str)
    md = markdown(
        res,
        f'Held-out `{a.split}` split of `{a.data}`: {res["n"]} examples '
        f'({res["unparsable"]} unparsable predictions).\n',
    )
    with open(os.path.join(out, 'eval.md'), 'w') as f:
        f.write(md)
    print(md)
    if a.card:
        print('wrote', write_card(out), file=sys.stderr)
