# The partitions of a vector_select view are chosen at run time: dim 0 is taken whole.
# run: -n 1
# exit: 1
# expect: vector_select_slice_partitions.py:16:9: error: the partitions of 'x' are chosen at run time (vector_select): dim 0 can only be taken whole (rank 0)
# expect: <caret>    v = x.vector_select(0, where)[0:2, :]
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    v = x.vector_select(0, where)[0:2, :]
    return x
