# accumulate=True needs a PSUM tile a matmul has written.
# run: -n 1
# exit: 1
# expect: matmul_accumulate_unwritten.py:18:5: error: nc_matmul: accumulate=True adds to PSUM element [0, 0] of 'acc', which no matmul has written since its allocation; the first matmul into it must overwrite (accumulate=False) (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=acc, stationary=a, moving=b, accumulate=True)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    nisa.memset(dst=a, value=1.0)
    nisa.memset(dst=b, value=1.0)
    nisa.nc_matmul(dst=acc, stationary=a, moving=b, accumulate=True)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
