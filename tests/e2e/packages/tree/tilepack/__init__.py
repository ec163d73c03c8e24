"""A package of tiled kernels, three levels deep: every module records in
`loaded` that its top level ran, so a module run twice would show."""
loaded = []
loaded.append(__name__)
print("init", __name__, "package", __package__)

# How library packages set themselves up: a logger, their submodules found
# with pkgutil and imported with importlib, sys.modules.
import importlib
import logging
import pkgutil
import sys

_logger = logging.getLogger(__name__)
_logger.debug("setting up %s", __name__)
print("submodules", [(name, ispkg) for _, name, ispkg in pkgutil.iter_modules(__path__)])
for _finder, _name, _ispkg in pkgutil.iter_modules(__path__):
    if _name == "core":
        importlib.import_module(f".{_name}", __name__)
print("set up", __name__ in sys.modules, "tilepack.core" in sys.modules)
