# activation's bias tile holds one value per partition of data.
# run: -n 1
# exit: 1
# expect: activation_bias_shape.py:16:5: error: activation: bias 'b' (float32, sbuf, [4, 1]) must be a [8, 1] tile, one value per partition of 'a' (float32, sbuf, [8, 16]) (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.tanh, data=a, bias=b)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    b = nl.ndarray((4, 1), dtype=nl.float32, buffer=nl.sbuf, name="b")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out, op=nl.tanh, data=a, bias=b)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
