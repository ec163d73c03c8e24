# An enum that has members cannot be extended.
# run: -n 1
# exit: 1
# expect: enum_extended.py:14:12: error: <enum 'More'> cannot extend <enum 'Mode'> (rank 0)
from enum import Enum

import nki


class Mode(Enum):
    A = 1


class More(Mode):
    B = 2


@nki.jit
def kernel():
    print(More.B)
