# A tensor with more dimensions than NumPy loads (32) is refused where it
# is made, not written as a .npy nothing can read.
# run: -n 1
# exit: 1
# expect: too_many_dims.py:13:9: error: a tensor has at most 32 dimensions, got 33 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((1,) * 33, dtype=nl.float32, buffer=nl.shared_hbm, name="t")
    nisa.memset(dst=t, value=1.0)
    return t
