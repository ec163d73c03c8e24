# ascii(), `!a` and `%a` escape what is not ASCII; an IntEnum member hashes
# as its int; an enum's members cannot be reassigned or deleted, and an enum
# that has members cannot be extended (one without can).
from enum import Enum, IntEnum

import nki


class Color(Enum):
    RED = 1
    GREEN = 2


class Level(IntEnum):
    LOW = 1
    HIGH = 2**62 + 3


class Base(Enum):
    pass


class Derived(Base):
    ONE = 1


def attempt(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ": " + str(e)


def extend():
    class More(Color):
        BLUE = 3

    return More


@nki.jit
def kernel():
    s = chr(0x1F600) + "é" + chr(0x3B1) + "\n'x"
    print(ascii(s), f"{s!a}", "{!a}".format(s), "%a" % s, f"{s!a:>30}")
    print(ascii(["é", ("ü", 1)]), ascii("plain"), ascii(1.5), ascii({"ß": "ñ"}))
    print(hash(Level.LOW) == hash(1), hash(Level.HIGH) == hash(2**62 + 3), hash(Level.LOW))
    print({Level.LOW: "a"}[1], {1: "b"}[Level.LOW])
    print(attempt(lambda: setattr(Color, "RED", 5)), Color.RED.value)
    print(attempt(lambda: delattr(Color, "GREEN")), list(Color))
    print(attempt(extend))
    print(Derived.ONE, list(Derived))
