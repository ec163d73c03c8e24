"""A kernel file in no package that uses tilepack from the search path
(-I tests/e2e/packages/tree, or NKIC_PATH)."""
import nki

import tilepack.kernels.tiled.copy_tiles
from tilepack.kernels.tiled.copy_tiles import copy_tiles as tiled_copy
from tilepack.core.utils import arith


@nki.jit
def meta():
    print("name", __name__, "package", repr(__package__))
    print("loaded", tilepack.loaded)
    print("kernel", tilepack.kernels.tiled.copy_tiles.copy_tiles is tiled_copy, arith.ceil_div(5, 2))


@nki.jit
def copy(input):
    return tiled_copy(input)
