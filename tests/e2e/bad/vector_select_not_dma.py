# Only DMA copies take an operand with per-partition offsets.
# run: -n 1
# exit: 1
# expect: vector_select_not_dma.py:16:5: error: memset: 'x' has per-partition offsets (vector_select), which only nisa.dma_copy takes (rank 0)
# expect: <caret>    nisa.memset(dst=x.vector_select(0, where), value=0.0)
import nki
import nki.isa as nisa
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    where = nl.ndarray((4, 1), dtype=nl.int32, buffer=nl.sbuf, name="where")
    nisa.memset(dst=x.vector_select(0, where), value=0.0)
    return x
