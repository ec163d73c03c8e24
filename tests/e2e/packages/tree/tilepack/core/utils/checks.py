import tilepack

tilepack.loaded.append(__name__)
from ..config import TILE_ROWS  # noqa: E402


def tile_count(rows):
    assert rows % TILE_ROWS == 0, "rows must be a multiple of " + str(TILE_ROWS)
    return rows // TILE_ROWS
