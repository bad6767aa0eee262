"""ndbg's Python side, in packages by who runs them: bridge/ (the python
engine's pdb bridge; stdlib only, ships, never traced), analysis/ (control
flow for the neural engine's constraints; ships), trace/ (tracer, state tree,
trace format, tokenizer), gen/ (program generator), learn/ (model, data,
training, export, evaluation). train.py, data.py, export.py and evaluate.py
here are learn/'s command lines: `python -m ndbg.train ...` from python/."""
