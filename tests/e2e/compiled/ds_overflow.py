# nl.ds(start, size) whose end leaves int64.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: ds_overflow.py:15:14: error: integer overflow in nl.ds(start, size): the result does not fit in 64 bits (rank 0)
# expect-build: ds_overflow.py:15:14: error: integer overflow in nl.ds(start, size): the result does not fit in 64 bits
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    window = nl.ds(2**62 + (2**62 - 1), 2)
    t = nl.ndarray((2, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=x[window, :])
    return t
