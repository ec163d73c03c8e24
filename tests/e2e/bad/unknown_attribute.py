# A misspelled tensor attribute.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: unknown_attribute.py:12:22: error: 'tensor' object has no attribute 'shap' (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarray(input.shap, dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=input)
    return out
