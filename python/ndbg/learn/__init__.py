"""The model and everything that makes it: data (traces of generated programs
as training windows), model (the transformer), train, export (ONNX, checked
against onnxruntime-node by ort_check.mjs), evaluate (the model card's
numbers). Needs PyTorch and NumPy; never runs while debugging. The command
lines are `python -m ndbg.data | ndbg.train | ndbg.export | ndbg.evaluate`
(small modules beside this package), run from python/ (docs/training.md)."""
