import tilepack

tilepack.loaded.append(__name__)
from ..tiled import layout  # noqa: E402
from ...core.utils import checks  # noqa: E402


def plan(shape):
    return [layout.describe(shape), checks.tile_count(shape[0])]
