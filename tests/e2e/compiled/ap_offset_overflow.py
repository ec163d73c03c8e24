# The largest offset plus the pattern's reach leaves int64.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: ap_offset_overflow.py:17:30: error: access pattern out of bounds: offset 9223372036854775807 pattern [[2, 1], [1, 2]] reaches past 64-bit offsets of 'x' (16 elements) (rank 0)
# expect-build: ap_offset_overflow.py:17:30: error: access pattern out of bounds: offset 9223372036854775807 pattern [[2, 1], [1, 2]] reaches past 64-bit offsets of 'x' (16 elements)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    big = (2**62 - 1) * 2 + 1
    t = nl.ndarray((1, 2), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=x.ap(pattern=[[2, 1], [1, 2]], offset=big))
    return t
