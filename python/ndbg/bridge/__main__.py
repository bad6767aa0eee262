# ndbg's pdb bridge, started by ndbg as:
#   python3 bridge.py [--fd-out=3 --fd-in=4 --locals=0|1 --watch=FD] -- [-c cmd] [-m] script [args]
# This file only checks the interpreter and hands over to bridge_pdb; it must
# stay parseable by old Pythons so that they get a clear message.
import sys

if sys.version_info < (3, 9):
    sys.stderr.write(
        'ndbg: Python 3.9 or newer is required, but %s is Python %d.%d.%d.\n'
        'Install a newer Python 3 or pick one with --python PATH.\n'
        % ((sys.executable or 'python3',) + tuple(sys.version_info[:3])))
    sys.exit(3)


def _start():
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    # Import the bridge from this directory, then leave sys.path[0] as
    # `python3 -m pdb` would have it (the current directory; pdb then puts
    # the script's directory there).
    sys.path[0] = here
    # Cache the bridge's own bytecode even under PYTHONDONTWRITEBYTECODE:
    # compiling it on every start costs more than pdb's whole import.
    dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, False
    import bridge_pdb
    sys.dont_write_bytecode = dont_write
    sys.path[0] = os.getcwd()
    return bridge_pdb


# pdb.main() clears this module's globals (they become the program's
# __main__), so nothing here may be needed after the call starts.
_start().main(sys.argv[1:])
