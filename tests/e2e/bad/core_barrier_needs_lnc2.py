# core_barrier joins the two programs of an LNC-2 rank: without --lnc 2
# there is nothing to meet.
# run: -n 1
# exit: 1
# expect: core_barrier_needs_lnc2.py:16:5: error: nisa.core_barrier works between the two programs of a logical NeuronCore: run with --lnc 2 (rank 0)
# expect: <caret>    nisa.core_barrier(data=shared, cores=(0, 1))
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    shared = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=shared, value=0.0)
    nisa.core_barrier(data=shared, cores=(0, 1))
    return shared
