import os
import shutil

import pytest
import torch

from model_fixtures import make_data
from ndbg.learn.export import check_against_ort, export, load_onnx_weights, node_available
from ndbg.learn.model import GPT
from ndbg.learn.train import main, torch_load

needs_node = pytest.mark.skipif(not node_available(), reason='node not on PATH: cannot run onnxruntime-node')


@pytest.fixture(scope='module')
def trained(tmp_path_factory):
    root = tmp_path_factory.mktemp('export')
    data = make_data(str(root / 'data'))
    run = str(root / 'run')
    main(
        [
            '--data',
            data,
            '--out',
            run,
            '--config',
            'tiny',
            '--max-steps',
            '5',
            '--batch-size',
            '8',
            '--threads',
            '1',
            '--quiet',
        ]
    )
    return root, data, os.path.join(run, 'ckpt.pt')


@needs_node
def test_export_round_trip_matches_pytorch_in_onnxruntime_node(trained):
    root, data, ckpt = trained
    out = str(root / 'model')
    info = export(ckpt, out)  # runs the ORT check itself (prefill + 2 cached steps)
    assert info['onnx_check']['max_abs_diff'] < 1e-3
    assert {'model.onnx', 'config.json', 'tokenizer.json'} <= set(os.listdir(out))
    assert os.path.getsize(os.path.join(out, 'model.onnx')) < 40 * 2**20
    # weights come back by name, exactly
    cfg, sd, _ = load_onnx_weights(out)
    ck = torch_load(ckpt)
    assert all(torch.equal(sd[k], ck['model'][k]) for k in ck['model'])
    # and the check itself notices a different model
    other = GPT(cfg).eval()
    assert check_against_ort(other, os.path.join(out, 'model.onnx')) > 1e-3


@needs_node
def test_fp16_weights_parts_and_init_onnx(trained):
    root, data, ckpt = trained
    out = str(root / 'model16')
    info = export(ckpt, out, fp16=True, parts_mb=0.05)
    assert info['onnx_check']['max_abs_diff'] < 1e-3
    assert not os.path.exists(os.path.join(out, 'model.onnx'))
    parts = sorted(f for f in os.listdir(out) if f.startswith('model.onnx.part-'))
    assert len(parts) > 1 and all(os.path.getsize(os.path.join(out, p)) <= 0.05 * 2**20 for p in parts)
    cfg, sd, _ = load_onnx_weights(out)
    ck = torch_load(ckpt)
    assert all(torch.allclose(sd[k], ck['model'][k], atol=1e-3, rtol=1e-3) for k in ck['model'])
    # training continues from the shipped weights
    run = str(root / 'cont')
    main(
        [
            '--data',
            data,
            '--out',
            run,
            '--init-onnx',
            os.path.join(out, 'model.onnx'),
            '--max-steps',
            '2',
            '--batch-size',
            '8',
            '--threads',
            '1',
            '--quiet',
        ]
    )
    cont = torch_load(os.path.join(run, 'ckpt.pt'))
    assert cont['step'] == 2 and cont['prior']['tokens'] == ck['tokens']
    from ndbg.learn.export import training_summary

    assert training_summary(cont)['total_tokens'] == cont['tokens'] + ck['tokens']
    shutil.rmtree(run)


@needs_node
def test_check_export_of_parts(trained):
    from ndbg.learn.export import check_export

    root, data, ckpt = trained
    out = str(root / 'model_parts')
    export(ckpt, out, parts_mb=0.1, check=False)
    assert check_export(out) < 1e-3
