"""An Enum parameter selects the device program: with layout=Layout.ROWS the
output is the input's rows in order, with Layout.REVERSED in reverse order,
copied row by row through a helper class on nl.NKIObject that describes the
row walk.

    nkirun run examples/enum_layout.py -n 2 -a input=@examples/data/rows_rank{rank}.npy \
        -a layout=Layout.REVERSED --print
"""
from enum import Enum

import nki
import nki.isa as nisa
import nki.language as nl


class Layout(Enum):
    ROWS = 0
    REVERSED = 1


class RowWalk(nl.NKIObject):
    rows: int
    reverse: bool = False

    def source_row(self, i: int) -> int:
        return self.rows - 1 - i if self.reverse else i


@nki.jit
def enum_layout(input, layout: Layout = Layout.ROWS):
    rows, cols = input.shape
    walk = RowWalk(rows, reverse=layout == Layout.REVERSED)
    out = nl.ndarray((rows, cols), dtype=input.dtype, buffer=nl.shared_hbm)
    for i in range(rows):
        j = walk.source_row(i)
        nisa.dma_copy(dst=out[i:i + 1, :], src=input[j:j + 1, :])
    return out
