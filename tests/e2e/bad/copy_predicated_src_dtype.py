# tensor_copy_predicated copies bits: src has dst's dtype.
# run: -n 1
# exit: 1
# expect: copy_predicated_src_dtype.py:17:5: error: tensor_copy_predicated: src 'a' (bfloat16, sbuf, [8, 16]) must have the dtype of dst 'out' (float32, sbuf, [8, 16]) (rank 0)
# expect: <caret>    nisa.tensor_copy_predicated(dst=out, src=a, predicate=m)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    m = nl.ndarray((8, 16), dtype=nl.uint8, buffer=nl.sbuf, name="m")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.tensor_copy_predicated(dst=out, src=a, predicate=m)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
