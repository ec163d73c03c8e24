# reshape() needs each partition's elements dense.
# run: -n 1
# exit: 1
# expect: view_reshape_strided.py:13:9: error: cannot reshape a non-contiguous view of 'tile' (rank 0)
# expect: <caret>    t = tile.slice(1, 0, 8, 2).reshape((4, 2, 2))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.slice(1, 0, 8, 2).reshape((4, 2, 2))
    return t
