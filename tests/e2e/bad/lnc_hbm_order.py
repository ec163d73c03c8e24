# HBM tensors are matched by order, not by name: here program 1 makes its
# tensors in the other order, so its 1st is not program 0's 1st.
# run: -n 1 --lnc 2
# exit: 1
# expect: lnc_hbm_order.py:19:17: error: program 1 allocates its 1st HBM tensor as [2, 2] int32 in hbm, program 0 as [4, 8] float32 in shared_hbm at lnc_hbm_order.py:16:15 (the programs of a rank share their HBM tensors, allocation by allocation) (rank 0, program 1)
# expect: <caret>        small = nl.ndarray((2, 2), dtype=nl.int32, buffer=nl.hbm)
# expect: <caret>                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    if nl.program_id(0) == 0:
        big = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
        small = nl.ndarray((2, 2), dtype=nl.int32, buffer=nl.hbm)
    else:
        small = nl.ndarray((2, 2), dtype=nl.int32, buffer=nl.hbm)
        big = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=big, value=1.0)
    return big
