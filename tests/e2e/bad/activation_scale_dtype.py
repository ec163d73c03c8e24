# activation's scale tile is float32.
# run: -n 1
# exit: 1
# expect: activation_scale_dtype.py:16:5: error: activation: the scale tile must be float32, 's' (int32, sbuf, [8, 1]) is not (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.exp, data=a, scale=s)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    s = nl.ndarray((8, 1), dtype=nl.int32, buffer=nl.sbuf, name="s")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out, op=nl.exp, data=a, scale=s)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
