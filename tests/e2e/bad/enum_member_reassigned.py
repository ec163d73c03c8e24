# An enum's members are fixed: assigning one is Python's AttributeError.
# run: -n 1
# exit: 1
# expect: enum_member_reassigned.py:16:5: error: cannot reassign member 'A' (rank 0)
from enum import Enum

import nki


class Mode(Enum):
    A = 1


@nki.jit
def kernel():
    Mode.A = 2
