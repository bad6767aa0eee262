"""Export a training checkpoint to the layout ndbg ships (see models/README.md).

    python -m ndbg.export --ckpt runs/NAME/ckpt.pt --out models/NAME/ [--weights auto|fp32|fp16] [--parts-mb 16]
    python -m ndbg.export --check models/NAME/        # re-run the ORT check on an export

Writes model.onnx (a key and a value tensor per layer in and out, dynamic batch /
seq / past axes),
tokenizer.json and config.json, then runs the exported file in onnxruntime-node
(ort_check.mjs beside this file: the runtime ndbg itself uses) on a prefill, a multi-token
continuation and two cached decoding steps and compares its logits with PyTorch's: max abs diff must be below
--tolerance (1e-3; fp32 on both sides, so in practice ~1e-5). The result goes into
config.json.

`load_onnx_weights` reads an exported model back into PyTorch (train --init-onnx,
evaluate --model models/NAME).
"""

import argparse
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import warnings

import numpy as np
import torch

from .checkpoint import torch_load
from .model import GPT, ModelConfig

OPSET = 14
FP16_SUFFIX = '__fp16'
HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- export


def weight_aliases(model):
    """torch.onnx dedups initializers with equal values (e.g. untrained norm weights):
    map each parameter that may vanish to the earlier one with the same value."""
    aliases, seen = {}, []
    for name, t in model.state_dict().items():
        for other, u in seen:
            if t.shape == u.shape and t.dtype == u.dtype and torch.equal(t, u):
                aliases[name] = other
                break
        else:
            seen.append((name, t))
    return aliases


def kv_names(n_layer, kind):
    """The cache's input (kind 'past') or output ('present') names, layer by layer:
    past.0.key, past.0.value, past.1.key, ..."""
    return [f'{kind}.{i}.{w}' for i in range(n_layer) for w in ('key', 'value')]


class LayeredGPT(GPT):
    """The exported signature: input_ids, then a key and a value tensor per layer
    ([batch, n_head, past_len, head_dim] each) -> logits, then the presents in the same
    order. Separate tensors, not one stacked [n_layer, 2, ...] cache, so that a decoding
    step does not split and re-stack the whole cache (measured: 1.3-2x faster per step in
    onnxruntime-node at 100-600 cached tokens). A GPT subclass: same weight names."""

    def forward(self, input_ids, *kv):
        past = [[kv[2 * i], kv[2 * i + 1]] for i in range(len(kv) // 2)]
        logits, presents = super().forward(input_ids, past)
        return (logits, *[t for pair in presents for t in pair])


def legacy_exporter():
    """torch >= 2.9 exports through torch.export by default (dynamo=True), which needs
    onnxscript and handles dynamic_axes only partly: ask for the TorchScript exporter,
    the one torch 1.13 has, wherever the argument exists."""
    import inspect

    return {'dynamo': False} if 'dynamo' in inspect.signature(torch.onnx.export).parameters else {}


def to_onnx(model, path, opset=OPSET):
    cfg = model.cfg
    layered = LayeredGPT(cfg)
    layered.load_state_dict(model.state_dict())
    layered.eval()
    ids = torch.zeros(1, 4, dtype=torch.long)
    kv = tuple(torch.zeros(1, cfg.n_head, 3, cfg.head_dim) for _ in range(2 * cfg.n_layer))
    past_names, present_names = kv_names(cfg.n_layer, 'past'), kv_names(cfg.n_layer, 'present')
    axes = {'input_ids': {0: 'batch', 1: 'seq'}, 'logits': {0: 'batch', 1: 'seq'}}
    axes.update({n: {0: 'batch', 2: 'past_len'} for n in past_names})
    axes.update({n: {0: 'batch', 2: 'total_len'} for n in present_names})
    with torch.no_grad(), warnings.catch_warnings():
        # Python ints from shapes are traced as constants; ours are all dynamic (tested).
        warnings.simplefilter('ignore', torch.jit.TracerWarning)
        torch.onnx.export(
            layered,
            (ids, *kv),
            path,
            opset_version=opset,
            input_names=['input_ids', *past_names],
            output_names=['logits', *present_names],
            dynamic_axes=axes,
            **legacy_exporter(),
            # No constant folding: it would rename weights (e.g. a transposed copy),
            # and --init-onnx finds weights by name. ORT folds at load time anyway.
            do_constant_folding=False,
        )


def fp16_weights(path, names):
    """Store the named fp32 initializers as fp16 with a Cast back to fp32 in the graph:
    half the file, fp32 compute (ORT folds the casts when it loads the model)."""
    import onnx
    from onnx import helper, numpy_helper

    m = onnx.load(path)
    casts = []
    for init in m.graph.initializer:
        if init.name in names and init.data_type == onnx.TensorProto.FLOAT:
            arr = numpy_helper.to_array(init).astype(np.float16)
            name = init.name
            init.CopyFrom(numpy_helper.from_array(arr, name + FP16_SUFFIX))
            casts.append(
                helper.make_node('Cast', [name + FP16_SUFFIX], [name], to=onnx.TensorProto.FLOAT, name='cast_' + name)
            )
    for i, node in enumerate(casts):
        m.graph.node.insert(i, node)
    onnx.save(m, path)


def split_file(path, part_mb):
    """model.onnx -> model.onnx.part-000, part-001, ... (each <= part_mb MiB); join with
    `cat model.onnx.part-* > model.onnx` (the names sort in order). Returns the manifest."""
    size = int(part_mb * 1024 * 1024)
    parts = []
    with open(path, 'rb') as f:
        whole = hashlib.sha256()
        i = 0
        while True:
            chunk = f.read(size)
            if not chunk:
                break
            whole.update(chunk)
            name = f'{os.path.basename(path)}.part-{i:03d}'
            with open(os.path.join(os.path.dirname(path), name), 'wb') as g:
                g.write(chunk)
            parts.append(dict(file=name, bytes=len(chunk)))
            i += 1
    manifest = dict(
        file=os.path.basename(path),
        bytes=os.path.getsize(path),
        sha256=whole.hexdigest(),
        parts=parts,
        join=f'cat {os.path.basename(path)}.part-* > {os.path.basename(path)}',
    )
    with open(path + '.parts.json', 'w') as f:
        json.dump(manifest, f, indent=1)
    os.remove(path)
    return manifest


def read_model_bytes(path):
    """model.onnx, or its parts joined (model.onnx.parts.json) when the whole file is absent."""
    if os.path.exists(path):
        with open(path, 'rb') as f:
            return f.read()
    with open(path + '.parts.json') as f:
        manifest = json.load(f)
    data = b''.join(open(os.path.join(os.path.dirname(path), p['file']), 'rb').read() for p in manifest['parts'])
    if hashlib.sha256(data).hexdigest() != manifest['sha256']:
        raise ValueError(f'{path}: joined parts do not match the manifest sha256')
    return data


# ---------------------------------------------------------------- load back


def load_onnx_weights(path):
    """An exported model (dir, or its model.onnx) -> (ModelConfig, state_dict, config.json dict)."""
    import onnx
    from onnx import numpy_helper

    model_path = os.path.join(path, 'model.onnx') if os.path.isdir(path) else path
    with open(os.path.join(os.path.dirname(model_path), 'config.json')) as f:
        info = json.load(f)
    cfg = ModelConfig.from_dict(info['model'])
    m = onnx.load_from_string(read_model_bytes(model_path))
    found = {}
    for init in m.graph.initializer:
        name = init.name[: -len(FP16_SUFFIX)] if init.name.endswith(FP16_SUFFIX) else init.name
        found[name] = torch.from_numpy(numpy_helper.to_array(init).astype(np.float32).copy())
    expected = GPT(cfg).state_dict()
    aliases = info.get('weight_aliases', {})
    sd, missing = {}, []
    for name, t in expected.items():
        src = name if name in found else aliases.get(name)
        if src not in found:
            missing.append(name)
            continue
        if tuple(found[src].shape) != tuple(t.shape):
            raise ValueError(f'{model_path}: {name} has shape {tuple(found[src].shape)}, expected {tuple(t.shape)}')
        sd[name] = found[src]
    if missing:
        raise ValueError(f'{model_path}: weights not found in the ONNX initializers: {missing}')
    return cfg, sd, info


# ---------------------------------------------------------------- check


def node_available():
    return shutil.which('node') is not None


def ort_run(model_path, requests, timeout=300):
    """Run requests (see ort_check.mjs) in onnxruntime-node; returns its outputs as numpy."""
    with tempfile.TemporaryDirectory() as tmp:
        req, out = os.path.join(tmp, 'requests.json'), os.path.join(tmp, 'outputs.json')
        with open(req, 'w') as f:
            json.dump(requests, f)
        subprocess.run(['node', os.path.join(HERE, 'ort_check.mjs'), model_path, req, out], check=True, timeout=timeout)
        with open(out) as f:
            res = json.load(f)
    return [{k: np.asarray(v['data'], dtype=np.float32).reshape(v['dims']) for k, v in r.items()} for r in res]


CHECK_CHUNKS = (16, 6, 1, 1)
CHECK_WHAT = (
    'prefill 16 tokens (empty past), then 6 tokens on that past, then 2 single cached steps; '
    'batch 2; every logit vs PyTorch fp32 full-sequence forward'
)


def check_against_ort(model, model_path, chunks=CHECK_CHUNKS, batch=2, seed=0):
    """Run a random sequence through ONNX Runtime in chunks, each call taking the previous
    call's `present` as its `past` (a prefill with an empty past, a multi-token
    continuation, single-token steps); compare every logit with PyTorch's
    full-sequence forward. Returns the max abs difference."""
    cfg = model.cfg
    g = torch.Generator().manual_seed(seed)
    total = sum(chunks)
    ids = torch.randint(0, cfg.vocab_size, (batch, total), generator=g)
    with torch.no_grad():
        ref, _ = model(ids)
    ref = ref.numpy()

    def spec(t):
        return {'type': 'int64', 'dims': list(t.shape), 'data': t.reshape(-1).tolist()}

    requests, start = [], 0
    past_names, present_names = kv_names(cfg.n_layer, 'past'), kv_names(cfg.n_layer, 'present')
    for k, n in enumerate(chunks):
        request = {'input_ids': spec(ids[:, start : start + n])}
        for past, present in zip(past_names, present_names):
            request[past] = {
                'type': 'float32',
                'dims': [batch, cfg.n_head, start, cfg.head_dim],
                'data': [] if k == 0 else f'{present}:{k - 1}',
            }
        requests.append(request)
        start += n
    outs = ort_run(model_path, requests)
    got = np.concatenate([o['logits'] for o in outs], axis=1)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    for name in present_names:
        assert list(outs[-1][name].shape) == [batch, cfg.n_head, total, cfg.head_dim], name
    return float(np.abs(got - ref).max())


# ---------------------------------------------------------------- main


def training_summary(ck):
    """This run's numbers, plus totals that include the model it started from (--init-onnx)."""
    sessions = ck.get('sessions', [])
    prior = ck.get('prior') or {}
    return dict(
        steps=ck.get('step'),
        tokens=ck.get('tokens'),
        target_tokens=ck.get('target_tokens'),
        seconds=round(ck.get('elapsed', 0.0), 1),
        val_loss=ck.get('val_loss'),
        total_tokens=(ck.get('tokens') or 0) + (prior.get('tokens') or 0),
        total_seconds=round(ck.get('elapsed', 0.0) + (prior.get('seconds') or 0.0), 1),
        started_from=prior.get('model'),
        num_params=ck.get('num_params'),
        sessions=sessions,
        hardware=sorted({s.get('hardware') for s in sessions if s.get('hardware')}),
    )


def export(ckpt, out, fp16=False, parts_mb=0, max_mb=40.0, tolerance=1e-3, check=True, opset=OPSET):
    """fp16: True, False or 'auto' (fp16 weights only when fp32 ones would exceed max_mb)."""
    ck = torch_load(ckpt)
    cfg = ModelConfig.from_dict(ck['config'])
    model = GPT(cfg)
    model.load_state_dict(ck['model'])
    model.eval()
    if fp16 == 'auto':
        fp16 = 4 * model.num_params() > 0.97 * max_mb * 2**20
    if fp16:  # the reference for the check carries the same rounding as the file
        with torch.no_grad():
            for p in model.parameters():
                p.copy_(p.half().float())
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'model.onnx')
    for stale in glob.glob(path + '.part-*') + glob.glob(path + '.parts.json'):
        os.remove(stale)
    to_onnx(model, path, opset)
    if fp16:
        fp16_weights(path, set(model.state_dict()))
    size_mb = os.path.getsize(path) / 2**20

    meta = ck.get('data_meta', {})
    if ck.get('tokenizer') is not None:
        with open(os.path.join(out, 'tokenizer.json'), 'w') as f:
            f.write(ck['tokenizer'])
    else:
        # ndbg cannot load a model without it: say so now, not at the user's first session
        print(
            f'export: {ckpt} carries no tokenizer; copy the tokenizer.json of the data it was trained on '
            f'into {out}',
            file=sys.stderr,
        )
    info = dict(
        model=cfg.to_dict(),
        num_params=model.num_params(),
        format_version=meta.get('format_version'),
        window=meta.get('window'),
        vocab_size=cfg.vocab_size,
        special_tokens=meta.get('special_tokens'),
        data_meta=meta,
        io=dict(
            kv_layout='layered',
            inputs=dict(
                input_ids='int64 [batch, seq]',
                **{
                    n: f'float32 [batch, {cfg.n_head}, past_len, {cfg.head_dim}]' for n in kv_names(cfg.n_layer, 'past')
                },
            ),
            outputs=dict(
                logits=f'float32 [batch, seq, {cfg.vocab_size}]',
                **{
                    n: f'float32 [batch, {cfg.n_head}, past_len + seq, {cfg.head_dim}]'
                    for n in kv_names(cfg.n_layer, 'present')
                },
            ),
            positions='past_len + 0 .. past_len + seq - 1 (derived from past)',
        ),
        onnx=dict(
            opset=opset,
            weights='fp16 (cast to fp32 in the graph)' if fp16 else 'fp32',
            bytes=os.path.getsize(path),
            torch=torch.__version__,
        ),
        weight_aliases=weight_aliases(model),
        training=training_summary(ck),
    )
    if check:
        if not node_available():
            raise SystemExit('node not found: cannot check the export against onnxruntime-node (use --no-check)')
        diff = check_against_ort(model, path)
        info['onnx_check'] = dict(runtime='onnxruntime-node', max_abs_diff=diff, tolerance=tolerance, what=CHECK_WHAT)
        print(f'onnxruntime-node vs PyTorch: max abs logit diff {diff:.2e} (tolerance {tolerance:g})', file=sys.stderr)
        if not diff < tolerance:
            raise SystemExit(f'export check failed: max abs diff {diff} >= {tolerance}')
    if parts_mb:
        info['onnx']['parts'] = split_file(path, parts_mb)
    with open(os.path.join(out, 'config.json'), 'w') as f:
        json.dump(info, f, indent=1)
    print(
        f'wrote {out}: model.onnx {size_mb:.1f} MiB{" in parts" if parts_mb else ""}, '
        f'{model.num_params() / 1e6:.2f}M params',
        file=sys.stderr,
    )
    if size_mb > max_mb:
        raise SystemExit(f'model.onnx is {size_mb:.1f} MiB > {max_mb} MiB (try --weights fp16 or a smaller model)')
    return info


def check_export(model_dir, tolerance=1e-3):
    """Re-check an exported model (e.g. one built on a machine without node): its own
    weights in PyTorch vs the file in onnxruntime-node. Records the result in config.json."""
    cfg, sd, info = load_onnx_weights(model_dir)
    model = GPT(cfg)
    model.load_state_dict(sd)
    model.eval()
    path = os.path.join(model_dir, 'model.onnx')
    with tempfile.TemporaryDirectory() as tmp:
        if not os.path.exists(path):  # parts: join into a temp file for the runtime
            joined = os.path.join(tmp, 'model.onnx')
            with open(joined, 'wb') as f:
                f.write(read_model_bytes(path))
            path = joined
        diff = check_against_ort(model, path)
    info['onnx_check'] = dict(runtime='onnxruntime-node', max_abs_diff=diff, tolerance=tolerance, what=CHECK_WHAT)
    with open(os.path.join(model_dir, 'config.json'), 'w') as f:
        json.dump(info, f, indent=1)
    print(f'onnxruntime-node vs PyTorch: max abs logit diff {diff:.2e} (tolerance {tolerance:g})', file=sys.stderr)
    if not diff < tolerance:
        raise SystemExit(f'export check failed: max abs diff {diff} >= {tolerance}')
    return diff


def main(argv=None):
    p = argparse.ArgumentParser(prog='python -m ndbg.export', description=__doc__.split('\n\n')[0])
    p.add_argument('--ckpt', help='checkpoint to export')
    p.add_argument('--out', help='model dir to write')
    p.add_argument('--check', metavar='MODEL_DIR', help='only re-check an exported model against onnxruntime-node')
    p.add_argument(
        '--weights',
        default='auto',
        choices=['auto', 'fp32', 'fp16'],
        help='fp16: half the file (cast to fp32 in the graph); auto: fp16 only if fp32 exceeds --max-mb',
    )
    p.add_argument('--parts-mb', type=float, default=0, help='split model.onnx into parts of at most this many MiB')
    p.add_argument('--max-mb', type=float, default=40.0, help='fail if model.onnx is larger')
    p.add_argument('--tolerance', type=float, default=1e-3, help='max abs logit diff, ORT vs PyTorch')
    p.add_argument('--no-check', action='store_true', help='skip the onnxruntime-node check')
    p.add_argument('--opset', type=int, default=OPSET)
    a = p.parse_args(argv)
    if a.check:
        check_export(a.check, a.tolerance)
        return
    if not (a.ckpt and a.out):
        p.error('--ckpt and --out are required (or --check MODEL_DIR)')
    export(
        a.ckpt,
        a.out,
        fp16={'auto': 'auto', 'fp32': False, 'fp16': True}[a.weights],
        parts_mb=a.parts_mb,
        max_mb=a.max_mb,
        tolerance=a.tolerance,
        check=not a.no_check,
        opset=a.opset,
    )
