import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from ndbg.trace import examples as E
from ndbg.trace import format as fmt

PYTHON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')


@pytest.fixture(scope='module')
def dataset(tmp_path_factory):
    out = tmp_path_factory.mktemp('ds')
    subprocess.run(
        [
            sys.executable,
            '-m',
            'ndbg.data',
            'build',
            '--programs',
            '120',
            '--out',
            str(out),
            '--tokenizer-programs',
            '60',
            '--vocab',
            '600',
            '--workers',
            '2',
            '--window',
            '1024',
            '--max-steps',
            '48',
        ],
        cwd=PYTHON_DIR,
        check=True,
        capture_output=True,
    )
    return str(out)


def test_meta_and_shards(dataset):
    with open(os.path.join(dataset, 'meta.json')) as f:
        meta = json.load(f)
    assert meta['format_version'] == fmt.FORMAT_VERSION
    assert meta['window'] == 1024
    assert meta['special_tokens']['pad'] == 0
    assert meta['target_fraction'] > 0.5
    total = 0
    for split, info in meta['splits'].items():
        for k in range(info['shards']):
            w = np.load(os.path.join(dataset, split, 'windows-%05d.npy' % k))
            m = np.load(os.path.join(dataset, split, 'mask-%05d.npy' % k))
            assert w.dtype == np.uint16 and m.dtype == np.uint8
            assert w.shape == m.shape and w.shape[1] == 1024
            assert (w < meta['vocab_size']).all()
            assert not m[w == fmt.PAD].any()  # padding is never a target
            total += len(w)
        assert info['windows'] == sum(
            len(np.load(os.path.join(dataset, split, 'windows-%05d.npy' % k))) for k in range(info['shards'])
        )
    assert total > 0
    assert meta['splits']['train']['programs'] > 0
    # the last window of a program is filled too: padding is rare
    w = np.load(os.path.join(dataset, 'train', 'windows-00000.npy'))
    assert (w == fmt.PAD).mean() < 0.05


def test_windows_start_with_context(dataset):
    w = np.load(os.path.join(dataset, 'train', 'windows-00000.npy'))
    assert (w[:, 0] == fmt.BOS).all()
    assert (w[:, 1] == fmt.SPECIAL_ID['code']).all()


def test_examples_round_trip(dataset):
    tok = E.load_tokenizer(dataset)
    n = 0
    for split in ('train', 'val', 'test'):
        for rec in E.load_traces(dataset, split):
            for ex in E.iter_examples(rec, tok, random.Random(0), 1024):
                pred = E.decode_state(tok, ex.target_ids, ex.before)
                assert E.compare(pred, ex.after)['exact']
                assert ex.prompt_ids[0] == fmt.BOS and ex.target_ids[-1] == fmt.END
                n += 1
    assert n > 100


def test_stored_trajectories_match_windows(dataset):
    # the training windows of a program are rebuilt exactly from its trace record
    tok = E.load_tokenizer(dataset)
    w = np.load(os.path.join(dataset, 'train', 'windows-00000.npy'))
    m = np.load(os.path.join(dataset, 'train', 'mask-00000.npy'))
    rec = next(E.load_traces(dataset, 'train'))
    states = E.record_states(rec)
    windows = fmt.build_windows(
        tok, fmt.encode_context(rec['source'], rec.get('stdin', '')), states, 1024, max_windows=rec['windows']
    )
    assert len(windows) == rec['windows']
    for r, win in enumerate(windows):
        assert list(w[r, : len(win.ids)]) == win.ids
        assert list(m[r, : len(win.mask)]) == win.mask


def _hang_or_work(chunk):
    out = []
    for i in chunk:
        if i == 3:
            sum(range(10**12))  # C loop: no signal gets through; only a kill ends it
        if i == 5:
            os._exit(1)  # a crash
        out.append({'index': i, 'ok': True})
    return out


def test_pool_survives_hangs_and_crashes():
    from ndbg.learn.data import Pool

    pool = Pool(2, timeout=2.0, memory_limit=0, fn=_hang_or_work)
    chunks = [[i] for i in range(8)]
    got = list(pool.map(chunks))
    assert [c for c, _ in got] == chunks  # in order
    res = {r[0]['index']: r[0] for _, r in got}
    assert res[3]['failed'] == 'timeout'
    assert res[5]['failed'] == 'worker died'
    assert all(res[i].get('ok') for i in (0, 1, 2, 4, 6, 7))


def test_memory_hog_is_an_error():
    from ndbg.learn.data import Pool

    pool = Pool(1, timeout=30.0, memory_limit=1 << 30, fn=_trace_chunk)
    ((_, [r]),) = list(pool.map([['x = [0] * (10 ** 9)\nprint(len(x))\n']]))
    assert r['exit']['kind'] == 'error' and r['exit']['exception'].startswith('MemoryError')


def _trace_chunk(chunk):
    from ndbg.trace.tracer import trace_program

    return [trace_program(src) for src in chunk]


def test_normalized_hash_ignores_comments_and_blank_lines():
    from ndbg.learn.data import normalized_hash, split_of

    a = normalized_hash('x = 1\n\n# note\ny = x  # why\n')
    b = normalized_hash('x = 1\ny = x\n')
    assert a == b and normalized_hash('x = 2\ny = x\n') != a
    assert split_of(a) in ('train', 'val', 'test')


def test_deterministic_across_worker_counts(dataset, tmp_path):
    out = str(tmp_path / 'again')
    subprocess.run(
        [
            sys.executable,
            '-m',
            'ndbg.data',
            'build',
            '--programs',
            '120',
            '--out',
            out,
            '--tokenizer-programs',
            '60',
            '--vocab',
            '600',
            '--workers',
            '1',
            '--window',
            '1024',
            '--max-steps',
            '48',
            '--chunk',
            '7',
        ],
        cwd=PYTHON_DIR,
        check=True,
        capture_output=True,
    )
    for name in ('tokenizer.json', 'train/windows-00000.npy', 'train/mask-00000.npy'):
        with open(os.path.join(dataset, name), 'rb') as a, open(os.path.join(out, name), 'rb') as b:
            assert a.read() == b.read(), name


def test_programs_dir_builds_an_evaluation_set(dataset, tmp_path):
    import gzip

    progs = tmp_path / 'progs'
    progs.mkdir()
    (progs / 'a_square.py').write_text('def sq(x):\n    return x * x\n\nprint(sq(7))\n')
    (progs / 'b_echo.py').write_text('name = input()\nprint(name.upper())\n')
    (progs / 'b_echo.stdin').write_text('ada\n')
    # longer than the window: windows with contexts selected per window (test_context.py)
    (progs / 'c_long.py').write_text(''.join(f'v{i} = {i} * 3 + 1\n' for i in range(400)))
    out = tmp_path / 'ev'
    subprocess.run(
        [
            sys.executable,
            '-m',
            'ndbg.data',
            'build',
            '--programs-dir',
            str(progs),
            '--split-all',
            'test',
            '--out',
            str(out),
            '--tokenizer',
            os.path.join(dataset, 'tokenizer.json'),
            '--workers',
            '1',
        ],
        cwd=PYTHON_DIR,
        check=True,
        capture_output=True,
    )
    with gzip.open(out / 'test' / 'traces-00000.jsonl.gz', 'rt') as f:
        recs = {os.path.basename(r['name']): r for r in map(json.loads, f)}
    assert sorted(recs) == ['a_square.py', 'b_echo.py', 'c_long.py']
    assert recs['b_echo.py']['stdin'] == 'ada\n'
    assert any(e.get('out') == 'ADA\n' for e in recs['b_echo.py']['events'])
    assert recs['a_square.py']['windows'] > 0 and recs['c_long.py']['windows'] > 0
    assert recs['c_long.py']['context_budget'] == 512 and 'context_budget' not in recs['a_square.py']
    assert recs['c_long.py']['segments']
    assert not os.path.exists(out / 'train' / 'windows-00000.npy')


def test_programs_dir_needs_the_models_tokenizer(tmp_path):
    r = subprocess.run(
        [sys.executable, '-m', 'ndbg.data', 'build', '--programs-dir', str(tmp_path), '--out', str(tmp_path / 'o')],
        cwd=PYTHON_DIR,
        capture_output=True,
        text=True,
    )
    assert r.returncode != 0 and '--tokenizer' in r.stderr


def test_long_share_composes_programs_longer_than_the_window(dataset, tmp_path):
    import glob
    import gzip

    out = tmp_path / 'long'
    subprocess.run(
        [
            sys.executable,
            '-m',
            'ndbg.data',
            'build',
            '--programs',
            '12',
            '--long-share',
            '1',
            '--out',
            str(out),
            '--tokenizer',
            os.path.join(dataset, 'tokenizer.json'),
            '--workers',
            '1',
            '--max-steps',
            '16',
        ],
        cwd=PYTHON_DIR,
        check=True,
        capture_output=True,
    )
    recs = []
    for path in glob.glob(str(out / '*' / 'traces-*.jsonl.gz')):
        with gzip.open(path, 'rt') as f:
            recs += [json.loads(line) for line in f]
    assert len(recs) >= 10
    assert all('long' in r['features'] and r['source'].count('\n') >= 100 for r in recs)
    # their code does not fit: every window shows the lines selected for its first state
    selected = [r for r in recs if r.get('context_budget')]
    assert len(selected) >= len(recs) - 1 and all(r['windows'] > 0 for r in selected)
    meta = json.load(open(out / 'meta.json'))
    assert meta['config']['long_share'] == 1.0
