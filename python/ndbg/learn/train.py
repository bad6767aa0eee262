"""Train the model on the windows built by `python -m ndbg.data build`.

    python -m ndbg.train --data DIR --out runs/NAME [--config small] [--minutes 120 | --tokens N]
                         [--resume runs/NAME/ckpt.pt | --init-onnx models/X/model.onnx]
    torchrun --nproc_per_node 8 -m ndbg.train ...           # DDP, same code
    python -m ndbg.train --data DIR --out runs/sweep --sweep xs,small,medium --minutes 10

CPU or CUDA is picked automatically; both run under bf16 autocast with the loss in fp32.
The loss counts only positions whose mask is 1 (the state tokens the model must
predict). The learning rate warms up, then follows --schedule: a cosine over the run's
budget, a constant rate (resumable across sessions), or a linear cool-down (docs/training.md). runs/NAME/log.jsonl gets one JSON line per log
interval; runs/NAME/ckpt.pt is rewritten atomically every few minutes and at the end
(and on SIGINT/SIGTERM), so the run can be killed at any time and resumed.
"""

import argparse
import glob
import json
import math
import os
import platform
import signal
import sys
import time
from contextlib import nullcontext

import numpy as np
import torch
import torch.nn.functional as F

from .checkpoint import atomic_save, torch_load  # noqa: F401 (torch_load: tests and callers)
from .model import CONFIGS, GPT, ModelConfig


# ---------------------------------------------------------------- data


def data_dirs(data):
    """--data is one dataset dir or several, comma-separated (built with one tokenizer)."""
    return [d for d in data.split(',') if d]


class WindowSet:
    """All windows of one split: uint16 token ids [N, window] and uint8 loss masks,
    memory-mapped from DIR/<split>/windows-*.npy and mask-*.npy of every dir in --data."""

    def __init__(self, data, split):
        wpaths = [p for d in data_dirs(data) for p in sorted(glob.glob(os.path.join(d, split, 'windows-*.npy')))]
        self.windows, self.masks = [], []
        for wp in wpaths:
            mp = os.path.join(os.path.dirname(wp), os.path.basename(wp).replace('windows-', 'mask-'))
            w, m = np.load(wp, mmap_mode='r'), np.load(mp, mmap_mode='r')
            assert w.shape == m.shape, (wp, w.shape, m.shape)
            if len(w):
                self.windows.append(w)
                self.masks.append(m)
        self.sizes = [len(w) for w in self.windows]
        self.starts = np.cumsum([0] + self.sizes)
        self.n = int(self.starts[-1])
        self.width = self.windows[0].shape[1] if self.windows else 0

    def __len__(self):
        return self.n

    def get(self, rows):
        """Rows (global indices) -> (ids int64 [B, T], mask bool [B, T]) as torch tensors."""
        rows = np.asarray(rows)
        shard = np.searchsorted(self.starts, rows, side='right') - 1
        ids = np.empty((len(rows), self.width), dtype=np.int64)
        mask = np.empty((len(rows), self.width), dtype=bool)
        for s in np.unique(shard):
            sel = np.nonzero(shard == s)[0]
            local = rows[sel] - self.starts[s]
            order = np.argsort(local)  # sorted reads from the memory map
            ids[sel[order]] = self.windows[s][local[order]]
            mask[sel[order]] = self.masks[s][local[order]] != 0
        return torch.from_numpy(ids), torch.from_numpy(mask)


def batches(n, batch_size, rank, world, seed, pos=None):
    """Endless random batches of row indices; each rank gets its own slice of every epoch.
    `pos` (a dict: epoch, index) is the data position: it is advanced in place, so a
    checkpoint that saves it lets a resumed run go on with the same epoch's permutation
    instead of starting a new one (which would repeat some windows and skip others)."""
    pos = pos if pos is not None else dict(epoch=0, index=0)
    while True:
        perm = np.random.default_rng(seed + pos['epoch']).permutation(n)[rank::world]
        while pos['index'] + batch_size <= len(perm):
            i = pos['index']
            pos['index'] += batch_size
            yield perm[i : i + batch_size]
        pos['epoch'] += 1
        pos['index'] = 0


def trim(ids, mask):
    """Drop trailing columns after the last loss target of the batch (padding)."""
    cols = torch.nonzero(mask.any(0))
    last = int(cols[-1]) + 1 if len(cols) else 2
    return ids[:, : max(last, 2)], mask[:, : max(last, 2)]


def masked_loss(model, ids, mask):
    """Mean cross-entropy (fp32) of predicting ids[:, t] from ids[:, :t] where mask[:, t]."""
    targets, weight = ids[:, 1:], mask[:, 1:]
    logits, _ = model(ids[:, :-1], use_cache=False, select=weight)  # [n_targets, V]
    return F.cross_entropy(logits.float(), targets[weight]), int(weight.sum())


def read_meta(data):
    """meta.json of the first dir; every other dir must share its tokenizer and window."""
    metas = []
    for d in data_dirs(data):
        with open(os.path.join(d, 'meta.json')) as f:
            metas.append(json.load(f))
    for d, m in zip(data_dirs(data)[1:], metas[1:]):
        for key in ('vocab_size', 'window', 'format_version'):
            if m.get(key) != metas[0].get(key):
                raise SystemExit(
                    f'{d}: {key} {m.get(key)} differs from {data_dirs(data)[0]} '
                    f'({metas[0].get(key)}); build it with --tokenizer from the first'
                )
    return metas[0]


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


# ---------------------------------------------------------------- helpers


def hardware(device):
    if device.type == 'cuda':
        return f'{torch.cuda.device_count()}x {torch.cuda.get_device_name(device)}'
    name = cpu_info()['model'] or platform.processor() or platform.machine()
    return f'{torch.get_num_threads()} CPU threads, {name}'


def cpu_has_bf16():
    """bf16 autocast only pays on CPUs with bf16 instructions (AVX512_BF16 / AMX); without
    them oneDNN emulates it and it is slower than fp32 (measured: 30 vs 50 GFLOP/s)."""
    flags = cpu_info()['flags']
    return 'avx512_bf16' in flags or 'amx_bf16' in flags


def resolve_dtype(dtype, device):
    if dtype != 'auto':
        return dtype
    if device.type == 'cuda':
        return 'bf16' if torch.cuda.is_bf16_supported() else 'fp32'
    return 'bf16' if cpu_has_bf16() else 'fp32'


def autocast(device, dtype):
    if dtype != 'bf16':
        return nullcontext()
    return torch.autocast(device_type=device.type, dtype=torch.bfloat16)


class Progress:
    """A one-line progress bar on stderr (no tqdm on Debian's python3)."""

    def __init__(self, enabled):
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def update(self, frac, text, force=False):
        if not self.enabled:
            return
        now = time.time()
        if not force and now - self.last < (0.5 if self.tty else 30.0):
            return
        self.last = now
        n = 24
        filled = int(n * min(max(frac, 0.0), 1.0))
        line = f'[{"#" * filled}{"." * (n - filled)}] {100 * frac:5.1f}% {text}'
        sys.stderr.write(('\r' + line + '\x1b[K') if self.tty else line + '\n')
        sys.stderr.flush()

    def close(self):
        if self.enabled and self.tty:
            sys.stderr.write('\n')


def fmt_time(s):
    s = int(s)
    return f'{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}' if s >= 3600 else f'{s // 60}:{s % 60:02d}'


def model_config(args, meta, init_cfg=None):
    if init_cfg is not None:
        return init_cfg
    c = dict(CONFIGS[args.config])
    for key in ('d_model', 'n_layer', 'n_head'):
        if getattr(args, key) is not None:
            c[key] = getattr(args, key)
    return ModelConfig(vocab_size=int(meta['vocab_size']), max_len=int(meta['window']), **c)


def lr_at(args, step, progress):
    """The learning rate of one step under --schedule:

    - cosine: linear warmup until --warmup steps or --warmup-frac of the budget,
      whichever comes first (a short run on a slow CPU may never reach 100 steps), then
      a cosine from the end of warmup down to min_lr at the end of the budget. A resumed
      run with a larger budget re-stretches the cosine (v1 saw its loss rise).
    - constant: the same warmup (counted from step 0 of the run, so a resumed run does
      not warm up again), then --lr for ever. Survives any number of resumptions; the
      weights that ship come from a short `decay` run on a copy.
    - decay: linear from --lr down to min_lr over this session's budget (--decay-minutes),
      from a constant-rate checkpoint: the export-time cool-down of a
      warmup-stable-decay schedule. `progress` is then the session's own fraction.
    """
    min_lr = args.lr * args.min_lr_frac
    if args.schedule == 'decay':
        return args.lr - (args.lr - min_lr) * min(progress, 1.0)
    warm = max((step + 1) / max(args.warmup, 1), progress / max(args.warmup_frac, 1e-9))
    if warm < 1.0:
        return args.lr * warm
    if args.schedule == 'constant':
        return args.lr
    return min_lr + 0.5 * (args.lr - min_lr) * (1 + math.cos(math.pi * min(progress, 1.0)))


@torch.no_grad()
def val_loss(model, vset, args, device):
    if vset is None or len(vset) == 0:
        return None
    was_training = model.training
    model.eval()
    rows = np.arange(min(len(vset), args.val_windows))
    total, count = 0.0, 0
    for i in range(0, len(rows), args.batch_size):
        ids, mask = trim(*vset.get(rows[i : i + args.batch_size]))
        ids, mask = ids.to(device), mask.to(device)
        with autocast(device, args.dtype):
            loss, n = masked_loss(model, ids, mask)
        total += float(loss) * n
        count += n
    model.train(was_training)
    return total / max(count, 1)


# ---------------------------------------------------------------- compute


def flops_per_token(cfg, window):
    """Training FLOPs per input token (forward + backward = 3x forward, 2 FLOPs per
    multiply-add): the block matrices (attention projections 4 d^2, MLP 2 r d^2 per
    layer), the tied output layer (d x V; logits are computed only at loss targets, so
    this overcounts by a little) and the attention scores and weighted sum (2 T d per
    layer for a causal window of T, averaged over positions)."""
    d, L, V = cfg.d_model, cfg.n_layer, cfg.vocab_size
    mat = L * (4 * d * d + 2 * cfg.mlp_ratio * d * d) + d * V
    attn = L * 2 * (window / 2) * d
    return 6 * (mat + attn)


def cpu_info():
    """The first CPU's model name, clock (MHz) and flags from /proc/cpuinfo (empty where absent)."""
    info = dict(model='', mhz=0.0, flags=set())
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                key, _, val = line.partition(':')
                key = key.strip()
                if key == 'model name' and not info['model']:
                    info['model'] = val.strip()
                elif key == 'cpu MHz' and not info['mhz']:
                    info['mhz'] = float(val)
                elif key == 'flags' and not info['flags']:
                    info['flags'] = set(val.split())
    except (OSError, ValueError):
        pass
    return info


def peak_flops(device):
    """Peak FLOP/s of the threads this run uses: cores x clock x FLOPs per cycle per core
    (vector lanes x 2 for fused multiply-add x 2 FMA units, the usual server core). bf16
    counts double the fp32 lanes where the CPU has AVX512_BF16 (vdpbf16ps) or AMX
    (whose tile unit is far faster still; counted as bf16 vectors here, a lower bound)."""
    if device.type == 'cuda':
        return dict(text=f'GPU {torch.cuda.get_device_name(device)}')
    info = cpu_info()
    flags = info['flags']
    lanes = 16 if 'avx512f' in flags else 8 if 'avx2' in flags else 4
    per_cycle = lanes * 2 * 2
    threads = torch.get_num_threads()
    ghz = info['mhz'] / 1e3 if info['mhz'] else 2.0
    fp32 = threads * ghz * 1e9 * per_cycle
    bf16 = fp32 * 2 if ('avx512_bf16' in flags or 'amx_bf16' in flags) else None
    text = (
        f'CPU peak {fp32 / 1e9:.0f} GFLOP/s fp32'
        + (f', {bf16 / 1e9:.0f} bf16' if bf16 else ', no bf16 instructions')
        + f' ({threads} threads x {ghz:.2f} GHz x {per_cycle} FLOP/cycle)'
    )
    return dict(fp32=fp32, bf16=bf16, threads=threads, ghz=ghz, text=text)


# ---------------------------------------------------------------- training


def train(args):
    if not (args.minutes or args.tokens or args.max_steps or (args.schedule == 'decay' and args.decay_minutes)):
        raise SystemExit('give a budget: --minutes M or --tokens N')
    world = int(os.environ.get('WORLD_SIZE', '1'))
    rank = int(os.environ.get('RANK', '0'))
    ddp = world > 1
    use_cuda = torch.cuda.is_available() and args.device != 'cpu'
    if ddp:
        import torch.distributed as dist

        dist.init_process_group(backend='nccl' if use_cuda else 'gloo')
    if use_cuda:
        device = torch.device('cuda', int(os.environ.get('LOCAL_RANK', '0')))
        torch.cuda.set_device(device)
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
    else:
        device = torch.device('cpu')
    torch.set_num_threads(args.threads or os.cpu_count() or 1)
    args.dtype = resolve_dtype(args.dtype, device)
    main = rank == 0
    torch.manual_seed(args.seed + rank)

    meta = read_meta(args.data)
    tset = WindowSet(args.data, 'train')
    vset = WindowSet(args.data, 'val')
    if len(tset) < args.batch_size:
        raise SystemExit(f'{args.data}/train has {len(tset)} windows, fewer than --batch-size {args.batch_size}')
    os.makedirs(args.out, exist_ok=True)
    ckpt_path = os.path.join(args.out, 'ckpt.pt')

    # prior: what the weights we started from (--init-onnx) had already been trained on
    state = dict(
        step=0,
        tokens=0,
        target_tokens=0,
        elapsed=0.0,
        val_loss=None,
        sessions=[],
        prior=None,
        data_pos=dict(epoch=0, index=0),
        data_windows=None,
    )
    init_cfg, init_sd, opt_sd = None, None, None
    if args.resume:
        ck = torch_load(args.resume)
        init_cfg, init_sd, opt_sd = ModelConfig.from_dict(ck['config']), ck['model'], ck['optimizer']
        state.update({k: ck[k] for k in state if k in ck})
    elif args.init_onnx:
        from .export import load_onnx_weights

        init_cfg, init_sd, info = load_onnx_weights(args.init_onnx)
        if args.widen:
            from .model import widen

            old_cfg = init_cfg
            init_cfg = ModelConfig(
                **{
                    **old_cfg.to_dict(),
                    'd_model': args.d_model or old_cfg.d_model,
                    'n_head': args.n_head or old_cfg.n_head,
                }
            )
            init_sd = widen(init_sd, old_cfg, init_cfg, seed=args.seed)
        # What the starting weights had seen, carried into this run's summary.
        t = info.get('training', {})
        state['sessions'] = list(t.get('sessions', []))
        state['prior'] = dict(
            model=os.path.abspath(args.init_onnx),
            tokens=t.get('total_tokens', t.get('tokens') or 0),
            seconds=t.get('total_seconds', t.get('seconds') or 0.0),
        )
    cfg = model_config(args, meta, init_cfg)
    if cfg.vocab_size != int(meta['vocab_size']):
        raise SystemExit(
            f'model vocab {cfg.vocab_size} != data vocab {meta["vocab_size"]}: '
            'different tokenizer; cannot continue on this data'
        )

    model = GPT(cfg)
    if init_sd is not None:
        model.load_state_dict(init_sd)
    model.to(device)
    raw = model
    if ddp:
        from torch.nn.parallel import DistributedDataParallel

        model = DistributedDataParallel(model, device_ids=[device.index] if use_cuda else None)

    decay = [p for n, p in raw.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in raw.named_parameters() if p.dim() < 2]
    opt = torch.optim.AdamW(
        [{'params': decay, 'weight_decay': args.weight_decay}, {'params': no_decay, 'weight_decay': 0.0}],
        lr=args.lr,
        betas=(0.9, 0.95),
        eps=1e-8,
    )
    if opt_sd is not None:
        opt.load_state_dict(opt_sd)

    budget_s = args.minutes * 60 if args.minutes else None
    budget_tok = args.tokens
    elapsed0 = state['elapsed']
    if args.schedule == 'decay':
        if not args.decay_minutes:
            raise SystemExit('--schedule decay needs --decay-minutes M (the cool-down of this session)')
        budget_s = None

    def progress():
        p = 0.0
        if args.schedule == 'decay':
            p = max(p, (state['elapsed'] - elapsed0) / (args.decay_minutes * 60))
        if budget_s:
            p = max(p, state['elapsed'] / budget_s)
        if budget_tok:
            p = max(p, state['tokens'] / budget_tok)
        if args.max_steps:
            p = max(p, state['step'] / args.max_steps)
        return p

    stop = {'signal': None}

    def on_signal(signum, frame):
        stop['signal'] = signum

    if main:
        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)

    session = dict(
        started=time.strftime('%Y-%m-%dT%H:%M:%S'),
        hardware=hardware(device),
        world_size=world,
        dtype=args.dtype,
        start_step=state['step'],
        start_tokens=state['tokens'],
        data=os.path.abspath(args.data),
        torch=torch.__version__,
    )

    def checkpoint():
        session.update(
            steps=state['step'] - session['start_step'],
            tokens=state['tokens'] - session['start_tokens'],
            seconds=round(time.time() - t_session, 1),
        )
        atomic_save(
            dict(
                model=raw.state_dict(),
                optimizer=opt.state_dict(),
                config=cfg.to_dict(),
                data_meta=meta,
                tokenizer=read_text(os.path.join(data_dirs(args.data)[0], 'tokenizer.json')),
                args=vars(args),
                num_params=raw.num_params(),
                sessions=state['sessions'] + [session],
                **{k: v for k, v in state.items() if k != 'sessions'},
            ),
            ckpt_path,
        )

    log = open(os.path.join(args.out, 'log.jsonl'), 'a') if main else None

    def write_log(rec):
        if log:
            log.write(json.dumps(rec) + '\n')
            log.flush()

    flops_tok = flops_per_token(cfg, tset.width)
    peak = peak_flops(device)
    if main:
        print(f'model {raw.num_params() / 1e6:.2f}M params {cfg.to_dict()}', file=sys.stderr)
        print(
            f'compute: {flops_tok / 1e6:.1f} MFLOP per training token; {args.dtype}; ' f'{peak.get("text", "")}',
            file=sys.stderr,
        )
        print(
            f'data {len(tset)} train windows x {tset.width}, {len(vset)} val; device {session["hardware"]}'
            f' x{world}; budget {args.minutes or "-"} min / {budget_tok or "-"} tokens',
            file=sys.stderr,
        )
        write_log(
            dict(
                event='start',
                step=state['step'],
                params=raw.num_params(),
                config=cfg.to_dict(),
                hardware=session['hardware'],
                world_size=world,
                batch_size=args.batch_size,
                lr=args.lr,
                threads=torch.get_num_threads(),
                resume=args.resume,
                init_onnx=args.init_onnx,
                dtype=args.dtype,
                schedule=args.schedule,
                flops_per_token=flops_tok,
                peak=peak,
                data_pos=dict(state['data_pos']),
            )
        )

    bar = Progress(main and not args.quiet)
    if state['data_windows'] != len(tset) or args.init_onnx:
        # other data than the checkpoint's position refers to: start its first epoch
        state['data_pos'] = dict(epoch=0, index=0)
    state['data_windows'] = len(tset)
    it = batches(len(tset), args.batch_size, rank, world, args.seed, state['data_pos'])
    model.train()
    t_session = time.time()
    t_last = time.time()
    t_ckpt = t_eval = time.time()
    run_loss, run_n, run_tok, run_t0 = 0.0, 0, 0, time.time()
    cpu0 = time.process_time()  # CPU time of this process: throughput on a shared machine

    while True:
        # Stop decision: rank 0 decides, everyone follows (no deadlock in DDP).
        done = progress() >= 1.0 or stop['signal'] is not None
        if ddp:
            flag = torch.tensor([1.0 if done else 0.0], device=device)
            torch.distributed.broadcast(flag, 0)
            done = bool(flag.item())
        if done:
            break

        lr = lr_at(args, state['step'], progress())
        for g in opt.param_groups:
            g['lr'] = lr
        ids, mask = trim(*tset.get(next(it)))
        ids, mask = ids.to(device, non_blocking=True), mask.to(device, non_blocking=True)
        with autocast(device, args.dtype):
            loss, n_target = masked_loss(model, ids, mask)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        gnorm = torch.nn.utils.clip_grad_norm_(raw.parameters(), args.grad_clip)
        opt.step()

        now = time.time()
        state['elapsed'] += now - t_last
        t_last = now
        state['step'] += 1
        n_tok = ids[:, :-1].numel() * world
        state['tokens'] += n_tok
        state['target_tokens'] += n_target * world
        run_loss += float(loss)
        run_n += 1
        run_tok += n_tok

        if not main:
            continue
        tok_s = run_tok / max(now - run_t0, 1e-9)
        if state['step'] % args.log_every == 0:
            write_log(
                dict(
                    step=state['step'],
                    loss=round(run_loss / run_n, 4),
                    lr=lr,
                    gnorm=round(float(gnorm), 3),
                    tokens=state['tokens'],
                    tok_s=round(tok_s),
                    elapsed=round(state['elapsed'], 1),
                    cpu_s=round(time.process_time() - cpu0, 1),
                    gflop_s=round(tok_s * flops_tok / 1e9, 2),
                )
            )
            run_loss, run_n, run_tok, run_t0 = 0.0, 0, 0, time.time()
        if now - t_eval >= args.eval_every:
            state['val_loss'] = val_loss(raw, vset, args, device)
            write_log(
                dict(
                    step=state['step'],
                    val_loss=state['val_loss'],
                    tokens=state['tokens'],
                    elapsed=round(state['elapsed'], 1),
                )
            )
            t_eval = time.time()
        if now - t_ckpt >= args.ckpt_every:
            checkpoint()
            t_ckpt = time.time()
        vl = f' val {state["val_loss"]:.3f}' if state['val_loss'] is not None else ''
        spent = (
            f'{fmt_time(state["elapsed"])}/{fmt_time(budget_s)}' if budget_s else f'{state["tokens"] / 1e6:.1f}M tok'
        )
        bar.update(
            progress(),
            f'step {state["step"]} loss {float(loss):.3f}{vl} {tok_s / 1e3:.1f}k tok/s '
            f'{tok_s * flops_tok / 1e9:.1f} GFLOP/s '
            f'lr {lr:.1e} {spent}',
        )

    if main:
        state['val_loss'] = val_loss(raw, vset, args, device)
        checkpoint()
        summary = dict(
            event='end',
            step=state['step'],
            tokens=state['tokens'],
            target_tokens=state['target_tokens'],
            elapsed=round(state['elapsed'], 1),
            val_loss=state['val_loss'],
            signal=stop['signal'],
            tok_s=round(session['tokens'] / max(session['seconds'], 1e-9)),
            cpu_s=round(time.process_time() - cpu0, 1),
            tok_per_cpu_s=round(session['tokens'] / max(time.process_time() - cpu0, 1e-9)),
        )
        write_log(summary)
        bar.update(progress(), f'step {state["step"]} val {state["val_loss"]} done', force=True)
        bar.close()
        print(json.dumps(summary), file=sys.stderr)
        log.close()
    if ddp:
        torch.distributed.destroy_process_group()
    return state


# ---------------------------------------------------------------- size sweep


def sweep(args):
    """Train each named config for the same budget; compare validation loss at equal time."""
    rows = []
    base_out = args.out
    for name in args.sweep.split(','):
        sub = argparse.Namespace(**vars(args))
        sub.config, sub.out, sub.sweep = name, os.path.join(base_out, name), None
        # only the final validation (after the budget, so it costs no training time)
        sub.eval_every = float('inf')
        print(f'== sweep: {name}', file=sys.stderr)
        st = train(sub)
        ck = torch_load(os.path.join(sub.out, 'ckpt.pt'))
        with open(os.path.join(sub.out, 'log.jsonl')) as f:
            end = [json.loads(line) for line in f][-1]
        rows.append(
            dict(
                config=name,
                params=ck['num_params'],
                steps=st['step'],
                tokens=st['tokens'],
                seconds=round(st['elapsed'], 1),
                tok_s=round(st['tokens'] / max(st['elapsed'], 1e-9)),
                tok_per_cpu_s=end.get('tok_per_cpu_s'),
                val_loss=st['val_loss'],
                threads=torch.get_num_threads(),
            )
        )
    with open(os.path.join(base_out, 'sweep.json'), 'w') as f:
        json.dump(rows, f, indent=1)
    lines = [
        '| config | params | threads | minutes | tokens | tokens/s | tokens/CPU-s | val loss |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
    ]
    for r in rows:
        vl = f'{r["val_loss"]:.4f}' if r['val_loss'] is not None else '-'
        lines.append(
            f'| {r["config"]} | {r["params"] / 1e6:.2f}M | {r["threads"]} | {r["seconds"] / 60:.1f} | '
            f'{r["tokens"] / 1e6:.2f}M | {r["tok_s"]:,} | {r["tok_per_cpu_s"]:,} | {vl} |'
        )
    table = '\n'.join(lines) + '\n'
    with open(os.path.join(base_out, 'sweep.md'), 'w') as f:
        f.write(table)
    print(table)
    return rows


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        prog='python -m ndbg.train',
        description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument('--data', required=True, help='dataset dir from `python -m ndbg.data build`')
    p.add_argument('--out', required=True, help='run dir: ckpt.pt, log.jsonl')
    p.add_argument('--config', default='small', choices=sorted(CONFIGS), help='named model size')
    p.add_argument('--d-model', type=int, help='override the config')
    p.add_argument('--n-layer', type=int)
    p.add_argument('--n-head', type=int)
    p.add_argument('--minutes', type=float, help='time budget of the whole run (a resumed run continues toward it)')
    p.add_argument('--tokens', type=int, help='token budget (input positions, all ranks)')
    p.add_argument('--max-steps', type=int, default=0, help='stop after this many steps (tests)')
    g = p.add_mutually_exclusive_group()
    g.add_argument('--resume', help='continue a run: runs/NAME/ckpt.pt (model, optimizer, schedule)')
    g.add_argument('--init-onnx', help='start from the weights of an exported model (models/X/model.onnx)')
    p.add_argument(
        '--widen',
        action='store_true',
        help='with --init-onnx: grow the model to --d-model/--n-head (same head size), '
        'computing the same function at the start (model.widen)',
    )
    p.add_argument('--batch-size', type=int, default=8, help='windows per step per rank')
    p.add_argument('--lr', type=float, default=2e-3)
    p.add_argument(
        '--schedule',
        default='cosine',
        choices=['cosine', 'constant', 'decay'],
        help='cosine over the budget; constant after warmup (resumable across sessions); '
        'decay: linear cool-down over --decay-minutes, for the weights that ship',
    )
    p.add_argument('--decay-minutes', type=float, help='length of a --schedule decay run')
    p.add_argument('--min-lr-frac', type=float, default=0.1)
    p.add_argument('--warmup', type=int, default=100, help='warmup steps (at most)')
    p.add_argument('--warmup-frac', type=float, default=0.05, help='warmup fraction of the budget (at most)')
    p.add_argument('--weight-decay', type=float, default=0.1)
    p.add_argument('--grad-clip', type=float, default=1.0)
    p.add_argument(
        '--dtype',
        default='auto',
        choices=['auto', 'bf16', 'fp32'],
        help='autocast dtype; auto: bf16 on CUDA and on CPUs with bf16 instructions (loss is fp32 anyway)',
    )
    p.add_argument('--device', default='auto', choices=['auto', 'cpu', 'cuda'])
    p.add_argument('--threads', type=int, default=0, help='torch threads (default: all cores)')
    p.add_argument('--eval-every', type=float, default=300, help='seconds between val losses')
    p.add_argument(
        '--val-windows', type=int, default=64, help='val windows per val loss (the first ones: same every time)'
    )
    p.add_argument('--ckpt-every', type=float, default=300, help='seconds between checkpoints')
    p.add_argument('--log-every', type=int, default=10, help='steps between log lines')
    p.add_argument('--seed', type=int, default=1234)
    p.add_argument('--sweep', help='comma-separated configs to train one after another (e.g. xs,small,medium)')
    p.add_argument('--quiet', action='store_true', help='no progress bar')
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    if args.sweep:
        sweep(args)
    else:
        train(args)
