import tilepack

tilepack.loaded.append(__name__)
from ...core.config import AXES  # noqa: E402


def describe(shape):
    return ", ".join(name + "=" + str(n) for name, n in zip(AXES, shape))
