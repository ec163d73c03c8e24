import tilepack

tilepack.loaded.append(__name__)
print("init", __name__, "package", __package__)
from . import config  # noqa: E402  (the package's own submodule, at its first import)
