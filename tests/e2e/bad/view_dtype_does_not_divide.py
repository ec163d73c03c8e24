# A reinterpret cast to a larger dtype needs a last dim of whole elements.
# run: -n 1
# exit: 1
# expect: view_dtype_does_not_divide.py:13:9: error: view(float32) of 'tile' (uint8): the last dim of 6 uint8 elements (6 bytes) is not a whole number of float32 elements (4 bytes each) (rank 0)
# expect: <caret>    t = tile.view(nl.float32)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6), dtype=nl.uint8, buffer=nl.sbuf, name="tile")
    t = tile.view(nl.float32)
    return t
