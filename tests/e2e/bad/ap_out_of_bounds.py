# An access pattern reaching past the end of its 6-element tensor.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: ap_out_of_bounds.py:12:11: error: access pattern out of bounds: elements 0..11 of 'input' (6 elements) (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    big = input.ap(pattern=[[3, 4], [1, 3]])
    out = nl.ndarray((4, 3), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=big)
    return out
