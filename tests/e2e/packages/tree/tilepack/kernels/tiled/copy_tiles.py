"""Copies a (rows, cols) tensor through SBUF tile by tile, the tiles in
reverse order, from inside a package: relative imports of every form, and
imports of packages, modules, submodules and names.

    nkirun run tests/e2e/packages/tree/tilepack/kernels/tiled/copy_tiles.py \
        -k copy_tiles -n 2 -a input=@x.npy --print
"""
import nki
import nki.isa as nisa
import nki.language as nl

import tilepack

tilepack.loaded.append(__name__)

from ...core.utils import *  # noqa: E402,F403  (ceil_div and checks, as __all__ says)
from ...core import config as cfg  # noqa: E402
from ..tiled import layout  # noqa: E402
from . import (planner, ring_a as ring)  # noqa: E402
from .planner import plan  # noqa: E402
import tilepack.core.utils.arith  # noqa: E402
import tilepack.core.config as config_alias  # noqa: E402
from tilepack.kernels.tiled import ring_b  # noqa: E402
from tilepack import kernels  # noqa: E402


@nki.jit
def meta():
    print("name", __name__, "package", __package__)
    print("loaded", tilepack.loaded)
    print("star", ceil_div(7, 2), checks.tile_count(4))  # noqa: F405
    print("same", cfg is config_alias, cfg is tilepack.core.config, ring_b is ring.ring_b)
    print("attributes", tilepack.core.utils.arith.ceil_div(9, 4), kernels.tiled.layout is layout)
    print("plan", plan((4, 8)), planner.plan((6, 2)))
    print("cycle", ring.both(), ring_b.partner())
    print("files", __file__.endswith("tilepack/kernels/tiled/copy_tiles.py"),
          cfg.__file__.endswith("tilepack/core/config.py"),
          tilepack.__file__.endswith("tilepack/__init__.py"))
    print("paths", [p.endswith("tilepack/core/utils") for p in tilepack.core.utils.__path__])
    print("doc", tilepack.core.utils.__doc__.split()[0], cfg.__doc__)


@nki.jit
def leaks():
    # Names with a leading underscore, and those __all__ leaves out, stay behind.
    print(not_exported)  # noqa: F821


@nki.jit
def copy_tiles(input):
    rows, cols = input.shape
    tiles = checks.tile_count(rows)  # noqa: F405
    out = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm)
    for t in nl.affine_range(tiles):
        tile = nl.ndarray((cfg.TILE_ROWS, cols), dtype=input.dtype, buffer=nl.sbuf)
        src = (tiles - 1 - t) * cfg.TILE_ROWS
        nisa.dma_copy(dst=tile, src=input[src:src + cfg.TILE_ROWS, :])
        dst = t * cfg.TILE_ROWS
        nisa.dma_copy(dst=out[dst:dst + cfg.TILE_ROWS, :], src=tile)
    return out
