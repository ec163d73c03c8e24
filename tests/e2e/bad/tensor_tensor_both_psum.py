# At most one input of tensor_tensor may be in PSUM.
# run: -n 1
# exit: 1
# expect: tensor_tensor_both_psum.py:16:5: error: tensor_tensor: data1 'a' (float32, psum, [8, 16]) and data2 'b' (float32, psum, [8, 16]) cannot both be in PSUM (rank 0)
# expect: <caret>    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.subtract)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.psum, name="a")
    b = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.psum, name="b")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.subtract)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
