# A bit-vector operator's constant is an int32.
# run: -n 1
# exit: 1
# expect: tensor_scalar_bitvec_float_constant.py:15:5: error: tensor_scalar: a bit-vector operator's operand0 must be an int32 constant, not 1.5 (rank 0)
# expect: <caret>    nisa.tensor_scalar(dst=out, data=a, op0=nl.left_shift, operand0=1.5)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.int32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 16), dtype=nl.int32, buffer=nl.sbuf, name="out")
    nisa.tensor_scalar(dst=out, data=a, op0=nl.left_shift, operand0=1.5)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
