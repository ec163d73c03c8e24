# Under --lnc 2 a barrier between a rank's programs is not supported yet:
# a located error, not a run whose programs would read before the other
# wrote.
# run: -n 2 --lnc 2
# exit: 1
# expect: core_barrier_not_supported.py:18:5: error: nisa.core_barrier is not supported yet: the two programs of an LNC-2 rank run one after the other here, and cannot meet midway (ranks 0, 1, program 0)
# expect: <caret>    nisa.core_barrier(data=shared, cores=(0, 1))
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    shared = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    half = nl.program_id(0) * 2
    nisa.memset(dst=shared[half:half + 2, :], value=1.0)
    nisa.core_barrier(data=shared, cores=(0, 1))
    return shared
