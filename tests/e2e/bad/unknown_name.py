# A name that was never defined.
# run: -n 2 -a input=@data/f32_2x3.npy
# exit: 1
# expect: unknown_name.py:12:22: error: name 'shape' is not defined (ranks 0, 1)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    out = nl.ndarray(shape, dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=input)
    return out
