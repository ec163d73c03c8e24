import tilepack

tilepack.loaded.append(__name__)
print("init", __name__, "package", __package__)
