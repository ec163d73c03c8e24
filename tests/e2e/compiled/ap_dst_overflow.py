# A destination pattern whose extent leaves int64 would write outside the
# heap buffer.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: ap_dst_overflow.py:17:23: error: access pattern out of bounds: offset 0 pattern [[4611687117939015680, 3], [1, 1]] reaches past 64-bit offsets of 't' (3 elements) (rank 0)
# expect-build: ap_dst_overflow.py:17:23: error: access pattern out of bounds: offset 0 pattern [[4611687117939015680, 3], [1, 1]] reaches past 64-bit offsets of 't' (3 elements)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    t = nl.ndarray((3, 1), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t.ap(pattern=[[2**62 + 2**40, 3], [1, 1]], offset=0), src=x[0:3, 0:1])
    return t
