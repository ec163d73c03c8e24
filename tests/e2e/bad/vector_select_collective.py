# Collectives take no operand with per-partition offsets.
# run: -n 1
# exit: 1
# expect: vector_select_collective.py:17:5: error: all_reduce: 'x' has per-partition offsets (vector_select), which only nisa.dma_copy takes (rank 0)
# expect: <caret>    ncc.all_reduce(srcs=[x.vector_select(0, where)], dsts=[out], replica_group=[[0]], op=nl.add)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    out = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="out")
    ncc.all_reduce(srcs=[x.vector_select(0, where)], dsts=[out], replica_group=[[0]], op=nl.add)
    return x
