# nc_matmul writes its result to PSUM.
# run: -n 1
# exit: 1
# expect: matmul_dst_not_psum.py:17:5: error: nc_matmul: the dst tile must be in psum, 'out' (float32, sbuf, [64, 256]) is not (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=out, stationary=a, moving=b)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    out = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.nc_matmul(dst=out, stationary=a, moving=b)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
