# What a kernel package's __init__.py uses to set itself up: logging's
# loggers and levels, importlib.import_module (relative too) and
# importlib.util.find_spec, pkgutil.iter_modules over a folder, and
# sys.modules.
import importlib
import logging
import math
import pkgutil
import sys
from importlib.util import find_spec

import nki

_log = logging.getLogger(__name__)
_child = logging.getLogger("pkg.child")


@nki.jit
def kernel():
    print(logging.getLogger("pkg.child") is _child, logging.getLogger() is logging.getLogger())
    print([logging.DEBUG, logging.INFO, logging.WARNING, logging.ERROR, logging.CRITICAL])
    print(_child.getEffectiveLevel(), _child.isEnabledFor(logging.INFO),
          _child.isEnabledFor(logging.ERROR))
    logging.getLogger("pkg").setLevel(logging.DEBUG)
    print(_child.getEffectiveLevel(), _child.isEnabledFor(logging.INFO), _child.level)
    _child.setLevel(logging.ERROR)
    print(_child.getEffectiveLevel(), _child.name)
    _log.debug("not shown %s", 1)
    _log.info("not shown")
    print(importlib.import_module("math") is math, importlib.import_module("os.path").join("a", "b"))
    print(find_spec("math") is not None, find_spec("no_such_module_here") is None)
    print(find_spec("math").name)
    names = [(name, ispkg) for _, name, ispkg in pkgutil.iter_modules(["."])]
    print(("host_modules", False) in names, names == sorted(names), len(names) > 5)
    print("math" in sys.modules, "logging" in sys.modules, sys.modules.get("math") is math)
    try:
        importlib.import_module(".x")
    except TypeError:
        print("relative without package: TypeError")
