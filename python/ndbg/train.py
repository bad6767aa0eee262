"""`python -m ndbg.train`: train the model (ndbg.learn.train, run from python/)."""
from .learn.train import main

if __name__ == '__main__':
    main()
