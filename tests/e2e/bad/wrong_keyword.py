# dma_copy's destination is `dst`, not `dest`.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: wrong_keyword.py:13:5: error: dma_copy() got an unexpected keyword argument 'dest' (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarray(input.shape, dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dest=out, src=input)
    return out
