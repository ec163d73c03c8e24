# Half of a cycle that cannot work: cyc.b asks for a name of cyc.a, which
# is still running its first line.
from .b import g


def f():
    return g()
