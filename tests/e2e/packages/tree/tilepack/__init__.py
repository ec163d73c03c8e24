"""A package of tiled kernels, three levels deep: every module records in
`loaded` that its top level ran, so a module run twice would show."""
loaded = []
loaded.append(__name__)
print("init", __name__, "package", __package__)
