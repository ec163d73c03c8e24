# A loop's index, read in place, past the rows of a 2-row tensor.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: index_local_out_of_bounds.py:14:36: error: index -3 is out of bounds for dim 0 with size 2 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarray((1, 2), dtype=nl.float32, buffer=nl.shared_hbm)
    for i in range(3):
        nisa.dma_copy(dst=out, src=input[-1 - i, 1:3])
    return out
