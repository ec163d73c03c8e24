# nl.ds(start, size) is exactly size elements: past the end is out of
# bounds, never clipped.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: ds_past_end.py:17:30: error: nl.ds(3, 2) is out of bounds for a dim of size 4 (rank 0)
# expect-build: ds_past_end.py:17:30: error: nl.ds(3, 2) is out of bounds for a dim of size 4
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    t = nl.ndarray((2, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=x[nl.ds(3, 2), :])
    return t
