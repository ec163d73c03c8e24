# Strict mode: the kernel writes the first row of a buffer and copies out the
# whole of it. The interpreter and the program both stop at the first element
# never written, naming every rank that fails there.
# build: -n 2 -a input=f32[2,3]
# run: -n 2 -a input=@../bad/data/f32_2x3.npy
# program: -a input=@../bad/data/f32_2x3.npy
# exit: 1
# expect: strict_unwritten.py:19:5: error: strict mode: element [1, 0] of 'half' is read but was never written (ranks 0, 1)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    half = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="half")
    nisa.dma_copy(dst=half[0:1, :], src=input[0:1, :])
    out = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="out")
    nisa.dma_copy(dst=out, src=half)
    return out
