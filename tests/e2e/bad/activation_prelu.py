# nl.prelu needs a parameter nisa.activation does not take.
# run: -n 1
# exit: 1
# expect: activation_prelu.py:15:5: error: activation: nl.prelu is not an activation function here (it needs relu_param, which nisa.activation does not take) (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.prelu, data=a)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out, op=nl.prelu, data=a)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
