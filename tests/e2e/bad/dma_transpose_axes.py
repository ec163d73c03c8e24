# dma_transpose permutes with the fixed axes of the ISA.
# run: -n 1
# exit: 1
# expect: dma_transpose_axes.py:17:5: error: dma_transpose: axes (0, 1) is not the transpose of a 2-D tile: dma_transpose permutes with (1, 0), (2, 1, 0) or (3, 1, 2, 0) (rank 0)
# expect: <caret>    nisa.dma_transpose(dst=t, src=a, axes=(0, 1))
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    t = nl.ndarray((64, 128), dtype=nl.bfloat16, buffer=nl.sbuf, name="t")
    nisa.dma_transpose(dst=t, src=a, axes=(0, 1))
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
