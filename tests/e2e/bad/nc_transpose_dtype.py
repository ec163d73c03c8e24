# nc_transpose keeps the dtype.
# run: -n 1
# exit: 1
# expect: nc_transpose_dtype.py:17:5: error: nc_transpose: dst 't' (float32, psum, [64, 128]) must have the dtype of 'a' (bfloat16, sbuf, [128, 64]) (rank 0)
# expect: <caret>    nisa.nc_transpose(dst=t, data=a)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    t = nl.ndarray((64, 128), dtype=nl.float32, buffer=nl.psum, name="t")
    nisa.nc_transpose(dst=t, data=a)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
