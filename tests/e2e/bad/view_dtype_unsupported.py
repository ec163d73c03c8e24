# Reinterpreting a view as another dtype is not supported yet.
# run: -n 1
# exit: 1
# expect: view_dtype_unsupported.py:13:9: error: view: reinterpreting a tensor as another dtype is not supported yet (rank 0)
# expect: <caret>    t = tile.view(nl.uint8)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.view(nl.uint8)
    return t
