# vector_offset works on indirect_dim 0 only.
# run: -n 1
# exit: 1
# expect: ap_vector_offset_indirect_dim.py:16:9: error: vector_offset works on indirect_dim 0 only, not 1 (rank 0)
# expect: <caret>    v = x.ap([[8, 4], [1, 8]], 0, vector_offset=where, indirect_dim=1)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    v = x.ap([[8, 4], [1, 8]], 0, vector_offset=where, indirect_dim=1)
    return x
