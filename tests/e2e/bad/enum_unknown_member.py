# -a names an Enum member the class does not have.
# run: -n 1 -a layout=Layout.DIAGONAL
# exit: 1
# expect: -a layout=Layout.DIAGONAL:1:1: error: enum Layout has no member 'DIAGONAL' (its members: ROWS, COLS) (rank 0)
# expect: Layout.DIAGONAL
# expect: <caret>^~~~~~~~~~~~~~~
from enum import Enum

import nki


class Layout(Enum):
    ROWS = 0
    COLS = 1


@nki.jit
def kernel(layout=Layout.ROWS):
    print(layout)
