# select() with an int index needs 0 <= index < size.
# run: -n 1
# exit: 1
# expect: view_select_range.py:13:9: error: select: index 6 is out of range for dim 1 of size 6 (rank 0)
# expect: <caret>    t = tile.select(1, 6)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6, 8), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.select(1, 6)
    return t
