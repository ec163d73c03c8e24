# tensor_tensor's op is a binary operator, not an activation function.
# run: -n 1
# exit: 1
# expect: tensor_tensor_op_activation.py:15:5: error: tensor_tensor: op must be a binary operator of nl (nl.add, nl.maximum, nl.bitwise_and, ...), not nl.exp (rank 0)
# expect: <caret>    nisa.tensor_tensor(dst=out, data1=a, data2=a, op=nl.exp)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_tensor(dst=out, data1=a, data2=a, op=nl.exp)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
