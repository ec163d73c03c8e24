# The FP8 double-row performance mode is not supported yet.
# run: -n 1
# exit: 1
# expect: matmul_double_row.py:16:5: error: nc_matmul: perf_mode=matmul_perf_mode.double_row is not supported yet (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=acc, stationary=a, moving=b, perf_mode=nisa.matmul_perf_mode.double_row)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    nisa.nc_matmul(dst=acc, stationary=a, moving=b, perf_mode=nisa.matmul_perf_mode.double_row)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
