"""Build a model directory with random weights, through the real export path, for the
TypeScript runtime's tests and benchmark (no training: the runtime's tests check
mechanics, not accuracy).

    /usr/bin/python3 test/model/make_model.py --out DIR [--config tiny] [--tokenizer PATH]
        [--vocab N] [--window 1024] [--seed 0] [--scale 1.0] [--parts-mb 0] [--no-check]
        [--kv-layout layered|stacked]

--vocab pads the model's vocabulary beyond the tokenizer's (ids the tokenizer lacks are
never valid output: the runtime masks them). --scale multiplies the random weights
(peakier distributions, so greedy outputs vary more). --kv-layout stacked rewrites
model.onnx in the layout of exports before per-layer caches (one `past` tensor
[n_layer, 2, batch, n_head, len, head_dim]), which the runtime still reads.
"""
import argparse
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, '..', '..')
sys.path.insert(0, os.path.join(ROOT, 'python'))

import torch  # noqa: E402

from ndbg.trace import format as fmt  # noqa: E402
from ndbg.learn.export import export, legacy_exporter  # noqa: E402
from ndbg.learn.model import CONFIGS, GPT, ModelConfig  # noqa: E402


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument('--out', required=True)
    p.add_argument('--config', default='tiny', choices=sorted(CONFIGS))
    p.add_argument('--tokenizer', default=os.path.join(ROOT, 'test', 'golden', 'tokenizer.json'))
    p.add_argument('--vocab', type=int, default=0)
    p.add_argument('--window', type=int, default=1024)
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--scale', type=float, default=1.0)
    p.add_argument('--parts-mb', type=float, default=0)
    p.add_argument('--no-check', action='store_true')
    p.add_argument('--kv-layout', default='layered', choices=['layered', 'stacked'])
    a = p.parse_args(argv)
    with open(a.tokenizer, encoding='utf-8') as f:
        tok_text = f.read()
    tok_vocab = json.loads(tok_text)['vocab_size']
    torch.manual_seed(a.seed)
    cfg = ModelConfig(vocab_size=max(a.vocab, tok_vocab), max_len=a.window, **CONFIGS[a.config])
    model = GPT(cfg)
    if a.scale != 1.0:
        with torch.no_grad():
            for name, q in model.named_parameters():
                if not name.endswith('norm1.weight') and not name.endswith('norm2.weight') and name != 'norm_f.weight':
                    q.mul_(a.scale)
    meta = dict(
        format_version=fmt.FORMAT_VERSION,
        window=a.window,
        vocab_size=tok_vocab,
        special_tokens={n: i for i, n in enumerate(fmt.SPECIALS)},
        pad_id=fmt.PAD,
        bos_id=fmt.BOS,
        end_id=fmt.END,
        random_weights=True,
    )
    ck = dict(
        config=cfg.to_dict(),
        model=model.state_dict(),
        tokenizer=tok_text,
        data_meta=meta,
        step=0,
        tokens=0,
        num_params=model.num_params(),
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'ckpt.pt')
        torch.save(ck, path)
        export(path, a.out, parts_mb=a.parts_mb, check=not a.no_check)
    if a.kv_layout == 'stacked':
        write_stacked(model.eval(), a.out)


def write_stacked(model, out):
    """Overwrite out/model.onnx with the stacked-cache signature: input_ids, past -> logits, present."""
    import warnings

    cfg, path = model.cfg, os.path.join(out, 'model.onnx')
    ids = torch.zeros(1, 4, dtype=torch.long)
    past = torch.zeros(cfg.n_layer, 2, 1, cfg.n_head, 3, cfg.head_dim)
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        torch.onnx.export(
            model,
            (ids, past),
            path,
            opset_version=14,
            input_names=['input_ids', 'past'],
            output_names=['logits', 'present'],
            do_constant_folding=False,
            **legacy_exporter(),
            dynamic_axes={
                'input_ids': {0: 'batch', 1: 'seq'},
                'past': {2: 'batch', 4: 'past_len'},
                'logits': {0: 'batch', 1: 'seq'},
                'present': {2: 'batch', 4: 'total_len'},
            }
        )
    with open(os.path.join(out, 'config.json')) as f:
        info = json.load(f)
    info['onnx']['bytes'] = os.path.getsize(path)
    info['io'] = dict(kv_layout='stacked')
    with open(os.path.join(out, 'config.json'), 'w') as f:
        json.dump(info, f, indent=1)


if __name__ == '__main__':
    main()
