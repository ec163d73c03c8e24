# Half of an import cycle that works as in Python: ring_b imports this
# module back while its top level is still running, and reads its names
# only later, when called.
import tilepack

tilepack.loaded.append(__name__)
from . import ring_b  # noqa: E402

NAME = "ring_a"


def both():
    return NAME + "+" + ring_b.NAME + " (" + ring_b.partner() + ")"
