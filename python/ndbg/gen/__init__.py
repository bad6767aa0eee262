"""The program generator: random, real-looking Python programs to trace, the
training data of the neural debugger (docs/generator.md). generator.py is the
entry point (`generate`, the catalogue of constructs, coverage); the other
modules are its idioms. Used to build training data, not while debugging."""
