# .ap(dtype=) reads the storage as another dtype: on SBUF each partition must
# hold whole elements of it.
# run: -n 1
# exit: 1
# expect: ap_dtype_does_not_divide.py:14:9: error: an access pattern reading 'tile' (uint8) as float32: a partition of 6 uint8 elements (6 bytes) is not a whole number of float32 elements (4 bytes each) (rank 0)
# expect: <caret>    v = tile.ap(pattern=[[1, 4], [1, 1]], dtype=nl.float32)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6), dtype=nl.uint8, buffer=nl.sbuf, name="tile")
    v = tile.ap(pattern=[[1, 4], [1, 1]], dtype=nl.float32)
    return tile
