# A step near 2**62: step * (count - 1) leaves int64, so the pattern reaches
# outside the tensor; it must be refused, not wrap past the bounds check.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: ap_step_overflow.py:17:30: error: access pattern out of bounds: offset 0 pattern [[4611686018427387904, 3], [1, 1]] reaches past 64-bit offsets of 'x' (16 elements) (rank 0)
# expect-build: ap_step_overflow.py:17:30: error: access pattern out of bounds: offset 0 pattern [[4611686018427387904, 3], [1, 1]] reaches past 64-bit offsets of 'x' (16 elements)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    t = nl.ndarray((3, 1), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=x.ap(pattern=[[2**62, 3], [1, 1]], offset=0))
    return t
