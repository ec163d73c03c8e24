import tilepack

tilepack.loaded.append(__name__)
print("run", __name__, "package", __package__)
TILE_ROWS = 2
AXES = ("rows", "cols")
