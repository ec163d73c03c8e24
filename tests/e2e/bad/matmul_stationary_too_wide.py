# The stationary tile has at most 128 free elements (nl.tile_size.gemm_stationary_fmax).
# run: -n 1
# exit: 1
# expect: matmul_stationary_too_wide.py:18:5: error: nc_matmul: the stationary tile's free size 256 exceeds the 128 columns of the Tensor Engine tile (nl.tile_size.gemm_stationary_fmax) (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=big, stationary=w, moving=b)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    w = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="w")
    big = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.psum, name="big")
    nisa.nc_matmul(dst=big, stationary=w, moving=b)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
