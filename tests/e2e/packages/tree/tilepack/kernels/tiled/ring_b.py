import tilepack

tilepack.loaded.append(__name__)
from . import ring_a  # noqa: E402  (partly initialised: it has no NAME yet)

print("ring_b sees", ring_a.__name__, "while it starts")
NAME = "ring_b"


def partner():
    return ring_a.NAME
