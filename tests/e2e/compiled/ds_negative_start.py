# nl.ds with a negative start does not count from the end.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: ds_negative_start.py:16:30: error: nl.ds(-1, 1) is out of bounds for a dim of size 4 (rank 0)
# expect-build: ds_negative_start.py:16:30: error: nl.ds(-1, 1) is out of bounds for a dim of size 4
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    t = nl.ndarray((1, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=x[nl.ds(-1, 1), :])
    return t
