# Counts whose product leaves int64 (steps of 0 keep it in bounds).
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# program: -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: ap_count_overflow.py:16:30: error: access pattern [[0, 3], [0, 6148914691236517206]] on 'x' (16 elements) moves more than 2**63 elements; one transfer moves at most 17179869184 (rank 0)
# expect-build: ap_count_overflow.py:16:30: error: access pattern [[0, 3], [0, 6148914691236517206]] on 'x' (16 elements) moves more than 2**63 elements; one transfer moves at most 17179869184
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    t = nl.ndarray((2,), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=t, src=x.ap(pattern=[[0, 3], [0, 6148914691236517206]], offset=0))
    return t
