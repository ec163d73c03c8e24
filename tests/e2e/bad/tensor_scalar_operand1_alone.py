# operand1 comes with op1.
# run: -n 1
# exit: 1
# expect: tensor_scalar_operand1_alone.py:15:5: error: tensor_scalar: operand1 must be None when op1 is (rank 0)
# expect: <caret>    nisa.tensor_scalar(dst=out, data=a, op0=nl.add, operand0=1.0, operand1=2.0)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_scalar(dst=out, data=a, op0=nl.add, operand0=1.0, operand1=2.0)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
