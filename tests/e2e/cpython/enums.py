# Enumerations: members with .name and .value, lookup by value and by
# name, iteration in definition order, len and in, identity and equality,
# auto(), IntEnum comparing as ints, user methods and __str__, members as
# dict keys, repr and str, as Python prints them.
from enum import Enum, IntEnum, auto

import nki


class Layout(Enum):
    BSD = 0
    NBSd = 1
    NBdS = 2


class Act(Enum):
    """Activations."""

    SIGMOID = 0
    SOFTMAX = 1

    def __str__(self):
        return self.name.lower()

    def is_soft(self):
        return self == Act.SOFTMAX

    @staticmethod
    def parse(text: str) -> "Act":
        return Act[text.upper()]


class Dim(Enum):
    NONE = auto()
    SEQ = auto()
    BATCH = auto()


class Level(IntEnum):
    DEBUG = 0
    INFO = 1
    OFF = 999


class Alias(Enum):
    A = 1
    B = 1
    C = 2


@nki.jit
def kernel():
    print(Layout.NBSd, repr(Layout.NBSd), Layout.NBSd.name, Layout.NBSd.value)
    print(Layout(2), Layout["BSD"], list(Layout), len(Layout), [m.name for m in Layout])
    print(Layout.BSD in Layout, Layout.BSD is Layout(0), Layout.BSD == Layout.NBSd)
    print(Layout.BSD != Layout.NBSd, Layout.BSD == 0, f"{Layout.NBdS}", f"{Layout.NBdS!r}")
    print(Act.SIGMOID, repr(Act.SIGMOID), str(Act.SOFTMAX), f"{Act.SOFTMAX}", Act.SOFTMAX.is_soft())
    print(Act.parse("sigmoid"), [Act.SIGMOID, Act.SOFTMAX], Act.SIGMOID.is_soft())
    print(list(Dim), Dim.BATCH.value, Dim(2))
    print(Level.INFO, repr(Level.INFO), Level.INFO == 1, Level.DEBUG < Level.INFO, Level.OFF + 1)
    print(Level(999), Level.INFO.value >= Level.DEBUG.value, isinstance(Level.INFO, int))
    print(isinstance(Level.INFO, Level), isinstance(Layout.BSD, Layout), isinstance(Layout.BSD, Act))
    print(list(Alias), Alias.B, Alias.B is Alias.A, len(Alias))
    table = {Layout.BSD: "flat", Layout.NBSd: "heads"}
    print(table[Layout.NBSd], table.get(Layout.NBdS), {Level.INFO: 1}[1])
    chosen = Layout.NBSd
    if chosen == Layout.BSD:
        print("bsd")
    elif chosen == Layout.NBSd:
        print("nbsd")
    print(type(Layout.BSD).__name__, type(Layout.BSD) is Layout, Layout.__name__)
