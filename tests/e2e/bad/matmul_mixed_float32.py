# A float32 tile multiplies only a float32 tile.
# run: -n 1
# exit: 1
# expect: matmul_mixed_float32.py:17:5: error: nc_matmul: a float32 tile multiplies only a float32 tile, and the stationary is float32 where the moving is bfloat16 (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=acc, stationary=f, moving=b)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    f = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf, name="f")
    nisa.nc_matmul(dst=acc, stationary=f, moving=b)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
