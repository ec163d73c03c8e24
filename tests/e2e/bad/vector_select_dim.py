# vector_select works on dim 0 only.
# run: -n 1
# exit: 1
# expect: vector_select_dim.py:16:9: error: vector_select: dim must be 0, not 1 (rank 0)
# expect: <caret>    v = x.vector_select(1, where)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    v = x.vector_select(1, where)
    return x
