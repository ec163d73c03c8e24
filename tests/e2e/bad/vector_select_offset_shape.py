# vector_select takes one offset per partition: shape (P, 1).
# run: -n 1
# exit: 1
# expect: vector_select_offset_shape.py:17:9: error: vector_select takes one offset per partition, shape (P, 1); 'wide' has shape [4, 2] (rank 0)
# expect: <caret>    v = x.vector_select(0, wide)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    wide = nl.ndarray((4, 2), dtype=nl.int32, buffer=nl.sbuf, name="wide")
    v = x.vector_select(0, wide)
    return x
