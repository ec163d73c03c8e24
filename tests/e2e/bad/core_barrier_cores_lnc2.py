# Under --lnc 2 a barrier joins both programs of the rank: cores=(0,) is
# only for a kernel without a grid.
# run: -n 1 --lnc 2
# exit: 1
# expect: core_barrier_cores_lnc2.py:16:5: error: core_barrier: cores must be (0, 1) under --lnc 2, not (0,) (rank 0, program 0)
# expect: <caret>    nisa.core_barrier(data=shared, cores=(0,))
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    shared = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=shared, value=0.0)
    nisa.core_barrier(data=shared, cores=(0,))
    return shared
