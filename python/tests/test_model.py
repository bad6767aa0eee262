import torch

from ndbg.learn.model import CONFIGS, GPT, ModelConfig


def tiny(vocab=100):
    torch.manual_seed(0)
    return GPT(ModelConfig(vocab_size=vocab, max_len=64, **CONFIGS['tiny'])).eval()


def test_kv_cache_decoding_equals_full_forward():
    m = tiny()
    ids = torch.randint(0, 100, (2, 20))
    with torch.no_grad():
        full, present = m(ids)
        logits, past = m(ids[:, :13], m.empty_past(2))
        steps = [logits]
        for t in range(13, 20):
            logits, past = m(ids[:, t : t + 1], past)
            steps.append(logits)
    assert past.shape == (2, 2, 2, 2, 20, 32) == present.shape
    assert torch.allclose(torch.cat(steps, 1), full, atol=1e-5)
    assert torch.allclose(past, present, atol=1e-5)


def test_left_padding_with_key_mask_equals_unpadded():
    m = tiny()
    a = torch.randint(0, 100, (1, 9))
    b = torch.randint(0, 100, (1, 5))
    batch = torch.cat([a, torch.cat([torch.zeros(1, 4, dtype=torch.long), b], 1)])
    key_mask = torch.ones(2, 9, dtype=torch.bool)
    key_mask[1, :4] = False
    with torch.no_grad():
        got, past = m(batch, key_mask=key_mask)
        ref_a, _ = m(a)
        ref_b, _ = m(b)
        # one cached step for both rows
        nxt = torch.randint(0, 100, (2, 1))
        step, _ = m(nxt, past, key_mask=torch.cat([key_mask, torch.ones(2, 1, dtype=torch.bool)], 1))
        ref_step_b, _ = m(torch.cat([b, nxt[1:]], 1))
    assert torch.isfinite(got).all()
    assert torch.allclose(got[0], ref_a[0], atol=1e-5)
    assert torch.allclose(got[1, 4:], ref_b[0], atol=1e-5)
    assert torch.allclose(step[1, 0], ref_step_b[0, -1], atol=1e-5)


def test_tied_embeddings_and_sizes():
    m = tiny()
    assert 'lm_head' not in dict(m.named_parameters())
    sizes = {
        name: GPT(ModelConfig(vocab_size=1024, **c)).num_params()
        for name, c in CONFIGS.items()
        if name in ('xs', 'small')
    }
    assert 0.8e6 < sizes['xs'] < 1.0e6 and 1.8e6 < sizes['small'] < 2.1e6


def test_preallocated_cache_equals_concatenated_past():
    from ndbg.learn.model import KVCache

    m = tiny()
    ids = torch.randint(0, 100, (2, 10))
    with torch.no_grad():
        full, present = m(ids)
        cache = KVCache.empty(m.cfg, 2, 16)
        logits, cache = m(ids[:, :6], cache)
        steps = [logits]
        for t in range(6, 10):
            logits, cache = m(ids[:, t : t + 1], cache)
            steps.append(logits)
    assert cache.length == 10
    assert torch.allclose(torch.cat(steps, 1), full, atol=1e-5)
    assert torch.allclose(cache.buf[..., :10, :], present, atol=1e-5)


def test_causal_fast_path_equals_masked_attention():
    m = tiny()
    ids = torch.randint(0, 100, (1, 600))  # long enough for the chunked path
    with torch.no_grad():
        fast, _ = m(ids)
        masked, _ = m(ids, key_mask=torch.ones(1, 600, dtype=torch.bool))
    assert torch.allclose(fast, masked, atol=1e-4)


def test_widen_computes_the_same_function_and_then_learns():
    from ndbg.learn.model import widen

    torch.manual_seed(0)
    old = ModelConfig(vocab_size=97, d_model=32, n_layer=2, n_head=2)
    new = ModelConfig(vocab_size=97, d_model=64, n_layer=2, n_head=4)
    a = GPT(old).eval()
    # trained-looking activations: embeddings well above the RMSNorm epsilon
    with torch.no_grad():
        a.wte.weight.mul_(20)
    b = GPT(new)
    b.load_state_dict(widen(a.state_dict(), old, new))
    b.eval()
    ids = torch.randint(0, 97, (2, 40))
    with torch.no_grad():
        la, _ = a(ids, use_cache=False)
        lb, _ = b(ids, use_cache=False)
    assert (la - lb).abs().max() < 1e-3 * la.abs().max()
    # the new dimensions get gradients (not a dead copy)
    b.train()
    loss = torch.nn.functional.cross_entropy(b(ids[:, :-1], use_cache=False)[0].reshape(-1, 97), ids[:, 1:].reshape(-1))
    loss.backward()
    assert b.blocks[0].attn.proj.weight.grad[32:].abs().sum() > 0
    assert b.wte.weight.grad[:, 32:].abs().sum() > 0


def test_widen_refuses_a_change_it_cannot_preserve():
    import pytest
    from ndbg.learn.model import widen

    old = ModelConfig(vocab_size=97, d_model=32, n_layer=2, n_head=2)
    with pytest.raises(ValueError):
        widen(GPT(old).state_dict(), old, ModelConfig(vocab_size=97, d_model=64, n_layer=2, n_head=2))
