# tensor_scalar's two operators are both bit-vector ones or both arithmetic.
# run: -n 1
# exit: 1
# expect: tensor_scalar_mixed_ops.py:15:5: error: tensor_scalar: op0 nl.bitwise_and and op1 nl.add must both be bit-vector operators or both arithmetic ones (rank 0)
# expect: <caret>    nisa.tensor_scalar(dst=out, data=a, op0=nl.bitwise_and, operand0=7, op1=nl.add, operand1=1)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.int32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.int32, buffer=nl.sbuf, name="out")
    nisa.tensor_scalar(dst=out, data=a, op0=nl.bitwise_and, operand0=7, op1=nl.add, operand1=1)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
