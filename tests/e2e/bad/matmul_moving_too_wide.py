# The moving tile has at most 512 free elements on trn2 (one PSUM bank of float32).
# run: -n 1
# exit: 1
# expect: matmul_moving_too_wide.py:17:5: error: nc_matmul: the moving tile's free size 1024 exceeds 512 (one PSUM bank of float32, nl.tile_size.gemm_moving_fmax) (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=acc, stationary=a, moving=w)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    w = nl.ndarray((128, 1024), dtype=nl.bfloat16, buffer=nl.sbuf, name="w")
    nisa.nc_matmul(dst=acc, stationary=a, moving=w)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
