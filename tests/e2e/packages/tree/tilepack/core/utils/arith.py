import tilepack

tilepack.loaded.append(__name__)


def ceil_div(a, b):
    return (a + b - 1) // b


def _twice(x):
    return 2 * x
