# tensor_copy_predicated's src and predicate are not both in PSUM.
# run: -n 1
# exit: 1
# expect: copy_predicated_both_psum.py:17:5: error: tensor_copy_predicated: src 'a' (float32, psum, [8, 16]) and the predicate 'm' (uint8, psum, [8, 16]) cannot both be in PSUM (rank 0)
# expect: <caret>    nisa.tensor_copy_predicated(dst=out, src=a, predicate=m)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.psum, name="a")
    m = nl.ndarray((8, 16), dtype=nl.uint8, buffer=nl.psum, name="m")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_copy_predicated(dst=out, src=a, predicate=m)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
