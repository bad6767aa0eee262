"""The pdb bridge: the real CPython under CPython's own pdb, reporting to ndbg
(src/engine/python.ts) over the child's pipes.

Two rules hold for everything in this package, and the package itself is how
they are kept:

  * Standard library only, on Python 3.9 to 3.13: it ships in the npm package
    and runs on whatever python3 the user has.
  * Never traced nor counted: its code runs inside the program's own calls
    (print -> our write) and must stay invisible to pdb and to the event
    counter. Every file of this directory is debugger code (state.OWN); a
    helper the bridge needs lives here, whatever its name.

Started by ndbg as the directory (see __main__.py); the modules import each
other relatively and nothing else of ndbg.
"""
