# Looking an Enum member up by a value it does not have.
# run: -n 1
# exit: 1
# expect: enum_bad_value.py:17:11: error: 2 is not a valid Layout (rank 0)
from enum import Enum

import nki


class Layout(Enum):
    ROWS = 0
    COLS = 1


@nki.jit
def kernel():
    print(Layout(2))
