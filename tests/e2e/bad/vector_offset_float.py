# A vector offset holds integers.
# run: -n 1
# exit: 1
# expect: vector_offset_float.py:17:9: error: a vector_offset tensor must have an integer dtype, 'f' is float32 (rank 0)
# expect: <caret>    v = x.vector_select(0, f)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    f = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf, name="f")
    v = x.vector_select(0, f)
    return x
