# stationary and moving contract over the same partition count.
# run: -n 1
# exit: 1
# expect: matmul_contraction_mismatch.py:17:5: error: nc_matmul: the stationary and moving tiles contract over their partition dim, and 'a' (bfloat16, sbuf, [128, 64]) has 128 partitions where 'short' (bfloat16, sbuf, [64, 256]) has 64 (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=acc, stationary=a, moving=short)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    short = nl.ndarray((64, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="short")
    nisa.nc_matmul(dst=acc, stationary=a, moving=short)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
