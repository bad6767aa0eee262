"""The neural debugger's language model: a small decoder-only transformer.

Pre-norm blocks (RMSNorm), rotary positions, tied input/output embeddings, no biases.
One forward serves training, KV-cached decoding and ONNX export:

    logits, present = model(input_ids, past)

`past` and `present` are one stacked tensor [n_layer, 2, batch, n_head, len, head_dim]
(2 = keys, values), or a list of [key, value] pairs per layer ([batch, n_head, len,
head_dim] each; what the ONNX export uses, see export.LayeredGPT). Positions are derived from past's length, so a caller runs one
prefill with an empty past (len 0) and then feeds one token per call. Rotary
embeddings only see relative positions, which is why left-padded batches (with
`key_mask`) give the same answers as unpadded single sequences.

Written for torch 1.13 (Debian's python3-torch) and torch 2.x alike.
"""

import math
from dataclasses import asdict, dataclass, fields

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class ModelConfig:
    vocab_size: int = 1024
    d_model: int = 256
    n_layer: int = 4
    n_head: int = 4
    max_len: int = 1024  # longest sequence trained on (documentation; RoPE has no table)
    mlp_ratio: float = 4.0
    rope_base: float = 10000.0

    @property
    def head_dim(self):
        return self.d_model // self.n_head

    def to_dict(self):
        return asdict(self)

    @classmethod
    def from_dict(cls, d):
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


# Named sizes. Parameters at a 2,048-token vocabulary (embeddings included).
CONFIGS = {
    'tiny': dict(d_model=64, n_layer=2, n_head=2),  # 0.23M, tests
    'xs': dict(d_model=128, n_layer=4, n_head=4),  # 1.05M
    'small': dict(d_model=192, n_layer=4, n_head=4),  # 2.16M
    'medium': dict(d_model=256, n_layer=6, n_head=8),  # 5.25M
    'large': dict(d_model=384, n_layer=8, n_head=8),  # 14.9M (GPU; fp16 weights to fit 40 MB)
    'xl': dict(d_model=512, n_layer=10, n_head=8),  # 32.5M (GPU; over 40 MB even in fp16)
}


SDPA = getattr(F, 'scaled_dot_product_attention', None)  # torch >= 2.0
CAUSAL_CHUNKS = 4


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        # Normalise in fp32 even under bf16 autocast.
        xf = x.float()
        xf = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)
        return (xf * self.weight).type_as(x)


def rotary(x, cos, sin):
    """Rotate pairs (first half, second half) of the last dim; x [B, H, T, D]."""
    d = x.shape[-1] // 2
    x1, x2 = x[..., :d], x[..., d:]
    cos, sin = cos.to(x.dtype), sin.to(x.dtype)  # keep bf16 q/k bf16 under autocast
    return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-1)


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.n_head = cfg.n_head
        self.head_dim = cfg.head_dim
        self.qkv = nn.Linear(cfg.d_model, 3 * cfg.d_model, bias=False)
        self.proj = nn.Linear(cfg.d_model, cfg.d_model, bias=False)

    def forward(self, x, cos, sin, past_kv, allowed, keep=True):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        q, k = rotary(q, cos, sin), rotary(k, cos, sin)
        if isinstance(past_kv, tuple):  # a preallocated KVCache layer: (buffer, length)
            buf, P = past_kv
            buf[0, :, :, P : P + T] = k
            buf[1, :, :, P : P + T] = v
            k, v = buf[0, :, :, : P + T].to(q.dtype), buf[1, :, :, : P + T].to(q.dtype)
            present = None
        else:
            if past_kv is not None:
                k = torch.cat([past_kv[0].to(k.dtype), k], dim=2)
                v = torch.cat([past_kv[1].to(v.dtype), v], dim=2)
            if not keep:
                present = None
            elif isinstance(past_kv, list):  # per-layer export: keys and values apart, no stacking copy
                present = [k, v]
            else:
                present = torch.stack([k, v])  # [2, B, H, S, D]
        if allowed is None and SDPA is not None and not torch.onnx.is_in_onnx_export():
            # torch 2.x, plain causal (training, prefill without past): fused kernels
            y = SDPA(q, k, v, is_causal=True)
        elif allowed is None:
            # torch 1.13, plain causal: query chunks see only the keys up to their end,
            # which skips ~40% of the score matrix at long windows (same result).
            n = max(1, min(CAUSAL_CHUNKS, T // 256))
            bounds = [T * i // n for i in range(n + 1)]
            causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
            y = torch.cat(
                [
                    self.attend(q[:, :, a:b], k[:, :, :b], v[:, :, :b], causal[a:b, :b])
                    for a, b in zip(bounds, bounds[1:])
                ],
                dim=2,
            )
        else:
            y = self.attend(q, k, v, allowed)
        return self.proj(y.transpose(1, 2).reshape(B, T, C)), present

    def attend(self, q, k, v, allowed):
        # Manual attention: exports to plain ONNX ops and runs on torch 1.13. Masked
        # scores get a large finite negative so no row is ever all -inf (no NaN from
        # padded rows).
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(self.head_dim))
        att = att.float().masked_fill(~allowed, -1e9)
        return F.softmax(att, dim=-1).to(v.dtype) @ v


class MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        hidden = int(cfg.mlp_ratio * cfg.d_model)
        self.fc = nn.Linear(cfg.d_model, hidden, bias=False)
        self.proj = nn.Linear(hidden, cfg.d_model, bias=False)

    def forward(self, x):
        return self.proj(F.gelu(self.fc(x)))


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.norm1 = RMSNorm(cfg.d_model)
        self.attn = Attention(cfg)
        self.norm2 = RMSNorm(cfg.d_model)
        self.mlp = MLP(cfg)

    def forward(self, x, cos, sin, past_kv, allowed, keep=True):
        a, present = self.attn(self.norm1(x), cos, sin, past_kv, allowed, keep)
        x = x + a
        x = x + self.mlp(self.norm2(x))
        return x, present


class KVCache:
    """A preallocated key/value buffer [L, 2, B, H, capacity, D] for PyTorch decoding:
    each step writes its keys/values in place instead of concatenating a new past
    (what the ONNX graph does, and what costs a full copy per step)."""

    def __init__(self, buf, length=0):
        self.buf, self.length = buf, length

    @classmethod
    def empty(cls, cfg, batch, capacity, device=None, dtype=torch.float32):
        return cls(torch.zeros(cfg.n_layer, 2, batch, cfg.n_head, capacity, cfg.head_dim, device=device, dtype=dtype))


class GPT(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        assert cfg.d_model % cfg.n_head == 0 and cfg.head_dim % 2 == 0
        self.cfg = cfg
        self.wte = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.blocks = nn.ModuleList([Block(cfg) for _ in range(cfg.n_layer)])
        self.norm_f = RMSNorm(cfg.d_model)
        inv_freq = 1.0 / (cfg.rope_base ** (torch.arange(0, cfg.head_dim, 2).float() / cfg.head_dim))
        self.register_buffer('inv_freq', inv_freq, persistent=False)
        self.apply(self._init)
        # GPT-2 style: scale residual projections by depth.
        for name, p in self.named_parameters():
            if name.endswith('proj.weight'):
                nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * cfg.n_layer))

    @staticmethod
    def _init(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, mean=0.0, std=0.02)

    def num_params(self):
        return sum(p.numel() for p in self.parameters())

    def empty_past(self, batch=1, device=None, dtype=torch.float32):
        c = self.cfg
        return torch.zeros(c.n_layer, 2, batch, c.n_head, 0, c.head_dim, device=device, dtype=dtype)

    def forward(self, input_ids, past=None, key_mask=None, use_cache=True, select=None, positions=None):
        """input_ids [B, T] int64; past [L, 2, B, H, P, D] or None.
        PyTorch-only extras (the ONNX graph has none of them):
          past may be a KVCache: written in place, returned instead of present;
          key_mask [B, P+T] bool: False hides a key (padding in a batch);
          positions [B, T] int64: rotary positions per row (default P..P+T-1), for rows
            whose cached keys were right-aligned into a shared, padded past;
          select [B, T] bool: compute logits only there (training: the loss positions).
        Returns logits [B, T, V] (or [n_selected, V]) and present [L, 2, B, H, P+T, D]
        (None if not use_cache); for a per-layer past ([[k, v], ...] per layer), present is
        the same kind of list."""
        B, T = input_ids.shape
        cache = past if isinstance(past, KVCache) else None
        layered = isinstance(past, list)  # [[k, v] per layer], each [B, H, P, D]
        P = (
            0
            if past is None
            else (cache.length if cache is not None else past[0][0].shape[2] if layered else past.shape[4])
        )
        device = input_ids.device
        pos = torch.arange(T, device=device) + P  # absolute positions
        if positions is None:
            freqs = pos.float()[:, None] * self.inv_freq[None, :]  # [T, D/2]
            cos, sin = torch.cos(freqs)[None, None], torch.sin(freqs)[None, None]  # [1, 1, T, D/2]
        else:
            freqs = positions.float()[..., None] * self.inv_freq  # [B, T, D/2]
            cos, sin = torch.cos(freqs)[:, None], torch.sin(freqs)[:, None]  # [B, 1, T, D/2]
        keys = torch.arange(T + P, device=device)
        allowed = (keys[None, :] <= pos[:, None])[None, None]  # [1, 1, T, S] causal
        if P == 0 and key_mask is None and not torch.onnx.is_in_onnx_export():
            allowed = None  # plain causal: faster paths
        elif key_mask is not None:
            # A padded query still sees itself, so its row is never empty.
            allowed = (allowed & key_mask[:, None, None, :]) | (keys[None, :] == pos[:, None])[None, None]
        x = self.wte(input_ids)
        presents = []
        for i, block in enumerate(self.blocks):
            layer_past = None if past is None else (cache.buf[i], P) if cache is not None else past[i]
            x, pres = block(x, cos, sin, layer_past, allowed, use_cache and cache is None)
            if use_cache and cache is None:
                presents.append(pres)
        if cache is not None:
            cache.length += T
        if select is not None:
            x = x[select]
        x = self.norm_f(x)
        logits = F.linear(x, self.wte.weight)  # tied embeddings
        if cache is not None:
            return logits, cache
        if not use_cache:
            return logits, None
        return logits, (presents if layered else torch.stack(presents))


# ---------------------------------------------------------------- growing a trained model


def widen(old_sd, old: ModelConfig, new: ModelConfig, seed=0):
    """The state dict of a wider model (more heads of the same size, a wider MLP) that
    computes exactly what `old_sd` computes: the new residual dimensions start at zero
    and stay zero until training moves them, because every weight that writes into them
    (embedding columns, output projections' rows) starts at zero, while the weights that
    read from them start small and random (so gradients reach them). Each RMSNorm gain
    is scaled by sqrt(old d / new d), which undoes the larger denominator of the RMS
    over the zero dimensions. Depth and vocabulary must stay; head size too (RoPE).

    Why: on 2 CPU cores a model trained from scratch needs hours to catch up with the
    shipped one; a widened copy starts where it is and learns with more capacity."""
    if (new.n_layer, new.vocab_size, new.head_dim) != (old.n_layer, old.vocab_size, old.head_dim):
        raise ValueError('widen keeps layers, vocabulary and head size; ' f'got {old.to_dict()} -> {new.to_dict()}')
    if new.d_model < old.d_model or new.mlp_ratio * new.d_model < old.mlp_ratio * old.d_model:
        raise ValueError('widen cannot make a model narrower')
    g = torch.Generator().manual_seed(seed)
    d0, d1 = old.d_model, new.d_model
    h1 = int(new.mlp_ratio * d1)
    gain = math.sqrt(d0 / d1)

    def rand(*shape):
        return torch.randn(*shape, generator=g) * 0.02

    def reads(w_old, rows, cols):
        """[rows, cols]: old block top-left, random elsewhere (reads from new dims)."""
        w = rand(rows, cols)
        w[: w_old.shape[0], : w_old.shape[1]] = w_old
        return w

    def writes(w_old, rows, cols):
        """[rows, cols]: old block top-left, zero elsewhere (writes nothing new)."""
        w = torch.zeros(rows, cols)
        w[: w_old.shape[0], : w_old.shape[1]] = w_old
        return w

    sd = {}
    emb = torch.zeros(new.vocab_size, d1)
    emb[:, :d0] = old_sd['wte.weight']
    sd['wte.weight'] = emb
    for i in range(new.n_layer):
        p = f'blocks.{i}.'
        for norm in ('norm1', 'norm2'):
            w = torch.ones(d1)
            w[:d0] = old_sd[p + norm + '.weight'] * gain
            sd[p + norm + '.weight'] = w
        q, k, v = old_sd[p + 'attn.qkv.weight'].split(d0, dim=0)
        sd[p + 'attn.qkv.weight'] = torch.cat([reads(q, d1, d1), reads(k, d1, d1), reads(v, d1, d1)], dim=0)
        sd[p + 'attn.proj.weight'] = writes(old_sd[p + 'attn.proj.weight'], d1, d1)
        sd[p + 'mlp.fc.weight'] = reads(old_sd[p + 'mlp.fc.weight'], h1, d1)
        sd[p + 'mlp.proj.weight'] = writes(old_sd[p + 'mlp.proj.weight'], d1, h1)
    w = torch.ones(d1)
    w[:d0] = old_sd['norm_f.weight'] * gain
    sd['norm_f.weight'] = w
    return sd
