# A DMA between a packed dtype and another converts nothing: a located error.
# run: -n 1 -a input=@data/f8x4_2x2.npy:float8_e4m3fn_x4
# exit: 1
# expect: dma_packed_convert.py:13:5: error: cannot convert float8_e4m3fn_x4 to float32: float8_e4m3fn_x4 is a packed dtype (four values in one element), which copies only to and from float8_e4m3fn_x4 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=input)
    return out
