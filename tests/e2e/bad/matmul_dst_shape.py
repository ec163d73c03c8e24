# dst holds stationary.T @ moving: [M, N].
# run: -n 1
# exit: 1
# expect: matmul_dst_shape.py:17:5: error: nc_matmul: dst 'wrong' (float32, psum, [64, 128]) must hold 64 partitions of 256 elements, stationary.T @ moving (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=wrong, stationary=a, moving=b)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    wrong = nl.ndarray((64, 128), dtype=nl.float32, buffer=nl.psum, name="wrong")
    nisa.nc_matmul(dst=wrong, stationary=a, moving=b)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
