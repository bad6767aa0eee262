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
    main(['--data', data, '--out', run, '--config', 'tiny', '--max-steps', '60', '--batch-size', '16',
          '--warmup', '10', '--log-every', '10', '--threads', '1', '--quiet'])
    log = read_log(run)
    losses = [r['loss'] for r in log if 'loss' in r]
    assert losses[-1] < 0.6 * losses[0], losses
    end = log[-1]
    assert end['event'] == 'end' and end['step'] == 60 and end['val_loss'] < losses[0]
    ck = torch_load(os.path.join(run, 'ckpt.pt'))
    assert ck['step'] == 60 and ck['config']['vocab_size'] == 64 and ck['tokenizer']
    assert not os.path.exists(os.path.join(run, 'ckpt.pt.tmp'))

    # resume: continues the step count and the optimizer
    main(['--data', data, '--out', run, '--resume', os.path.join(run, 'ckpt.pt'), '--max-steps', '70',
          '--batch-size', '16', '--threads', '1', '--quiet'])
    ck2 = torch_load(os.path.join(run, 'ckpt.pt'))
    assert ck2['step'] == 70 and ck2['tokens'] > ck['tokens'] and len(ck2['sessions']) == 2


def test_fp32_and_token_budget(tmp_path):
    data = make_data(str(tmp_path / 'data'), n_train=64)
    run = str(tmp_path / 'run')
    main(['--data', data, '--out', run, '--config', 'tiny', '--tokens', '2000', '--batch-size', '8',
          '--dtype', 'fp32', '--threads', '1', '--quiet'])
    end = read_log(run)[-1]
    assert 2000 <= end['tokens'] < 2000 + 8 * 32 and torch.isfinite(torch.tensor(end['val_loss']))


def test_gpu_script_parses():
    import subprocess
    script = os.path.join(os.path.dirname(__file__), '..', '..', 'scripts', 'gpu_train.sh')
    subprocess.run(['bash', '-n', script], check=True)


def test_bf16_autocast_runs(tmp_path):
    data = make_data(str(tmp_path / 'data'), n_train=32)
    run = str(tmp_path / 'run')
    main(['--data', data, '--out', run, '--config', 'tiny', '--max-steps', '3', '--batch-size', '8',
          '--dtype', 'bf16', '--threads', '1', '--quiet'])
    end = read_log(run)[-1]
    assert end['step'] == 3 and torch.isfinite(torch.tensor(end['val_loss']))
