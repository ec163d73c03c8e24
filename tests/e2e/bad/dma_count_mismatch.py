# A copy between tensors of different element counts.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: dma_count_mismatch.py:13:5: error: dma_copy element count mismatch: dst has 9, src has 6 elements (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarray((3, 3), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=input)
    return out
