"""Reading and writing training checkpoints (runs/NAME/ckpt.pt), for train, export
and evaluate alike: one place, so none of them imports another for it."""

import inspect
import os

import torch


def torch_load(path):
    """torch.load that reads our own checkpoints on torch 1.13 and 2.6+ (weights_only default)."""
    kw = {'weights_only': False} if 'weights_only' in inspect.signature(torch.load).parameters else {}
    return torch.load(path, map_location='cpu', **kw)


def atomic_save(obj, path):
    """Write to PATH.tmp, then rename: a kill at any moment leaves the previous file intact."""
    tmp = path + '.tmp'
    torch.save(obj, tmp)
    os.replace(tmp, path)
