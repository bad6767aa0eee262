"""The compact checkpoint committed between sessions: half the bytes, the same run."""

import os

import torch

from model_fixtures import make_data
from ndbg.learn.checkpoint import main as checkpoint_main
from ndbg.learn.checkpoint import torch_load
from ndbg.learn.train import main as train_main


def _train(data, run, *extra):
    train_main(['--data', data, '--out', run, '--batch-size', '8', '--threads', '1', '--quiet', *extra])


def test_compact_halves_the_file_and_resumes(tmp_path):
    data = make_data(str(tmp_path / 'data'))
    run = str(tmp_path / 'run')
    _train(data, run, '--config', 'tiny', '--max-steps', '20', '--warmup', '5')
    full = os.path.join(run, 'ckpt.pt')
    small = str(tmp_path / 'current.pt')
    checkpoint_main(['compact', full, small])
    assert os.path.getsize(small) < 0.6 * os.path.getsize(full)

    a, b = torch_load(full), torch_load(small)
    assert 'compact' not in b  # loading widens it back: callers see an ordinary checkpoint
    for k, t in a['model'].items():
        assert b['model'][k].dtype == t.dtype == torch.float32
        assert torch.allclose(b['model'][k], t, rtol=1e-2, atol=1e-3), k
    sa, sb = a['optimizer']['state'], b['optimizer']['state']
    assert sa.keys() == sb.keys()
    for i in sa:
        assert torch.allclose(sb[i]['exp_avg_sq'], sa[i]['exp_avg_sq'], rtol=1e-2, atol=1e-12)
    assert b['step'] == a['step'] == 20 and b['data_pos'] == a['data_pos']

    # a run resumed from the compact file goes on from its step
    run2 = str(tmp_path / 'run2')
    _train(data, run2, '--resume', small, '--max-steps', '25')
    assert torch_load(os.path.join(run2, 'ckpt.pt'))['step'] == 25


def test_compact_refuses_a_missing_checkpoint(tmp_path, capsys):
    try:
        checkpoint_main(['compact', str(tmp_path / 'nope.pt'), str(tmp_path / 'out.pt')])
    except SystemExit as e:
        assert 'no such checkpoint' in str(e)
    else:
        raise AssertionError('expected SystemExit')
