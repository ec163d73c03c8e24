# tensor_copy_predicated's predicate is an unsigned integer tile.
# run: -n 1
# exit: 1
# expect: copy_predicated_predicate_dtype.py:17:5: error: tensor_copy_predicated: the predicate must be uint8, uint16 or uint32, 'm' (float32, sbuf, [8, 16]) is not (rank 0)
# expect: <caret>    nisa.tensor_copy_predicated(dst=out, src=a, predicate=m)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    m = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="m")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_copy_predicated(dst=out, src=a, predicate=m)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
