# tensor_tensor computes on SBUF and PSUM tiles, not HBM.
# run: -n 1
# exit: 1
# expect: tensor_tensor_hbm.py:17:5: error: tensor_tensor: data2 must be in SBUF or PSUM, 'h' (float32, shared_hbm, [8, 16]) is not (rank 0)
# expect: <caret>    nisa.tensor_tensor(dst=out, data1=a, data2=h, op=nl.add)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    h = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.shared_hbm, name="h")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.memset(dst=a, value=1.0)
    nisa.tensor_tensor(dst=out, data1=a, data2=h, op=nl.add)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
