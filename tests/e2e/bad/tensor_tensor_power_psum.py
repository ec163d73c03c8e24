# nl.power runs on the GpSimd Engine, which cannot reach PSUM.
# run: -n 1
# exit: 1
# expect: tensor_tensor_power_psum.py:16:5: error: tensor_tensor: nl.power runs on the GpSimd Engine, which cannot reach PSUM, and 'out' (float32, psum, [8, 16]) is in it (rank 0)
# expect: <caret>    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.power)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    b = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="b")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.psum, name="out")
    nisa.tensor_tensor(dst=out, data1=a, data2=b, op=nl.power)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
