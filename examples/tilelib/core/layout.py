"""Where a gathered block goes in the output."""
from enum import Enum


class Layout(Enum):
    """ROWS stacks the members' blocks along dim 0, COLUMNS along dim 1."""

    ROWS = 0
    COLUMNS = 1

    def gathered_shape(self, rows: int, cols: int, members: int):
        if self == Layout.ROWS:
            return (rows * members, cols)
        return (rows, cols * members)
