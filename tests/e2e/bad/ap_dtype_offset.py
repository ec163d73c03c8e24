# .ap(dtype=) without an offset keeps the view's own, which must then fall on
# an element of the new dtype.
# run: -n 1
# exit: 1
# expect: ap_dtype_offset.py:15:9: error: an access pattern reading 'x' (int16) as int32: the view's offset of 3 int16 elements (6 bytes) is not a whole number of int32 elements (4 bytes each) (rank 0)
# expect: <caret>    v = tail.ap(pattern=[[1, 2]], dtype=nl.int32)
import nki
import nki.language as nl


@nki.jit
def kernel():
    x = nl.ndarray((8,), dtype=nl.int16, buffer=nl.shared_hbm, name="x")
    tail = x[3:]
    v = tail.ap(pattern=[[1, 2]], dtype=nl.int32)
    return x
