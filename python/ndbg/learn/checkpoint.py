"""Reading and writing training checkpoints (runs/NAME/ckpt.pt), for train, export
and evaluate alike: one place, so none of them imports another for it.

The checkpoint committed for the next session (checkpoints/current.pt) is written
compact: weights and AdamW moments in bfloat16, half the bytes of fp32, which matters
because every committed version stays in the repository's history. Loading widens
them back to fp32, so training, export and evaluation never see the difference
beyond the rounding (measured in docs/training.md, "The committed checkpoint").

    python -m ndbg.learn.checkpoint compact runs/session/ckpt.pt checkpoints/current.pt
"""

import argparse
import inspect
import os

import torch

COMPACT = 'bf16'  # the marker a compact checkpoint carries under 'compact'


def torch_load(path):
    """torch.load that reads our own checkpoints on torch 1.13 and 2.6+ (weights_only default)."""
    kw = {'weights_only': False} if 'weights_only' in inspect.signature(torch.load).parameters else {}
    return expand(torch.load(path, map_location='cpu', **kw))


def _map_tensors(obj, fn):
    if torch.is_tensor(obj):
        return fn(obj)
    if isinstance(obj, dict):
        return type(obj)((k, _map_tensors(v, fn)) for k, v in obj.items())
    if isinstance(obj, list):
        return [_map_tensors(v, fn) for v in obj]
    return obj


def compact(ck):
    """The checkpoint with its fp32 weights and optimizer moments stored as bf16."""
    down = lambda t: t.to(torch.bfloat16) if t.dtype == torch.float32 and t.numel() > 1 else t  # noqa: E731
    out = dict(ck)
    out['model'] = _map_tensors(ck['model'], down)
    out['optimizer'] = _map_tensors(ck['optimizer'], down)
    out['compact'] = COMPACT
    return out


def expand(ck):
    """A compact checkpoint widened back to fp32 (any other is returned unchanged)."""
    if not isinstance(ck, dict) or ck.get('compact') != COMPACT:
        return ck
    up = lambda t: t.float() if t.dtype == torch.bfloat16 else t  # noqa: E731
    out = dict(ck)
    out['model'] = _map_tensors(ck['model'], up)
    out['optimizer'] = _map_tensors(ck['optimizer'], up)
    del out['compact']
    return out


def atomic_save(obj, path):
    """Write to PATH.tmp, then rename: a kill at any moment leaves the previous file intact."""
    tmp = path + '.tmp'
    torch.save(obj, tmp)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(prog='python -m ndbg.learn.checkpoint')
    sub = ap.add_subparsers(dest='cmd', required=True)
    c = sub.add_parser('compact', help='write a bf16 copy of a checkpoint, for committing')
    c.add_argument('src')
    c.add_argument('dst')
    args = ap.parse_args(argv)
    if not os.path.exists(args.src):
        raise SystemExit(f'{args.src}: no such checkpoint')
    atomic_save(compact(torch_load(args.src)), args.dst)
    print(f'{args.dst}: {os.path.getsize(args.dst) / 2**20:.1f} MiB (from {os.path.getsize(args.src) / 2**20:.1f})')


if __name__ == '__main__':
    main()
