"""`python -m ndbg.evaluate`: evaluate a model on held-out states (ndbg.learn.evaluate, run from python/)."""
from .learn.evaluate import main

if __name__ == '__main__':
    main()
