# A reshape whose dims multiply past int64 (to 16 after wrapping) is refused.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: reshape_overflow.py:15:9: error: integer overflow in reshape's shape: the result does not fit in 64 bits (rank 0)
# expect-build: reshape_overflow.py:15:9: error: integer overflow in reshape's shape: the result does not fit in 64 bits
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    v = x.reshape((4611686018427387908, 4))
    t = nl.ndarray((1, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=v[4611686018427387907:4611686018427387908, :])
    return t
