# activation's op is an activation function, not a binary operator.
# run: -n 1
# exit: 1
# expect: activation_op_binary.py:15:5: error: activation: op must be an activation function of nl (nl.exp, nl.relu, nl.copy, ...), not nl.add (rank 0)
# expect: <caret>    nisa.activation(dst=out, op=nl.add, data=a)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.activation(dst=out, op=nl.add, data=a)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
