# At most one of scalar_offset and vector_offset.
# run: -n 1
# exit: 1
# expect: ap_vector_and_scalar_offset.py:16:9: error: ap: at most one of scalar_offset and vector_offset can be given (rank 0)
# expect: <caret>    v = x.ap([[8, 4], [1, 8]], 0, scalar_offset=ncc.rank_id(), vector_offset=where)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    v = x.ap([[8, 4], [1, 8]], 0, scalar_offset=ncc.rank_id(), vector_offset=where)
    return x
