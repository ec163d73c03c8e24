# A memset of a packed dtype writes only 0.
# run: -n 1
# exit: 1
# expect: memset_packed_nonzero.py:13:5: error: a fill of float4_e2m1fn_x4 (a packed dtype) can only be 0, not 1.5 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 2), dtype=nl.float4_e2m1fn_x4, buffer=nl.shared_hbm)
    nisa.memset(t, 1.5)
    return t
