# ndbg's pdb bridge, started as `python3 -m pdb [pdb args] script [args]`
# with this directory on PYTHONPATH and the bridge's options in NDBG_BRIDGE
# (see src/engine/spawnBridge.ts). Python imports this module at start-up,
# before runpy runs pdb: it takes itself, its directory and both variables
# back out (the program sees the sys.path and environment `python3 -m pdb`
# gives it), hands over to the real sitecustomize if there is one, and lets
# the bridge replace pdb.Pdb in the `pdb` module that pdb's __main__ imports
# and whose main() it calls. So the frames under the program are pdb's own:
# <frozen runpy>, pdb.py(...)<module>(), pdb.py(...)main() -- as under pdb.
# Must stay parseable by old Pythons so that they get a clear message.
import os
import sys


def _ndbg_boot():
    spec = os.environ.pop('NDBG_BRIDGE', None)
    here = os.path.dirname(os.path.abspath(__file__))
    old = os.environ.pop('NDBG_BRIDGE_PYTHONPATH', None)
    if old is None:
        os.environ.pop('PYTHONPATH', None)
    else:
        os.environ['PYTHONPATH'] = old
    for i, p in enumerate(sys.path):
        if p and os.path.abspath(p) == here:
            del sys.path[i]
            break
    # The real sitecustomize, if there is one, takes this module's place.
    # Else this one stays until pdb starts (importlib needs it there until
    # it has run): the bridge takes it out then (debugger.BridgePdb).
    me = sys.modules.pop('sitecustomize')
    if sys.version_info < (3, 9):
        sys.stderr.write(
            'ndbg: Python 3.9 or newer is required, but %s is Python %d.%d.%d.\n'
            'Install a newer Python 3 or pick one with --python PATH.\n'
            % ((sys.executable or 'python3',) + tuple(sys.version_info[:3]))
        )
        sys.stderr.flush()
        os._exit(3)
    try:
        import sitecustomize  # noqa: F401  (the real one, if any)
    except ImportError as e:
        sys.modules['sitecustomize'] = me
        if getattr(e, 'name', None) != 'sitecustomize':
            raise
    if spec is None:
        return
    from importlib import import_module
    from importlib.util import module_from_spec, spec_from_file_location

    bridge = os.path.dirname(here)
    name = '_ndbg_bridge'
    s = spec_from_file_location(name, os.path.join(bridge, '__init__.py'), submodule_search_locations=[bridge])
    package = module_from_spec(s)
    sys.modules[name] = package
    # Cache the bridge's own bytecode even under PYTHONDONTWRITEBYTECODE.
    dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, False
    try:
        s.loader.exec_module(package)
        preboot = None
        if spec.startswith('--preboot='):
            # started by bin/ndbg before Node: the options come from Node (preboot.py)
            preboot = import_module(name + '.preboot')
            preboot.detach()
        debugger = import_module(name + '.debugger')
    finally:
        sys.dont_write_bytecode = dont_write
    options = preboot.join(spec[len('--preboot=') :]) if preboot else spec.split()
    import atexit

    atexit.register(debugger.finish, debugger.prepare(options))


NDBG_BOOT = True
_ndbg_boot()
del _ndbg_boot, os, sys
