# Nothing defines rounding into float8_e8m0fnu: a DMA into it from float32 is a located error.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: dma_into_e8m0.py:13:5: error: cannot convert float32 to float8_e8m0fnu: NKI defines no rounding into float8_e8m0fnu; its data comes from float8_e8m0fnu tensors and files, or a memset of a power of two (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    scales = nl.ndarray((2, 3), dtype=nl.float8_e8m0fnu, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=scales, src=input)
    return scales
