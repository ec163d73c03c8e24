# The Vector Engine transposes at most 32 x 32.
# run: -n 1
# exit: 1
# expect: nc_transpose_vector_size.py:17:5: error: nc_transpose: 'a' (bfloat16, sbuf, [64, 64]) is 64 x 64; the Vector Engine transposes at most 32 x 32 (SBUF to PSUM goes through the Tensor Engine, up to 128) (rank 0)
# expect: <caret>    nisa.nc_transpose(dst=t, data=a[0:64, :])
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    t = nl.ndarray((64, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="t")
    nisa.nc_transpose(dst=t, data=a[0:64, :])
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
