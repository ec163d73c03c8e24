# Only one dynamic select is allowed per tensor.
# run: -n 1
# exit: 1
# expect: vector_select_twice.py:16:9: error: select: the view already has a run-time offset; only one dynamic select is allowed per tensor (rank 0)
# expect: <caret>    v = x.vector_select(0, where).select(1, ncc.rank_id())
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    v = x.vector_select(0, where).select(1, ncc.rank_id())
    return x
