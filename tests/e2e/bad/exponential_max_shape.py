# exponential's max_value tile holds one value per partition.
# run: -n 1 --platform trn3
# exit: 1
# expect: exponential_max_shape.py:17:5: error: exponential: max_value 'm' (float32, sbuf, [8, 2]) must be a [8, 1] tile, one value per partition of 'a' (float32, sbuf, [8, 16]) (rank 0)
# expect: <caret>    nisa.exponential(dst=out, src=a, max_value=m)
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="a")
    m = nl.ndarray((8, 2), dtype=nl.float32, buffer=nl.sbuf, name="m")
    out = nl.ndarray((8, 16), dtype=nl.float32, buffer=nl.sbuf, name="out")
    nisa.exponential(dst=out, src=a, max_value=m)
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
