# A reinterpret cast to another element size rescales the last dim, which
# must be contiguous.
# run: -n 1
# exit: 1
# expect: view_dtype_not_contiguous.py:15:9: error: view(uint8) of 'tile' (float32): the last dim must be contiguous, it has stride 2 (rank 0)
# expect: <caret>    b = evens.view(nl.uint8)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.sbuf, name="tile")
    evens = tile[:, 0:8:2]
    b = evens.view(nl.uint8)
    return tile
