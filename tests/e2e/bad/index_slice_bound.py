# A slice bound in a tensor's index that is not an int: reported at the slice.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: index_slice_bound.py:15:42: error: slice indices must be an int, not 'float' (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    rows = input.shape[0]
    out = nl.ndarray((1, 3), dtype=nl.float32, buffer=nl.shared_hbm)
    for i in range(1):
        nisa.dma_copy(dst=out, src=input[i:rows / 2, :])
    return out
