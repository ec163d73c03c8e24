# Row 5 of a 2-row tensor.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: index_out_of_bounds.py:13:32: error: index 5 is out of bounds for dim 0 with size 2 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarray((1, 3), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=input[5])
    return out
