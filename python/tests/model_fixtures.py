"""A tiny synthetic dataset in the layout of `python -m ndbg.data build`, for the model tests.

Each window counts up from a random start with a random stride (mod 60), then pads.
The first two tokens are context (mask 0): they fix start and stride, so every later
token is predictable and a model that learns the rule drives the loss towards zero.
"""

import json
import os

import numpy as np

VOCAB = 64
PAD = 63


def make_windows(n, window, rng):
    ids = np.full((n, window), PAD, dtype=np.uint16)
    mask = np.zeros((n, window), dtype=np.uint8)
    for i in range(n):
        length = rng.integers(window // 2, window + 1)
        start, stride = rng.integers(0, 60), rng.integers(1, 4)
        ids[i, :length] = (start + stride * np.arange(length)) % 60
        mask[i, 2:length] = 1
    return ids, mask


def make_data(root, window=32, n_train=256, n_val=32, seed=0):
    rng = np.random.default_rng(seed)
    os.makedirs(root, exist_ok=True)
    splits = {}
    for split, n in (('train', n_train), ('val', n_val), ('test', n_val)):
        os.makedirs(os.path.join(root, split), exist_ok=True)
        shards = []
        for k, part in enumerate((n // 2, n - n // 2)):  # two shards per split
            ids, mask = make_windows(part, window, rng)
            np.save(os.path.join(root, split, f'windows-{k:05d}.npy'), ids)
            np.save(os.path.join(root, split, f'mask-{k:05d}.npy'), mask)
            shards.append(dict(windows=f'windows-{k:05d}.npy', mask=f'mask-{k:05d}.npy', n=part))
        splits[split] = dict(shards=shards)
    meta = dict(
        format_version=0,
        window=window,
        vocab_size=VOCAB,
        special_tokens={'<|pad|>': PAD},
        pad_id=PAD,
        splits=splits,
        synthetic=True,
    )
    with open(os.path.join(root, 'meta.json'), 'w') as f:
        json.dump(meta, f)
    with open(os.path.join(root, 'tokenizer.json'), 'w') as f:
        json.dump({'synthetic': True, 'vocab_size': VOCAB}, f)
    return root
