# A reshape to a different element count.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: reshape_mismatch.py:12:12: error: cannot reshape 6 elements into shape [5, 2] (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    flat = input.reshape((5, 2))
    out = nl.ndarray((5, 2), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=flat)
    return out
