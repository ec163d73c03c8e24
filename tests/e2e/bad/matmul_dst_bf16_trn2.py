# On trn2 the matmul result is float32.
# run: -n 1
# exit: 1
# expect: matmul_dst_bf16_trn2.py:17:5: error: nc_matmul: dst 'half' (bfloat16, psum, [64, 256]) must be float32 (bfloat16 from trn3 on): the Tensor Engine accumulates in float32 (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=half, stationary=a, moving=b)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    half = nl.ndarray((64, 256), dtype=nl.bfloat16, buffer=nl.psum, name="half")
    nisa.nc_matmul(dst=half, stationary=a, moving=b)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
