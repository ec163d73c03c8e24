# dma_transpose writes to SBUF.
# run: -n 1
# exit: 1
# expect: dma_transpose_dst_hbm.py:17:5: error: dma_transpose: dst must be in SBUF, 't' (bfloat16, shared_hbm, [64, 128]) is not (rank 0)
# expect: <caret>    nisa.dma_transpose(dst=t, src=a)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    t = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.shared_hbm, name="t")
    nisa.dma_transpose(dst=t, src=a)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
