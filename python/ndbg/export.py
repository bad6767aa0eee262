"""`python -m ndbg.export`: export a checkpoint to ONNX (ndbg.learn.export, run from python/)."""
from .learn.export import main

if __name__ == '__main__':
    main()
