"""Helpers; `from tilepack.core.utils import *` takes what __all__ names,
the submodule `checks` among them."""
import tilepack

tilepack.loaded.append(__name__)
print("init", __name__, "package", __package__)
from .arith import ceil_div, _twice  # noqa: E402

__all__ = ["ceil_div", "checks"]
not_exported = "left out of __all__"
