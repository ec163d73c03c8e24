# nkic specializing a DMA from float32 into a packed dtype: the same located error as nkirun's, at compile time.
# nkic-raw: emit nkic_packed_convert.py -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: nkic_packed_convert.py:13:5: error: cannot convert float32 to float8_e5m2_x4: float8_e5m2_x4 is a packed dtype (four values in one element), which copies only to and from float8_e5m2_x4
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarray((2, 3), dtype=nl.float8_e5m2_x4, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=input)
    return out
