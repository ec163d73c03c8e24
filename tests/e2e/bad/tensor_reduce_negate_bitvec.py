# negate applies to arithmetic reductions only.
# run: -n 1
# exit: 1
# expect: tensor_reduce_negate_bitvec.py:15:5: error: tensor_reduce: negate applies to arithmetic operators, not nl.bitwise_or (rank 0)
# expect: <caret>    nisa.tensor_reduce(dst=out, op=nl.bitwise_or, data=a, axis=1, negate=True)
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.int32, buffer=nl.sbuf, name="a")
    out = nl.ndarray((8, 1), dtype=nl.int32, buffer=nl.sbuf, name="out")
    nisa.tensor_reduce(dst=out, op=nl.bitwise_or, data=a, axis=1, negate=True)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
