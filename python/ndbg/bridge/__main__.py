# ndbg's pdb bridge, started by ndbg as this package's directory:
#   python3 .../python/ndbg/bridge [--fd-out=3 --fd-in=4 --locals=0|1 --watch=FD] -- [-c cmd] [-m] script [args]
# Running a directory imports runpy, as `python3 -m pdb` does. This file only
# checks the interpreter, loads this package from its directory and hands
# over to its debugger module. It must stay parseable by old Pythons so that
# they get a clear message.
import sys

if sys.version_info < (3, 9):
    sys.stderr.write(
        'ndbg: Python 3.9 or newer is required, but %s is Python %d.%d.%d.\n'
        'Install a newer Python 3 or pick one with --python PATH.\n'
        % ((sys.executable or 'python3',) + tuple(sys.version_info[:3]))
    )
    sys.exit(3)


NAME = '_ndbg_bridge'


def _start():
    import os
    from importlib import import_module
    from importlib.util import module_from_spec, spec_from_file_location

    here = os.path.dirname(os.path.abspath(__file__))
    # Python put this directory first on sys.path; leave sys.path as
    # `python3 -m pdb` has it: the current directory first (pdb then puts a
    # script's directory there), or nothing under -P / PYTHONSAFEPATH. The
    # package is loaded from its location instead, under a private name
    # (ndbg.bridge elsewhere): the program cannot import the bridge's modules,
    # and its own `ndbg`, if it has one, stays its own.
    if getattr(sys.flags, 'safe_path', False):
        del sys.path[0]
    else:
        sys.path[0] = os.getcwd()
    spec = spec_from_file_location(NAME, os.path.join(here, '__init__.py'), submodule_search_locations=[here])
    package = module_from_spec(spec)
    sys.modules[spec.name] = package
    # Cache the bridge's own bytecode even under PYTHONDONTWRITEBYTECODE:
    # compiling it on every start costs more than pdb's whole import.
    dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, False
    try:
        spec.loader.exec_module(package)
        return import_module(NAME + '.debugger')
    finally:
        sys.dont_write_bytecode = dont_write


# pdb.main() clears this module's globals (they become the program's
# __main__), so nothing here may be needed after the call starts.
_start().main(sys.argv[1:])
