"""Execution traces and their serialization: what the model learns from.

tracer.py runs a program under sys.settrace and records its events; tree.py
is the state tree and the paper's debugger actions over it; format.py and
tokenizer.py turn states into the model's text and tokens (docs/format.md;
src/model/ holds their TypeScript twins); examples.py builds the training
and evaluation prompts. Used by ndbg.learn and the tests, not while
debugging.
"""
