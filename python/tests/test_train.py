import json
import os

import torch

from model_fixtures import make_data
from ndbg.learn.train import main, torch_load


def read_log(run):
    with open(os.path.join(run, 'log.jsonl')) as f:
        return [json.loads(line) for line in f]


def test_tiny_model_trains_and_loss_falls(tmp_path):
    data = make_data(str(tmp_path / 'data'))
    run = str(tmp_path / 'run')
    main(
        [
            '--data',
            data,
            '--out',
            run,
            '--config',
            'tiny',
            '--max-steps',
            '60',
            '--batch-size',
            '16',
            '--warmup',
            '10',
            '--log-every',
            '10',
            '--threads',
            '1',
            '--quiet',
        ]
    )
    log = read_log(run)
    losses = [r['loss'] for r in log if 'loss' in r]
    assert losses[-1] < 0.6 * losses[0], losses
    end = log[-1]
    assert end['event'] == 'end' and end['step'] == 60 and end['val_loss'] < losses[0]
    ck = torch_load(os.path.join(run, 'ckpt.pt'))
    assert ck['step'] == 60 and ck['config']['vocab_size'] == 64 and ck['tokenizer']
    assert not os.path.exists(os.path.join(run, 'ckpt.pt.tmp'))

    # resume: continues the step count and the optimizer
    main(
        [
            '--data',
            data,
            '--out',
            run,
            '--resume',
            os.path.join(run, 'ckpt.pt'),
            '--max-steps',
            '70',
            '--batch-size',
            '16',
            '--threads',
            '1',
            '--quiet',
        ]
    )
    ck2 = torch_load(os.path.join(run, 'ckpt.pt'))
    assert ck2['step'] == 70 and ck2['tokens'] > ck['tokens'] and len(ck2['sessions']) == 2


def test_fp32_and_token_budget(tmp_path):
    data = make_data(str(tmp_path / 'data'), n_train=64)
    run = str(tmp_path / 'run')
    main(
        [
            '--data',
            data,
            '--out',
            run,
            '--config',
            'tiny',
            '--tokens',
            '2000',
            '--batch-size',
            '8',
            '--dtype',
            'fp32',
            '--threads',
            '1',
            '--quiet',
        ]
    )
    end = read_log(run)[-1]
    assert 2000 <= end['tokens'] < 2000 + 8 * 32 and torch.isfinite(torch.tensor(end['val_loss']))


def test_gpu_script_parses():
    import subprocess

    script = os.path.join(os.path.dirname(__file__), '..', '..', 'scripts', 'gpu_train.sh')
    subprocess.run(['bash', '-n', script], check=True)


def test_bf16_autocast_runs(tmp_path):
    data = make_data(str(tmp_path / 'data'), n_train=32)
    run = str(tmp_path / 'run')
    main(
        [
            '--data',
            data,
            '--out',
            run,
            '--config',
            'tiny',
            '--max-steps',
            '3',
            '--batch-size',
            '8',
            '--dtype',
            'bf16',
            '--threads',
            '1',
            '--quiet',
        ]
    )
    end = read_log(run)[-1]
    assert end['step'] == 3 and torch.isfinite(torch.tensor(end['val_loss']))


def test_schedules_constant_survives_resumption_and_decay_cools_down():
    from argparse import Namespace
    from ndbg.learn.train import lr_at

    a = Namespace(lr=1e-3, min_lr_frac=0.1, warmup=10, warmup_frac=0.05, schedule='constant')
    assert lr_at(a, 0, 0.0) < 1e-3  # warming up
    assert lr_at(a, 50, 0.3) == lr_at(a, 5000, 0.9) == 1e-3  # then flat, wherever a resumed run is
    d = Namespace(**{**vars(a), 'schedule': 'decay'})
    assert lr_at(d, 5000, 0.0) == 1e-3 and abs(lr_at(d, 5000, 1.0) - 1e-4) < 1e-12
    assert lr_at(d, 5000, 0.5) == (1e-3 + 1e-4) / 2


def test_resume_continues_the_data_epoch(tmp_path):
    data = make_data(str(tmp_path / 'data'), n_train=64)
    run = str(tmp_path / 'run')
    common = ['--data', data, '--out', run, '--batch-size', '8', '--threads', '1', '--quiet', '--schedule', 'constant']
    main(common + ['--config', 'tiny', '--max-steps', '3'])
    ck = torch_load(os.path.join(run, 'ckpt.pt'))
    assert ck['data_pos'] == {'epoch': 0, 'index': 24} and ck['data_windows'] == 64
    main(common + ['--resume', os.path.join(run, 'ckpt.pt'), '--max-steps', '10'])
    ck = torch_load(os.path.join(run, 'ckpt.pt'))
    assert ck['data_pos'] == {'epoch': 1, 'index': 16}  # 64 windows = 8 steps an epoch; 10 steps in all


def test_gpu_script_dry_run_on_cpu(tmp_path):
    """Every stage the lent GPU machine would run (data on all cores, training, export
    in <= 16 MiB parts, evaluation, card), on the CPU with a tiny model, so a GPU's few
    minutes are not lost to a bug in the script."""
    import shutil
    import subprocess
    import sys

    root = os.path.join(os.path.dirname(__file__), '..', '..')
    out = tmp_path / 'out'
    env = dict(
        os.environ,
        OUT=str(out),
        WORK=str(tmp_path / 'work'),
        DEVICE='cpu',
        CONFIG='tiny',
        MINUTES='0.1',
        PROGRAMS='200',
        BATCH='4',
        EVAL_PER_ACTION='3',
        PY=sys.executable,
        NAME='dry',
    )
    r = subprocess.run(
        ['bash', os.path.join(root, 'scripts', 'gpu_train.sh')], env=env, capture_output=True, text=True, timeout=600
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    model = out / 'dry'
    names = {p.name for p in model.iterdir()}
    assert {'config.json', 'tokenizer.json', 'card.md', 'eval.json'} <= names
    parts = [p for p in model.iterdir() if p.name.startswith('model.onnx')]
    assert parts and all(p.stat().st_size <= 16 << 20 for p in parts)
    assert (out / 'train-log.jsonl').exists() and (out / 'data-meta.json').exists()
    with open(model / 'eval.json') as f:
        assert json.load(f)
    if shutil.which('node') and os.path.isdir(os.path.join(root, 'node_modules', 'onnxruntime-node')):
        with open(model / 'config.json') as f:
            assert json.load(f).get('onnx_check'), 'the export was not checked in onnxruntime-node'


def test_several_data_dirs_one_tokenizer_in_the_checkpoint(tmp_path):
    a = make_data(str(tmp_path / 'a'), n_train=32)
    b = make_data(str(tmp_path / 'b'), n_train=16)
    run = str(tmp_path / 'run')
    main(
        [
            '--data',
            f'{a},{b}',
            '--out',
            run,
            '--config',
            'tiny',
            '--max-steps',
            '2',
            '--batch-size',
            '8',
            '--threads',
            '1',
            '--quiet',
        ]
    )
    ck = torch_load(os.path.join(run, 'ckpt.pt'))
    with open(os.path.join(a, 'tokenizer.json')) as f:
        assert ck['tokenizer'] == f.read()  # what export writes next to the model
    assert ck['data_windows'] == 48
