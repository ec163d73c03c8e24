# An arithmetic operator's tile operand is float32.
# run: -n 1
# exit: 1
# expect: tensor_scalar_operand_dtype.py:16:5: error: tensor_scalar: an arithmetic operator's operand1 tile must be float32, 'v' (bfloat16, sbuf, [8, 1]) is not (rank 0)
# expect: <caret>    nisa.tensor_scalar(dst=out, data=a, op0=nl.multiply, operand0=2.0, op1=nl.add, operand1=v)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    v = nl.ndarray((8, 1), dtype=nl.bfloat16, buffer=nl.sbuf, name="v")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_scalar(dst=out, data=a, op0=nl.multiply, operand0=2.0, op1=nl.add, operand1=v)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
