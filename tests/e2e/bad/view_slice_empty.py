# slice() needs a non-empty window inside the dim.
# run: -n 1
# exit: 1
# expect: view_slice_empty.py:13:9: error: slice: needs 0 <= start < end <= 8 and step >= 1 on dim 1, got start 6, end 2, step 1 (rank 0)
# expect: <caret>    t = tile.slice(1, 6, 2)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.slice(1, 6, 2)
    return t
