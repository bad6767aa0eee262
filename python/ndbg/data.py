"""`python -m ndbg.data`: build the training data (ndbg.learn.data, run from python/)."""
from .learn.data import main
from .trace.tracer import ensure_hash_seed

if __name__ == '__main__':
    ensure_hash_seed('ndbg.data')  # reprs of str sets and dicts
    main()
