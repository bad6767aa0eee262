import random

import pytest

from ndbg.trace import format as fmt
from ndbg.trace.tokenizer import BYTE_OFFSET, FIRST_MERGE, Tokenizer, pretokenize

from golden import TOKENIZER_CASES, check_or_write, corpus_texts, golden_path, golden_tokenizer


@pytest.fixture(scope='module')
def tok():
    return golden_tokenizer()


def test_pretokenize_rules():
    assert pretokenize(b'x = 12') == [b'x', b' =', b' ', b'1', b'2']
    assert pretokenize(b'    return a\n') == [b'   ', b' return', b' a', b'\n']
    assert pretokenize(b'[1, 2]') == [b'[', b'1', b',', b' ', b'2', b']']
    assert pretokenize(b"'ab cd'") == [b"'", b'ab', b' cd', b"'"]
    assert pretokenize(b'a  ') == [b'a', b'  ']
    assert pretokenize(b'\n\n') == [b'\n', b'\n']
    assert pretokenize('\u00e9t\u00e9!'.encode()) == ['\u00e9t\u00e9'.encode(), b'!']
    assert pretokenize(b'x\t\ty') == [b'x', b'\t\t', b'y']
    for case in TOKENIZER_CASES:
        assert b''.join(pretokenize(case.encode())) == case.encode()


def test_digits_are_single_tokens(tok):
    ids = tok.encode('x = 1234567890 + 0.5e-10')
    digits = [i for i in ids if tok.bytes_of[i].strip(b' ').isdigit()]
    assert all(len(tok.bytes_of[i]) == 1 for i in digits)
    assert len(digits) == 14


def test_lossless(tok):
    rng = random.Random(0)
    alphabet = 'abcxyz_ 0123456789\n\t\'"()[]{}:,.=+-*/\\<|>\u00e9\u4e2d\U0001F600\x00'
    cases = list(TOKENIZER_CASES) + [
        ''.join(rng.choice(alphabet) for _ in range(rng.randint(0, 80))) for _ in range(500)
    ]
    for text in cases:
        ids = tok.encode(text)
        assert all(BYTE_OFFSET <= i < tok.vocab_size for i in ids)
        assert tok.decode_items(ids) == ([text] if text else [])
        assert tok.decode(ids) == text


def test_text_never_makes_specials(tok):
    ids = tok.encode('<|end|><|step_into|><|bos|>')
    assert min(ids) >= BYTE_OFFSET


def test_items_and_specials(tok):
    items = [fmt.BOS, fmt.SPECIAL_ID['code'], '1 x = 1\n', fmt.SPECIAL_ID['line'], '1', fmt.END]
    ids = tok.encode_items(items)
    assert ids[0] == fmt.BOS and ids[-1] == fmt.END
    assert tok.decode_items(ids) == items
    assert tok.decode(ids) == '<|bos|><|code|>1 x = 1\n<|line|>1<|end|>'


def test_merges_are_applied_in_rank_order(tok):
    # every merge's own bytes encode to that single merge id (rank order + greedy
    # non-overlapping replacement reproduce training), unless an earlier merge wins
    n_single = 0
    for r in range(len(tok.merges)):
        i = FIRST_MERGE + r
        b = tok.bytes_of[i]
        ids = tok.encode_chunk(b)
        assert b''.join(tok.bytes_of[x] for x in ids) == b
        n_single += ids == [i]
    assert n_single > 0.95 * len(tok.merges)


def test_training_is_deterministic():
    texts = corpus_texts()
    a = Tokenizer.train(texts, 500)
    b = Tokenizer.train(list(texts), 500)
    assert a.merges == b.merges and a.vocab_size == 500


def test_save_load(tok, tmp_path):
    p = tmp_path / 't.json'
    tok.save(str(p))
    t2 = Tokenizer.load(str(p))
    assert t2.merges == tok.merges and t2.vocab_size == tok.vocab_size


def test_golden_ids(tok):
    data = [
        {'text': t, 'chunks_hex': [c.hex() for c in pretokenize(t.encode())], 'ids': tok.encode(t)}
        for t in TOKENIZER_CASES
    ]
    check_or_write(golden_path('tokenizer_cases.json'), data)


def test_fast_pretokenize_equals_reference():
    from ndbg.trace.tokenizer import pretokenize_reference

    rng = random.Random(1)
    alphabet = [
        b' ',
        b' ',
        b' ',
        b'a',
        b'Z',
        b'_',
        b'0',
        b'9',
        b'\n',
        b'\t',
        b'(',
        b'=',
        b"'",
        b'\xc3\xa9',
        b'\xe4\xb8\xad',
        b'\x00',
        b'\r',
        b'.',
    ]
    for _ in range(3000):
        data = b''.join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        assert pretokenize(data) == pretokenize_reference(data), data
    for case in TOKENIZER_CASES:
        assert pretokenize(case.encode()) == pretokenize_reference(case.encode())
