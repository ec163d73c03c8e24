# A misspelled function of nki.language.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: unknown_module_attribute.py:12:11: error: module 'nki.language' has no attribute 'ndarry' (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarry(input.shape, dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=input)
    return out
