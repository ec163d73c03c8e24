# Transpose mode multiplies by an identity: the moving tile is K x K.
# run: -n 1
# exit: 1
# expect: matmul_transpose_shape.py:16:5: error: nc_matmul: is_transpose multiplies by an identity matrix, so the moving tile must be 128 x 128, not 128 x 256 (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=acc, stationary=a, moving=b, is_transpose=True)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    nisa.nc_matmul(dst=acc, stationary=a, moving=b, is_transpose=True)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
