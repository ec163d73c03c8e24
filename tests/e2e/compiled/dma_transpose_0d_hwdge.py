# A 0-D source (h[0] of a 1-D tensor) is refused for its rank before any
# check reads its last dim, which it does not have.
# build: -n 1
# run: -n 1
# exit: 1
# expect: dma_transpose_0d_hwdge.py:17:5: error: dma_transpose: src must be 2-D to 4-D, 'h' (bfloat16, shared_hbm, []) is 0-D (rank 0)
# expect-build: dma_transpose_0d_hwdge.py:17:5: error: dma_transpose: src must be 2-D to 4-D, 'h' (bfloat16, shared_hbm, []) is 0-D
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    h = nl.ndarray((4,), dtype=nl.bfloat16, buffer=nl.shared_hbm)
    d = nl.ndarray((4, 4), dtype=nl.bfloat16, buffer=nl.sbuf)
    nisa.dma_transpose(dst=d, src=h[0], dge_mode=nisa.dge_mode.hwdge)
    return h
