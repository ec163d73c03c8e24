# A tile operand of tensor_scalar holds one value per partition: [P, 1].
# run: -n 1
# exit: 1
# expect: tensor_scalar_operand_shape.py:16:5: error: tensor_scalar: operand0 'v' (float32, sbuf, [8, 2]) must be a [8, 1] tile, one value per partition of 'a' (float32, sbuf, [8, 16]) (rank 0)
# expect: <caret>    nisa.tensor_scalar(dst=out, data=a, op0=nl.add, operand0=v)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    v = nl.ndarray((8, 2), dtype=nl.float32, buffer=nl.sbuf, name="v")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_scalar(dst=out, data=a, op0=nl.add, operand0=v)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
